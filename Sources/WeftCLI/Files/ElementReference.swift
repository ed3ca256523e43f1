import WeftSnapshot

/// What `--element ID|PATH` names: an element id (`n12`, `n12/0.1`) or a structural path
/// (`ASDisplayNode (card) > ASStackLayoutSpec > ASTextNode (title)`, see `StructuralPath`).
enum ElementReference {
    /// The element `reference` names in `snapshot`; ids are tried first (no class name looks
    /// like `n12`). Anything else is a `UsageError` that says what was not found.
    static func resolve(_ reference: String, in snapshot: Snapshot) throws -> Snapshot.Element {
        if let element = snapshot.element(withId: reference) { return element }
        if looksLikeID(reference) {
            throw UsageError("--element: no element has the id \"\(reference)\"")
        }
        do {
            return try snapshot.element(atPath: reference)
        } catch let error as StructuralPath.PathError {
            throw UsageError(
                "--element: \(error) (give an id like n12 or a path like \"ASDisplayNode > ASStackLayoutSpec\"; see docs/cli.md)")
        }
    }

    /// `n<digits>` or `n<digits>/<digits>(.<digits>)*`: the id forms of docs/protocol.md, Identity of elements.
    static func looksLikeID(_ text: String) -> Bool {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let node = parts.first, node.first == "n", node.count > 1, node.dropFirst().allSatisfy(\.isNumber) else {
            return false
        }
        guard parts.count == 2 else { return true }
        let path = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return path.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }
}
