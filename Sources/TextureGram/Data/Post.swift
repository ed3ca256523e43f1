/// One post of the feed (the TextureGram tutorial's `PhotoModel`).
struct Post: Hashable, Sendable {
    let index: Int
    let author: User
    /// Optional, as in the tutorial: the header then shows the username alone.
    let location: String?
    let photo: Photo
    let likes: Int
    let caption: String
    /// Minutes since the post was made, shown as "5m", "3h", "2d".
    let age: Int
}
