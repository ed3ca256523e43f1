import Foundation
import WeftFiles
import WeftNodes
import WeftSnapshot

/// Capture of node trees into snapshots, in-process and without any gateway.
///
/// ```swift
/// let snapshot = Capture.snapshot(of: loop.roots, meta: Snapshot.Meta(appId: "org.example.App"))
/// try Capture.write(snapshot, to: "/tmp/app.json")
/// try Capture.write(loop.roots, to: "/tmp/app.json")   // the same file, no value built
/// ```
/// Call it on the thread that owns the trees (their main loop's).
public enum Capture {
    /// The trees of `roots` (in order) and the range controllers of every scroll container in
    /// them or nested in a container's off-screen cells that are in a range (a table on a
    /// pager's preloaded page), parents first.
    public static func snapshot(of roots: [DisplayNode], revision: Int = 0, meta: Snapshot.Meta = Snapshot.Meta())
        -> Snapshot
    {
        snapshot(of: roots, revision: revision, meta: meta, cache: nil)
    }

    /// With a cache, subtrees unchanged since the cache's previous capture are reused: the
    /// streamed capture, assembled at once (tests compare it with a fresh one).
    static func snapshot(of roots: [DisplayNode], revision: Int, meta: Snapshot.Meta, cache: CaptureCache?) -> Snapshot {
        guard let cache else {
            var capturer = TreeCapturer(output: ElementTree())
            let elements = roots.map { capturer.capture(root: $0) }
            let rangeControllers = capturer.containers.map { RangeControllerCapture.capture($0) }
            return Snapshot(revision: revision, meta: meta, roots: elements, rangeControllers: rangeControllers)
        }
        var assembly = ElementAssembly()
        var snapshot = streamed(of: roots, meta: meta, cache: cache).snapshot(assembling: &assembly)
        snapshot.revision = revision
        return snapshot
    }

    /// A capture for streaming: the subtrees read, sharing those unchanged since the cache's
    /// previous capture, to be assembled into a document where it is published.
    static func streamed(of roots: [DisplayNode], meta: Snapshot.Meta, cache: CaptureCache) -> PendingCapture {
        cache.beginCapture()
        defer { cache.finishCapture() }
        var capturer = TreeCapturer(output: CapturedTree(cache: cache))
        let captured = roots.map { capturer.capture(root: $0) }
        let rangeControllers = capturer.containers.map { container in
            (RangeControllerCapture.Reading(container), cache.rangeControllerMemo(for: container))
        }
        return .streamed(roots: captured, rangeControllers: rangeControllers, meta: meta)
    }

    /// The document of `roots` as compact JSON: the bytes of `snapshot(of:...).encoded()`,
    /// written while the trees are walked, without building the `Snapshot` value: as fast, with
    /// memory for one element at a time instead of the whole tree. For files; streaming and
    /// diffs need the value.
    public static func encodedSnapshot(of roots: [DisplayNode], revision: Int = 0, meta: Snapshot.Meta = Snapshot.Meta())
        -> [UInt8]
    {
        var capturer = TreeCapturer(output: SnapshotStreamWriter(revision: revision, meta: meta))
        for root in roots { capturer.capture(root: root) }
        let rangeControllers = capturer.containers.map { RangeControllerCapture.capture($0, memo: nil) }
        return capturer.output.finish(rangeControllers: rangeControllers)
    }

    /// One node's element with its subtree, its frame as its parent shows it (nil for an unknown
    /// id). Spec ids are looked up in their owner's subtree.
    public static func element(withId id: String, in roots: [DisplayNode]) -> Snapshot.Element? {
        guard let parsed = ElementID(id), let owner = NodeLookup.node(withId: parsed.ownerNodeID, in: roots) else { return nil }
        var capturer = TreeCapturer(output: ElementTree())
        let frame = NodeLookup.frameInParentElement(of: owner)
        let element = capturer.capture(subtreeOf: owner, frame: Snapshot.Rect(frame))
        if case .node = parsed { return element }
        return element.first { $0.id == id }
    }

    /// Writes `snapshot` as indented JSON (what a checkpoint file holds), creating directories.
    /// The file is replaced whole, and a symbolic link is written through (`WholeFile`).
    public static func write(_ snapshot: Snapshot, to path: String) throws {
        try write(snapshot.encodedPretty(), to: path)
    }

    /// Writes the document of `roots` as indented JSON, the same file as
    /// `write(snapshot(of: roots, ...), to:)`, without building the `Snapshot` value
    /// (`encodedSnapshot(of:)`).
    public static func write(
        _ roots: [DisplayNode], revision: Int = 0, meta: Snapshot.Meta = Snapshot.Meta(),
        to path: String
    ) throws {
        try write(Snapshot.indenting(encodedSnapshot(of: roots, revision: revision, meta: meta)), to: path)
    }

    private static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try WholeFile.write(bytes, to: path)
    }

    /// `2026-11-30T08:00:00Z`, the form of `meta.capturedAt`.
    public static func timestamp(_ date: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
