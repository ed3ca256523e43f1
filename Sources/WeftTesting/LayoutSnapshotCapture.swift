import WeftCapture
import WeftLayout
import WeftNodes
import WeftSnapshot

/// Lays out what a test asserts on and captures it with WeftCapture, as a running program
/// would show it: the root node of a main loop, after one frame.
enum LayoutSnapshotCapture {
    /// `node`'s tree laid out in `sizeRange`: the node measures itself in the range, becomes the
    /// root of a fresh main loop with that size, and one frame runs (layout, interface states,
    /// range controllers). `meta` stays empty so that baselines do not change between runs.
    static func snapshot(of node: DisplayNode, in sizeRange: SizeRange) throws -> Snapshot {
        guard node.supernode == nil, node.mainLoop == nil else {
            throw CaptureError("needs a node that is not in a tree yet (\(node.textureClassName) \(node.id) is)")
        }
        let size = node.layoutThatFits(sizeRange).size
        let loop = MainLoop(clock: .manual)
        loop.addRoot(node, frame: Rect(origin: .zero, size: size))
        defer { loop.removeRoot(node) }
        loop.run(frames: 1)
        return Capture.snapshot(of: [node])
    }

    /// A layout spec tree laid out in `sizeRange`. In Texture a spec always belongs to a node, so
    /// it is laid out by a host node, `ASDisplayNode (spec)`, whose layout spec it is (its nodes
    /// become the host's subnodes).
    static func snapshot(of spec: any LayoutElement, in sizeRange: SizeRange) throws -> Snapshot {
        let host = DisplayNode()
        host.debugName = "spec"
        host.automaticallyManagesSubnodes = true
        host.layoutSpecBlock = { _, _ in spec }
        return try snapshot(of: host, in: sizeRange)
    }

    struct CaptureError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
