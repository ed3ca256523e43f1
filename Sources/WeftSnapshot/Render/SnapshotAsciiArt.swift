import Foundation
import WeftLayout

/// Texture's ASCII art (`asciiArtString`) of snapshot elements, drawn with WeftLayout's box
/// builder so it reads exactly like the live layout's (docs/texture-semantics.md section 2).
public enum SnapshotAsciiArt {
    /// The element's own art: a node is its name only; a spec boxes its children's art (a stack
    /// in its direction, every other spec horizontally); a spec without children is its name.
    public static func art(of element: Snapshot.Element) -> String {
        guard element.kind == .spec else { return PrintableText.escaped(element.displayName) }
        let direction: StackLayoutDirection =
            element.type == "stack" && element.props["direction"]?.string == "vertical" ? .vertical : .horizontal
        return AsciiArt.box(name: name(of: element), children: element.children.map(art), direction: direction)
    }

    /// For a node that lays out with a spec, that spec's art (`Layout.getAsciiArt`'s
    /// `layoutText`); nil for specs and for nodes without a spec.
    public static func layoutArt(of element: Snapshot.Element) -> String? {
        guard element.kind == .node, let spec = layoutSpec(of: element) else { return nil }
        return art(of: spec)
    }

    /// A node's own spec root: its first child when that is a spec whose id the node owns
    /// (`"<nodeId>/0"`, docs/protocol.md, Identity of elements).
    public static func layoutSpec(of node: Snapshot.Element) -> Snapshot.Element? {
        guard let first = node.children.first, first.kind == .spec, first.id.hasPrefix(node.id + "/") else { return nil }
        return first
    }

    /// The ASCII art name: the display name, except the ratio spec, which prints its ratio
    /// (`ASRatioLayoutSpec (0.8)`) and ignores its debug name. Control characters are escaped
    /// (`PrintableText`), as the live layout's art does.
    static func name(of element: Snapshot.Element) -> String {
        if element.type == "ratio", let ratio = element.props["ratio"]?.number {
            return PrintableText.escaped(element.className + String(format: " (%.1f)", ratio))
        }
        return PrintableText.escaped(element.displayName)
    }
}
