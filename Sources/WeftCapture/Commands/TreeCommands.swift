import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot

/// Tree.getElement, Layout.getAsciiArt, HitTest.probe: reading the live trees.
extension CaptureSession {
    func getElement(_ params: CommandParams) throws(CommandError) -> Answer {
        let id = try params.string("id")
        guard let element = Capture.element(withId: id, in: inspectedRoots) else { throw .unknownElement(id) }
        return .now(Self.elementResult(element))
    }

    /// `text`: the element's own asciiArtString (a node prints its name); `layoutText`: for a
    /// node laid out with a spec, that spec's asciiArtString. Art past `DrawnAsciiArt.maximumLength`
    /// is measured, not drawn (this runs on the program's loop): `textOmitted` / `layoutTextOmitted`
    /// say how large it would be instead.
    func getAsciiArt(_ params: CommandParams) throws(CommandError) -> Answer {
        let id = try params.string("id")
        var arts: [(key: String, value: String)]
        switch try LiveElement.resolve(id, in: inspectedRoots) {
        case .node(let node):
            arts = [DrawnAsciiArt(of: node, for: "Layout.getAsciiArt").member("text")]
            if let spec = node.calculatedLayout?.sublayouts.first?.element {
                arts.append(DrawnAsciiArt(of: spec, for: "Layout.getAsciiArt").member("layoutText"))
            }
        case .spec(_, _, let spec):
            arts = [DrawnAsciiArt(of: spec, for: "Layout.getAsciiArt").member("text")]
        }
        var writer = JSONWriter(capacity: 256 + arts.reduce(0) { $0 + 2 * $1.value.utf8.count })
        writer.byte(UInt8(ascii: "{"))
        for (index, art) in arts.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.string(art.key)
            writer.byte(UInt8(ascii: ":"))
            writer.string(art.value)
        }
        writer.byte(UInt8(ascii: "}"))
        return .now(writer.bytes)
    }

    /// The nodes a touch at (x, y) in the root's coordinates passes through, outermost first, and
    /// the node that takes it (docs/texture-semantics.md section 5: slop, hidden and disabled nodes).
    func probe(_ params: CommandParams) throws(CommandError) -> Answer {
        let path = try hitTestPath(
            x: try params.number("x"), y: try params.number("y"),
            rootID: try params.optionalString("root"))
        var writer = JSONWriter(capacity: 64 + 8 * path.count)
        writer.raw("{\"path\":[")
        for (index, node) in path.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.string(node.id)
        }
        writer.raw("],\"target\":")
        if let target = path.last { writer.string(target.id) } else { writer.raw("null") }
        writer.byte(UInt8(ascii: "}"))
        return .now(writer.bytes)
    }

    /// The nodes a touch at (x, y) passes through in the root `rootID` (default: the first).
    func hitTestPath(x: Double, y: Double, rootID: String?) throws(CommandError) -> [DisplayNode] {
        let roots = inspectedRoots
        let root: DisplayNode
        if let rootID {
            guard let found = roots.first(where: { $0.id == rootID }) else { throw .unknownElement(rootID, "root") }
            root = found
        } else {
            guard let first = roots.first else { throw .invalidParams("the program has no roots") }
            root = first
        }
        // (x, y) is measured from the root's top-left corner, as the snapshot's frames add up; a
        // scrolled root (a table as a window) shows its bounds origin there.
        return root.hitTestPath(WeftLayout.Point(x: x + root.boundsOrigin.x, y: y + root.boundsOrigin.y))
    }
}
