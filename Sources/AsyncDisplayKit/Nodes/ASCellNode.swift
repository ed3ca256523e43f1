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
    /// How a table shows the cell selected (kept, not drawn).
    open var selectionStyle: UITableViewCell.SelectionStyle = .default
    /// The table cell's accessory (kept, not drawn).
    open var accessoryType: UITableViewCell.AccessoryType = .none

    open func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        TextureLayoutOverrides.notOverridden
    }

    open func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(super.calculateSizeThatFits(Size(constrainedSize)))
    }

    open func layout() {}

    /// As in ASDisplayNode (each facade class subclasses its own Weft class, so each forwards).
    private var mayOverrideLayoutSpec = true

    public final override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let (spec, overrides) = TextureLayoutOverrides.spec(self, constrainedSize, mayOverride: mayOverrideLayoutSpec) {
            layoutSpecThatFits(ASSizeRange(constrainedSize))
        }
        mayOverrideLayoutSpec = overrides
        return spec
    }

    public final override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        Size(calculateSizeThatFits(CGSize(constrainedSize)))
    }

    open override func didApplyLayout() {
        super.didApplyLayout()
        layout()
    }
}
