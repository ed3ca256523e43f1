import Foundation
import WeftSnapshot

/// `weft recording info|snapshot|diff`: what a recording (docs/recording-format.md) holds, the
/// document at any of its moments, and the semantic diff of two moments.
public enum RecordingCommand: Subcommand {
    public static let name = "recording"
    public static let summary = "read a recorded run: info, the snapshot at a moment, the diff of two moments"
    public static let help = """
        usage: weft recording info FILE
               weft recording snapshot FILE --at MOMENT [-o OUT]
               weft recording diff FILE A B [--tolerance P] [--ignore F]... [--include F]...
                                            [--format text|json|junit] [--svg OUT]

        Reads a recording written by a program run with WEFT_RECORDING=FILE (or the client
        library's Inspector.Options.recording) or by `weft record-session`
        (docs/recording-format.md).

          info      the program, its duration in program time and frames, the revisions, the
                    keyframes, the size, how the recording ended, and every marker
          snapshot  the document at MOMENT, the same as a snapshot taken live at that
                    revision (indented JSON, docs/snapshot-format.md; default: standard output)
          diff      `weft diff` of the documents at moments A and B, with its options, output
                    and exit status

        A MOMENT is a revision (42), frame:N (the last revision at or before program frame N)
        or time:S (the last revision at or before S seconds of program time).

        options:
        \(DiffSettings.help)
          --svg OUT       (diff) also draw both layouts side by side with the changes highlighted
          --at MOMENT     (snapshot) the moment to extract
          -o, --output F  (snapshot) write the snapshot to F
          -h, --help      show this help

        Exit status: 0 on success (diff: no differences), 1 when diff finds differences, 2 for
        bad options, a moment outside the recording, or a file that is missing or not a
        readable recording (the error names the line and byte).

        """

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try ArgumentParser(
            arguments,
            options: DiffSettings.options + [
                .value("svg"), .value("at"), .value("o"), .value("output"),
            ])
        if parsed.wantsHelp {
            io.stdout.write(help)
            return 0
        }
        guard let action = parsed.positionals.first else { throw UsageError("expected info, snapshot or diff (see --help)") }
        let operands = Array(parsed.positionals.dropFirst())
        switch action {
        case "info":
            guard operands.count == 1 else { throw UsageError("info expects one FILE, got \(operands.count)") }
            io.stdout.write(info(try RecordingFile.read(operands[0], io: io), path: operands[0]))
            return 0
        case "snapshot":
            guard operands.count == 1 else { throw UsageError("snapshot expects one FILE, got \(operands.count)") }
            guard let moment = parsed.value("at") else { throw UsageError("snapshot needs --at REVISION|frame:N|time:S") }
            let recording = try RecordingFile.read(operands[0], io: io)
            let snapshot = try RecordingFile.snapshot(at: moment, of: recording, path: operands[0])
            try OutputFile.write(snapshot, to: parsed.value("o") ?? parsed.value("output") ?? "-", io: io)
            return 0
        case "diff":
            guard operands.count == 3 else { throw UsageError("diff expects FILE A B, got \(operands.count) arguments") }
            let settings = try DiffSettings(parsed)
            let recording = try RecordingFile.read(operands[0], io: io)
            let a = try RecordingFile.snapshot(at: operands[1], of: recording, path: operands[0])
            let b = try RecordingFile.snapshot(at: operands[2], of: recording, path: operands[0])
            return try DiffCommand.report(
                a, b, labels: ("revision \(a.revision)", "revision \(b.revision)"),
                settings: settings, svg: parsed.value("svg"), io: io)
        default:
            throw UsageError("unknown action \"\(action)\": expected info, snapshot or diff")
        }
    }

    static func info(_ recording: Recording, path: String) -> String {
        func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }
        let meta = recording.header.meta
        let revisions = recording.lastRevision - recording.firstRevision + 1
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        var lines = [
            "program:    \(printable(meta.appId ?? "?"))/\(printable(meta.instance ?? "?"))"
                + (meta.pid.map { " (pid \($0))" } ?? ""),
            "duration:   \(seconds(recording.lastMoment.time - recording.firstMoment.time)) of program time, "
                + "frames \(recording.firstMoment.frame) to \(recording.lastMoment.frame)",
            "revisions:  \(recording.firstRevision) to \(recording.lastRevision) (\(revisions)), "
                + "\(recording.keyframes.count) keyframe\(recording.keyframes.count == 1 ? "" : "s")",
        ]
        if let size {
            lines.append(
                "size:       \(size) bytes (\(size / max(1, revisions)) per revision, limit \(recording.header.limitBytes))")
        }
        switch recording.end {
        case .some(let end) where end.reason == .limit:
            lines.append("end:        size limit reached at frame \(end.moment.frame): the rest of the run is not recorded")
        case .some(let end):
            lines.append("end:        \(end.reason.rawValue) at frame \(end.moment.frame)")
        case .none:
            lines.append(
                "end:        none: the program stopped without ending the recording (killed or crashed)"
                    + (recording.truncatedTail.map { "; its last line (\($0)) was cut short and is left out" } ?? ""))
        }
        lines.append(
            recording.isIndexed
                ? "lines:      indexed (opened through the end record's index, not line by line)"
                : "lines:      read through (no index: every line read and checked)")
        lines.append("markers:    \(recording.markers.count)")
        for marker in recording.markers {
            let detail = marker.marker.detail.map { ": " + printable($0) } ?? ""
            lines.append(
                "  frame \(marker.moment.frame)  \(seconds(marker.moment.time))  revision \(marker.revision)  "
                    + "\(marker.marker.kind.rawValue)\(detail)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `text` with control characters (a terminal's escape sequences, line breaks) written as
/// `\u{1B}`: a recording is input from elsewhere, and its strings reach a terminal here.
private func printable(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}
