import AsyncDisplayKit

// Layouts in the style of Texture's layout documentation (layout specs, the layout element
// style, node subclasses, containers), in plain Texture Swift: nothing here names Weft.

/// A cell with a photo, a badge on its corner, a title and a button row.
public final class PhotoCellNode: ASCellNode {
    public let photoNode = ASNetworkImageNode()
    public let badgeNode = ASImageNode()
    public let titleNode = ASTextNode()
    public let likeButton = ASButtonNode()
    public let shareButton = ASButtonNode()
    public private(set) var likes = 0

    public init(title: String) {
        super.init()
        automaticallyManagesSubnodes = true
        selectionStyle = .none
        photoNode.url = URL(string: "file:///nonexistent/photo.png")
        photoNode.backgroundColor = UIColor(white: 0.9, alpha: 1)
        badgeNode.style.preferredSize = CGSize(width: 24, height: 24)
        badgeNode.cornerRadius = 12
        badgeNode.backgroundColor = .systemRed
        titleNode.attributedText = NSAttributedString(
            string: title,
            attributes: [
                .font: UIFont.systemFont(ofSize: 15, weight: .semibold),
                .foregroundColor: UIColor.darkGray,
            ])
        titleNode.maximumNumberOfLines = 2
        likeButton.setTitle("Like", with: UIFont.systemFont(ofSize: 13), with: .systemBlue, for: .normal)
        likeButton.setTitle("Liked", with: UIFont.boldSystemFont(ofSize: 13), with: .systemBlue, for: .selected)
        likeButton.hitTestSlop = UIEdgeInsets(top: -10, left: -10, bottom: -10, right: -10)
        likeButton.addTarget(for: .touchUpInside) { [unowned self] _ in likes += 1 }
        shareButton.setTitle("Share", with: nil, with: nil, for: .normal)
        shareButton.contentSpacing = 6
        shareButton.laysOutHorizontally = true
    }

    public override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        // The corner spec hands its range to the badge too: the stack must not stretch it.
        photoNode.style.width = ASDimensionMake("100%")
        let photo = ASRatioLayoutSpec(ratio: 9.0 / 16.0, child: photoNode)
        let badged = ASCornerLayoutSpec(child: photo, corner: badgeNode, location: .topRight)
        badged.offset = CGPoint(x: -16, y: 16)

        let spacer = ASLayoutSpec()
        spacer.style.flexGrow = 1
        let buttons = ASStackLayoutSpec(
            direction: .horizontal, spacing: 12, justifyContent: .start,
            alignItems: .center, children: [likeButton, spacer, shareButton])

        let text = ASStackLayoutSpec.vertical()
        text.spacing = 8
        text.children = [titleNode, buttons]
        let insetText = ASInsetLayoutSpec(insets: UIEdgeInsetsMake(12, 16, 12, 16), child: text)
        insetText.style.alignSelf = .stretch

        return ASStackLayoutSpec(
            direction: .vertical, spacing: 0, justifyContent: .start,
            alignItems: .start, children: [badged, insetText])
    }
}

/// A profile header built with a layout spec block instead of a subclass.
public func makeProfileHeader(name: String) -> ASDisplayNode {
    let avatar = ASImageNode()
    avatar.style.preferredSize = CGSize(width: 44, height: 44)
    avatar.cornerRadius = 22
    let nameNode = ASTextNode()
    nameNode.attributedText = NSAttributedString(string: name, attributes: [.font: UIFont.boldSystemFont(ofSize: 17)])
    nameNode.style.flexShrink = 1
    let followButton = ASButtonNode()
    followButton.setTitle("Follow", with: UIFont.systemFont(ofSize: 14), with: .white, for: .normal)
    followButton.backgroundColor = .systemBlue
    followButton.contentEdgeInsets = UIEdgeInsets(top: 6, left: 12, bottom: 6, right: 12)

    let header = ASDisplayNode()
    header.automaticallyManagesSubnodes = true
    header.debugName = "profile-header"
    header.style.height = ASDimensionMake(64)
    header.layoutSpecBlock = { _, _ in
        let row = ASStackLayoutSpec(
            direction: .horizontal, spacing: 10, justifyContent: .start, alignItems: .center,
            children: [avatar, nameNode])
        row.style.flexGrow = 1
        row.style.flexShrink = 1
        let follow = ASCenterLayoutSpec(centeringOptions: .Y, sizingOptions: .minimumX, child: followButton)
        let content = ASStackLayoutSpec(
            direction: .horizontal, spacing: 8, justifyContent: .spaceBetween,
            alignItems: .stretch, children: [row, follow])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 10, left: 16, bottom: 10, right: 16), child: content)
    }
    return header
}

/// Half-width tiles, a relative badge and a background: dimensions and percentages.
public final class TileGridNode: ASDisplayNode {
    public let tiles: [ASDisplayNode]
    public let badge = ASTextNode()

    public override init() {
        tiles = (0..<4).map { index in
            let tile = ASDisplayNode()
            tile.style.width = ASDimensionMake("50%")
            tile.style.height = ASDimensionMakeWithPoints(80)
            tile.backgroundColor = UIColor(hue: CGFloat(index) / 4, saturation: 0.5, brightness: 0.9, alpha: 1)
            return tile
        }
        super.init()
        automaticallyManagesSubnodes = true
        badge.attributedText = NSAttributedString(string: "NEW", attributes: [.font: UIFont.boldSystemFont(ofSize: 11)])
    }

    public override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let grid = ASStackLayoutSpec(
            direction: .horizontal, spacing: 0, justifyContent: .start, alignItems: .start,
            flexWrap: .wrap, alignContent: .start, children: tiles)
        let badgeBackground = ASBackgroundLayoutSpec(
            child: ASInsetLayoutSpec(insets: UIEdgeInsets(top: 2, left: 4, bottom: 2, right: 4), child: badge),
            background: ASDisplayNode())
        let placedBadge = ASRelativeLayoutSpec(
            horizontalPosition: .end, verticalPosition: .start,
            sizingOption: [], child: badgeBackground)
        return ASOverlayLayoutSpec(child: grid, overlay: placedBadge)
    }
}

/// A table of photo cells that grows by batch fetching, as Texture's guides show.
public final class PhotoFeedNode: ASDisplayNode, ASTableDataSource, ASTableDelegate {
    public let tableNode = ASTableNode(style: .plain)
    public private(set) var titles = (1...5).map { "Photo \($0)" }
    public private(set) var fetches = 0

    public override init() {
        super.init()
        automaticallyManagesSubnodes = true
        tableNode.dataSource = self
        tableNode.delegate = self
        tableNode.leadingScreensForBatching = 2
        tableNode.setTuningParameters(
            ASRangeTuningParameters(leadingBufferScreenfuls: 2, trailingBufferScreenfuls: 1),
            for: .full, rangeType: .preload)
    }

    public override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        ASWrapperLayoutSpec(layoutElement: tableNode)
    }

    public func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { titles.count }

    public func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        let title = titles[indexPath.row]
        return { PhotoCellNode(title: title) }
    }

    public func shouldBatchFetch(for tableNode: ASTableNode) -> Bool { titles.count < 15 }

    public func tableNode(_ tableNode: ASTableNode, willBeginBatchFetchWith context: ASBatchContext) {
        fetches += 1
        let start = titles.count
        titles += (start + 1...start + 5).map { "Photo \($0)" }
        tableNode.insertRows(at: (start..<titles.count).map { IndexPath(row: $0, section: 0) }, with: .fade)
        context.completeBatchFetching(true)
    }
}
