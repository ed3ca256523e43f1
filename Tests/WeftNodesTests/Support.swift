import Foundation
import WeftLayout

@testable import WeftNodes

/// A layout spec that puts each child at a fixed position, laid out in {{0, 0}, max}: enough to
/// test how nodes apply layouts (flattening and rounding) without depending on the stack spec.
final class PlacementSpec: LayoutSpec {
    let positions: [Point]

    init(_ placed: [(any LayoutElement, Point)]) {
        positions = placed.map(\.1)
        super.init(children: placed.map(\.0))
    }

    override var textureClassName: String { "PlacementSpec" }

    override func calculateLayoutThatFits(_ constrainedSize: SizeRange, context: LayoutContext) -> Layout {
        let range = SizeRange(min: .zero, max: constrainedSize.max)
        let sublayouts = zip(children, positions).map { child, position in
            var layout = child.layoutThatFits(range, parentSize: constrainedSize.max, context: context)
            layout.position = position
            return layout
        }
        let size = constrainedSize.max.isValidForLayout ? constrainedSize.max : constrainedSize.min
        return Layout(element: self, size: size, sublayouts: sublayouts, context: context)
    }
}

/// A cell of a fixed height (its style height), as feed rows often are.
final class FixedCell: CellNode {
    init(height: Double, name: String? = nil) {
        super.init()
        style.height = .points(height)
        debugName = name
    }
}

/// A data source of `count` fixed-height cells that records every interface-state event of its
/// cells, in order, as "index:event".
final class ListSource: ContainerDataSource {
    var count: Int
    var height: Double
    var events: [String] = []
    var makeCell: ((Int) -> CellNode)?

    init(count: Int, height: Double = 100) {
        self.count = count
        self.height = height
    }

    func numberOfItems(in container: ContainerNode) -> Int { count }

    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
        let cell = makeCell?(index) ?? FixedCell(height: height, name: "item \(index)")
        cell.addInterfaceStateObserver { [weak self] _, event in
            if case .interfaceStateDidChange = event { return }
            self?.events.append("\(index):\(event)")
        }
        return cell
    }
}

/// A root of 320 x 480 points holding `node` with the given frame, in a manual-clock loop.
func makeScreen(_ node: DisplayNode, frame: Rect = Rect(x: 0, y: 0, width: 320, height: 480)) -> (MainLoop, DisplayNode) {
    let loop = MainLoop()
    let root = DisplayNode()
    root.addSubnode(node)
    node.frame = frame
    loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
    return (loop, root)
}

/// A loaded table of `count` 100-pt rows filling a 320 x 480 screen, after one frame.
func loadedTable(count: Int) -> (table: TableNode, source: ListSource, loop: MainLoop, root: DisplayNode) {
    let table = TableNode()
    let source = ListSource(count: count)
    table.dataSource = source
    let (loop, root) = makeScreen(table)
    loop.run(frames: 1)
    return (table, source, loop, root)
}

/// A pager of `source`'s pages filling a 320 x 480 screen, after one frame. The caller keeps
/// `source`: data sources are weak references, as in Texture.
func loadedPager(_ source: ContainerDataSource) -> (pager: PagerNode, loop: MainLoop, root: DisplayNode) {
    let pager = PagerNode()
    pager.dataSource = source
    let (loop, root) = makeScreen(pager)
    loop.run(frames: 1)
    return (pager, loop, root)
}
