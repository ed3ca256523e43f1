import Dispatch
import Foundation
import WeftLayout

/// `weft record-session`: records a running program through the gateway, for a while, to a
/// recording file (docs/recording-format.md): an inspector on the gateway's WebSocket, attached
/// to the program, writes every revision the program streams, as its own recorder would.
public enum RecordSessionCommand: Subcommand {
    public static let name = "record-session"
    public static let summary = "record a running program through the gateway to a recording file"
    public static let help = """
        usage: weft record-session [--device D] --duration S -o FILE [--wait S] [--limit-bytes N]
                                   [--gateway URL] [--token T]

        Records the program for S seconds of wall time (10 or 10s), or until Ctrl-C, to FILE, in
        the recording format `weft recording` and the page read (docs/recording-format.md). It
        attaches to the program through the gateway's /inspector WebSocket, takes its document
        (a keyframe) and writes every update the program streams with its revision, frame and
        time, with keyframes and markers (edits, range modes, memory warnings, application
        states, pauses) as the program's own recording (WEFT_RECORDING=FILE) has them. A program that disconnects is waited for: a reconnect
        marker and a fresh keyframe when it is back. Revisions the gateway could not pass on (a
        resync) are a gap, after which a keyframe starts again. FILE is readable whatever ends
        the recording: the duration, Ctrl-C, the size limit, the program restarting or going away
        for good, or the gateway going away.

        options:
          --device D      the program: a device id, an app id or APPID/INSTANCE (default: the
                          only connected program)
          --duration S    how long to record, in seconds
          -o, --output F  the recording file
          --wait S        wait up to S seconds for the gateway and the program (default 0)
          --limit-bytes N end the recording (reason limit) before FILE passes N bytes (default 256 MiB)
        \(GatewayOptions.help)
          -h, --help      show this help

        Exit status: 0 when the recording ran its duration, was interrupted (Ctrl-C, SIGTERM) or
        reached its size limit; 1 when the program restarted, stayed away past the gateway's grace
        period or the gateway went away (FILE holds the recording up to then, end reason
        disconnected); 2 for bad options, an unreachable gateway, no or several matching
        programs, or a file that cannot be written.

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try ArgumentParser(
            arguments,
            options: GatewayOptions.options + [
                .value("device"), .value("duration"), .value("o"), .value("output"), .value("wait"), .value("limit-bytes"),
            ])
        if parsed.wantsHelp {
            io.stdout.write(help)
            return 0
        }
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        guard let output = parsed.value("o") ?? parsed.value("output") else { throw UsageError("-o FILE is required") }
        guard let durationText = parsed.value("duration") else { throw UsageError("--duration S is required") }
        let durationValue = durationText.hasSuffix("s") ? String(durationText.dropLast()) : durationText
        guard let duration = Double(durationValue), duration.isFinite, duration > 0, duration <= 86_400 else {
            throw UsageError("--duration must be a number of seconds > 0 (at most a day), got \"\(durationText)\"")
        }
        let wait = try parsed.seconds("wait", allowingZero: true) ?? 0
        let limit =
            try parsed.value("limit-bytes").map { text in
                guard let value = Int(text), value >= 4096 else {
                    throw UsageError("--limit-bytes must be 4096 or more, got \"\(text)\"")
                }
                return value
            } ?? 256 << 20
        try OutputFile.checkCanBeAFile(output)
        let gateway = try GatewayOptions.client(parsed, io: io)
        let selector = try parsed.value("device").map(DeviceSelector.init)

        let session = GatewayInspectorSession(gateway: gateway, clientName: "weft record-session")
        defer { session.inspector.close() }
        let followed = try session.connectAndAttach(selector, wait: .milliseconds(Int64(wait * 1000)))
        guard FileManager.default.createFile(atPath: output, contents: nil),
            let file = FileHandle(forWritingAtPath: output)
        else {
            throw UsageError("\(output): cannot be written")
        }
        defer { try? file.close() }
        let recorder = GatewaySessionRecorder(
            inspector: session.inspector, inbox: session.inbox, followed: followed,
            requestTimeout: .milliseconds(Int64(gateway.timeout * 1000)),
            writer: SessionFileWriter(file: file, limitBytes: limit))
        let inbox = session.inbox
        let signals = InterruptSignals { inbox.post(.interrupted) }
        let outcome: GatewaySessionRecorder.Outcome
        do {
            outcome = try recorder.record(until: .now() + duration)
        } catch {
            signals.restore()
            throw UsageError("\(output): cannot be written (\(error))")
        }
        signals.restore()
        session.inspector.close()
        guard let first = recorder.firstMoment else {
            try? FileManager.default.removeItem(atPath: output)
            throw UsageError(
                "no recording: the program's document never came (\(describe(outcome)))")
        }
        let last = recorder.last
        var summary =
            "weft record-session: \(recorder.revisionsRecorded) revisions (to revision \(last.revision)), "
            + "frames \(first.frame) to \(last.moment.frame), \(recorder.markersRecorded) "
            + "marker\(recorder.markersRecorded == 1 ? "" : "s"), in \(output)"
        if recorder.gaps > 0 {
            summary += "; \(recorder.gaps) gap\(recorder.gaps == 1 ? "" : "s") (revisions missed, then a keyframe)"
        }
        if let unreadable = recorder.firstUnreadableEvent {
            summary +=
                "; \(recorder.unreadableEvents) event\(recorder.unreadableEvents == 1 ? "" : "s") not marked: \(unreadable)"
        }
        switch outcome {
        case .finished: break
        case .interrupted: summary += " (interrupted)"
        case .limit: summary += " (the size limit ended it)"
        case .programGone(let why), .gatewayGone(let why): summary += "; it ended early: \(why)"
        }
        io.stderr.write(PrintableText.escapedLines(summary) + "\n")
        switch outcome {
        case .programGone, .gatewayGone: return 1
        case .finished, .interrupted, .limit: return 0
        }
    }

    /// Why the session ended, for a message.
    private static func describe(_ outcome: GatewaySessionRecorder.Outcome) -> String {
        switch outcome {
        case .programGone(let why), .gatewayGone(let why): why
        case .finished: "the duration passed first"
        case .interrupted: "interrupted"
        case .limit: "the size limit"
        }
    }
}

/// Ctrl-C (SIGINT) and SIGTERM end the recording cleanly rather than the process, while it runs.
private final class InterruptSignals {
    private let sources: [DispatchSourceSignal]

    init(_ handler: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    /// The signals' default actions again.
    func restore() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
