import Foundation
import WeftLayout
import WeftNodes

/// Texture's ASCellNode: what table, collection and pager data sources return.
open class ASCellNode: CellNode {
    /// An empty cell; subclass it and override `layoutSpecThatFits(_:)`.
    public override init() {
        super.init()
    }

    /// The Swift class name, which snapshots and the inspector show (Texture's `NSStringFromClass`).
    open override var textureClassName: String { ASClassName.of(self) }

    /// Texture's selection state (a cell the delegate's selection call marked).
    open var isSelected = false { didSet { if isSelected != oldValue { noteChange() } } }
    /// How a table shows the cell selected (kept, not drawn).
    open var selectionStyle: UITableViewCell.SelectionStyle = .default
    /// The table cell's accessory (kept, not drawn).
    open var accessoryType: UITableViewCell.AccessoryType = .none

    /// The cell's layout spec; not overriding it makes the cell a leaf.
    open func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        TextureLayoutOverrides.notOverridden
    }

    /// A leaf's own size for the largest size it may take.
    open func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(super.calculateSizeThatFits(Size(constrainedSize)))
    }

    /// Called after the cell's layout was applied (its subnodes have their frames).
    open func layout() {}

    /// As in ASDisplayNode (each facade class subclasses its own Weft class, so each forwards).
    private var mayOverrideLayoutSpec = true

    /// Weft's layout entry point: calls the Texture-typed `layoutSpecThatFits(_:)`.
    public final override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let (spec, overrides) = TextureLayoutOverrides.spec(self, constrainedSize, mayOverride: mayOverrideLayoutSpec) {
            layoutSpecThatFits(ASSizeRange(constrainedSize))
        }
        mayOverrideLayoutSpec = overrides
        return spec
    }

    /// Weft's measuring entry point: calls the Texture-typed `calculateSizeThatFits(_:)`.
    public final override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        Size(calculateSizeThatFits(CGSize(constrainedSize)))
    }

    /// Calls Texture's `layout()` once Weft has applied the layout.
    open override func didApplyLayout() {
        super.didApplyLayout()
        layout()
    }
}
