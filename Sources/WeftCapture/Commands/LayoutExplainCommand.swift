import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot

/// Layout.explain: why an element of the program's current layout has its frame.
extension CaptureSession {
    /// Lays out afresh, in a traced pass, the subtree the element's frame comes from (its
    /// nearest ancestor node that no supernode's layout places: a root, or a container's cell),
    /// with the range that node was last laid out in, and answers the explanation
    /// (docs/layout-json.md, "Explanations") plus `passRoot` and `above`: the chain from the
    /// tree's root down to the pass root's parent, from the traced passes of the enclosing
    /// subtrees (a cell's table in its screen's pass). A pass root's link begins with how its
    /// parent lays it out (`pass.cell`, `pass.ownBounds`). The traced passes read no layout
    /// cache and write none: the program is untouched.
    func explain(_ params: CommandParams) throws(CommandError) -> Answer {
        let id = try params.string("id")
        let live = try LiveElement.resolve(id, in: inspectedRoots)
        var passRoot = Self.passRoot(of: live.owner)
        guard var chain = Self.tracedChain(of: live, passRoot: passRoot) else {
            throw .unknownElement(id, "element the current layout places")
        }
        let innerRoot = passRoot
        var above: [JSONValue] = []
        // Each enclosing pass explains the node that laid the previous pass root out; that pass
        // root's link starts with how.
        while let parent = passRoot.supernode {
            let step = Self.passStep(passRoot: passRoot, parent: parent)
            if above.isEmpty {
                var links = chain.chainLinks
                if !links.isEmpty { links[0] = Self.prepending(step, to: links[0]) }
                chain["chain"] = JSONValue.array(links.map(JSONValue.object))
            } else if case .object(let first) = above[0] {
                above[0] = .object(Self.prepending(step, to: first))
            }
            let outerRoot = Self.passRoot(of: parent)
            guard let outer = Self.tracedChain(of: .node(parent), passRoot: outerRoot) else { break }
            above.insert(contentsOf: outer.chainLinks.map(JSONValue.object), at: 0)
            passRoot = outerRoot
        }
        chain.append(key: "id", value: .string(id))
        chain.append(key: "passRoot", value: .string(innerRoot.id))
        chain.append(key: "above", value: .array(above))
        return .now(JSONValue.object(chain).jsonBytes)
    }

    /// The explanation of `live` in a traced pass of `passRoot` (its range and parent size as
    /// when it was last laid out), as a JSON object; nil when that layout does not place it.
    private static func tracedChain(of live: LiveElement, passRoot: DisplayNode) -> JSONObject? {
        let range = passRoot.constrainedSizeForCalculatedLayout ?? SizeRange(exactly: passRoot.frame.size)
        let parentSize = passRoot.isRangeManaged ? passRoot.supernode?.frame.size ?? range.max : range.max
        let trace = LayoutTrace()
        let layout = trace.run(context: passRoot.layoutContext) {
            passRoot.layoutThatFits(range, parentSize: parentSize, context: $0)
        }
        let ids = elementIDs(in: layout)
        guard let target = element(live, in: layout),
            let explanation = LayoutExplanation(of: target, in: layout, trace: trace),
            case .object(let object)? = try? JSONReader.parse(explanation.encodeJSON(id: { ids[ObjectIdentifier($0)] }))
        else { return nil }
        return object
    }

    /// How `parent` lays out `passRoot`, which its own layout does not place (a step of the
    /// explanation format, section `parent`).
    private static func passStep(passRoot: DisplayNode, parent: DisplayNode) -> JSONValue {
        let range = passRoot.constrainedSizeForCalculatedLayout ?? SizeRange(exactly: passRoot.frame.size)
        let sentence =
            passRoot.isRangeManaged
            ? "a cell of " + parent.asciiArtName + ", which lays it out in " + LayoutTrace.format(range)
                + " (the range of its last layout) and places it where the scroll position puts it"
            : "not placed by the layout of " + parent.asciiArtName + ": laid out in its own bounds, " + LayoutTrace.format(range)
        return .object([
            "section": .string("parent"), "rule": .string(passRoot.isRangeManaged ? "pass.cell" : "pass.ownBounds"),
            "values": .object([:]), "sentence": .string(sentence),
        ])
    }

    /// The nearest ancestor (or the node itself) whose frame no supernode's layout sets.
    private static func passRoot(of node: DisplayNode) -> DisplayNode {
        var current = node
        while !current.isRangeManaged, let parent = current.supernode, let layout = parent.calculatedLayout,
            layout.path(to: current) != nil
        {
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
                first < ownerLayout.sublayouts.count
            else { return nil }
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

    /// `link` with `step` first among its steps.
    private static func prepending(_ step: JSONValue, to link: JSONObject) -> JSONObject {
        var link = link
        if case .array(let steps)? = link["steps"] { link["steps"] = .array([step] + steps) }
        return link
    }
}

extension JSONObject {
    /// The link objects of an explanation's `chain`.
    fileprivate var chainLinks: [JSONObject] {
        guard case .array(let links)? = self["chain"] else { return [] }
        return links.compactMap { if case .object(let link) = $0 { link } else { nil } }
    }
}
