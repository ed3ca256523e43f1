import AsyncDisplayKit
import WeftLayout
import WeftNodes
import XCTest

/// Tables with Texture's data source and delegate: sections, node blocks, batch fetching.
final class ContainerTests: XCTestCase {
    final class RowNode: ASCellNode {
        override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
            let box = ASDisplayNode()
            box.style.preferredSize = CGSize(width: 10, height: 50)
            return ASWrapperLayoutSpec(layoutElement: box)
        }
    }

    final class Feed: ASTableDataSource, ASTableDelegate {
        var counts = [3, 2]
        var batches = 0

        func numberOfSections(in tableNode: ASTableNode) -> Int { counts.count }
        func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { counts[section] }
        func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
            { let row = RowNode(); row.debugName = "\(indexPath.section).\(indexPath.row)"; return row }
        }
        func shouldBatchFetch(for tableNode: ASTableNode) -> Bool { batches < 1 }
        func tableNode(_ tableNode: ASTableNode, willBeginBatchFetchWith context: ASBatchContext) {
            batches += 1
            counts[1] += 2
            tableNode.insertRows(at: [IndexPath(row: 2, section: 1), IndexPath(row: 3, section: 1)], with: .automatic)
            context.completeBatchFetching(true)
        }
    }

    func testSectionsLoadAndBatchFetchingInsertsRows() {
        let loop = MainLoop(clock: .manual)
        let feed = Feed()
        let table = ASTableNode()
        table.dataSource = feed
        table.delegate = feed
        table.setTuningParameters(ASRangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 0.5), for: .preload)
        let root = ASDisplayNode()
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in ASWrapperLayoutSpec(layoutElement: table) }
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        loop.step(frames: 2)
        // Five rows of 50 points fit the 480-point table: it asked for more at once.
        XCTAssertEqual(feed.batches, 1)
        XCTAssertEqual(table.numberOfItems, 7)
        XCTAssertEqual(table.numberOfSections, 2)
        XCTAssertEqual(table.numberOfRows(inSection: 1), 4)
        XCTAssertEqual(table.nodeForRow(at: IndexPath(row: 3, section: 1))?.debugName, "1.3")
        XCTAssertEqual(table.nodeForRow(at: IndexPath(row: 0, section: 1))?.frame, CGRect(x: 0, y: 150, width: 320, height: 50))
        XCTAssertEqual(table.tuningParameters(for: .full, rangeType: .preload).leadingBufferScreenfuls, 1)
        XCTAssertEqual(table.textureClassName, "ASTableNode")
    }
}
