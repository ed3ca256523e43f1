/// How text that does not fit is wrapped or truncated. Weft wraps at words and truncates at
/// the tail: the truncating modes all truncate the tail, clipping cuts the last line.
public enum NSLineBreakMode: Int, Sendable {
    /// Wraps at word boundaries (the default).
    case byWordWrapping = 0
    /// Wraps at characters in UIKit; Weft wraps at words.
    case byCharWrapping
    /// Cuts the last line off.
    case byClipping
    /// Truncates with an ellipsis (Weft truncates the tail for every truncating mode).
    case byTruncatingHead
    /// Truncates the end of the last line with an ellipsis.
    case byTruncatingTail
    /// Truncates with an ellipsis (Weft truncates the tail for every truncating mode).
    case byTruncatingMiddle
}

/// Text alignment inside a paragraph (measurement does not depend on it).
public enum NSTextAlignment: Int, Sendable {
    /// Left-aligned lines (kept; Weft measures every alignment the same).
    case left = 0
    /// Centred lines (kept).
    case center
    /// Right-aligned lines (kept).
    case right
    /// Justified lines (kept).
    case justified
    /// The script's natural alignment (the default, kept).
    case natural
}
