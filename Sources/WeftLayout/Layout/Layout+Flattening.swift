/// Turning the unflattened layout tree (specs included) into the frames nodes get.
///
/// Texture applies a layout to nodes by flattening: every node's position relative to its
/// nearest node ancestor is the sum of the unrounded spec offsets between them, rounded up to
/// the pixel grid (ASCeilPointValues in ASLayout's filteredNodeLayoutTree). So a node's
/// applied frame can differ from the plain sum of origins by less than a pixel.
extension Layout {
    /// One element's frame in the root layout's coordinates.
    public struct ElementFrame {
        /// The node or spec.
        public let element: any LayoutElement
        /// Its frame in the root layout's coordinates, rounded to the pixel grid as Texture applies it.
        public let frame: Rect
        /// Depth in the unflattened tree (the root is 0).
        public let depth: Int
    }

    /// Every element of the tree (root first, then depth first in sublayout order) with its
    /// frame in root coordinates. A node's origin is its nearest node ancestor's origin plus
    /// the ceil-rounded offset to it; a spec's origin is the plain sum of offsets from its
    /// nearest node ancestor (specs get no frames in Texture, so nothing rounds them). The
    /// root is treated as a node.
    public func flattenedFrames(context: LayoutContext) -> [ElementFrame] {
        var result: [ElementFrame] = []
        result.append(ElementFrame(element: element, frame: Rect(origin: position, size: size), depth: 0))
        appendFrames(
            of: sublayouts, nodeOrigin: position, offsetFromNode: .zero, depth: 1,
            context: context, into: &result)
        return result
    }

    private func appendFrames(
        of layouts: [Layout], nodeOrigin: Point, offsetFromNode: Point,
        depth: Int, context: LayoutContext, into result: inout [ElementFrame]
    ) {
        for layout in layouts {
            let offset = offsetFromNode + layout.position
            if layout.element.layoutElementType == .displayNode {
                let origin = nodeOrigin + Point(x: context.ceilPixel(offset.x), y: context.ceilPixel(offset.y))
                result.append(
                    ElementFrame(
                        element: layout.element, frame: Rect(origin: origin, size: layout.size),
                        depth: depth))
                layout.appendFrames(
                    of: layout.sublayouts, nodeOrigin: origin, offsetFromNode: .zero,
                    depth: depth + 1, context: context, into: &result)
            } else {
                result.append(
                    ElementFrame(
                        element: layout.element,
                        frame: Rect(origin: nodeOrigin + offset, size: layout.size),
                        depth: depth))
                layout.appendFrames(
                    of: layout.sublayouts, nodeOrigin: nodeOrigin, offsetFromNode: offset,
                    depth: depth + 1, context: context, into: &result)
            }
        }
    }

    /// Texture's filteredNodeLayoutTree: this layout with its sublayouts replaced by the
    /// layouts of its nearest node descendants (specs in between dissolved), each positioned
    /// relative to this layout with the position rounded up to the pixel grid. Each node
    /// layout keeps its own sublayouts (Texture drops them and relies on the node's layout
    /// cache instead; keeping them lets a runtime apply the whole tree from one pass).
    public func flattenedToNodes(context: LayoutContext) -> Layout {
        var nodes: [Layout] = []
        collectNodes(in: sublayouts, offset: .zero, context: context, into: &nodes)
        return Layout(element: element, exactSize: size, position: position, sublayouts: nodes)
            .recording(constrainedSize: constrainedSize)
    }

    private func collectNodes(
        in layouts: [Layout], offset: Point, context: LayoutContext,
        into nodes: inout [Layout]
    ) {
        for layout in layouts {
            let absolute = offset + layout.position
            if layout.element.layoutElementType == .displayNode {
                var node = layout
                node.position = Point(x: context.ceilPixel(absolute.x), y: context.ceilPixel(absolute.y))
                nodes.append(node)
            } else {
                collectNodes(in: layout.sublayouts, offset: absolute, context: context, into: &nodes)
            }
        }
    }
}
