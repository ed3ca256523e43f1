import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

/// Layout.explain against the Card of Support.swift: at 375x100 the inset of 10 gives the stack
/// exactly 355 x 80; the avatar is 50 wide; the title measures 100 (its style width) and grows
/// by 355 - (50 + 5 + 100) = 200 to 300 at x = 55.
@Suite("Layout.explain")
struct LayoutExplainCommandTests {
    @Test("the chain from the root to the title, with snapshot ids and the flex share")
    func titleChain() throws {
        let card = Card()
        let recorder = RecordingSession(loop: loop(with: [card.root]))
        let calculations = card.title.layoutCalculationCount
        let answer = try recorder.result("Layout.explain", ["id": .string(card.title.id)])
        let chain = try #require(answer["chain"]?.array)
        #expect(chain.map { $0["id"]?.string } == [card.root.id, "\(card.root.id)/0", "\(card.root.id)/0.0", card.title.id])
        #expect(chain[3]["frame"] == [55, 0, 300, 20])
        let steps = try #require(chain[3]["steps"]?.array)
        let grow = try #require(steps.first { $0["rule"] == "stack.flex.grow" })
        #expect(grow["values"]?["violation"] == 200 && grow["values"]?["after"] == 300)
        // In the flex pass the stack fixes the width at 300: the style width 100 no longer counts.
        let style = try #require(steps.first { $0["section"] == "style" && $0["rule"] == "style.overridden" })
        #expect(
            style["sentence"]?.string?.hasPrefix("style width 100 has no effect: the parent gave an exact width of 300") == true)
        #expect(answer["passRoot"]?.string == card.root.id && answer["above"] == [])
        #expect(answer["text"]?.string?.contains("3. ASDisplayNode (title)") == true)
        // The traced pass neither reads nor fills the layout cache.
        #expect(card.title.layoutCalculationCount == calculations)
    }

    @Test("an edit that an exact range overrides is explained as having no effect")
    func overriddenEdit() throws {
        let card = Card()
        let recorder = RecordingSession(loop: loop(with: [card.root]))
        _ = try recorder.result("Layout.setStyle", ["id": .string(card.root.id), "property": "width", "value": "50%"])
        let answer = try recorder.result("Layout.explain", ["id": .string(card.root.id)])
        let steps = try #require(answer["chain"]?.array?.last?["steps"]?.array)
        let style = try #require(steps.first { $0["rule"] == "style.overridden" })
        #expect(
            style["sentence"]?.string?.hasPrefix(
                "style width 50% of 375 = 187.5 has no effect: the parent gave an exact width of 375") == true)
        #expect(answer["chain"]?.array?.last?["frame"] == [0, 0, 375, 100])
    }

    @Test("a spec id, bad ids and bad params")
    func specAndErrors() throws {
        let card = Card()
        let recorder = RecordingSession(loop: loop(with: [card.root]))
        let stack = try recorder.result("Layout.explain", ["id": .string("\(card.root.id)/0.0")])
        #expect(stack["chain"]?.array?.count == 3)
        #expect(stack["chain"]?.array?.last?["frame"] == [10, 10, 355, 80])
        #expect(recorder.errorCode("Layout.explain", ["id": "n999999"]) == -32010)
        #expect(recorder.errorCode("Layout.explain", ["id": .string("\(card.root.id)/0.7")]) == -32010)
        #expect(recorder.errorCode("Layout.explain", [:]) == -32602)
        #expect(recorder.errorCode("Layout.explain", ["id": 3]) == -32602)
    }

    @Test("a cell's element: the table's pass above the cell's, joined by how the table lays the cell out")
    func cellChain() throws {
        // A 375 x 300 root: a vertical stack of a 30 x 30 image and a table of style height 200
        // (stretched to 375 wide, at y 30); each cell a row holding a 30 x 30 image.
        final class Cells: ContainerDataSource {
            func numberOfItems(in container: ContainerNode) -> Int { 2 }
            func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
                let cell = CellNode()
                let image = ImageNode(image: Image(pixelWidth: 30, pixelHeight: 30, scale: 1))
                cell.automaticallyManagesSubnodes = true
                cell.layoutSpecBlock = { _, _ in StackLayoutSpec(direction: .horizontal, children: [image]) }
                return cell
            }
        }
        let cells = Cells()
        let table = TableNode()
        table.dataSource = cells
        table.style.height = .points(200)
        let image = ImageNode(image: Image(pixelWidth: 30, pixelHeight: 30, scale: 1))
        let root = DisplayNode()
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in StackLayoutSpec(direction: .vertical, children: [image, table]) }
        let recorder = RecordingSession(loop: loop(with: [root], size: Size(width: 375, height: 300)))
        let cell = try #require(table.cellForItem(at: 1))
        let cellImage = try #require(cell.subnodes.first)
        let answer = try recorder.result("Layout.explain", ["id": .string(cellImage.id)])
        #expect(answer["passRoot"]?.string == cell.id)
        let above = try #require(answer["above"]?.array)
        #expect(above.map { $0["id"]?.string } == [root.id, "\(root.id)/0", table.id])
        #expect(above.last?["frame"] == [0, 30, 375, 200])
        let chain = try #require(answer["chain"]?.array)
        #expect(chain.map { $0["id"]?.string } == [cell.id, "\(cell.id)/0", cellImage.id])
        #expect(chain.last?["frame"] == [0, 0, 30, 30])
        let first = try #require(chain[0]["steps"]?.array?.first)
        #expect(first["rule"] == "pass.cell")
        #expect(first["sentence"]?.string?.hasPrefix("a cell of ASTableNode, which lays it out in width exactly 375") == true)
        withExtendedLifetime(cells) {}
    }
}
