import WeftLayout
import WeftNodes
import WeftSnapshot

/// Layout.explain: why an element of the program's current layout has its frame.
extension CaptureSession {
    /// Lays out afresh, in a traced pass, the subtree the element's frame comes from (its
    /// nearest ancestor node that no supernode's layout places: a root, or a container's cell),
    /// with the range that node was last laid out in, and answers the explanation
    /// (docs/layout-json.md, "Explanations") plus `passRoot` and `above`, the ancestors outside
    /// the pass. The traced pass reads no layout cache and writes none: the program is untouched.
    func explain(_ params: CommandParams) throws(CommandError) -> Answer {
        let id = try params.string("id")
        let live = try LiveElement.resolve(id, in: inspectedRoots)
        let passRoot = Self.passRoot(of: live.owner)
        let range = passRoot.constrainedSizeForCalculatedLayout ?? SizeRange(exactly: passRoot.frame.size)
        let parentSize = passRoot.isRangeManaged ? passRoot.supernode?.frame.size ?? range.max : range.max
        let trace = LayoutTrace()
        let layout = trace.run(context: passRoot.layoutContext) {
            passRoot.layoutThatFits(range, parentSize: parentSize, context: $0)
        }
        let ids = Self.elementIDs(in: layout)
        guard let target = Self.element(live, in: layout),
              let explanation = LayoutExplanation(of: target, in: layout, trace: trace),
              case .object(var answer)? = try? JSONReader.parse(explanation.encodeJSON(id: { ids[ObjectIdentifier($0)] }))
        else {
            throw .unknownElement(id, "element the current layout places")
        }
        answer.append(key: "id", value: .string(id))
        answer.append(key: "passRoot", value: .string(passRoot.id))
        var above: [JSONValue] = []
        var node = passRoot
        while let parent = node.supernode {
            let sentence = "lays out its own subtree; " + node.asciiArtName
                + (node.isRangeManaged ? " is a cell it lays out in " + LayoutTrace.format(range) + " and places by scrolling"
                                       : " is not placed by its layout but laid out in its own bounds")
            above.insert(.object(JSONObject([.init(key: "id", value: .string(parent.id)),
                                              .init(key: "name", value: .string(parent.asciiArtName)),
                                              .init(key: "sentence", value: .string(sentence))])), at: 0)
            node = parent
        }
        answer.append(key: "above", value: .array(above))
        return .now(JSONValue.object(answer).jsonBytes)
    }

    /// The nearest ancestor (or the node itself) whose frame no supernode's layout sets.
    private static func passRoot(of node: DisplayNode) -> DisplayNode {
        var current = node
        while !current.isRangeManaged, let parent = current.supernode, let layout = parent.calculatedLayout,
              layout.path(to: current) != nil {
            current = parent
        }
        return current
    }

    /// The element in the traced layout: the node itself, or the spec at the same structural
    /// path (specs are rebuilt on every pass).
    private static func element(_ live: LiveElement, in layout: Layout) -> (any LayoutElement)? {
        switch live {
        case .node(let node):
            return layout.path(to: node) == nil ? nil : node
        case .spec(let owner, let path, _):
            guard let ownerLayout = layout.path(to: owner)?.last, let first = path.first,
                  first < ownerLayout.sublayouts.count else { return nil }
            return EditStore.spec(at: Array(path.dropFirst()), from: ownerLayout.sublayouts[first].element)
        }
    }

    /// Snapshot ids of the traced layout's elements: a node's own, a spec's `owner/path`.
    private static func elementIDs(in layout: Layout) -> [ObjectIdentifier: String] {
        var ids: [ObjectIdentifier: String] = [:]
        func visit(_ layout: Layout, owner: String?, path: [Int]) {
            if let node = layout.element as? DisplayNode {
                ids[ObjectIdentifier(node)] = node.id
                for (index, sublayout) in layout.sublayouts.enumerated() { visit(sublayout, owner: node.id, path: [index]) }
                return
            }
            if let owner { ids[ObjectIdentifier(layout.element)] = ElementID.spec(owner: owner, path: path).description }
            let children = (layout.element as? LayoutSpec)?.children ?? []
            for sublayout in layout.sublayouts {
                guard let index = children.firstIndex(where: { $0 === sublayout.element }) else { continue }
                visit(sublayout, owner: owner, path: path + [index])
            }
        }
        visit(layout, owner: nil, path: [])
        return ids
    }
}
