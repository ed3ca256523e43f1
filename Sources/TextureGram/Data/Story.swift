/// One entry of the stories strip at the top of the feed.
struct Story: Hashable, Sendable {
    let index: Int
    let author: User
    /// Unseen stories get a coloured ring (a background behind the avatar).
    let isUnseen: Bool
}
