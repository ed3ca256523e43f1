import WeftLayout
import WeftNodes

/// The live object an element id names in the inspected trees: a node, or a spec of its owner's
/// current layout (found by the path of its structural id).
enum LiveElement {
    case node(DisplayNode)
    case spec(owner: DisplayNode, path: [Int], spec: LayoutSpec)

    /// Throws -32010 when no node or spec has the id.
    static func resolve(_ id: String, in roots: [DisplayNode]) throws(CommandError) -> LiveElement {
        guard let parsed = ElementID(id), let owner = NodeLookup.node(withId: parsed.ownerNodeID, in: roots) else {
            throw .unknownElement(id)
        }
        switch parsed {
        case .node:
            return .node(owner)
        case .spec(_, let path):
            guard let layout = owner.calculatedLayout, let first = path.first, first < layout.sublayouts.count,
                let spec = EditStore.spec(at: Array(path.dropFirst()), from: layout.sublayouts[first].element)
            else {
                throw .unknownElement(id, "spec")
            }
            return .spec(owner: owner, path: path, spec: spec)
        }
    }

    /// The node whose layout holds the element (the node itself for a node).
    var owner: DisplayNode {
        switch self {
        case .node(let node): node
        case .spec(let owner, _, _): owner
        }
    }
}
