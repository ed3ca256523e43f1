extension LayoutDocument.Element {
    /// Calls `body` with each child that `layout` (this element's layout) laid out, in input
    /// order, with its index and sublayout, found by identity: specs may order their sublayouts
    /// differently from the input (background first). Most keep the input order, which is tried
    /// first; otherwise one index, not a scan per child, keeps a spec of many children linear.
    /// Nothing is copied per child: a document's children can number 100 000.
    func forEachChildLayout(in layout: Layout, _ body: (_ index: Int, _ child: LayoutDocument.Element, _ layout: Layout) -> Void)
    {
        let sublayouts = layout.sublayouts
        var sublayoutIndex: [ObjectIdentifier: Int]?
        for index in children.indices {
            let element = children[index].element
            if index < sublayouts.count, sublayouts[index].element === element {
                body(index, children[index], sublayouts[index])
                continue
            }
            if sublayoutIndex == nil {
                var built: [ObjectIdentifier: Int] = [:]
                built.reserveCapacity(sublayouts.count)
                for (position, sublayout) in sublayouts.enumerated() where built[ObjectIdentifier(sublayout.element)] == nil {
                    built[ObjectIdentifier(sublayout.element)] = position
                }
                sublayoutIndex = built
            }
            if let position = sublayoutIndex![ObjectIdentifier(element)] { body(index, children[index], sublayouts[position]) }
        }
    }
}
