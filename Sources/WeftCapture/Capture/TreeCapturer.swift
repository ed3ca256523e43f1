import WeftLayout
import WeftNodes
import WeftSnapshot

/// Walks node trees into snapshot elements (docs/snapshot-format.md, Element), handing each element to its
/// `Output` parents first: built into values (`ElementTree`), into subtrees shared with earlier
/// captures (`CapturedTree`, which reuses cached ones: TreeCapturer+Cache.swift) or written
/// straight into a document (`SnapshotStreamWriter`).
///
/// A node's children are its calculated layout's spec tree first (each spec gets the
/// structural id `<owner>/<path>`; nodes met in it are captured with the frame the unflattened
/// layout gives them), then the subnodes that layout did not place (manual layout, a
/// container's visible cells), with their frames moved by the parent's bounds origin so that
/// root coordinates are always the sum of the ancestors' origins (a cell of a scrolled table is
/// where it shows on screen). Scroll containers met on the way are collected for their range
/// controllers, with the containers nested in their off-screen cells (as
/// `MainLoop.allContainers` lists them).
struct TreeCapturer<Output: ElementOutput> {
    /// Where the elements go: built into values, or written straight into JSON.
    var output: Output
    /// The containers met, parents first.
    var containers: [ContainerNode] = []

    /// The screen scale of the tree being walked (its root's layout context: every node of a
    /// tree, its containers' cells too, lays out with its root's), read once per tree.
    private var contentsScale = LayoutContext.default.scale

    init(output: Output) {
        self.output = output
    }

    /// A root: its frame is its window frame.
    mutating func capture(root: DisplayNode) -> Output.Closed {
        capture(subtreeOf: root, frame: Snapshot.Rect(root.frame))
    }

    /// `node`'s subtree on its own (a root, or one element asked for), with `frame` in its
    /// parent element.
    mutating func capture(subtreeOf node: DisplayNode, frame: Snapshot.Rect) -> Output.Closed {
        contentsScale = node.layoutContext.scale
        return self.node(node, frame: frame)
    }

    /// `node` and its subtree, with `frame` in its parent element.
    mutating func node(_ node: DisplayNode, frame: WeftLayout.Rect) -> Output.Closed {
        self.node(node, frame: Snapshot.Rect(frame))
    }

    /// The output decides how a node is captured: the element tree may reuse an earlier
    /// capture's subtree.
    mutating func node(_ node: DisplayNode, frame: Snapshot.Rect) -> Output.Closed {
        Output.capture(node, frame: frame, with: &self)
    }

    /// Reads `node` and its subtree.
    mutating func capture(_ node: DisplayNode, frame: Snapshot.Rect) -> (element: Output.Closed, layoutChildCount: Int) {
        let calculatedLayout = node.calculatedLayout
        // One initializer call, so that the fields are built in place and handed on without a
        // copy.
        let fields = Snapshot.Element(
            id: node.id, className: node.textureClassName, debugName: node.debugName, frame: frame,
            constrainedSize: node.constrainedSizeForCalculatedLayout.map(Snapshot.SizeRange.init) ?? .unconstrained,
            calculatedSize: calculatedLayout.map { Snapshot.Size($0.size) },
            tappable: Self.tappableArea(of: node), interfaceState: Self.interfaceState(of: node))
        collectContainers(of: node)

        let subnodes = node.subnodes
        let sublayouts = calculatedLayout?.sublayouts ?? []
        // At most one child per sublayout and per subnode.
        var element = output.open(fields, childCapacity: sublayouts.count + subnodes.count) { style in
            StyleProperties.capture(node.style, into: &style)
        } props: { props in
            NodeProperties.capture(node, contentsScale: contentsScale, into: &props)
        }
        // The nodes its spec tree places are its subnodes: one allocation, not one per doubling.
        var placed: [ObjectIdentifier] = []
        if !sublayouts.isEmpty { placed.reserveCapacity(subnodes.count) }
        sublayouts.withUnsafeBufferPointer { sublayouts in
            for index in sublayouts.indices {
                let child = self.element(
                    sublayouts.baseAddress! + index,
                    id: ElementID.childSpecID(of: node.id, parentIsNode: true, index: index), placed: &placed)
                output.append(child, to: &element)
            }
        }
        appendSubnodesLayoutDidNotPlace(of: node, placed: placed, to: &element)
        return (output.close(element), sublayouts.count)
    }

    /// The tappable area of a control with targets, nil for other nodes. (An area is cut by the
    /// ancestors up to the nearest scroll container: a reused subtree below another parent has
    /// its areas computed again, `areasAreCutAbove`.)
    static func tappableArea(of node: DisplayNode) -> Snapshot.Tappable? {
        guard let control = node as? ControlNode, control.hasTargets else { return nil }
        return tappable(of: control)
    }

    /// A container's place in the list of range controllers.
    mutating func collectContainers(of node: DisplayNode) {
        guard let container = node as? ContainerNode else { return }
        containers.append(container)
        // Its off-screen cells in a range (a pager's preloaded pages) are not in the tree:
        // their containers' controllers are listed, their trees are not captured.
        container.appendContainersInOffscreenCells(to: &containers)
    }

