import Dispatch
import Foundation
import WeftCapture
import WeftInspector
import WeftJSON
import WeftProtocol
import WeftSnapshot

/// `weft record-session`'s recorder: an inspector attached to one device through the gateway's
/// WebSocket, writing every revision the program streams (`Tree.updated`) to a recording file as
/// the program's own recorder would (docs/recording-format.md): a keyframe of the document it
/// fetches, then each update with its ops, revision, frame and time as received, keyframes by
/// `RecordingKeyframes`, `rangeMode` markers from the range controllers, the markers the program's
/// events stand for (`EventMarker`: edits, pauses, memory warnings, application states) at the
/// frame, time and revision they say, `reconnect` markers when the device comes back. Runs on the
/// calling thread; the transport's thread only posts to `inbox`.
final class GatewaySessionRecorder {
    /// How the recording ended.
    enum Outcome: Equatable {
        /// The duration passed.
        case finished
        /// Ctrl-C (SIGINT) or SIGTERM.
        case interrupted
        /// The size limit.
        case limit
        /// The program restarted or its grace period ended (the message says which).
        case programGone(String)
        /// The connection to the gateway closed.
        case gatewayGone(String)
    }

    private let inspector: InspectorClient
    private let inbox: SessionInbox
    private let deviceId: String
    private let requestTimeout: Duration
    private var writer: SessionFileWriter
    private var keyframes = RecordingKeyframes(interval: CaptureSession.defaultKeyframeInterval)
    /// The program's process: a device record or document with another pid is another run.
    private var pid: Int?
    private var connectedAt: String?
    private var deviceAway = false
    /// The last keyframe's document (nil before the first) and the ops recorded since, applied
    /// in one pass when the next keyframe is due rather than to a whole tree per update.
    private var keyframeDocument: Snapshot?
    private var opsSinceKeyframe: [UpdateOp] = []
    /// The range controllers at `revision` (from the `range` ops), for the `rangeMode` markers.
    private var controllers: [Snapshot.RangeController] = []
    private var revision = 0
    private var moment = RecordingLine.Moment(frame: 0, time: 0)
    /// The `Tree.getDocument` on its way (its request number), and the updates and markers that
    /// came meanwhile, in order.
    private var documentRequest: Int?
    private var requestCount = 0
    private var held: [Held] = []
    private enum Held {
        case update(StreamedUpdate)
        case marker(EventMarker)
    }
    /// A `reconnect` marker is due before the next keyframe.
    private var reconnected = false
    private(set) var firstMoment: RecordingLine.Moment?
    private(set) var revisionsRecorded = 0
    /// Keyframes written after the first because revisions were missed (a gap, a resync, a reconnect).
    private(set) var gaps = 0
    /// Markers written (every kind).
    private(set) var markersRecorded = 0
    /// Events that should have stood for a marker but did not read (the first one's message).
    private(set) var unreadableEvents = 0
    private(set) var firstUnreadableEvent: String?

    init(
        inspector: InspectorClient, inbox: SessionInbox, followed: GatewayInspectorSession.FollowedDevice,
        requestTimeout: Duration, writer: SessionFileWriter
    ) {
        self.inspector = inspector
        self.inbox = inbox
        self.deviceId = followed.device.deviceId
        self.pid = followed.device.pid
        self.connectedAt = followed.connectedAt
        self.requestTimeout = requestTimeout
        self.writer = writer
    }

    /// The last revision recorded and when.
    var last: (revision: Int, moment: RecordingLine.Moment) { (revision, moment) }

    /// Fetches the document and records until `deadline` or until something ends the session;
    /// writes the `end` record. Throws when the file cannot be written.
    func record(until deadline: DispatchTime) throws -> Outcome {
        requestDocument()
        var outcome = Outcome.finished
        recording: while DispatchTime.now() < deadline {
            for input in inbox.take(waitingUntil: deadline) {
                if let ended = handle(input) {
                    outcome = ended
                    break recording
                }
                if writer.isFull {
                    outcome = .limit
                    break recording
                }
                if let failure = writer.failure { throw failure }
            }
        }
        if writer.isFull { outcome = .limit }
        let reason: RecordingEndReason =
            switch outcome {
            case .finished, .interrupted: .finished
            case .limit: .limit
            case .programGone, .gatewayGone: .disconnected
            }
        if keyframeDocument != nil {
            writer.end(RecordingLine.end(reason, revision: revision, at: moment))
        }
        if let failure = writer.failure { throw failure }
        return outcome
    }

