extension LayoutDocument {
    /// One line per element whose computed position is not finite (an infinite inset inside an
    /// unbounded range), in output order: `encodeOutput` prints such a coordinate as 0, as
    /// Texture's `-[ASLayout frame]` gives it, and the caller says so (`weft layout` on stderr).
    public func positionWarnings(_ layout: Layout) -> [String] {
        var warnings: [String] = []
        collectPositionWarnings(root, layout: layout, path: "root", into: &warnings)
        return warnings
    }

    private func collectPositionWarnings(_ element: Element, layout: Layout, path: String, into warnings: inout [String]) {
        if !layout.hasFinitePosition {
            let name = element.id.map { "\"\($0)\"" } ?? "\(element.type) at \(path)"
            warnings.append(
                "\(name): its position \(layout.position) is not finite (an infinite inset in an unbounded range?); printed as 0 on that axis, as Texture's -[ASLayout frame] gives"
            )
        }
        element.forEachChildLayout(in: layout) { index, child, childLayout in
            collectPositionWarnings(child, layout: childLayout, path: "\(path).children[\(index)]", into: &warnings)
        }
    }
}
