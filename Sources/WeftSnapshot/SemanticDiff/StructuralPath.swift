/// Structural paths: how the semantic diff, `weft ascii --element` and the web page name an
/// element without its id.
///
/// A path lists the elements from a root down, joined by `" > "`. Each component is the
/// element's name as ASCII art prints it (`ASTextNode`, or `ASTextNode (title)` with a debug
/// name) plus `[n]` when it is the n-th (from 0) of its siblings with the same class and debug
/// name: `ASStackLayoutSpec > ASStackLayoutSpec[1] > ASTextNode (title)`.
public enum StructuralPath {
    /// The matching key of an element among its siblings.
    struct Name: Hashable {
        let className: String
        let debugName: String

        init(_ element: Snapshot.Element) {
            className = element.className
            debugName = element.debugName ?? ""
        }

        init(className: String, debugName: String) {
            self.className = className
            self.debugName = debugName
        }
    }

    /// The path component of an element with the given ordinal.
    public static func component(_ element: Snapshot.Element, ordinal: Int) -> String {
        ordinal == 0 ? element.displayName : "\(element.displayName)[\(ordinal)]"
    }

    static func join(_ parent: String, _ component: String) -> String {
        parent.isEmpty ? component : parent + " > " + component
    }

    /// Each element's position among the earlier siblings with the same name.
    static func ordinals(_ elements: [Snapshot.Element]) -> [Int] {
        guard elements.count > 1 else { return elements.isEmpty ? [] : [0] }
        if elements.count <= 8 {
            // Short lists (most specs): compare with the earlier siblings, no hashing.
            return elements.indices.map { index in
                elements[..<index].lazy.filter {
                    $0.className == elements[index].className && $0.debugName == elements[index].debugName
                }.count
            }
        }
        var seen: [Name: Int] = [:]
        return elements.indices.map { index in
            let name = Name(elements[index])
            let ordinal = seen[name, default: 0]
            seen[name] = ordinal + 1
            return ordinal
        }
    }

    /// Which children of two sibling lists are the same element (same name and ordinal), with
    /// the ordinals for path components.
    struct Pairs {
        var matched: [(Int, Int)] = []
        var addedInB: [Int] = []
        var removedFromA: [Int] = []
        var aOrdinals: [Int] = []
        var bOrdinals: [Int] = []
    }

    private struct Key: Hashable {
        let name: Name
        let ordinal: Int
    }

    static func match(_ a: [Snapshot.Element], _ b: [Snapshot.Element]) -> Pairs {
        var pairs = Pairs()
        pairs.aOrdinals = ordinals(a)
        pairs.bOrdinals = ordinals(b)
        // Common case: the same names in the same order.
        if a.count == b.count,
            a.indices.allSatisfy({ a[$0].className == b[$0].className && a[$0].debugName == b[$0].debugName })
        {
            pairs.matched = a.indices.map { ($0, $0) }
            return pairs
        }
        var bByKey: [Key: Int] = [:]
        for index in b.indices { bByKey[Key(name: Name(b[index]), ordinal: pairs.bOrdinals[index])] = index }
        var matchedB = Set<Int>()
        for index in a.indices {
            if let bIndex = bByKey[Key(name: Name(a[index]), ordinal: pairs.aOrdinals[index])] {
                pairs.matched.append((index, bIndex))
                matchedB.insert(bIndex)
            } else {
                pairs.removedFromA.append(index)
            }
        }
        pairs.matched.sort { $0.1 < $1.1 }
        pairs.addedInB = b.indices.filter { !matchedB.contains($0) }
        return pairs
    }

