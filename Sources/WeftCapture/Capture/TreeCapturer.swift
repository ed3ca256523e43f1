import WeftLayout
import WeftNodes
import WeftSnapshot

/// Walks node trees into snapshot elements (protocol.md, Element).
///
/// A node's children are its calculated layout's spec tree first (each spec gets the
/// structural id `<owner>/<path>`; nodes met in it are captured with the frame the unflattened
/// layout gives them), then the subnodes that layout did not place (manual layout, a
/// container's visible cells), with their frames moved by the parent's bounds origin so that
/// root coordinates are always the sum of the ancestors' origins (a cell of a scrolled table is
/// where it shows on screen). Scroll containers met on the way are collected for their range
/// controllers, with the containers nested in their off-screen cells (as
/// `MainLoop.allContainers` lists them).
struct TreeCapturer {
    /// The containers met, parents first.
    private(set) var containers: [ContainerNode] = []
    /// Elements of unchanged subtrees from the previous capture, when capturing repeatedly.
    let cache: CaptureCache?
    /// Elements whose content depends on more than their subtree: scroll containers (their
    /// range controllers are collected here) and tappable areas (cut by ancestors). Subtrees
    /// with one are not cached.
    private var contextDependentCount = 0

    init(cache: CaptureCache? = nil) {
        self.cache = cache
    }

    /// A root: its frame is its window frame.
    mutating func capture(root: DisplayNode) -> Snapshot.Element {
        node(root, frame: root.frame)
    }

    /// `node` and its subtree, with `frame` in its parent element.
    mutating func node(_ node: DisplayNode, frame: WeftLayout.Rect) -> Snapshot.Element {
        guard let cache else { return capture(node, frame: frame) }
        if var hit = cache.element(for: node) {
            if hit.interfaceStatesChanged {
                Self.readInterfaceStates(into: &hit.element, of: node)
                cache.record(hit.element, for: node)
            }
            hit.element.frame = Snapshot.Rect(frame)
            return hit.element
        }
        let before = contextDependentCount
        let element = capture(node, frame: frame)
        if contextDependentCount == before { cache.record(element, for: node) }
        return element
    }

    private mutating func capture(_ node: DisplayNode, frame: WeftLayout.Rect) -> Snapshot.Element {
        var element = Snapshot.Element(id: node.id, className: node.textureClassName, debugName: node.debugName,
                                       frame: Snapshot.Rect(frame))
        if let range = node.constrainedSizeForCalculatedLayout { element.constrainedSize = Snapshot.SizeRange(range) }
        let calculatedLayout = node.calculatedLayout
        if let calculatedLayout { element.calculatedSize = Snapshot.Size(calculatedLayout.size) }
        element.style = StyleProperties.capture(node.style)
        element.props = NodeProperties.capture(node)
        if let control = node as? ControlNode, control.hasTargets {
            let area = control.tappableArea
            contextDependentCount += 1
            element.tappable = Snapshot.Tappable(rect: Snapshot.Rect(area.rect),
                                                 restricted: Snapshot.Edges(rawValue: area.restricted.rawValue),
                                                 clipped: Snapshot.Edges(rawValue: area.clipped.rawValue))
        }
        element.interfaceState = Self.interfaceState(of: node)
        if let container = node as? ContainerNode {
            containers.append(container)
            // Its off-screen cells in a range (a pager's preloaded pages) are not in the tree:
            // their containers' controllers are listed, their trees are not captured.
            container.appendContainersInOffscreenCells(to: &containers)
            contextDependentCount += 1
        }

        var placed: [ObjectIdentifier] = []
        if let layout = calculatedLayout, !layout.sublayouts.isEmpty {
            element.children.reserveCapacity(layout.sublayouts.count + node.subnodes.count)
            for (index, sublayout) in layout.sublayouts.enumerated() {
                element.children.append(self.element(sublayout, id: node.id + "/" + String(index), placed: &placed))
            }
        }
        let origin = node.boundsOrigin
        let subnodes = node.subnodes
        // Usually the layout placed every subnode; a set keeps big nodes linear.
        let placedSet: Set<ObjectIdentifier>? = placed.count > 16 ? Set(placed) : nil
        for subnode in subnodes {
            let id = ObjectIdentifier(subnode)
            if let placedSet { if placedSet.contains(id) { continue } } else if placed.contains(id) { continue }
            var frame = subnode.frame
            frame.origin = WeftLayout.Point(x: frame.origin.x - origin.x, y: frame.origin.y - origin.y)
            element.children.append(self.node(subnode, frame: frame))
        }
        return element
    }

    /// An element of a node's spec tree: a spec (recursively), a node, or another leaf element.
    private mutating func element(_ layout: Layout, id: String, placed: inout [ObjectIdentifier]) -> Snapshot.Element {
        let element = layout.element
        if element.layoutElementType == .displayNode, let node = element as? DisplayNode {
            placed.append(ObjectIdentifier(node))
            return self.node(node, frame: layout.frame)
        }
        var captured = Snapshot.Element(id: id, className: element.textureClassName, debugName: element.debugName,
                                        frame: Snapshot.Rect(layout.frame),
                                        constrainedSize: Snapshot.SizeRange(layout.constrainedSize))
        captured.style = StyleProperties.capture(element.style)
        guard element.layoutElementType == .layoutSpec, let spec = element as? LayoutSpec else {
            return captured  // a leaf that is not a node (a layout-json box): a node without an id of its own
        }
        let descriptor = SpecDescriptors.descriptor(for: spec)
        captured.kind = .spec
        captured.type = descriptor.type
        captured.props = descriptor.capture(spec)
        captured.children.reserveCapacity(layout.sublayouts.count)
        for (index, child) in spec.children.enumerated() {
            guard let sublayout = Self.sublayout(of: child, in: layout.sublayouts, near: index) else { continue }
            captured.children.append(self.element(sublayout, id: id + "." + String(index), placed: &placed))
        }
        return captured
    }

    private static func interfaceState(of node: DisplayNode) -> Snapshot.InterfaceState {
        Snapshot.InterfaceState(rawValue: Int(node.interfaceState.rawValue))
    }

    /// Sets the interface state of `element` (recorded for `node`) and of the node elements in
    /// it from their nodes, leaving everything else as recorded. Cached subtrees hold no scroll
    /// container, so every node element in `element`'s spec tree or among its children is one of
    /// `node`'s subnodes.
    private static func readInterfaceStates(into element: inout Snapshot.Element, of node: DisplayNode) {
        element.interfaceState = interfaceState(of: node)
        for index in element.children.indices { readInterfaceStates(into: &element.children[index], under: node) }
    }

    private static func readInterfaceStates(into element: inout Snapshot.Element, under owner: DisplayNode) {
        guard element.kind == .node else {
            for index in element.children.indices { readInterfaceStates(into: &element.children[index], under: owner) }
            return
        }
        // Ids are unique, so the subnode is found by its id; a leaf that is not a node (a
        // layout-json box) has none and keeps its state.
        guard let subnode = owner.subnodes.first(where: { $0.id == element.id }) else { return }
        readInterfaceStates(into: &element, of: subnode)
    }

    /// The sublayout of `child`: specs usually keep their children's order (a background spec
    /// puts the background first), so the same index is tried before a search.
    private static func sublayout(of child: any LayoutElement, in sublayouts: [Layout], near index: Int) -> Layout? {
        if index < sublayouts.count, sublayouts[index].element === child { return sublayouts[index] }
        return sublayouts.first { $0.element === child }
    }
}
