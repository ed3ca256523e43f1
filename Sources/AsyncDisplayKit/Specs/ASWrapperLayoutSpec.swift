import WeftLayout

/// Wraps elements where a spec is needed: `ASWrapperLayoutSpec(layoutElement: node)`.
public typealias ASWrapperLayoutSpec = WrapperLayoutSpec

extension WrapperLayoutSpec {
    public convenience init(layoutElement: ASLayoutElement) {
        self.init(children: [layoutElement])
    }

    public convenience init(layoutElements: [ASLayoutElement]) {
        self.init(children: layoutElements)
    }
}
