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
            {
                let row = RowNode()
                row.debugName = "\(indexPath.section).\(indexPath.row)"
                return row
            }
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
        table.setTuningParameters(
            ASRangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 0.5), for: .preload)
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
        XCTAssertNil(table.nodeForRow(at: IndexPath(row: 3, section: 0)), "section 0 has three rows")
        XCTAssertNil(table.nodeForRow(at: IndexPath(row: 0, section: 2)))
        XCTAssertEqual(table.tuningParameters(for: .full, rangeType: .preload).leadingBufferScreenfuls, 1)
        XCTAssertEqual(table.textureClassName, "ASTableNode")
        XCTAssertEqual(table.rangeController.dataSourceTypeName, "Feed")

        // Deleting numbers rows as they were: section 1's first row goes.
        feed.counts[1] -= 1
        table.deleteRows(at: [IndexPath(row: 0, section: 1)], with: .fade)
        XCTAssertEqual(table.numberOfItems, 6)
        XCTAssertEqual(table.nodeForRow(at: IndexPath(row: 0, section: 1))?.debugName, "1.1")
        // An update the data source does not match is refused; the table reloads what it holds.
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        XCTAssertEqual(table.numberOfItems, 6)
        XCTAssertEqual(table.nodeForRow(at: IndexPath(row: 0, section: 1))?.debugName, "1.0", "reloaded from the data source")
    }
}

/// Collections, pagers, interface-state callbacks and network images through the facade.
final class ContainerKindsTests: XCTestCase {
    final class TileNode: ASCellNode {
        var events: [String] = []
        override func didEnterVisibleState() {
            super.didEnterVisibleState()
            events.append("visible")
        }
        override func didExitVisibleState() {
            super.didExitVisibleState()
            events.append("hidden")
        }
    }

    final class Tiles: ASCollectionDataSource, ASPagerDataSource {
        var tiles: [TileNode] = []
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 30 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
            let tile = TileNode()
            tiles.append(tile)
            return tile
        }
        func numberOfPages(in pagerNode: ASPagerNode) -> Int { 3 }
        func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode {
            let page = ASCellNode()
            page.debugName = "page \(index)"
            return page
        }
    }

    private func show(_ node: DisplayNode, in loop: MainLoop) {
        let root = ASDisplayNode()
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in ASWrapperLayoutSpec(layoutElement: node) }
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        loop.step(frames: 2)
    }

    func testACollectionLaysItsItemsOutInFlowLinesAndTellsThemTheyAreVisible() throws {
        let loop = MainLoop(clock: .manual)
        let tiles = Tiles()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumInteritemSpacing = 5
        layout.minimumLineSpacing = 10
        let collection = ASCollectionNode(collectionViewLayout: layout)
        collection.dataSource = tiles
        show(collection, in: loop)
        XCTAssertEqual(collection.numberOfItems, 30)
        XCTAssertEqual(
            collection.nodeForItem(at: IndexPath(item: 4, section: 0))?.frame, CGRect(x: 105, y: 110, width: 100, height: 100))
        XCTAssertEqual(tiles.tiles[0].events, ["visible"])
        XCTAssertEqual(tiles.tiles[29].events, [])
        XCTAssertTrue(tiles.tiles[0].interfaceState.contains(ASInterfaceState.visible))
        try collection.scrollToItem(at: 29)
        loop.step(frames: 2)
        XCTAssertEqual(tiles.tiles[0].events, ["visible", "hidden"])
        XCTAssertEqual(tiles.tiles[29].events, ["visible"])
    }

    func testAPagerShowsFullSizePages() {
        let loop = MainLoop(clock: .manual)
        let tiles = Tiles()
        let pager = ASPagerNode()
        pager.setDataSource(tiles)
        show(pager, in: loop)
        XCTAssertEqual(pager.numberOfItems, 3)
        XCTAssertEqual(pager.nodeForPage(at: 1)?.frame, CGRect(x: 320, y: 0, width: 320, height: 480))
        XCTAssertEqual(pager.nodeForPage(at: 2)?.debugName, "page 2")
    }

    final class ImageWatcher: ASNetworkImageNodeDelegate {
        var loaded: [UIImage] = []
        var failures = 0
        func imageNode(_ imageNode: ASNetworkImageNode, didLoad image: UIImage) { loaded.append(image) }
        func imageNodeDidFailToLoad(_ imageNode: ASNetworkImageNode) { failures += 1 }
    }

    func testNetworkImagesLoadFileURLsAndTellTheirDelegate() throws {
        let loop = MainLoop(clock: .manual)
        let watcher = ImageWatcher()
        let images = Bundle.module.resourceURL!.appendingPathComponent("Images")
        let photo = ASNetworkImageNode()
        let broken = ASNetworkImageNode()
        photo.delegate = watcher
        broken.delegate = watcher
        photo.url = images.appendingPathComponent("avatar@3x.png")
        broken.url = URL(string: "https://example.com/photo.png")
        broken.defaultImage = UIImage(contentsOfFile: images.appendingPathComponent("plain.png").path)
        let row = ASStackLayoutSpec.horizontal()
        row.alignItems = .start
        row.children = [photo, broken]
        let root = ASDisplayNode()
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in row }
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        loop.step(frames: 2)
        XCTAssertEqual(photo.url?.lastPathComponent, "avatar@3x.png")
        XCTAssertEqual(watcher.loaded.map(\.pixelWidth), [90])
        XCTAssertEqual(photo.frame, CGRect(x: 0, y: 0, width: 30, height: 20))
        XCTAssertEqual(watcher.failures, 1)
        XCTAssertEqual(broken.frame.size, CGSize(width: 10, height: 12), "the default image stays")
    }
}
