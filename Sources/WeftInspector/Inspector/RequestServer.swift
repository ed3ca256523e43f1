import Synchronization
import WeftCapture
import WeftNodes

/// Serves the requests an inspector sends on the loop's thread, where the trees live: the
/// transport thread hands each one over (`receive`), and the loop serves them in order, at most
/// `requestsPerPass` each time it runs the work posted to it (a frame does that at its start,
/// and a paused loop once per frame interval); the rest wait for the next pass.
///
/// Why a bound: the gateway lets each inspector have thousands of requests pending at a device
/// (4096), and a request such as `Tree.getDocument` captures the whole tree. Served all in one
/// pass, a burst of them (a script calling in a loop, a page asking for the document on every
/// update) would hold the program's loop for seconds; spread over passes, the program keeps
/// drawing frames and the burst takes longer to answer, which only its sender notices.
final class RequestServer: @unchecked Sendable {
    /// How many requests one pass over the loop's posted work serves.
    static let requestsPerPass = 16

    let session: CaptureSession
    /// What the served requests changed in the program's runtime, for `detach()` to put back.
    let changes: RuntimeChanges
    /// Weak: the device holds this server (its requests are delivered here), and the inspector
    /// holds the device. Set once, before the transport starts.
    weak var device: DeviceSession?
    /// Set by `Inspector.detach()`. A request received before it and served after is dropped: the
    /// connection is closed, so nobody waits for the answer, and an edit made now would never
    /// be reverted.
    var isDetached = false

    private let poster: MainLoop.Poster

    /// The requests received and not served yet, oldest first, and whether a pass to serve them
    /// is posted. Shared by the transport thread (which appends) and the loop's thread (which
    /// serves).
    private struct Waiting {
        var requests: [DeviceRequest] = []
        var passPosted = false
    }

    private let waiting = Mutex(Waiting())

    init(session: CaptureSession, changes: RuntimeChanges, poster: MainLoop.Poster) {
        self.session = session
        self.changes = changes
        self.poster = poster
    }

    /// On the transport thread: queues `request` and posts a pass to the loop unless one is
    /// already posted. Returns at once.
    func receive(_ request: DeviceRequest) {
        let post = waiting.withLock { waiting in
            waiting.requests.append(request)
            defer { waiting.passPosted = true }
            return !waiting.passPosted
        }
        if post { postPass() }
    }

    /// Requests received and not served yet.
    var waitingCount: Int {
        waiting.withLock { $0.requests.count }
    }

    private func postPass() {
        poster.post { [weak self] _ in self?.servePass() }
    }

    /// On the loop's thread: serves the next `requestsPerPass` requests, and posts the next
    /// pass when more wait.
    private func servePass() {
        let (batch, more) = waiting.withLock { waiting in
            let batch = Array(waiting.requests.prefix(Self.requestsPerPass))
            waiting.requests.removeFirst(batch.count)
            waiting.passPosted = !waiting.requests.isEmpty
            return (batch, waiting.passPosted)
        }
        for request in batch { serve(request) }
        if more { postPass() }
    }

    /// Serves one request on the loop's thread and sends its answer.
    func serve(_ request: DeviceRequest) {
        guard !isDetached, let device, !device.answerIfStale(request) else { return }
        changes.willServe(request.method)
        defer { changes.didServe(request.method) }
        session.handle(method: request.method, params: request.paramsBytes) { result in
            switch result {
            case .success(let bytes):
                device.reply(to: request, result: bytes)
            case .failure(let error):
                device.fail(request, with: ProtocolError(ProtocolErrorCode(rawValue: error.code), error.message))
            }
        }
    }
}
