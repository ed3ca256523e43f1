import Synchronization

/// The name a node prints in snapshots, the tree and ASCII art: its own Swift class name, as
/// Texture prints NSStringFromClass, so a `PhotoCellNode: ASCellNode` shows as `PhotoCellNode`
/// without overriding anything. Names are computed once per class (captures ask for every node).
enum ASClassName {
    private static let names = Mutex<[ObjectIdentifier: String]>([:])

    static func of(_ node: AnyObject) -> String {
        let nodeType: AnyObject.Type = type(of: node)
        let key = ObjectIdentifier(nodeType)
        if let name = names.withLock({ $0[key] }) { return name }
        // A nested or generic class prints as `Outer.Inner` or `Cell<Int>`; keep it readable.
        let name = String(describing: nodeType)
        names.withLock { $0[key] = name }
        return name
    }
}
