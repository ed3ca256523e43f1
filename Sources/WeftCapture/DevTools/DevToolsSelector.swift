import WeftSnapshot

/// The CSS selectors `DOM.querySelector(All)` understands: comma-separated lists of compound
/// selectors joined by descendant (space) or child (`>`) combinators; a compound is a tag (the
/// Texture class name, or `*`), `#id` and attribute tests `[name]`, `[name=v]`, `[name*=v]`,
/// `[name^=v]`, `[name$=v]` on the attributes the Elements panel shows (id, name, type, frame,
/// style). Anything else is -32000, as Chrome answers a selector it cannot parse.
struct DevToolsSelector {
    struct Test {
        let name: String
        let op: String  // "", "=", "*=", "^=", "$="
        let value: String
    }

    struct Compound {
        var tag: String?
        var tests: [Test] = []
        /// How it joins the compound to its left: true for `>`.
        var childOf = false
    }

    /// Alternatives, each a chain of compounds, leftmost first.
    let alternatives: [[Compound]]

    /// The longest selector read: matching costs at most (compounds x depth) per element.
    static let maximumLength = 1024

    init(_ text: String) throws(CommandError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw CommandError(
                code: -32000, message: "DOM Error while querying: selectors are limited to \(Self.maximumLength) bytes")
        }
        var alternatives: [[Compound]] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            alternatives.append(try Self.parseChain(Array(part)))
        }
        self.alternatives = alternatives
    }

    private static func invalid(_ text: some StringProtocol) -> CommandError {
        CommandError(code: -32000, message: "DOM Error while querying: '\(text)' is not a valid selector")
    }

    private static func isNameCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "-" || c == "_" || c == "." || c == "/"
    }

    private static func parseChain(_ s: [Character]) throws(CommandError) -> [Compound] {
        var chain: [Compound] = []
        var i = 0
        var childOf = false
        func readName() -> String {
            var name = ""
            while i < s.count, isNameCharacter(s[i]) {
                name.append(s[i])
                i += 1
            }
            return name
        }
        while i < s.count {
            if s[i] == " " {
                i += 1
                continue
            }
            if s[i] == ">" {
                guard !chain.isEmpty, !childOf else { throw invalid(String(s)) }
                childOf = true
                i += 1
                continue
            }
            var compound = Compound(childOf: childOf)
            childOf = false
            if s[i] == "*" {
                i += 1
            } else if isNameCharacter(s[i]) {
                compound.tag = readName()
            }
            while i < s.count, s[i] == "#" || s[i] == "[" {
                if s[i] == "#" {
                    i += 1
                    var id = ""
                    while i < s.count, isNameCharacter(s[i]) || s[i] == "\\" {
                        if s[i] != "\\" { id.append(s[i]) }
                        i += 1
                    }
                    guard !id.isEmpty else { throw invalid(String(s)) }
                    compound.tests.append(Test(name: "id", op: "=", value: id))
                    continue
                }
                i += 1
                let name = readName()
                guard !name.isEmpty, i < s.count else { throw invalid(String(s)) }
                if s[i] == "]" {
                    i += 1
                    compound.tests.append(Test(name: name, op: "", value: ""))
                    continue
                }
                var op = ""
                if "*^$".contains(s[i]) {
                    op.append(s[i])
                    i += 1
                }
                guard i < s.count, s[i] == "=" else { throw invalid(String(s)) }
                op.append("=")
                i += 1
                var value = ""
                if i < s.count, s[i] == "\"" || s[i] == "'" {
                    let quote = s[i]
                    i += 1
                    while i < s.count, s[i] != quote {
                        value.append(s[i])
                        i += 1
                    }
                    guard i < s.count else { throw invalid(String(s)) }
                    i += 1
                } else {
                    value = readName()
                }
                guard i < s.count, s[i] == "]" else { throw invalid(String(s)) }
                i += 1
                compound.tests.append(Test(name: name, op: op, value: value))
            }
            guard compound.tag != nil || !compound.tests.isEmpty || (i > 0 && s[i - 1] == "*") else { throw invalid(String(s)) }
            guard i >= s.count || s[i] == " " || s[i] == ">" else { throw invalid(String(s)) }
            chain.append(compound)
        }
        guard !chain.isEmpty, !childOf else { throw invalid(String(s)) }
        return chain
    }

    /// Appends the ids of matching elements of `element`'s subtree in document order.
    func collect(
        in element: Snapshot.Element, ancestors: [Snapshot.Element], includeSelf: Bool,
        into matches: inout [String], limit: Int
    ) {
        guard matches.count < limit else { return }
        let path = ancestors + [element]
        if includeSelf, alternatives.contains(where: { Self.matches($0, path: path) }) {
            matches.append(element.id)
        }
        for child in element.children {
            collect(in: child, ancestors: path, includeSelf: true, into: &matches, limit: limit)
        }
    }

    /// Whether the last element of `path` (its ancestors before it) matches `chain`. Each
    /// (compound, ancestor) pair is decided once, so a chain of descendant combinators costs
    /// compounds x depth, not depth to the power of compounds.
    private static func matches(_ chain: [Compound], path: [Snapshot.Element]) -> Bool {
        var memo: [Int: Bool] = [:]
        // Whether chain[..<end] ends at path[at].
        func ends(_ end: Int, at: Int) -> Bool {
            let key = end * (path.count + 1) + at
            if let known = memo[key] { return known }
            var result = test(chain[end - 1], path[at])
            if result, end > 1 {
                if chain[end - 1].childOf {
                    result = at > 0 && ends(end - 1, at: at - 1)
                } else {
                    result = (0..<at).reversed().contains { ends(end - 1, at: $0) }
                }
            }
            memo[key] = result
            return result
        }
        return ends(chain.count, at: path.count - 1)
    }

    private static func test(_ compound: Compound, _ element: Snapshot.Element) -> Bool {
        if let tag = compound.tag, tag != element.className { return false }
        let attributes = DOMTree.attributes(of: element)
        return compound.tests.allSatisfy { test in
            guard let value = attributes.first(where: { $0.name == test.name })?.value else { return false }
            switch test.op {
            case "": return true
            case "=": return value == test.value
            case "*=": return value.contains(test.value)
            case "^=": return value.hasPrefix(test.value)
            default: return value.hasSuffix(test.value)
            }
        }
    }
}
