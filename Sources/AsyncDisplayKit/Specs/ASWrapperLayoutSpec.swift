import WeftLayout

/// Wraps elements where a spec is needed: `ASWrapperLayoutSpec(layoutElement: node)`.
public typealias ASWrapperLayoutSpec = WrapperLayoutSpec

extension WrapperLayoutSpec {
    /// Texture's `wrapperWithLayoutElement:`: a spec wrapping one element.
    public convenience init(layoutElement: ASLayoutElement) {
        self.init(children: [layoutElement])
    }

    /// Texture's `wrapperWithLayoutElements:`: a spec wrapping several, each at (0, 0).
    public convenience init(layoutElements: [ASLayoutElement]) {
        self.init(children: layoutElements)
    }
}
