import WeftLayout
import WeftNodes

/// The example's one screen: a header (avatar, title, a Follow button with a 10-point hit slop)
/// above a table of rows that fills the rest, laid out by a vertical stack.
final class ExampleScreen {
    let root = DisplayNode()
    let avatar = ImageNode(image: Image(pixelWidth: 240, pixelHeight: 240, scale: 2, name: "avatar.png"))
    let title = TextNode("Weft example", font: .bold(20))
    let follow = ButtonNode()
    let table = TableNode()
    let rows: RowSource

    init(rowCount: Int) {
        rows = RowSource(count: rowCount)
        root.debugName = "screen"
        root.backgroundColor = .white
        root.automaticallyManagesSubnodes = true
        avatar.debugName = "avatar"
        // A 240x240-pixel image in 80x80 pixels: 9.00x (docs/texture-semantics.md section 7).
        avatar.style.preferredSize = Size(width: 40, height: 40)
        title.debugName = "title"
        title.style.flexShrink = 1
        title.style.flexGrow = 1
        follow.debugName = "follow"
        follow.setTitle("Follow", font: .system(15))
        follow.hitTestSlop = EdgeInsets(all: -10)
        follow.addTarget(action: "followTapped:", for: .touchUpInside) { control, _ in
            (control as? ButtonNode)?.isSelected.toggle()
        }
        table.debugName = "feed"
        table.style.flexGrow = 1
        table.dataSource = rows
        root.layoutSpecBlock = { [unowned self] _, _ in
            let header = StackLayoutSpec(
                direction: .horizontal, spacing: 12, alignItems: .center,
                children: [avatar, title, follow])
            return StackLayoutSpec(
                direction: .vertical,
                children: [
                    InsetLayoutSpec(insets: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16), child: header),
                    table,
                ])
        }
    }
}

/// The table's rows: a thumbnail next to a bold title and a subtitle of at most two lines.
final class RowSource: ContainerDataSource {
    let count: Int

    init(count: Int) {
        self.count = count
    }

    func numberOfItems(in container: ContainerNode) -> Int { count }

    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
        let cell = CellNode()
        cell.debugName = "row \(index)"
        let thumbnail = ImageNode(image: Image(pixelWidth: 88, pixelHeight: 88, scale: 2, name: "thumb-\(index % 7).png"))
        thumbnail.style.preferredSize = Size(width: 44, height: 44)
        let heading = TextNode("Item \(index)", font: .bold(16))
        let subtitle = TextNode(
            index % 3 == 0
                ? "A longer description that wraps onto a second line and is then truncated by the node"
                : "Short description", font: .system(13))
        subtitle.maximumNumberOfLines = 2
        cell.automaticallyManagesSubnodes = true
        cell.layoutSpecBlock = { _, _ in
            let text = StackLayoutSpec(direction: .vertical, spacing: 2, children: [heading, subtitle])
            text.style.flexShrink = 1
            text.style.flexGrow = 1
            let row = StackLayoutSpec(direction: .horizontal, spacing: 10, alignItems: .center, children: [thumbnail, text])
            return InsetLayoutSpec(insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16), child: row)
        }
        return cell
    }
}
