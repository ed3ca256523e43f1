/// Someone who posts: a username and an avatar.
struct User: Hashable, Sendable {
    let index: Int
    let username: String
    /// Whether the server ignores the requested avatar size and sends its 300-pixel original
    /// (the inspector's scaling labels catch it: 21.97x in a 32-point post header, 7.44x in a
    /// 55-point story, at scale 2). Other avatars come exactly at the requested pixel size.
    let sendsOriginalAvatar: Bool

    static let originalAvatarPixels = 300

    /// The avatar's URL and pixel side for a square of `side` points at `scale`.
    func avatar(side: Double, scale: Double) -> (url: String, pixels: Int) {
        let pixels = sendsOriginalAvatar ? Self.originalAvatarPixels : Int((side * scale).rounded(.up))
        return ("texturegram://avatars/\(index)@\(pixels).png", pixels)
    }
}
