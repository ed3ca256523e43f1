import WeftLayout
import WeftSnapshot

/// A published document indexed for CDP: each element by id with its parent and position, and
/// the keys DevTools names things by (an element's id; `<id>#text` for a text node's text,
/// shown as its first child).
struct DevToolsDocument {
    struct Entry {
        let element: Snapshot.Element
        let parent: String?
        /// The element's position among its parent's CDP children (after the parent's text).
        let index: Int
        /// Its top-left corner in the first root's coordinates (the frames added up).
        let origin: Snapshot.Point
    }

    let snapshot: Snapshot
    private(set) var entries: [String: Entry] = [:]

    init(_ snapshot: Snapshot) {
        self.snapshot = snapshot
        entries.reserveCapacity(snapshot.elementCount)
        for (index, root) in snapshot.roots.enumerated() {
            add(root, parent: nil, index: index, parentOrigin: .zero)
        }
    }

    private mutating func add(_ element: Snapshot.Element, parent: String?, index: Int, parentOrigin: Snapshot.Point) {
        let origin = Snapshot.Point(x: parentOrigin.x + element.frame.x, y: parentOrigin.y + element.frame.y)
        entries[element.id] = Entry(element: element, parent: parent, index: index, origin: origin)
        let offset = Self.text(of: element) == nil ? 0 : 1
        for (childIndex, child) in element.children.enumerated() {
            add(child, parent: element.id, index: childIndex + offset, parentOrigin: origin)
        }
    }

    subscript(id: String) -> Entry? { entries[id] }

    static let textSuffix = "#text"

    /// A text node's text (`props.text`), shown as its first child.
    static func text(of element: Snapshot.Element) -> String? {
        element.kind == .node ? element.props["text"]?.string : nil
    }

    /// The element a key names and, for a text key, the text.
    func resolve(_ key: String) -> (entry: Entry, text: String?)? {
        if key.hasSuffix(Self.textSuffix) {
            let id = String(key.dropLast(Self.textSuffix.count))
            guard let entry = entries[id], let text = Self.text(of: entry.element) else { return nil }
            return (entry, text)
        }
        return entries[key].map { ($0, nil) }
    }

    /// The ids from the root down to `id` (inclusive).
    func path(to id: String) -> [String] {
        var path: [String] = []
        var next: String? = id
        while let current = next, let entry = entries[current] {
            path.append(current)
            next = entry.parent
        }
        return path.reversed()
    }

    /// The CDP children of an element: its text first, then its child elements.
    func childKeys(of id: String) -> [String] {
        if id == DevToolsConnection.documentKey { return snapshot.roots.map(\.id) }
        guard let element = entries[id]?.element else { return [] }
        var keys = Self.text(of: element) == nil ? [] : [id + Self.textSuffix]
        keys += element.children.map(\.id)
        return keys
    }

    /// The element's rectangle in the first root's coordinates.
    func rect(of id: String) -> Snapshot.Rect? {
        guard let entry = entries[id] else { return nil }
        return Snapshot.Rect(
            x: entry.origin.x, y: entry.origin.y, width: entry.element.frame.width,
            height: entry.element.frame.height)
    }
}
