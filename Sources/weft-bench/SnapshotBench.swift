import WeftSnapshot
import WeftSynthetic

/// `snapshot`: the document codec, the update-op diff and the semantic diff on synthetic feed
/// documents (`SyntheticFeed`) of 1 000 / 10 000 / 100 000 elements.
struct SnapshotBench: BenchSuite {
    let name = "snapshot"

    func run(size: BenchSize, report: BenchReport) {
        let sizes = size == .tiny ? [1_000] : [1_000, 10_000, 100_000]
        let repeats = size == .tiny ? 2 : 5
        for count in sizes {
            codec(elementCount: count, repeats: repeats, report: report)
        }
        let diffSize = size == .tiny ? 1_000 : 100_000
        semanticDiff(elementCount: diffSize, report: report)
        updateOps(elementCount: diffSize, repeats: repeats, report: report)
    }

    /// Two documents of the same feed where every 10th cell changed (its title is wider and its
    /// like button moved), as a CI baseline comparison would see them (CLIBench diffs it too).
    static func editedPair(elementCount: Int) -> (Snapshot, Snapshot) {
        let a = SyntheticFeed.snapshot(elementCount: elementCount)
        var b = a
        var cells = b.roots[0].children[0].children[1].children
        for index in stride(from: 0, to: cells.count, by: 10) {
            // cell > inset > column stack > [header stack > [avatar, texts > [title, subtitle]], ratio, like]
            cells[index].children[0].children[0].children[0].children[1].children[0].frame.width += 7
            cells[index].children[0].children[0].children[2].frame.x += 4
        }
        b.roots[0].children[0].children[1].children = cells
        return (a, b)
    }

    private func semanticDiff(elementCount: Int, report: BenchReport) {
        let (aBytes, bBytes): ([UInt8], [UInt8]) = {
            let (a, b) = Self.editedPair(elementCount: elementCount)
            return (a.encoded(), b.encoded())
        }()
        // What `weft diff A B` does: read both files, diff, format. Peak memory covers all of it.
        PeakMemory.resetPeak()
        var changeCount = 0
        var compareSeconds = 0.0
        let seconds = Stopwatch.seconds {
            guard let a = try? Snapshot(json: aBytes), let b = try? Snapshot(json: bBytes) else {
                fatalError("unreadable bench document")
            }
            compareSeconds = Stopwatch.seconds {
                changeCount = SemanticDiffReport.lines(SemanticDiff.compare(a, b)).count
            }
        }
        let label = "\(elementCount / 1000)k"
        report.figure("semantic diff incl. decode, two \(label) documents", seconds * 1000, "ms", decimals: 1)
        report.figure("semantic diff compare only (\(label))", compareSeconds * 1000, "ms", decimals: 1)
        report.figure("semantic diff peak memory (\(label))", PeakMemory.peakMiB(), "MiB", decimals: 1)
        report.figure("semantic diff changes found (\(label))", Double(changeCount), "changes", decimals: 0)
    }

    private func updateOps(elementCount: Int, repeats: Int, report: BenchReport) {
        let label = "\(elementCount / 1000)k"
        // Structural changes: every 100th cell goes away, a new cell comes first (the full diff).
        let base = SyntheticFeed.snapshot(elementCount: elementCount)
        var restructured = base
        var cells = restructured.roots[0].children[0].children[1].children
        func renamed(_ element: Snapshot.Element) -> Snapshot.Element {
            var copy = element
            copy.id = "new-" + element.id
            copy.children = element.children.map(renamed)
            return copy
        }
        let fresh = renamed(SyntheticFeed.snapshot(elementCount: 20, seed: 99).roots[0].children[0].children[1].children[0])
        cells = cells.enumerated().filter { $0.offset % 100 != 50 }.map(\.element)
        cells.insert(fresh, at: 0)
        restructured.roots[0].children[0].children[1].children = cells
        var structuralOps: [UpdateOp] = []
        let structural = Stopwatch.bestSeconds(repeats: repeats) { structuralOps = UpdateOps.diff(base, restructured) }
        precondition((try? UpdateOps.applying(structuralOps, to: base))?.roots == restructured.roots, "structural ops are wrong")
        report.figure("update-op diff (\(label), 1% of cells removed, one added)", structural * 1000, "ms", decimals: 1)

        let (a, b) = Self.editedPair(elementCount: elementCount)
        var ops: [UpdateOp] = []
        let diff = Stopwatch.bestSeconds(repeats: repeats) { ops = UpdateOps.diff(a, b) }
        var applied = a
        let apply = Stopwatch.bestSeconds(repeats: repeats) { applied = (try? UpdateOps.applying(ops, to: a)) ?? a }
        precondition(applied.roots == b.roots, "update ops did not reproduce the edited document")
        report.figure("update-op diff (\(label), 10% of cells' fields edited)", diff * 1000, "ms", decimals: 1)
        report.figure("update-op apply (\(label))", apply * 1000, "ms", decimals: 1)
        report.figure(
            "update ops bytes / full document (\(label))", Double(UpdateOp.encode(ops).count) / Double(b.encoded().count) * 100,
            "%", decimals: 2)
    }

    private func codec(elementCount: Int, repeats: Int, report: BenchReport) {
        let snapshot = SyntheticFeed.snapshot(elementCount: elementCount)
        let elements = Double(snapshot.elementCount)
        var bytes: [UInt8] = []
        let encode = Stopwatch.bestSeconds(repeats: repeats) { bytes = snapshot.encoded() }
        var decoded: Snapshot?
        let decode = Stopwatch.bestSeconds(repeats: repeats) { decoded = try? Snapshot(json: bytes) }
        precondition(decoded == snapshot, "the decoded document differs from the encoded one")
        let label = "\(elementCount / 1000)k"
        report.figure("encode us/element (\(label))", encode * 1e6 / elements, "us", decimals: 3)
        report.figure("decode us/element (\(label))", decode * 1e6 / elements, "us", decimals: 3)
        report.figure("bytes/element (\(label))", Double(bytes.count) / elements, "bytes", decimals: 1)
    }
}
