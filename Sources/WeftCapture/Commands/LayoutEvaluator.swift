import Foundation
import Synchronization

/// Runs `Layout.evaluate` requests off the loop's thread, one at a time and oldest first, on a
/// thread of its own that lives while there is work. The thread runs at a lower scheduling
/// priority (nice 10), so that on a machine with fewer free cores than busy threads the
/// program's loop still gets the processor first; and with a stack large enough for the deepest
/// document the request's params may hold.
final class LayoutEvaluator: Sendable {
    /// At most this many evaluations wait behind the running one; more are refused at once
    /// (-32603), as requests past the transport's own limits are.
    static let maximumWaiting = 8

    /// A request's params and where its answer goes.
    private struct Job: @unchecked Sendable {
        // Unchecked: the reply closure is the session's (`CaptureSession.Reply`), which its
        // callers may call on any thread (DeviceSession's replies are thread-safe).
        let params: [UInt8]
        let reply: (Result<[UInt8], CommandError>) -> Void
    }

    private struct Queue {
        var jobs: [Job] = []
        var threadRunning = false
    }

    private let queue = Mutex(Queue())

    /// Queues an evaluation of `params`; `reply` is called once, on the evaluator's thread (or at
    /// once, when too many wait).
    func submit(params: [UInt8], reply: @escaping (Result<[UInt8], CommandError>) -> Void) {
        let job = Job(params: params, reply: reply)
        let (accepted, startThread) = queue.withLock { queue -> (Bool, Bool) in
            guard queue.jobs.count < Self.maximumWaiting else { return (false, false) }
            queue.jobs.append(job)
            defer { queue.threadRunning = true }
            return (true, !queue.threadRunning)
        }
        guard accepted else {
            reply(
                .failure(
                    CommandError(
                        code: CommandError.internalErrorCode,
                        message: "too many Layout.evaluate requests wait (\(Self.maximumWaiting)); try again later")))
            return
        }
        if startThread { start() }
    }

    /// The number of evaluations waiting (tests).
    var waitingCount: Int { queue.withLock { $0.jobs.count } }

    private func start() {
        let thread = Thread { [self] in
            Self.lowerThisThreadsPriority()
            while let job = next() { job.reply(LayoutEvaluation.evaluate(params: job.params)) }
        }
        thread.name = "weft-layout-evaluate"
        thread.stackSize = 16 << 20
        thread.start()
    }

    /// The next job, or nil after marking the thread stopped (atomically with the queue being
    /// empty, so a job submitted now starts a new thread).
    private func next() -> Job? {
        queue.withLock { queue in
            guard !queue.jobs.isEmpty else {
                queue.threadRunning = false
                return nil
            }
            return queue.jobs.removeFirst()
        }
    }

    /// nice 10 for the calling thread only: Linux keeps the nice value per thread, and
    /// `setpriority(PRIO_PROCESS, 0, ...)` sets the caller's. The thread ends with its work, so
    /// nothing needs it back.
    private static func lowerThisThreadsPriority() {
        #if os(Linux)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }
}
