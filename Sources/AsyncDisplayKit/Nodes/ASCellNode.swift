import Foundation
import WeftLayout
import WeftNodes

/// Texture's ASCellNode: what table, collection and pager data sources return.
open class ASCellNode: CellNode {
    public override init() {
        super.init()
    }

    open override var textureClassName: String { ASClassName.of(self) }

    /// Texture's selection state (a cell the delegate's selection call marked).
    open var isSelected = false { didSet { if isSelected != oldValue { noteChange() } } }

    open func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        TextureLayoutOverrides.notOverridden
    }

    open func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(super.calculateSizeThatFits(Size(constrainedSize)))
    }

    open func layout() {}

    public final override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        TextureLayoutOverrides.spec(blockSpec: layoutSpecBlock.map { $0(self, constrainedSize) },
                                    hasBlock: layoutSpecBlock != nil,
                                    textureSpec: { layoutSpecThatFits(ASSizeRange(constrainedSize)) })
    }

    public final override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        Size(calculateSizeThatFits(CGSize(constrainedSize)))
    }

    open override func didApplyLayout() {
        super.didApplyLayout()
        layout()
    }
}