    /// Handles one input; returns an outcome when it ends the session.
    private func handle(_ input: SessionInput) -> Outcome? {
        switch input {
        case .interrupted:
            return .interrupted
        case .closed(let code):
            return .gatewayGone(
                "the gateway closed the connection\(code.map { " (code \($0))" } ?? "")"
                    + "\(inspector.client.lastError.map { ": \($0)" } ?? "")")
        case .document(let request, let reply):
            guard request == documentRequest else { return nil }
            documentRequest = nil
            switch reply {
            case .success(let envelope):
                return received(documentReply: envelope)
            case .failure(let error):
                // The device went away meanwhile: its return (Gateway.deviceUpdated) asks again.
                if deviceAway || error.code == .deviceGone { return nil }
                return .programGone("the program did not send its document: \(error.message)")
            }
        case .event(let envelope):
            guard let method = envelope.method else { return nil }
            switch method {
            case "Tree.updated":
                guard envelope.device == deviceId, let update = try? StreamedUpdate(envelope) else { return nil }
                received(update)
            case _ where EventMarker.methods.contains(method):
                guard envelope.device == deviceId else { return nil }
                do {
                    if let marker = try EventMarker.of(method: method, params: envelope.paramsBytes ?? []) { received(marker) }
                } catch {
                    unreadableEvents += 1
                    firstUnreadableEvent = firstUnreadableEvent ?? "\(error)"
                }
            case "Gateway.resyncRequired":
                if (try? envelope.params()["device"]?.string) == deviceId { requestDocument() }
            case "Gateway.deviceUpdated":
                guard let device = (try? envelope.params()).flatMap(Device.init(json:)), device.deviceId == deviceId else {
                    return nil
                }
                return deviceChanged(device, connectedAt: (try? envelope.params()["connectedAt"]?.string) ?? nil)
            case "Gateway.deviceRemoved":
                if (try? envelope.params()["deviceId"]?.string) == deviceId {
                    return .programGone("the program stayed away past the gateway's grace period")
                }
            default:
                break
            }
            return nil
        }
    }

    /// The device's record changed: it went away, came back (the document again, after a
    /// `reconnect` marker), or another process took its identity (the recording ends: its
    /// revisions start again).
    private func deviceChanged(_ device: Device, connectedAt: String?) -> Outcome? {
        if let pid, let newPid = device.pid, newPid != pid {
            return .programGone("the program restarted (pid \(pid) -> \(newPid))")
        }
        guard device.isConnected else {
            deviceAway = true
            return nil
        }
        let cameBack = deviceAway || (self.connectedAt != nil && connectedAt != self.connectedAt)
        self.connectedAt = connectedAt ?? self.connectedAt
        if cameBack {
            deviceAway = false
            reconnected = true
            requestDocument()
        }
        return nil
    }

    private func requestDocument() {
        requestCount += 1
        let request = requestCount
        documentRequest = request
        // The document will hold the updates that came meanwhile; the markers still stand.
        held.removeAll { if case .update = $0 { true } else { false } }
        let inbox = self.inbox
        inspector.send("Tree.getDocument", device: deviceId, timeout: requestTimeout) { reply in
            inbox.post(.document(request: request, reply))
        }
    }

    private func received(documentReply envelope: Envelope) -> Outcome? {
        let fetched: Snapshot
        do {
            fetched = try Snapshot(json: envelope.resultBytes ?? [])
        } catch {
            return .programGone("the program sent a document that is not a weft snapshot: \(error)")
        }
        if let pid, let newPid = fetched.meta.pid, newPid != pid {
            return .programGone("the program restarted (pid \(pid) -> \(newPid))")
        }
        pid = pid ?? fetched.meta.pid
        if keyframeDocument != nil, fetched.revision < revision {
            return .programGone("the program's revisions went back (\(revision) -> \(fetched.revision)): another run")
        }
        let at = RecordingLine.Moment(
            frame: max(fetched.meta.extra["frame"]?.integer ?? moment.frame, moment.frame),
            time: max(fetched.meta.extra["time"]?.number ?? moment.time, moment.time))
        if keyframeDocument == nil {
            var meta = fetched.meta
            meta.capturedAt = nil
            for key in ["frame", "time", "checkpoint"] { meta.extra[key] = nil }
            writer.write(
                RecordingLine.header(
                    meta: meta, keyframeInterval: CaptureSession.defaultKeyframeInterval, limitBytes: writer.limitBytes))
            firstMoment = at
            revisionsRecorded = 1
        } else {
            if reconnected { write(marker: RecordingMarker(.reconnect), revision: revision, at: moment) }
            if fetched.revision > revision {
                gaps += 1
                revisionsRecorded += 1
            }
        }
        reconnected = false
        let previous = keyframeDocument == nil ? nil : controllers
        moment = at
        keyframe(fetched)
        if let previous { markRangeModes(previous, fetched.rangeControllers) }
        let pending = held
        held.removeAll()
        for input in pending {
            switch input {
            case .update(let update): received(update)
            case .marker(let marker): received(marker)
            }
        }
        return nil
    }

