import AsyncDisplayKit

/// The screen: a table of every layout example, the examples repeated as the table asks for
/// more (batch fetching), up to `maximumRows`.
final class OverviewNode: ASDisplayNode, ASTableDataSource, ASTableDelegate {
    static let examples: [LayoutExampleNode.Type] = [
        HeaderWithRightAndLeftItems.self,
        PhotoWithInsetTextOverlay.self,
        PhotoWithOutsetIconOverlay.self,
        FlexibleSeparatorSurroundingContent.self,
    ]

    let tableNode = ASTableNode()
    private(set) var rowCount = OverviewNode.examples.count
    let maximumRows: Int

    init(maximumRows: Int = 12) {
        self.maximumRows = maximumRows
        super.init()
        automaticallyManagesSubnodes = true
        backgroundColor = .white
        tableNode.dataSource = self
        tableNode.delegate = self
        tableNode.leadingScreensForBatching = 1
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        ASWrapperLayoutSpec(layoutElement: tableNode)
    }

    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { rowCount }

    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        let example = Self.examples[indexPath.row % Self.examples.count]
        return { OverviewCellNode(example: example) }
    }

    func shouldBatchFetch(for tableNode: ASTableNode) -> Bool { rowCount < maximumRows }

    func tableNode(_ tableNode: ASTableNode, willBeginBatchFetchWith context: ASBatchContext) {
        let added = min(Self.examples.count, maximumRows - rowCount)
        let newRows = (rowCount..<rowCount + added).map { IndexPath(row: $0, section: 0) }
        rowCount += added
        tableNode.insertRows(at: newRows, with: .automatic)
        context.completeBatchFetching(true)
    }
}
