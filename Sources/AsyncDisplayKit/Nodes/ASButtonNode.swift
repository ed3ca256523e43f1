import Foundation
import WeftNodes

/// Texture's ASButtonNode: a title and an image side by side (or stacked), `contentSpacing`
/// apart. Weft shows one state: what is set for `.normal` (other states are kept, not shown).
open class ASButtonNode: ButtonNode {
    /// A button with no title or image.
    public override init() {
        super.init()
    }

    /// The Swift class name, which snapshots and the inspector show (Texture's `NSStringFromClass`).
    open override var textureClassName: String { ASClassName.of(self) }

    private var titles: [UIControl.State.RawValue: NSAttributedString] = [:]
    private var images: [UIControl.State.RawValue: UIImage] = [:]

    /// Texture's `setTitle(_:with:with:for:)`: nil font and colour take Texture's defaults
    /// (the system font at UIFont.buttonFontSize, black).
    public func setTitle(_ title: String, with font: UIFont?, with color: UIColor?, for state: UIControl.State) {
        var attributes: [NSAttributedString.Key: Any] = [.font: font ?? UIFont.systemFont(ofSize: UIFont.buttonFontSize)]
        attributes[.foregroundColor] = color ?? .black
        setAttributedTitle(NSAttributedString(string: title, attributes: attributes), for: state)
    }

    /// Sets the title for a state; the `.normal` one is shown, in its first character's font and colour.
    public func setAttributedTitle(_ title: NSAttributedString?, for state: UIControl.State) {
        titles[state.rawValue] = title
        guard state == .normal else { return }
        let attributes = title.flatMap { $0.length > 0 ? $0.attributes(at: 0, effectiveRange: nil) : nil } ?? [:]
        // Without a font attribute, CoreText's 12 points (as an ASTextNode's text).
        setTitle(
            title?.string ?? "", font: attributes[.font] as? UIFont ?? ASTextNode.defaultFont,
            color: attributes[.foregroundColor] as? UIColor ?? .black)
    }

    /// The title set for the state, if any.
    public func attributedTitle(for state: UIControl.State) -> NSAttributedString? { titles[state.rawValue] }

    /// Sets the image for a state; the `.normal` one is shown.
    public func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state.rawValue] = image
        if state == .normal { self.image = image }
    }

    /// The image set for the state, if any.
    public func image(for state: UIControl.State) -> UIImage? { images[state.rawValue] }

    /// Sets the background image for a state (kept, not drawn: it does not change the size).
    public func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        if state == .normal { backgroundImage = image }
    }
}
