/// How text that does not fit is wrapped or truncated. Weft wraps at words and truncates at
/// the tail: the truncating modes all truncate the tail, clipping cuts the last line.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping
    case byClipping
    case byTruncatingHead
    case byTruncatingTail
    case byTruncatingMiddle
}

/// Text alignment inside a paragraph (measurement does not depend on it).
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center
    case right
    case justified
    case natural
}
