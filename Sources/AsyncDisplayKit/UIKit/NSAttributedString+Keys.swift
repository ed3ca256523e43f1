import Foundation

extension NSAttributedString.Key {
    /// A `UIFont`.
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// An `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    public static let kern = NSAttributedString.Key("NSKern")
}
