import Foundation
import WeftCapture
import WeftFiles
import WeftSnapshot

/// The comparison behind `assertLayoutSnapshot`, free of any test framework: the new snapshot
/// against its baseline file, recording as the mode says.
struct LayoutSnapshotCheck {
    /// What the assertion concluded.
    enum Outcome: Equatable {
        /// Equal to the baseline.
        case matched
        /// Equal to the baseline, with a note to print: its ASCII art file is missing or stale
        /// and the mode records nothing (the art is for reviews; it never fails a test).
        case noted(String)
        /// A baseline was written and the assertion passes; the note says which and why.
        case recorded(note: String)
        /// The assertion fails with this message.
        case failed(message: String)
    }

    var files: LayoutSnapshotFiles
    var mode: LayoutSnapshotRecordMode
    var options: SemanticDiff.Options
    /// `snapshot "row" of testFeed()`, for messages.
    var title: String

    func check(_ snapshot: Snapshot) -> Outcome {
        let baselinePath = files.baseline.path
        if mode == .all {
            return record(snapshot, note: "recorded layout \(title) at \(baselinePath) (WEFT_RECORD=all)")
        }
        guard FileManager.default.fileExists(atPath: baselinePath) else {
            guard mode == .never else {
                return record(snapshot, note: "recorded new layout \(title) at \(baselinePath)")
            }
            return fail(
                snapshot, "no baseline for layout \(title): \(baselinePath) is missing and WEFT_RECORD=never records nothing")
        }
        func unusableBaseline(_ problem: String) -> Outcome {
            if mode == .failed {
                return record(snapshot, note: "replaced the unreadable baseline of layout \(title) at \(baselinePath)")
            }
            return fail(snapshot, "the baseline of layout \(title), \(baselinePath), \(problem)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: files.baseline)
        } catch {
            return unusableBaseline("cannot be read (\(Self.reason(error)))")
        }
        let baseline: Snapshot
        do {
            baseline = try Snapshot(json: data)
        } catch {
            return unusableBaseline("is not a weft snapshot: \(error)")
        }
        let changes = SemanticDiff.compare(baseline, snapshot, options: options)
        guard !changes.isEmpty else { return checkAsciiArt(of: baseline) }
        let count = changes.count == 1 ? "1 difference" : "\(changes.count) differences"
        let lines = SemanticDiffReport.lines(changes).map { "  " + $0 }.joined(separator: "\n")
        if mode == .failed {
            return record(snapshot, note: "replaced the baseline of layout \(title) at \(baselinePath) (\(count)):\n\(lines)")
        }
        return fail(snapshot, "layout \(title) differs from its baseline \(baselinePath) (\(count)):\n\(lines)")
    }

    /// A matching baseline whose `.txt` is missing or does not show it: the modes that record
    /// write it again, as `weft record` would, and say so; `never` only notes it.
    private func checkAsciiArt(of baseline: Snapshot) -> Outcome {
        let art = SnapshotAsciiArt.picture(of: baseline)
        let stored = try? String(contentsOf: files.asciiArt, encoding: .utf8)
        guard stored != art else { return .matched }
        let path = files.asciiArt.path
        let problem = stored == nil ? "is missing" : "does not show its baseline"
        guard mode != .never else {
            return .noted("the ASCII art of layout \(title), \(path), \(problem) (WEFT_RECORD=missing writes it)")
        }
        do {
            try WholeFile.write(Array(art.utf8), to: files.asciiArt.path)
        } catch {
            return .noted("the ASCII art of layout \(title), \(path), \(problem) and cannot be written: \(Self.reason(error))")
        }
        return .recorded(
            note:
                "wrote the ASCII art of layout \(title) at \(path) (it \(stored == nil ? "was missing" : "did not show its baseline"))"
        )
    }

    /// Writes the baseline and its ASCII art.
    private func record(_ snapshot: Snapshot, note: String) -> Outcome {
        do {
            try Capture.write(snapshot, to: files.baseline.path)
            try WholeFile.write(Array(SnapshotAsciiArt.picture(of: snapshot).utf8), to: files.asciiArt.path)
        } catch {
            return .failed(message: "cannot record layout \(title) at \(files.baseline.path): \(Self.reason(error))")
        }
        return .recorded(note: note)
    }

    /// A file error in the system's words ("Is a directory"): Foundation describes one as a dump
    /// of its NSError.
    private static func reason(_ error: Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? Error,
            (underlying as NSError).domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32((underlying as NSError).code)))
        }
        return (error as NSError).localizedDescription
    }

    /// Keeps the new snapshot as an artifact and says where, and how to accept it.
    private func fail(_ snapshot: Snapshot, _ message: String) -> Outcome {
        do {
            try Capture.write(snapshot, to: files.artifact.path)
        } catch {
            return .failed(
                message: message + "\n(the new snapshot could not be kept at \(files.artifact.path): \(Self.reason(error)))")
        }
        return .failed(
            message: message + "\nnew snapshot: \(files.artifact.path)\n"
                + "to accept it, run the test again with WEFT_RECORD=failed, or copy the new snapshot over the baseline")
    }
}
