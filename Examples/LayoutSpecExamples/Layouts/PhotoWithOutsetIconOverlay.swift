import AsyncDisplayKit

/// A photo with a round icon sticking out of its top right corner.
final class PhotoWithOutsetIconOverlay: LayoutExampleNode {
    let photoNode = ASImageNode()
    let iconNode = ASImageNode()

    required init() {
        super.init()
        photoNode.image = UIImage(named: "beach-photo")
        iconNode.image = UIImage(named: "avatar-icon")
        iconNode.cornerRadius = 20
        #if canImport(UIKit)
            iconNode.imageModificationBlock = { image, _ in
                image.makeCircularImage(size: CGSize(width: 60, height: 60), borderWidth: 10)
            }
        #endif
    }

    override class var title: String { "Photo with outset icon overlay" }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        iconNode.style.preferredSize = CGSize(width: 40, height: 40)
        iconNode.style.layoutPosition = CGPoint(x: 150, y: 0)

        photoNode.style.preferredSize = CGSize(width: 150, height: 150)
        photoNode.style.layoutPosition = CGPoint(x: 40 / 2.0, y: 40 / 2.0)

        let absoluteSpec = ASAbsoluteLayoutSpec(children: [photoNode, iconNode])
        // Sized to its children, as Texture 1's static layout spec was.
        absoluteSpec.sizing = .sizeToFit
        return absoluteSpec
    }
}
