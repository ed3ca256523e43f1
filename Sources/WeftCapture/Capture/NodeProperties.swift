import WeftLayout
import WeftNodes
import WeftSnapshot

/// A node's `props` (protocol.md, Element): what its class adds (text and measured lines, image
/// pixels, control state and targets, a network image's URL and load state) and the view
/// properties that differ from their defaults (clipsToBounds, hidden, alpha, backgroundColor,
/// hitTestSlop).
enum NodeProperties {
    static func capture(_ node: DisplayNode) -> JSONObject {
        var props = JSONObject()
        props.reserveCapacity(4)  // a text's text, lines and font, or an image and its control state
        // Text and image nodes are controls: plain nodes and cells skip the other casts.
        if let control = node as? ControlNode {
            if let text = control as? TextNode {
                appendText(of: text, to: &props)
            } else if let image = control as? ImageNode {
                appendImage(of: image, to: &props)
                if let network = image as? NetworkImageNode {
                    if let url = network.url { props.append(key: "url", value: .string(url)) }
                    props.append(key: "loadState", value: .string(network.loadState.rawValue))
                }
            }
            if let state = controlState(of: control) { props.append(key: "control", value: state) }
        }
        if node.clipsToBounds { props.append(key: "clipsToBounds", value: true) }
        if node.isHidden { props.append(key: "hidden", value: true) }
        if node.alpha != 1 { props.append(key: "alpha", value: .number(node.alpha)) }
        if let color = node.backgroundColor { props.append(key: "backgroundColor", value: .string(hex(color))) }
        if node.hitTestSlop != .zero { props.append(key: "hitTestSlop", value: LayoutValues.json(node.hitTestSlop)) }
        return props
    }

    /// `text`, the lines as drawn in the node's bounds, and the font (weight only when bold).
    /// The model always holds the lines; documents leave them out when they are `[text]`
    /// (WeftSnapshot's `ImpliedValues`).
    private static func appendText(of node: TextNode, to props: inout JSONObject) {
        props.append(key: "text", value: .string(node.text))
        props.append(key: "lines", value: .array(node.lines.map { .string($0.text) }))
        var font = JSONObject()
        font.reserveCapacity(2)
        font.append(key: "size", value: .number(node.font.size))
        if node.font.weight != .regular { font.append(key: "weight", value: .string(node.font.weight.rawValue)) }
        props.append(key: "font", value: .object(font))
    }

    /// texture-semantics.md section 7: the scaling ratio (omitted for an empty node) and the
    /// decoded size (w x h x 4, which documents leave out as implied).
    private static func appendImage(of node: ImageNode, to props: inout JSONObject) {
        guard let image = node.image else { return }
        var object = JSONObject()
        object.reserveCapacity(5)
        object.append(key: "pixelWidth", value: .number(Double(image.pixelWidth)))
        object.append(key: "pixelHeight", value: .number(Double(image.pixelHeight)))
        object.append(key: "scale", value: .number(image.scale))
        if let ratio = node.pixelScalingRatio { object.append(key: "scalingRatio", value: .number(ratio)) }
        object.append(key: "decodedBytes", value: .number(Double(image.decodedBytes)))
        props.append(key: "image", value: .object(object))
    }

    /// Nil for a control in its default state (enabled, not selected or highlighted, no
    /// targets): text and image nodes are controls, and most of them are plain.
    private static func controlState(of control: ControlNode) -> JSONValue? {
        guard !control.isEnabled || control.isSelected || control.isHighlighted || control.hasTargets else { return nil }
        var object = JSONObject()
        object.append(key: "enabled", value: .bool(control.isEnabled))
        if control.isSelected { object.append(key: "selected", value: true) }
        if control.isHighlighted { object.append(key: "highlighted", value: true) }
        if control.hasTargets {
            object.append(key: "targets", value: .array(control.targets.map { target in
                .object(["event": .string(target.event.names.first ?? ""), "action": .string(target.action)])
            }))
        }
        return .object(object)
    }

    /// `#rrggbb` when opaque, else `#rrggbbaa`.
    static func hex(_ color: Color) -> String {
        let text = color.hexString
        return text.hasSuffix("ff") && text.utf8.count == 9 ? String(text.dropLast(2)) : text
    }
}
