import AsyncDisplayKit
import XCTest

/// The UIKit values Texture code reaches through `import AsyncDisplayKit`.
final class UIKitValueTests: XCTestCase {
    private var savedDirectories: [URL] = []

    override func setUp() {
        savedDirectories = UIImage.resourceDirectories
        UIImage.resourceDirectories = [Bundle.module.resourceURL!.appendingPathComponent("Images")]
        UIScreen.main.scale = 2
    }

    override func tearDown() {
        UIImage.resourceDirectories = savedDirectories
        UIScreen.main.scale = 2
    }

    func testImagesReadTheirPixelSizeAndTheScaleForTheScreen() throws {
        let avatar = try XCTUnwrap(UIImage(named: "avatar"))
        XCTAssertEqual([avatar.pixelWidth, avatar.pixelHeight], [60, 40])
        XCTAssertEqual(avatar.scale, 2)
        XCTAssertEqual(avatar.size.width, 30)
        UIScreen.main.scale = 3
        XCTAssertEqual(UIImage(named: "avatar")?.scale, 3)
        XCTAssertEqual(UIImage(named: "avatar")?.size.height, 20)
        UIScreen.main.scale = 1
        XCTAssertEqual(UIImage(named: "avatar")?.scale, 2, "no 1x file: the smallest larger one")
        let badge = try XCTUnwrap(UIImage(named: "badge.jpg"))
        XCTAssertEqual([badge.pixelWidth, badge.pixelHeight, Int(badge.scale)], [120, 45, 3])
        XCTAssertEqual(UIImage(named: "plain")?.size.height, 12)
        XCTAssertNil(UIImage(named: "broken"))
        XCTAssertNil(UIImage(named: "missing"))
        XCTAssertNil(UIImage(named: ""))
    }

    func testAnImageNodeMeasuresItsImageInPoints() {
        let node = ASImageNode()
        node.image = UIImage(named: "avatar")
        node.contentMode = UIView.ContentMode.scaleAspectFit
        XCTAssertEqual(node.layoutThatFits(ASSizeRangeUnconstrained).size, CGSize(width: 30, height: 20))
    }

    func testAttributedTextSetsTheFontColourAndTruncation() {
        let text = ASTextNode()
        let paragraph = NSMutableParagraphStyle()
        paragraph.lineBreakMode = .byTruncatingTail
        text.attributedText = NSAttributedString(
            string: "hello",
            attributes: [
                .font: UIFont.boldSystemFont(ofSize: 20), .foregroundColor: UIColor.red, .paragraphStyle: paragraph,
            ])
        text.truncationAttributedText = NSAttributedString(string: "...")
        XCTAssertEqual(text.text, "hello")
        XCTAssertEqual(text.font, UIFont.boldSystemFont(ofSize: 20))
        XCTAssertEqual(text.textColor.hexString, "#ff0000ff")
        XCTAssertEqual(text.truncationMode, .byTruncatingTail)
        XCTAssertEqual(text.truncationToken, "...")
        // Without a font attribute, CoreText's 12 points.
        text.attributedText = NSAttributedString(string: "plain")
        XCTAssertEqual(text.font.pointSize, 12)
        XCTAssertEqual(UIFont(name: "HelveticaNeue-Semibold", size: 14)?.weight, .bold)
        XCTAssertEqual(UIFont.systemFont(ofSize: 14, weight: .light).weight, .regular)
    }

    func testColoursInsetsAndButtons() {
        XCTAssertEqual(UIColor(white: 0.5, alpha: 1).hexString, "#808080ff")
        XCTAssertEqual(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1), UIColor.red)
        XCTAssertEqual(UIColor.blue.withAlphaComponent(0.5).hexString, "#0000ff80")
        XCTAssertEqual(UIEdgeInsetsMake(1, 2, 3, 4), UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        let button = ASButtonNode()
        button.setTitle("Like", with: UIFont.systemFont(ofSize: 12), with: .blue, for: .normal)
        button.setTitle("Liked", with: nil, with: nil, for: .selected)
        button.setImage(UIImage(named: "plain"), for: .normal)
        button.contentSpacing = 4
        XCTAssertEqual(button.titleNode.text, "Like")
        XCTAssertEqual(button.attributedTitle(for: .selected)?.string, "Liked")
        button.setTitle("Share", with: nil, with: nil, for: .normal)
        XCTAssertEqual(button.titleNode.font.pointSize, UIFont.buttonFontSize, "Texture's default button font")
        var taps = 0
        button.addTarget(for: .touchUpInside) { _ in taps += 1 }
        button.simulateTap()
        XCTAssertEqual(taps, 1)
    }
}
