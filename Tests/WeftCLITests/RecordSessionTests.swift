import Dispatch
import Foundation
import Synchronization
import Testing
import WeftJSON
import WeftProtocol
import WeftSnapshot
import WeftTestSupport

@testable import WeftInspector

/// `weft record-session` against the real gateway, with a program whose revisions the test
/// makes one by one (a device session of the client library serving a document it changes): the
/// device dropping its connection and coming back, revisions it never sent, a restart, the
/// gateway going away, a token. TextureGram's own runs: tests/e2e/test_recording.py.
@Suite(.serialized) struct RecordSessionTests {
    @Test func reconnectsGapsAndARestartAreInTheRecording() throws {
        let gateway = try GatewayProcess()
        let program = try SteppedProgram(gateway, pid: 4001)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.path("session.jsonl")
        let session = CLIRunInBackground([
            "record-session", "--device", program.selector, "--duration", "60", "-o", output,
            "--gateway", gateway.webSocketURL,
        ])
        try program.waitUntilRecorded(revision: 1)
        for _ in 2...6 { program.publish() }
        try program.waitUntilRecorded(revision: 6, in: output)
        // The program's events that stand for markers, at the frame, time and revision they say
        // (a moment of revision 4 comes after revision 6's update); a drop stands for none, and
        // one that does not read is said.
        let state = #""paused":false,"applicationState":"active""#
        program.event("Runtime.stateChanged", #"{"change":"memoryWarning",\#(state),"frame":45,"time":7.5,"revision":4}"#)
        program.event(
            "Layout.editsChanged", #"{"change":"dropped","edits":[],"undo":0,"redo":0,"frame":60,"time":10,"revision":6}"#)
        program.event("Runtime.stateChanged", #"{"change":"paused",\#(state),"frame":60,"time":10}"#)
        program.event(
            "Layout.editsChanged",
            #"{"change":"applied","method":"Layout.setStyle","edits":[],"undo":1,"redo":0,"frame":60,"time":10,"revision":6}"#)
        try waitFor("the edit marker") { (try? recordLines(output))?.contains { $0.summary == "marker edit 6" } ?? false }

        // The device's connection drops; it registers again within the grace period.
        program.session.client.dropConnection()
        try waitFor("the device to register again") { program.session.registrationCount == 2 && program.session.isRegistered }
        try program.waitUntilFetched(times: 2)
        for _ in 7...8 { program.publish() }
        // Revision 9 never reaches the gateway: 10 does not follow 8, so the document is fetched again.
        program.publish(send: false)
        program.publish()
        try program.waitUntilFetched(times: 3)
        program.publish()
        try program.waitUntilRecorded(revision: 11, in: output)
        let documentAt8 = program.documents[8]!

        // Another process takes the identity: its revisions start again, so the recording ends.
        program.session.close()
        let restarted = try SteppedProgram(gateway, pid: 4002, instance: program.instance)
        defer { restarted.session.close() }
        let result = session.wait()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("10 revisions (to revision 11)") && result.stderr.contains("3 markers"), "\(result.stderr)")
        #expect(
            result.stderr.contains(#"1 event not marked: a Runtime.stateChanged event whose "revision" does not read"#),
            "\(result.stderr)")
        #expect(result.stderr.contains("1 gap") && result.stderr.contains("the program restarted (pid 4001 -> 4002)"))

        let lines = try recordLines(output)
        // Keyframes that follow the update of their revision are the weight rule's (this document
        // is small); the others are the reconnect's and the gap's.
        let skeleton = lines.indices.filter { index in
            !(lines[index].kind == "keyframe" && index > 0 && lines[index - 1].kind == "update"
                && lines[index - 1].revision == lines[index].revision)
        }.map { lines[$0].summary }
        #expect(lines.contains { $0.summary == "keyframe 3" }, "a keyframe as soon as the updates weigh more than the last one")
        #expect(
            skeleton == [
                "keyframe 1", "update 1->2", "update 2->3", "update 3->4", "update 4->5", "update 5->6",
                "marker memoryWarning 4", "marker edit 6", "marker reconnect 6", "keyframe 6", "update 6->7", "update 7->8",
                "keyframe 10", "update 10->11",
                "end disconnected 11",
            ])
        // Each revision at the program's frame and time; each marker where its event says.
        #expect(lines.first { $0.summary == "update 7->8" }?.frame == 80)
        #expect(lines.first { $0.summary == "marker memoryWarning 4" }.map { [Double($0.frame), $0.time] } == [45, 7.5])
        #expect(lines.first { $0.summary == "marker edit 6" }?.detail == "Layout.setStyle")
        let extracted = CLIRun.weft(["recording", "snapshot", output, "--at", "8"])
        #expect(extracted.status == 0, "\(extracted.stderr)")
        var atEight = try Snapshot(json: extracted.stdout)
        atEight.meta = documentAt8.meta
        #expect(atEight == documentAt8)
        #expect(CLIRun.weft(["recording", "snapshot", output, "--at", "9"]).status == 2, "revision 9 was never received")
    }

    @Test func theSizeLimitEndsTheRecording() throws {
        let gateway = try GatewayProcess()
        let program = try SteppedProgram(gateway, pid: 4004)
        defer { program.session.close() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.path("session.jsonl")
        let session = CLIRunInBackground([
            "record-session", "--device", program.selector, "--duration", "60", "--limit-bytes", "4096", "-o", output,
            "--gateway", gateway.webSocketURL,
        ])
        try program.waitUntilRecorded(revision: 1)
        for _ in 2...40 { program.publish() }
        let result = session.wait()
        #expect(result.status == 0 && result.stderr.contains("(the size limit ended it)"), "\(result.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int ?? 0
        #expect(size <= 4096 && size > 3000, "\(size) bytes")
        let lines = try recordLines(output)
        #expect(lines.last?.summary == "end limit \(lines.dropLast().last { $0.kind == "update" }?.revision ?? -1)")
        #expect(CLIRun.weft(["recording", "info", output]).status == 0)
    }

    @Test func theGatewayGoingAwayLeavesAReadableRecording() throws {
        let gateway = try GatewayProcess(token: "s3cret")
        let program = try SteppedProgram(gateway, pid: 4003)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.path("session.jsonl")

        let refused = CLIRun.weft([
            "record-session", "--device", program.selector, "--duration", "5", "-o", output, "--gateway",
            gateway.webSocketURL,
        ])
        #expect(refused.status == 2 && refused.stderr.contains("missing or wrong token"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))

        let session = CLIRunInBackground(
            [
                "record-session", "--device", program.selector, "--duration", "60", "-o", output, "--gateway",
                gateway.webSocketURL,
            ],
            environment: CLIRun.cleanEnvironment.merging(["WEFT_TOKEN": "s3cret"]) { $1 })
        try program.waitUntilRecorded(revision: 1)
        for _ in 2...4 { program.publish() }
        try program.waitUntilRecorded(revision: 4, in: output)
        gateway.kill()
        let result = session.wait()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("the gateway closed the connection"), "\(result.stderr)")
        #expect(try recordLines(output).map(\.summary).suffix(2) == ["update 3->4", "end disconnected 4"])
        let info = CLIRun.weft(["recording", "info", output])
        #expect(info.status == 0 && info.stdout.contains("disconnected"), "\(info.stdout)\(info.stderr)")
        program.session.close()
    }
}

/// A program that publishes a revision when the test says so: a text node whose width grows by
/// one per revision, at frame `10 * revision`, served whole to `Tree.getDocument` at any time.
private final class SteppedProgram: Sendable {
    static let appId = "org.weft.Stepped"
    let instance: String
    let session: DeviceSession
    private struct State {
        var revision = 1
        var documents: [Int: Snapshot] = [:]
        var fetches = 0
        var stopped = false
    }
    private let state = Mutex(State())
    var selector: String { "\(Self.appId)/\(instance)" }
    var documents: [Int: Snapshot] { state.withLock { $0.documents } }

    init(_ gateway: GatewayProcess, pid: Int, instance: String = HostProgram.uniqueInstance("stepped")) throws {
        self.instance = instance
        session = DeviceSession(
            configuration: GatewayConfiguration(
                endpoint: try GatewayEndpoint(parsing: gateway.webSocketURL), token: gateway.token, instance: instance),
            identity: DeviceIdentity(appId: Self.appId, instance: instance, host: "test-host"),
            info: DeviceInfo(appName: "Stepped", pid: pid))
        state.withLock { $0.documents[1] = Self.document(revision: 1, pid: pid) }
        session.start()
        try waitFor("the stepped program to register") { self.session.isRegistered }
        let serving = Thread { [self] in
            while !state.withLock({ $0.stopped }) {
                for request in session.takeRequests() {
                    let document = state.withLock { state in
                        state.fetches += 1
                        return state.documents[state.revision]!
                    }
                    session.reply(to: request, result: document.encoded())
                }
                Thread.sleep(forTimeInterval: 0.005)
            }
        }
        serving.start()
    }

    deinit {
        state.withLock { $0.stopped = true }
    }

    static func document(revision: Int, pid: Int) -> Snapshot {
        var meta = Snapshot.Meta()
        meta.appId = appId
        meta.pid = pid
        meta.extra["frame"] = .number(Double(10 * revision))
        meta.extra["time"] = .number(Double(revision) / 6)
        var snapshot = try! Snapshot(
            json:
                #"{"format":"weft.snapshot","version":1,"revision":1,"meta":{},"roots":[{"id":"n1","className":"ASTextNode","frame":[0,0,\#(100 + revision),20]}]}"#
        )
        snapshot.revision = revision
        snapshot.meta = meta
        return snapshot
    }

    /// The next revision; `send: false` makes it without telling the gateway (a lost update).
    func publish(send: Bool = true) {
        let (previous, next) = state.withLock { state in
            let previous = state.documents[state.revision]!
            state.revision += 1
            let next = Self.document(revision: state.revision, pid: previous.meta.pid!)
            state.documents[state.revision] = next
            return (previous, next)
        }
        guard send else { return }
        let ops = UpdateOp.encode(UpdateOps.diff(previous, next))
        let params =
            #"{"baseRevision":\#(previous.revision),"revision":\#(next.revision),"frame":\#(10 * next.revision),"#
            + #""time":\#(Double(next.revision) / 6),"ops":"# + String(decoding: ops, as: UTF8.self) + "}"
        session.sendEvent(method: "Tree.updated", params: Array(params.utf8))
    }

    /// Sends the event `method` with `params` (JSON text).
    func event(_ method: String, _ params: String) {
        session.sendEvent(method: method, params: Array(params.utf8))
    }

    func waitUntilFetched(times: Int) throws {
        try waitFor("\(times) Tree.getDocument") {
            self.state.withLock { $0.fetches >= times } && self.session.inspectorCount > 0
        }
    }

    /// The recorder attached and fetched (revision 1), or the file holds `revision`.
    func waitUntilRecorded(revision: Int, in output: String? = nil) throws {
        guard let output else { return try waitUntilFetched(times: 1) }
        try waitFor("revision \(revision) in the recording") {
            (try? recordLines(output))?.contains { $0.revision == revision && $0.kind != "marker" } ?? false
        }
    }
}

private struct RecordLine {
    var kind: String
    var revision: Int
    var frame: Int
    var time: Double
    var detail: String?
    var summary: String
}

private func recordLines(_ path: String) throws -> [RecordLine] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return try text.split(separator: "\n").dropFirst().map { line in
        let value = try JSONReader.parse(String(line))
        let kind = value["kind"]?.string ?? "?"
        let revision = value["revision"]?.integer ?? -1
        let summary =
            switch kind {
            case "update": "update \(value["baseRevision"]?.integer ?? -1)->\(revision)"
            case "marker": "marker \(value["marker"]?.string ?? "?") \(revision)"
            case "end": "end \(value["reason"]?.string ?? "?") \(revision)"
            default: "\(kind) \(revision)"
            }
        return RecordLine(
            kind: kind, revision: revision, frame: value["frame"]?.integer ?? -1, time: value["time"]?.number ?? -1,
            detail: value["detail"]?.string, summary: summary)
    }
}

private func waitFor(_ what: String, timeout: Double = 10, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw HarnessError("timed out waiting for \(what)") }
        Thread.sleep(forTimeInterval: 0.01)
    }
}

/// `weft ARGUMENTS` in-process on a thread of its own, for commands that run while the test acts.
private final class CLIRunInBackground: Sendable {
    private let result = Mutex<CLIRun?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ arguments: [String], environment: [String: String]? = nil) {
        let thread = Thread { [self] in
            let run = CLIRun.weft(arguments, environment: environment)
            result.withLock { $0 = run }
            done.signal()
        }
        thread.start()
    }

    func wait() -> CLIRun {
        done.wait()
        return result.withLock { $0.take() }!
    }
}
