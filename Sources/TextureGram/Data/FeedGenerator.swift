import WeftSnapshot
import WeftSynthetic

/// Makes the demo's content from a seed: users, posts and stories. Every item is a pure
/// function of (seed, index), so the feed is identical on every run, in any order of loading.
///
/// The mix is chosen to exercise the inspector: about a third of the posts have no location
/// (a shorter header), captions range from a few words to several lines, and a quarter of the
/// photos are decoded at 1.5x or 3x the pixels their frame shows (pixel-scaling ratios 2.25
/// and 9.00 on a 2x screen).
struct FeedGenerator: Sendable {
    let seed: UInt64

    private static let usernames = [
        "ada.lovelace", "grace_hopper", "alan.turing", "margaret.h", "linus", "dennis_r", "ken.t",
        "barbara.liskov", "edsger", "donald.knuth", "frances.allen", "john.mccarthy", "radia.p",
        "hedy.lamarr", "katherine_j", "tim.bl", "bjarne", "guido", "yukihiro", "anders.h",
    ]
    private static let locations = [
        "Lisbon, Portugal", "Kyoto", "Reykjavik", "Cape Town", "Patagonia", "San Francisco, CA",
        "Tromsø", "Marrakesh", "Hallstatt, Austria", "Lake Bled", "Queenstown, New Zealand",
    ]
    private static let words = [
        "morning", "light", "over", "the", "harbour", "coffee", "first", "then", "a", "long", "walk",
        "through", "old", "town", "layout", "specs", "never", "lie", "sunset", "mountains", "quiet",
        "streets", "rain", "again", "best", "day", "of", "trip", "so", "far", "friends", "and",
        "golden", "hour", "waves", "market", "bread", "view", "from", "top", "worth", "every", "step",
    ]
    private static let tags = ["#texture", "#layout", "#travel", "#nofilter", "#weft", "#asyncdisplaykit"]

    /// Screen points of the photo frame at the phone width the demo uses (375 x 250 at ratio
    /// 1/1.5), in pixels at scale 2: 750 x 500.
    static let exactPhotoPixels = (width: 750, height: 500)

    func user(_ index: Int) -> User {
        var random = SeededGenerator.forItem(index, kind: 1, seed: seed)
        let names = Self.usernames
        let name = names[index % names.count] + (index < names.count ? "" : "\(index / names.count)")
        return User(index: index, username: name, sendsOriginalAvatar: Int.random(in: 0..<5, using: &random) == 0)
    }

    func post(_ index: Int) -> Post {
        var random = SeededGenerator.forItem(index, kind: 2, seed: seed)
        let author = user(Int.random(in: 0..<40, using: &random))
        let location = Int.random(in: 0..<3, using: &random) == 0 ? nil : Self.locations.randomElement(using: &random)
        let exact = Self.exactPhotoPixels
        let oversize: Double =
            switch Int.random(in: 0..<8, using: &random) {
            case 0: 3  // 2250 x 1500: 9.00x
            case 1: 1.5  // 1125 x 750: 2.25x
            default: 1
            }
        let photo = Photo(
            url: "texturegram://photos/\(index).jpg",
            pixelWidth: Int(Double(exact.width) * oversize),
            pixelHeight: Int(Double(exact.height) * oversize))
        let captionWords =
            Int.random(in: 0..<4, using: &random) == 0
            ? Int.random(in: 30...60, using: &random)  // long: several lines
            : Int.random(in: 3...12, using: &random)  // short: one or two lines
        var caption = (0..<captionWords).map { _ in Self.words.randomElement(using: &random)! }.joined(separator: " ")
        if Bool.random(using: &random) { caption += " " + Self.tags.randomElement(using: &random)! }
        return Post(
            index: index, author: author, location: location, photo: photo,
            likes: Int.random(in: 0..<25_000, using: &random), caption: caption,
            age: Int.random(in: 1..<(60 * 24 * 7), using: &random))
    }

    func story(_ index: Int) -> Story {
        var random = SeededGenerator.forItem(index, kind: 3, seed: seed)
        return Story(index: index, author: user(index), isUnseen: Int.random(in: 0..<3, using: &random) != 0)
    }
}
