import Foundation
import WeftSnapshot

/// `weft record-session`: records a running program through the gateway, for a while, to a
/// recording file (docs/recording-format.md), by asking for its document at a fixed interval
/// (the CLI speaks HTTP to the gateway, not its WebSocket): each document that changed becomes an
/// update from the last one recorded, so revisions between two polls are not in the file.
public enum RecordSessionCommand: Subcommand {
    public static let name = "record-session"
    public static let summary = "record a running program through the gateway to a recording file"
    public static let help = """
        usage: weft record-session [--device D] --duration S -o FILE [--interval S] [--wait S]
                                   [--limit-bytes N] [--gateway URL] [--token T]

        Records the program's document for S seconds of wall time (10 or 10s) to FILE, in the
        recording format `weft recording` and the page read (docs/recording-format.md). The
        document is fetched every --interval seconds (default 0.1) through the gateway; each one
        that changed is written as an update from the last one recorded, placed by the program
        frame and time it carries, with keyframes as a program's recording has them. A program
        that disconnects is waited for (a reconnect marker when it is back); one that restarts
        (another process) ends the recording (reason disconnected). A program can record every
        revision itself instead: WEFT_RECORDING=FILE.

        options:
          --device D      the program: a device id, an app id or APPID/INSTANCE (default: the
                          only connected program)
          --duration S    how long to record, in seconds
          -o, --output F  the recording file
          --interval S    seconds between two fetches (default 0.1)
          --wait S        wait up to S seconds for the gateway and the program (default 0)
          --limit-bytes N end the recording (reason limit) before FILE passes N bytes (default 256 MiB)
        \(GatewayOptions.help)
          -h, --help      show this help

        Exit status: 0 when the recording was written; 2 for bad options, an unreachable gateway,
        no or several matching programs, or a file that cannot be written.

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try ArgumentParser(
            arguments,
            options: GatewayOptions.options + [
                .value("device"), .value("duration"), .value("o"), .value("output"), .value("interval"), .value("wait"),
                .value("limit-bytes"),
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
        let interval = try parsed.seconds("interval", allowingZero: false) ?? 0.1
        let wait = try parsed.seconds("wait", allowingZero: true) ?? 0
        let limit =
            try parsed.value("limit-bytes").map { text in
                guard let value = Int(text), value >= 4096 else {
                    throw UsageError("--limit-bytes must be 4096 or more, got \"\(text)\"")
                }
                return value
            } ?? 256 << 20
        try OutputFile.checkCanBeAFile(output)
        let client = try GatewayOptions.client(parsed, io: io)
        let selector = try parsed.value("device").map(DeviceSelector.init)
        func fetch(waiting: Double) throws -> Snapshot {
            let body = try SnapshotFetch(
                client: client, selector: selector, wait: .milliseconds(Int64(waiting * 1000)),
                progress: nil
            ).run()
            return try SnapshotFile.decode(body, source: "the program's snapshot")
        }

        let first = try fetch(waiting: wait)
        guard FileManager.default.createFile(atPath: output, contents: nil),
            let file = FileHandle(forWritingAtPath: output)
        else {
            throw UsageError("\(output): cannot be written")
        }
        defer { try? file.close() }
        var writer = SessionFileWriter(file: file, limitBytes: limit)
        var meta = first.meta
        meta.capturedAt = nil
        for key in ["frame", "time", "checkpoint"] { meta.extra[key] = nil }
        writer.write(
            RecordingLine.header(meta: meta, keyframeInterval: CaptureSessionDefaults.keyframeInterval, limitBytes: limit))
        let started = Date()
        func moment(of document: Snapshot, after last: RecordingLine.Moment?) -> RecordingLine.Moment {
            let frame = document.meta.extra["frame"]?.integer ?? last?.frame ?? 0
            let time = document.meta.extra["time"]?.number ?? Date().timeIntervalSince(started)
            return RecordingLine.Moment(frame: max(frame, last?.frame ?? 0), time: max(time, last?.time ?? 0))
        }
        var keyframes = RecordingKeyframes(interval: CaptureSessionDefaults.keyframeInterval)
        func keyframe(_ document: Snapshot, at moment: RecordingLine.Moment) {
            var document = document
            document.meta = Snapshot.Meta()
            let line = RecordingLine.keyframe(document, at: moment)
            if writer.write(line) { keyframes.keyframeWritten(bytes: line.count) }
        }
        var previous = first
        var last = moment(of: first, after: nil)
        keyframe(first, at: last)
        var revisions = 1
        var disconnected = false
        var reason = RecordingEndReason.finished
        while Date().timeIntervalSince(started) < duration, !writer.isFull {
            Thread.sleep(forTimeInterval: interval)
            let document: Snapshot
            do {
                document = try fetch(waiting: 0)
            } catch let error as UsageError {
                throw error
            } catch {
                disconnected = true  // the program or the gateway is away: wait for it
                continue
            }
            if disconnected {
                disconnected = false
                writer.write(RecordingLine.marker(RecordingMarker(.reconnect), revision: previous.revision, at: last))
            }
            guard document.meta.pid == first.meta.pid, document.revision >= previous.revision else {
                io.stderr.write(
                    "weft record-session: the program restarted (pid \(document.meta.pid.map(String.init) ?? "?")); "
                        + "the recording ends with its previous process\n")
                reason = .disconnected
                break
            }
            guard document.revision > previous.revision else { continue }
            let now = moment(of: document, after: last)
            let ops = UpdateOp.encode(UpdateOps.diff(previous, document))
            let line = RecordingLine.update(revision: document.revision, from: previous.revision, ops: ops, at: now)
            guard writer.write(line) else { break }
            (previous, last) = (document, now)
            revisions += 1
            if keyframes.updateWritten(bytes: line.count) { keyframe(document, at: now) }
        }
        if writer.isFull { reason = .limit }
        writer.end(RecordingLine.end(reason, revision: previous.revision, at: last))
        if let failure = writer.failure { throw UsageError("\(output): cannot be written (\(failure))") }
        io.stderr.write(
            "weft record-session: \(revisions) revisions, frames \(moment(of: first, after: nil).frame) to \(last.frame), "
                + "in \(output)\(reason == .limit ? " (the size limit ended it)" : "")\n")
        return 0
    }
}

/// The keyframe interval a program's recordings have (`CaptureSession.defaultKeyframeInterval`;
/// the CLI does not link the capture module).
enum CaptureSessionDefaults {
    static let keyframeInterval = 300
}

/// Lines appended to the recording file, within its size limit (room kept for the end record).
struct SessionFileWriter {
    let file: FileHandle
    let limitBytes: Int
    private(set) var bytes = 0
    private(set) var isFull = false
    private(set) var failure: Error?

    init(file: FileHandle, limitBytes: Int) {
        self.file = file
        self.limitBytes = limitBytes
    }

    /// Appends `line` unless it would pass the limit (then the writer is full); returns whether it did.
    @discardableResult
    mutating func write(_ line: [UInt8]) -> Bool {
        guard !isFull, failure == nil else { return false }
        guard bytes + line.count + 160 <= limitBytes else {
            isFull = true
            return false
        }
        return append(line)
    }

    mutating func end(_ line: [UInt8]) {
        _ = append(line)
    }

    private mutating func append(_ line: [UInt8]) -> Bool {
        do {
            try file.write(contentsOf: line)
            bytes += line.count
            return true
        } catch {
            failure = error
            return false
        }
    }
}