    /// The subnodes a node's layout did not place (manual layout, a container's visible cells),
    /// after its spec tree, with their frames moved by the node's bounds origin.
    mutating func appendSubnodesLayoutDidNotPlace(
        of node: DisplayNode, placed: [ObjectIdentifier],
        to element: inout Output.Open
    ) {
        forEachSubnodeLayoutDidNotPlace(of: node, placed: placed) { capturer, subnode, frame in
            let child = capturer.node(subnode, frame: frame)
            capturer.output.append(child, to: &element)
        }
    }

    /// Calls `body` with each subnode `node`'s layout did not place, in order, and its frame
    /// moved by the node's bounds origin (root coordinates are the sum of the ancestors').
    mutating func forEachSubnodeLayoutDidNotPlace(
        of node: DisplayNode, placed: [ObjectIdentifier],
        _ body: (inout TreeCapturer, DisplayNode, Snapshot.Rect) -> Void
    ) {
        let origin = node.boundsOrigin
        // Usually the layout placed every subnode; a set keeps big nodes linear.
        let placedSet: Set<ObjectIdentifier>? = placed.count > 16 ? Set(placed) : nil
        let subnodes = node.subnodes
        subnodes.withUnsafeBufferPointer { subnodes in
            let references = UnsafeRawPointer(subnodes.baseAddress)?.assumingMemoryBound(to: Unmanaged<DisplayNode>.self)
            for index in subnodes.indices {
                // Not retained: `subnodes` holds it for the whole walk. Nodes are referenced
                // weakly (by their subnodes, a cell by its container), so they count their
                // references in a side table, where a retain and its release cost more than
                // reusing a cell's capture. (Reading the array's element, even into an
                // `unowned(unsafe)` constant, retained it.)
                references![index]._withUnsafeGuaranteedRef { subnode in
                    let id = ObjectIdentifier(subnode)
                    if let placedSet { if placedSet.contains(id) { return } } else if placed.contains(id) { return }
                    var frame = subnode.frame
                    frame.origin = WeftLayout.Point(x: frame.origin.x - origin.x, y: frame.origin.y - origin.y)
                    body(&self, subnode, Snapshot.Rect(frame))
                }
            }
        }
    }

    /// An element of a node's spec tree: a spec (recursively), a node, or another leaf element.
    /// Layouts are read in place through a pointer into their parent's sublayouts: passing one
    /// (even to a `borrowing` parameter) copied it, a retain and a release of its element and
    /// of its sublayouts for every element of a spec tree.
    private mutating func element(_ layout: UnsafePointer<Layout>, id: String, placed: inout [ObjectIdentifier])
        -> Output.Closed
    {
        let layoutElement = layout.pointee.element
        if layoutElement.layoutElementType == .displayNode, let node = layoutElement as? DisplayNode {
            placed.append(ObjectIdentifier(node))
            return self.node(node, frame: layout.pointee.frame)
        }
        guard layoutElement.layoutElementType == .layoutSpec, let spec = layoutElement as? LayoutSpec else {
            // A leaf that is not a node (a layout-json box): a node without an id of its own.
            let fields = Snapshot.Element(
                id: id, className: layoutElement.textureClassName, debugName: layoutElement.debugName,
                frame: Snapshot.Rect(layout.pointee.frame), constrainedSize: Snapshot.SizeRange(layout.pointee.constrainedSize))
            let element = output.open(fields, childCapacity: 0) { style in
                StyleProperties.capture(layoutElement.style, into: &style)
            } props: { _ in
            }
            return output.close(element)
        }
        let descriptor = SpecDescriptors.descriptor(for: spec)
        let fields = Snapshot.Element(
            id: id, kind: .spec, type: descriptor.type, className: spec.textureClassName, debugName: spec.debugName,
            frame: Snapshot.Rect(layout.pointee.frame), constrainedSize: Snapshot.SizeRange(layout.pointee.constrainedSize))
        let sublayouts = layout.pointee.sublayouts
        var element = output.open(fields, childCapacity: sublayouts.count) { style in
            StyleProperties.capture(spec.style, into: &style)
        } props: { props in
            descriptor.capture(spec, into: &props)
        }
        sublayouts.withUnsafeBufferPointer { sublayouts in
            for (index, child) in spec.children.enumerated() {
                guard let sublayoutIndex = Self.sublayoutIndex(of: child, in: sublayouts, near: index) else { continue }
                let captured = self.element(
                    sublayouts.baseAddress! + sublayoutIndex,
                    id: ElementID.childSpecID(of: id, parentIsNode: false, index: index), placed: &placed)
                output.append(captured, to: &element)
            }
        }
        return output.close(element)
    }

    static func interfaceState(of node: DisplayNode) -> Snapshot.InterfaceState {
        Snapshot.InterfaceState(rawValue: Int(node.interfaceState.rawValue))
    }

    static func tappable(of control: ControlNode) -> Snapshot.Tappable {
        let area = control.tappableArea
        return Snapshot.Tappable(
            rect: Snapshot.Rect(area.rect), restricted: Snapshot.Edges(rawValue: area.restricted.rawValue),
            clipped: Snapshot.Edges(rawValue: area.clipped.rawValue))
    }

    /// The index of the sublayout of `child`: specs usually keep their children's order (a
    /// background spec puts the background first), so the same index is tried before a search.
    private static func sublayoutIndex(
        of child: any LayoutElement, in sublayouts: UnsafeBufferPointer<Layout>,
        near index: Int
    ) -> Int? {
        if index < sublayouts.count, sublayouts[index].element === child { return index }
        return sublayouts.firstIndex { $0.element === child }
    }
}