    /// A marker from the program's events, written as the program's recorder writes it; one
    /// from before the recording's first keyframe is left out.
    private func received(_ marker: EventMarker) {
        if documentRequest != nil {
            held.append(.marker(marker))
            return
        }
        guard let first = firstMoment, marker.moment.frame >= first.frame else { return }
        write(marker: marker.marker, revision: marker.revision, at: marker.moment)
    }

    private func write(marker: RecordingMarker, revision: Int, at moment: RecordingLine.Moment) {
        if writer.write(RecordingLine.marker(marker, revision: revision, at: moment)) { markersRecorded += 1 }
    }

    private func received(_ update: StreamedUpdate) {
        if documentRequest != nil {
            held.append(.update(update))
            return
        }
        guard keyframeDocument != nil, update.revision > revision else { return }
        guard update.baseRevision == revision else {
            requestDocument()  // revisions missed (never sent, or dropped): start again after the gap
            return
        }
        let ops: [UpdateOp]
        do {
            ops = try UpdateOp.decode(update.ops)
        } catch {
            requestDocument()  // ops this recorder cannot read: fetch the document whole
            return
        }
        var nextControllers = controllers
        for op in ops {
            switch op {
            case .range(let controller):
                if let index = nextControllers.firstIndex(where: { $0.id == controller.id }) {
                    nextControllers[index] = controller
                } else {
                    nextControllers.append(controller)
                }
            case .rangeRemoved(let id): nextControllers.removeAll { $0.id == id }
            default: break
            }
        }
        // A program's frame and time never go back; a receiver keeps its order if they would.
        moment = RecordingLine.Moment(frame: max(update.moment.frame, moment.frame), time: max(update.moment.time, moment.time))
        let line = RecordingLine.update(revision: update.revision, from: update.baseRevision, ops: Array(update.ops), at: moment)
        guard writer.write(line) else { return }
        revision = update.revision
        revisionsRecorded += 1
        opsSinceKeyframe += ops
        let previousControllers = controllers
        controllers = nextControllers
        if keyframes.updateWritten(bytes: line.count), var document = keyframeDocument {
            do {
                try UpdateOps.apply(opsSinceKeyframe, to: &document)
                document.revision = revision
                keyframe(document)
            } catch {
                requestDocument()  // ops that do not fit the document: its next keyframe is fetched whole
            }
        }
        markRangeModes(previousControllers, nextControllers)
    }

    private func keyframe(_ snapshot: Snapshot) {
        keyframeDocument = snapshot
        opsSinceKeyframe.removeAll()
        controllers = snapshot.rangeControllers
        revision = snapshot.revision
        var bare = snapshot
        bare.meta = Snapshot.Meta()
        let line = RecordingLine.keyframe(bare, at: moment)
        if writer.write(line) { keyframes.keyframeWritten(bytes: line.count) }
    }

    private func markRangeModes(_ old: [Snapshot.RangeController], _ new: [Snapshot.RangeController]) {
        for change in RangeModeChange.between(old, new) {
            write(marker: RecordingMarker(.rangeMode, detail: change), revision: revision, at: moment)
        }
    }
}

/// The params of one `Tree.updated` event (docs/protocol.md, Updates), its ops as received.
struct StreamedUpdate {
    var baseRevision: Int
    var revision: Int
    var moment: RecordingLine.Moment
    var ops: ArraySlice<UInt8>

    init(_ envelope: Envelope) throws {
        let params = Array(envelope.paramsBytes ?? [])
        var base: Int?
        var revision: Int?
        var frame = 0
        var time = 0.0
        var ops: Range<Int>?
        try JSONReader.forEachMember(in: params) { key, value in
            switch key {
            case "baseRevision": base = try value.read().integer
            case "revision": revision = try value.read().integer
            case "frame": frame = try value.read().integer ?? 0
            case "time": time = try value.read().number ?? 0
            case "ops": ops = try value.skip()
            default: break
            }
            return true
        }
        guard let base, let revision, let ops, time.isFinite else {
            throw JSONError(offset: 0, message: "a Tree.updated without baseRevision, revision or ops")
        }
        self.baseRevision = base
        self.revision = revision
        self.moment = RecordingLine.Moment(frame: max(0, frame), time: max(0, time))
        self.ops = params[ops]
    }
}
