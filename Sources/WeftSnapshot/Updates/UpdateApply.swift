import WeftJSON

extension UpdateOps {
    /// Applies `ops` in order to `snapshot`'s roots and range controllers. Throws
    /// `UpdateOpError` (naming the op) for an op that does not fit: an unknown id or parent, an
    /// index out of range, an id that already exists, a move into the element's own subtree, a
    /// field that cannot be set or a bad value. On error `snapshot` is left unchanged.
    public static func apply(_ ops: [UpdateOp], to snapshot: inout Snapshot) throws {
        var tree: MutableTree
        do {
            tree = try MutableTree(snapshot)
        } catch let failure as ApplyFailure {
            throw UpdateOpError(opIndex: nil, op: nil, message: "the document itself is invalid: \(failure.message)")
        }
        var controllers = snapshot.rangeControllers
        for (index, op) in ops.enumerated() {
            do {
                try tree.apply(op, controllers: &controllers)
            } catch let failure as ApplyFailure {
                throw UpdateOpError(opIndex: index, op: op.name, message: failure.message)
            } catch let error as JSONError {
                throw UpdateOpError(opIndex: index, op: op.name, message: error.description)
            }
        }
        snapshot.roots = tree.roots()
        snapshot.rangeControllers = controllers
    }

    /// `apply` on a copy.
    public static func applying(_ ops: [UpdateOp], to snapshot: Snapshot) throws -> Snapshot {
        var result = snapshot
        try apply(ops, to: &result)
        return result
    }
}

/// What did not fit, before it is tagged with the op's position.
struct ApplyFailure: Error {
    let message: String
}

/// The document as linked nodes with an id index, so each op costs about the size of one child
/// list instead of a copy of the tree.
private struct MutableTree {
    final class Node {
        var element: Snapshot.Element  // children kept empty; `children` below holds them
        var children: [Node] = []
        weak var parent: Node?

        init(_ element: Snapshot.Element) {
            self.element = element
            self.element.children = []
        }

        /// Rebuilds the value tree below this node.
        func value() -> Snapshot.Element {
            var result = element
            result.children = children.map { $0.value() }
            return result
        }
    }

    /// Root list: a node without element fields of its own.
    private let top = Node(Snapshot.Element(id: "", className: ""))
    private var nodes: [String: Node] = [:]

    init(_ snapshot: Snapshot) throws {
        for root in snapshot.roots { top.children.append(try makeNode(root, parent: top)) }
    }

    func roots() -> [Snapshot.Element] {
        top.children.map { $0.value() }
    }

    /// Builds nodes for `element`'s subtree and indexes them; an id already present is an error.
    private mutating func makeNode(_ element: Snapshot.Element, parent: Node) throws -> Node {
        guard nodes[element.id] == nil else {
            throw ApplyFailure(message: "duplicate element id \"\(element.id)\"")
        }
        let node = Node(element)
        node.parent = parent
        nodes[element.id] = node
        for child in element.children { node.children.append(try makeNode(child, parent: node)) }
        return node
    }

    private func node(_ id: String) throws -> Node {
        guard let node = nodes[id] else { throw ApplyFailure(message: "unknown element id \"\(id)\"") }
        return node
    }

    private func parentNode(_ id: String?) throws -> Node {
        guard let id else { return top }
        guard let node = nodes[id] else { throw ApplyFailure(message: "unknown parent id \"\(id)\"") }
        return node
    }

    private func checkIndex(_ index: Int, in parent: Node, parentId: String?) throws {
        guard index >= 0, index <= parent.children.count else {
            let name = parentId.map { "\"\($0)\"" } ?? "the root list"
            throw ApplyFailure(message: "index \(index) is out of range for \(name), which has \(parent.children.count) children")
        }
    }

    private mutating func unindex(_ node: Node) {
        nodes[node.element.id] = nil
        for child in node.children { unindex(child) }
    }

    private func detach(_ node: Node) {
        let parent = node.parent!
        parent.children.remove(at: parent.children.firstIndex { $0 === node }!)
    }

    mutating func apply(_ op: UpdateOp, controllers: inout [Snapshot.RangeController]) throws {
        switch op {
        case .add(let parentId, let index, let element):
            let parent = try parentNode(parentId)
            try checkIndex(index, in: parent, parentId: parentId)
            var seen = Set<String>()
            try checkNewIds(element, seen: &seen)
            parent.children.insert(try makeNode(element, parent: parent), at: index)

        case .remove(let id):
            let node = try node(id)
            detach(node)
            unindex(node)

        case .move(let id, let parentId, let index):
            let node = try node(id)
            let parent = try parentNode(parentId)
            var ancestor: Node? = parent
            while let current = ancestor {
                if current === node { throw ApplyFailure(message: "cannot move \"\(id)\" into its own subtree") }
                ancestor = current.parent
            }
            let count = parent.children.count - (node.parent === parent ? 1 : 0)
            guard index >= 0, index <= count else {
                let name = parentId.map { "\"\($0)\"" } ?? "the root list"
                throw ApplyFailure(message: "index \(index) is out of range for \(name), which has \(count) other children")
            }
            detach(node)
            parent.children.insert(node, at: index)
            node.parent = parent

        case .set(let id, let fields, let unset):
            let node = try node(id)
            var element = node.element
            // A default calculatedSize follows the frame (documents omit it): a new frame moves it.
            let calculatedSizeFollowsFrame =
                ElementField.calculatedSize.isDefault(in: element)
                && fields["calculatedSize"] == nil
            for entry in fields {
                guard let field = ElementField(rawValue: entry.key) else {
                    throw ApplyFailure(message: "unknown field \"\(entry.key)\"")
                }
                guard field.isSettable else { throw ApplyFailure(message: "field \"\(entry.key)\" cannot be set") }
                try field.assign(entry.value, to: &element)
            }
            if calculatedSizeFollowsFrame { element.calculatedSize = element.frame.size }
            for name in unset {
                guard let field = ElementField(rawValue: name) else { throw ApplyFailure(message: "unknown field \"\(name)\"") }
                guard field.isSettable, !field.isRequired else {
                    throw ApplyFailure(message: "field \"\(name)\" cannot be unset")
                }
                field.reset(in: &element)
            }
            node.element = element

        case .range(let controller):
            if let index = controllers.firstIndex(where: { $0.id == controller.id }) {
                controllers[index] = controller
            } else {
                controllers.append(controller)
            }

        case .rangeRemoved(let id):
            guard let index = controllers.firstIndex(where: { $0.id == id }) else {
                throw ApplyFailure(message: "unknown range controller id \"\(id)\"")
            }
            controllers.remove(at: index)
        }
    }

    /// An added subtree must not reuse an id of the document or repeat one of its own.
    private func checkNewIds(_ element: Snapshot.Element, seen: inout Set<String>) throws {
        guard nodes[element.id] == nil else { throw ApplyFailure(message: "element id \"\(element.id)\" already exists") }
        guard seen.insert(element.id).inserted else {
            throw ApplyFailure(message: "element id \"\(element.id)\" appears twice in the added subtree")
        }
        for child in element.children { try checkNewIds(child, seen: &seen) }
    }
}