    /// `match` for plain labels (range controllers: owner path and data source), with ordinals
    /// for repeated labels.
    static func matchLabels(_ a: [String], _ b: [String]) -> (matched: [(Int, Int)], addedInB: [Int], removedFromA: [Int]) {
        func keyed(_ labels: [String]) -> [String] {
            var seen: [String: Int] = [:]
            return labels.map { label in
                let ordinal = seen[label, default: 0]
                seen[label] = ordinal + 1
                return "\(label)#\(ordinal)"
            }
        }
        let aKeys = keyed(a)
        var bByKey: [String: Int] = [:]
        for (index, key) in keyed(b).enumerated() { bByKey[key] = index }
        var matched: [(Int, Int)] = []
        var removed: [Int] = []
        for (aIndex, key) in aKeys.enumerated() {
            if let bIndex = bByKey[key] { matched.append((aIndex, bIndex)) } else { removed.append(aIndex) }
        }
        let matchedB = Set(matched.map(\.1))
        return (matched, b.indices.filter { !matchedB.contains($0) }, removed)
    }

    /// The paths of the elements whose ids are in `ids` (all elements when nil).
    public static func paths(of snapshot: Snapshot, ids: Set<String>? = nil) -> [String: String] {
        var result: [String: String] = [:]
        func visit(_ elements: [Snapshot.Element], parent: String) {
            for (element, ordinal) in zip(elements, ordinals(elements)) {
                let path = join(parent, component(element, ordinal: ordinal))
                if ids?.contains(element.id) ?? true { result[element.id] = path }
                visit(element.children, parent: path)
            }
        }
        visit(snapshot.roots, parent: "")
        return result
    }

    /// Path of every range controller's owner.
    static func ownerPaths(of snapshot: Snapshot) -> [String: String] {
        snapshot.rangeControllers.isEmpty ? [:] : paths(of: snapshot, ids: Set(snapshot.rangeControllers.map(\.owner)))
    }

    /// Splits a path into (name, ordinal) components; throws a message for malformed input.
    static func parse(_ path: String) throws -> [(Name, Int)] {
        let parts = path.split(separator: " > ", omittingEmptySubsequences: false).map(String.init)
        return try parts.map { part in
            var text = Substring(part)
            var ordinal = 0
            if text.hasSuffix("]"), let open = text.lastIndex(of: "[") {
                guard let value = Int(text[text.index(after: open)..<text.index(before: text.endIndex)]), value >= 0 else {
                    throw PathError(message: "bad ordinal in path component \"\(part)\"")
                }
                ordinal = value
                text = text[..<open]
            }
            var debugName = ""
            if text.hasSuffix(")"), let open = text.firstRange(of: " (") {
                debugName = String(text[open.upperBound..<text.index(before: text.endIndex)])
                text = text[..<open.lowerBound]
            }
            guard !text.isEmpty, !text.contains(" ") else { throw PathError(message: "bad path component \"\(part)\"") }
            return (Name(className: String(text), debugName: debugName), ordinal)
        }
    }

    /// Why a path could not be resolved.
    public struct PathError: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

extension Snapshot {
    /// The element at a structural path (`ASStackLayoutSpec > ASTextNode (title)`, see
    /// `StructuralPath`), or a `StructuralPath.PathError` naming the first component not found.
    public func element(atPath path: String) throws -> Element {
        var candidates = roots
        var found: Element?
        var walked = ""
        for (name, ordinal) in try StructuralPath.parse(path) {
            let ordinals = StructuralPath.ordinals(candidates)
            guard
                let index = candidates.indices.first(where: {
                    StructuralPath.Name(candidates[$0]) == name && ordinals[$0] == ordinal
                })
            else {
                let component = name.debugName.isEmpty ? name.className : "\(name.className) (\(name.debugName))"
                let place = walked.isEmpty ? "among the roots" : "under \(walked)"
                throw StructuralPath.PathError(message: "no \(component)\(ordinal > 0 ? "[\(ordinal)]" : "") \(place)")
            }
            found = candidates[index]
            walked = StructuralPath.join(walked, StructuralPath.component(candidates[index], ordinal: ordinal))
            candidates = candidates[index].children
        }
        return found!
    }
}
