import WeftSnapshot

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
