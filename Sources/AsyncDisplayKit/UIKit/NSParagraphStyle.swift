import Foundation

/// The paragraph attributes text measurement reads: the line break mode (truncation) and the
/// spacing between lines.
open class NSParagraphStyle {
    /// The default style: word wrapping, natural alignment, no line spacing.
    public static let `default` = NSParagraphStyle()

    /// How lines break and truncate; the one property Weft's measurement reads.
    public internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    /// The lines' alignment (kept, not measured).
    public internal(set) var alignment: NSTextAlignment = .natural
    /// Extra space between lines, in points (kept, not measured).
    public internal(set) var lineSpacing: CGFloat = 0

    /// The default style.
    public init() {}

    /// A mutable copy to change.
    public func mutableCopy() -> NSMutableParagraphStyle {
        let copy = NSMutableParagraphStyle()
        copy.lineBreakMode = lineBreakMode
        copy.alignment = alignment
        copy.lineSpacing = lineSpacing
        return copy
    }
}

/// A paragraph style whose properties can be set, as UIKit's.
public final class NSMutableParagraphStyle: NSParagraphStyle {
    /// How lines break and truncate.
    public override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
    /// The lines' alignment.
    public override var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    /// Extra space between lines, in points.
    public override var lineSpacing: CGFloat {
        get { super.lineSpacing }
        set { super.lineSpacing = newValue }
    }
}
