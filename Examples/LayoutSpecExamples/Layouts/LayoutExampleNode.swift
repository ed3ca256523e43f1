import AsyncDisplayKit

/// The base of the examples: a node that lays out its subnodes with a layout spec.
class LayoutExampleNode: ASDisplayNode {
    required override init() {
        super.init()
        automaticallyManagesSubnodes = true
        backgroundColor = .white
    }

    class var title: String { "" }

    /// Whether the example spans the width and is centred vertically only (else both ways).
    class var needsOnlyYCentering: Bool { false }
}

extension NSAttributedString {
    /// The examples' text: a system font of `fontSize` in `color`.
    static func exampleText(_ string: String, fontSize: CGFloat, color: UIColor) -> NSAttributedString {
        NSAttributedString(
            string: string,
            attributes: [
                .font: UIFont.systemFont(ofSize: fontSize),
                .foregroundColor: color,
            ])
    }
}

extension UIColor {
    static let exampleDarkBlue = UIColor(red: 18.0 / 255, green: 86.0 / 255, blue: 136.0 / 255, alpha: 1)
    static let exampleLightBlue = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
}
