/// Someone who posts: a username and an avatar.
struct User: Hashable, Sendable {
    let username: String
    /// The avatar bitmap's pixel side; avatars are shown at 32x32 (posts) or 55x55 (stories)
    /// points, so at screen scale 2 a 64 or 110 pixel avatar is exact and larger ones are not.
    let avatarPixels: Int
    let avatarURL: String
}
