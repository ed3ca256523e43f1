/// The id of a snapshot element (protocol.md, Identity): a node's own `"n<counter>"`, or a
/// spec's structural `"<ownerNodeId>/<path>"` where path is the dot-separated child indices from
/// the owner's spec root (`"n12/0"` the root spec, `"n12/0.1"` its second child).
public enum ElementID: Hashable, Sendable, CustomStringConvertible {
    case node(String)
    case spec(owner: String, path: [Int])

    /// Parses an id; nil when it is neither form (`""`, `"n1/"`, `"n1/0.x"`, `"/0"`).
    public init?(_ text: String) {
        guard let slash = text.firstIndex(of: "/") else {
            guard !text.isEmpty else { return nil }
            self = .node(text)
            return
        }
        let owner = String(text[..<slash])
        let pathText = text[text.index(after: slash)...]
        guard !owner.isEmpty, !pathText.isEmpty else { return nil }
        var path: [Int] = []
        for component in pathText.split(separator: ".", omittingEmptySubsequences: false) {
            guard let index = Int(component), index >= 0, String(index) == component else { return nil }
            path.append(index)
        }
        self = .spec(owner: owner, path: path)
    }

    /// The node the element belongs to: the node itself, or the spec's owner.
    public var ownerNodeID: String {
        switch self {
        case .node(let id): id
        case .spec(let owner, _): owner
        }
    }

    public var description: String {
        switch self {
        case .node(let id): id
        case .spec(let owner, let path): ElementID.specID(owner: owner, path: path)
        }
    }

    /// The id of the spec at `index` among the children of the element `parent` (a node's
    /// layout root: `n12` -> `n12/0`; a spec's child: `n12/0` -> `n12/0.1`). Built by appending
    /// to the parent's id, which a capture does for every spec.
    static func childSpecID(of parent: String, parentIsNode: Bool, index: Int) -> String {
        var text = parent
        text.append(parentIsNode ? "/" : ".")
        if index < 10 {
            text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(index))))
        } else {
            text.append(String(index))
        }
        return text
    }

    /// `"n12/0.1"`.
    static func specID(owner: String, path: [Int]) -> String {
        var text = owner
        text.reserveCapacity(owner.utf8.count + 2 * path.count)
        text.append("/")
        for (position, index) in path.enumerated() {
            if position > 0 { text.append(".") }
            text.append(String(index))
        }
        return text
    }
}
