import WeftNodes

/// The demo's fonts, colours and spacings in one place (the tutorial's constants).
enum Theme {
    static let horizontalBuffer = 8.0
    static let avatarSide = 32.0
    static let storyAvatarSide = 55.0
    static let actionIconSide = 16.0
    /// Apple's minimum comfortable touch target; action icons grow to it with hit-test slop.
    static let minimumTouchTarget = 44.0
    static let actionSpacing = 16.0
    /// Height over width of a feed photo.
    static let photoRatio = 1 / 1.5

    static let usernameFont = Font.bold(14)
    static let detailFont = Font.system(12)
    static let bodyFont = Font.system(14)
    static let titleFont = Font.bold(20)

    static let textColor = Color(red255: 38, green: 38, blue: 38)
    static let secondaryTextColor = Color(red255: 142, green: 142, blue: 142)
    static let separatorColor = Color(red255: 219, green: 219, blue: 219)
    static let unseenStoryRing = Color(red255: 214, green: 41, blue: 118)
    static let likedColor = Color(red255: 237, green: 73, blue: 86)
    static let placeholderColor = Color(red255: 239, green: 239, blue: 239)
}

/// A text node in the demo's style: named for the inspector, in the theme's text colour unless
/// told otherwise, on at most `lines` lines (0: no limit).
func themedText(_ text: String, font: Font, named name: String, color: Color = Theme.textColor, lines: Int = 0) -> TextNode {
    let node = TextNode(text, font: font)
    node.debugName = name
    node.textColor = color
    node.maximumNumberOfLines = lines
    return node
}

extension ContainerNode {
    /// Sets up a list that fills what its screen's stack leaves (flex grow 1).
    func fillRemainingSpace(named name: String) {
        debugName = name
        style.flexGrow = 1
        backgroundColor = .white
    }
}

/// "12,345" without Foundation's locale-dependent formatters (deterministic output).
func groupedThousands(_ value: Int) -> String {
    let digits = String(value)
    var result = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return result
}

/// "5m", "3h", "2d": the age of a post as Instagram shows it.
func shortAge(minutes: Int) -> String {
    if minutes < 60 { return "\(minutes)m" }
    if minutes < 60 * 24 { return "\(minutes / 60)h" }
    return "\(minutes / (60 * 24))d"
}
