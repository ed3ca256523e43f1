import WeftLayout

/// A node's layout as the node itself keeps it (`calculatedLayout`, the layout cache): all of
/// it but the element, which is the node. Kept whole, the layout would hold the node and the
/// node its layout, and no node that was ever laid out would be freed (Texture's ASLayout holds
/// its element weakly for the same reason). The subnodes and specs below stay strong: the node
/// owns them.
struct OwnLayout {
    let size: Size
    let position: Point
    let sublayouts: [Layout]
    let constrainedSize: SizeRange

    init(_ layout: Layout) {
        (size, position, sublayouts, constrainedSize) = (layout.size, layout.position, layout.sublayouts, layout.constrainedSize)
    }

    /// The layout again, with `node` as its element, recording `range` (by default the range
    /// it was laid out in; a cache hit records the range asked, as the layout it answers).
    func layout(of node: DisplayNode, recording range: SizeRange? = nil) -> Layout {
        var layout = Layout(element: node, exactSize: size, position: position, sublayouts: sublayouts)
        layout.constrainedSize = range ?? constrainedSize
        return layout
    }
}
