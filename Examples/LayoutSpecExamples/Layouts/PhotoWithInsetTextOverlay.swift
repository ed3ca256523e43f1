import AsyncDisplayKit

/// A photo a quarter of the width wide, its title inset over its bottom edge.
final class PhotoWithInsetTextOverlay: LayoutExampleNode {
    let photoNode = ASImageNode()
    let titleNode = ASTextNode()

    required init() {
        super.init()
        backgroundColor = .clear
        photoNode.image = UIImage(named: "hike-photo")
        photoNode.cornerRadius = 10
        titleNode.attributedText = .exampleText("family fall hikes", fontSize: 16, color: .white)
        titleNode.truncationAttributedText = .exampleText("...", fontSize: 16, color: .white)
        titleNode.maximumNumberOfLines = 2
        titleNode.truncationMode = .byTruncatingTail
    }

    override class var title: String { "Photo with inset text overlay" }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let photoDimension: CGFloat = constrainedSize.max.width / 4.0
        photoNode.style.preferredSize = CGSize(width: photoDimension, height: photoDimension)

        // An infinite top inset pins the title to the bottom.
        let insets = UIEdgeInsets(top: CGFloat.infinity, left: 12, bottom: 12, right: 12)
        let textInsetSpec = ASInsetLayoutSpec(insets: insets, child: titleNode)
        return ASOverlayLayoutSpec(child: photoNode, overlay: textInsetSpec)
    }
}
