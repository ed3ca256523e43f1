import Foundation
import WeftNodes

/// Texture's ASTextNode: `attributedText` is measured with the font, colour and paragraph
/// style of its first character (Weft measures one font per node).
open class ASTextNode: TextNode {
    /// A text node with no text, in CoreText's default 12-point font.
    public init() {
        super.init("", font: ASTextNode.defaultFont)
    }

    /// The Swift class name, which snapshots and the inspector show (Texture's `NSStringFromClass`).
    open override var textureClassName: String { ASClassName.of(self) }

    /// CoreText's font for text without a font attribute: 12 points.
    static let defaultFont = Font(size: 12)

    /// The text, measured in its first character's font, colour and line break mode.
    open var attributedText: NSAttributedString? {
        didSet {
            guard let attributedText, attributedText.length > 0 else {
                text = ""
                return
            }
            let attributes = attributedText.attributes(at: 0, effectiveRange: nil)
            text = attributedText.string
            font = attributes[.font] as? UIFont ?? Self.defaultFont
            textColor = attributes[.foregroundColor] as? UIColor ?? .black
            if let paragraph = attributes[.paragraphStyle] as? NSParagraphStyle {
                truncationMode = paragraph.lineBreakMode
            }
        }
    }

    /// Weft truncates at the tail whatever the mode (ASTextNode's default is tail).
    open var truncationMode: NSLineBreakMode = .byTruncatingTail

    /// The token at the end of truncated text (`…` by default).
    open var truncationAttributedText: NSAttributedString? {
        didSet { truncationToken = truncationAttributedText?.string ?? "\u{2026}" }
    }
}
