import Foundation

/// The paragraph attributes text measurement reads: the line break mode (truncation) and the
/// spacing between lines.
open class NSParagraphStyle {
    public static let `default` = NSParagraphStyle()

    public internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    public internal(set) var alignment: NSTextAlignment = .natural
    public internal(set) var lineSpacing: CGFloat = 0

    public init() {}

    public func mutableCopy() -> NSMutableParagraphStyle {
        let copy = NSMutableParagraphStyle()
        copy.lineBreakMode = lineBreakMode
        copy.alignment = alignment
        copy.lineSpacing = lineSpacing
        return copy
    }
}

public final class NSMutableParagraphStyle: NSParagraphStyle {
    public override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
    public override var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    public override var lineSpacing: CGFloat {
        get { super.lineSpacing }
        set { super.lineSpacing = newValue }
    }
}
