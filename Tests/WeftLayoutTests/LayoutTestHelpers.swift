import WeftLayout

/// A leaf node with an intrinsic size (a text or image node in Texture's tests).
func box(_ width: Double, _ height: Double, configure: (LayoutElementStyle) -> Void = { _ in }) -> BoxNode {
    let node = BoxNode(intrinsicSize: Size(width: width, height: height))
    configure(node.style)
    return node
}

/// A size range from min (w, h) to max (w, h).
func range(_ minWidth: Double, _ minHeight: Double, _ maxWidth: Double, _ maxHeight: Double) -> SizeRange {
    SizeRange(min: Size(width: minWidth, height: minHeight), max: Size(width: maxWidth, height: maxHeight))
}

/// Lays `element` out as a root within `sizeRange` at `scale`.
func layout(_ element: any LayoutElement, _ sizeRange: SizeRange, scale: Double = 2) -> Layout {
    element.layoutThatFits(sizeRange, context: LayoutContext(scale: scale))
}

extension Layout {
    /// The frames of the direct sublayouts.
    var childFrames: [Rect] { sublayouts.map(\.frame) }
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

func size(_ width: Double, _ height: Double) -> Size { Size(width: width, height: height) }
