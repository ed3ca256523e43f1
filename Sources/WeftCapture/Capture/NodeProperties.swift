import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot

/// A node's `props` (docs/snapshot-format.md, Element): what its class adds (text and measured lines, image
/// pixels, control state and targets, a network image's URL and load state) and the view
/// properties that differ from their defaults (clipsToBounds, hidden, alpha, backgroundColor,
/// hitTestSlop).
enum NodeProperties {
    /// `contentsScale`: the screen scale of the node's tree (its root's `layoutContext`), read
    /// once per capture.
    static func capture<Sink: JSONSink>(_ node: DisplayNode, contentsScale: Double, into props: inout Sink) {
        // Text and image nodes are controls: plain nodes and cells skip the other casts.
        if let control = node as? ControlNode {
            if let text = control as? TextNode {
                putText(of: text, into: &props)
            } else if let image = control as? ImageNode {
                putImage(of: image, contentsScale: contentsScale, into: &props)
                if let network = image as? NetworkImageNode {
                    if let url = network.url { props.member("url", url) }
                    props.member("loadState", network.loadState.rawValue)
                }
            }
            putControlState(of: control, into: &props)
        }
        if node.clipsToBounds { props.member("clipsToBounds", true) }
        if node.isHidden { props.member("hidden", true) }
        if node.alpha != 1 { props.member("alpha", node.alpha) }
        if let color = node.backgroundColor { props.member("backgroundColor", hex(color)) }
        if node.hitTestSlop != .zero {
            props.key("hitTestSlop")
            props.insets(node.hitTestSlop)
        }
    }

    /// `text`, the lines as drawn in the node's bounds, and the font (weight only when bold).
    /// The model always holds the lines; documents leave them out when they are `[text]`
    /// (WeftSnapshot's `ImpliedValues`).
    private static func putText<Sink: JSONSink>(of node: TextNode, into props: inout Sink) {
        let text = node.text
        props.member("text", text)
        ImpliedValues.putLines(node.lines.lazy.map { $0.text }, text: text, into: &props)
        let font = node.font
        props.key("font")
        props.object { object in
            object.member("size", font.size)
            if font.weight != .regular { object.member("weight", font.weight.rawValue) }
        }
    }

    /// docs/texture-semantics.md section 7: the scaling ratio (omitted for an empty node) and the
    /// decoded size (w x h x 4, which documents leave out as implied).
    private static func putImage<Sink: JSONSink>(of node: ImageNode, contentsScale: Double, into props: inout Sink) {
        guard let image = node.image else { return }
        props.key("image")
        props.object { object in
            let (width, height) = (Double(image.pixelWidth), Double(image.pixelHeight))
            object.member("pixelWidth", width)
            object.member("pixelHeight", height)
            object.member("scale", image.scale)
            if let ratio = node.pixelScalingRatio(contentsScale: contentsScale) { object.member("scalingRatio", ratio) }
            ImpliedValues.putDecodedBytes(Double(image.decodedBytes), pixelWidth: width, pixelHeight: height, into: &object)
        }
    }

    /// Nothing for a control in its default state (enabled, not selected or highlighted, no
    /// targets): text and image nodes are controls, and most of them are plain.
    private static func putControlState<Sink: JSONSink>(of control: ControlNode, into props: inout Sink) {
        guard !control.isEnabled || control.isSelected || control.isHighlighted || control.hasTargets else { return }
        props.key("control")
        props.object { object in
            object.member("enabled", control.isEnabled)
            if control.isSelected { object.member("selected", true) }
            if control.isHighlighted { object.member("highlighted", true) }
            if control.hasTargets {
                object.key("targets")
                object.array { targets in
                    for target in control.targets {
                        targets.object { entry in
                            entry.member("event", target.event.names.first ?? "")
                            entry.member("action", target.action)
                        }
                    }
                }
            }
        }
    }

    /// `#rrggbb` when opaque, else `#rrggbbaa`.
    static func hex(_ color: Color) -> String {
        let text = color.hexString
        return text.hasSuffix("ff") && text.utf8.count == 9 ? String(text.dropLast(2)) : text
    }
}
