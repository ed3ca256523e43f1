extension LayoutDocument.Element {
    /// Each child that `layout` (this element's layout) laid out, in input order, with its
    /// sublayout, found by identity: specs may order their sublayouts differently from the input
    /// (background first). One index, not a scan per child, keeps a spec of many children linear.
    func childLayouts(in layout: Layout) -> [(index: Int, element: LayoutDocument.Element, layout: Layout)] {
        var sublayoutIndex: [ObjectIdentifier: Int] = [:]
        sublayoutIndex.reserveCapacity(layout.sublayouts.count)
        for (index, sublayout) in layout.sublayouts.enumerated() {
            let key = ObjectIdentifier(sublayout.element)
            if sublayoutIndex[key] == nil { sublayoutIndex[key] = index }
        }
        return children.enumerated().compactMap { index, child in
            sublayoutIndex[ObjectIdentifier(child.element)].map { (index, child, layout.sublayouts[$0]) }
        }
    }
}
