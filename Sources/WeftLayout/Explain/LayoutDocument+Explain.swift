/// Explanations of a layout description's elements (`weft layout FILE --explain ID`).
extension LayoutDocument {
    /// The described element with file id `id`, if any.
    public func element(withID id: String) -> Element? {
        func find(_ element: Element) -> Element? {
            if element.id == id { return element }
            for child in element.children { if let found = find(child) { return found } }
            return nil
        }
        return find(root)
    }

    /// The file id of a layout element of this document, if it has one.
    public func id(of layoutElement: any LayoutElement) -> String? {
        func find(_ element: Element) -> String?? {
            if element.element === layoutElement { return .some(element.id) }
            for child in element.children { if let found = find(child) { return found } }
            return nil
        }
        return find(root) ?? nil
    }

    /// Lays the document out in a traced pass (same range and scale rules as `layout`) and
    /// explains the element with file id `id`: nil when no element has that id or the layout
    /// does not place it.
    public func explain(id: String, sizeRange: SizeRange? = nil, scale: Double? = nil) -> (Layout, LayoutExplanation)? {
        guard let target = element(withID: id) else { return nil }
        let range = sizeRange ?? self.sizeRange ?? Self.defaultSizeRange
        let trace = LayoutTrace()
        let layout = trace.run(context: LayoutContext(scale: scale ?? self.scale ?? Self.defaultScale)) { context in
            root.element.layoutThatFits(range, parentSize: range.max, context: context)
        }
        guard let explanation = LayoutExplanation(of: target.element, in: layout, trace: trace) else { return nil }
        return (layout, explanation)
    }
}
