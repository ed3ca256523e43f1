/// The id of a snapshot element (docs/protocol.md, Identity of elements): a node's own `"n<counter>"`, or a
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
    /// layout root: `n12` -> `n12/0`; a spec's child: `n12/0` -> `n12/0.1`). A capture builds
    /// one for every spec: written in one pass into the new string's storage (inline up to 15
    /// bytes), where appending grew the string once per piece.
    static func childSpecID(of parent: String, parentIsNode: Bool, index: Int) -> String {
        // A native string lends its bytes without a copy of itself (`withUTF8` needs a mutable
        // one: a retain and a release).
        let lent = parent.utf8.withContiguousStorageIfAvailable {
            childSpecID(ofParentBytes: $0, parentIsNode: parentIsNode, index: index)
        }
        if let lent { return lent }
        var parent = parent
        return parent.withUTF8 { childSpecID(ofParentBytes: $0, parentIsNode: parentIsNode, index: index) }
    }

    private static func childSpecID(
        ofParentBytes parentBytes: UnsafeBufferPointer<UInt8>, parentIsNode: Bool,
        index: Int
    ) -> String {
        var digitCount = 1
        var rest = index / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        return String(unsafeUninitializedCapacity: parentBytes.count + 1 + digitCount) { buffer in
            var position = 0
            for byte in parentBytes {
                buffer[position] = byte
                position += 1
            }
            buffer[position] = parentIsNode ? UInt8(ascii: "/") : UInt8(ascii: ".")
            var remaining = index
            for offset in stride(from: position + digitCount, to: position, by: -1) {
                buffer[offset] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            }
            return position + 1 + digitCount
        }
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
