import WeftLayout
import WeftNodes

/// The whole demo program minus its connection to Weft: the main loop, the two screens as two
/// roots (two windows of an iPhone-sized screen, 375x667 points at scale 2), the image server
/// and the scripted finger.
final class TextureGramApp {
    static let screenSize = Size(width: 375, height: 667)
    static let screenScale = 2.0

    let loop: MainLoop
    let library: PhotoLibrary
    let feedScreen: FeedScreenNode
    let exploreScreen: ExploreScreenNode
    let script: ScrollScript?

    init(options: Options) {
        // --frames: the manual clock, so every run plays the same frames whatever the machine.
        loop = MainLoop(clock: options.frames == nil ? .real : .manual, framesPerSecond: 60)
        loop.screenScale = Self.screenScale
        library = PhotoLibrary(loop: loop)
        let generator = FeedGenerator(seed: options.seed)
        feedScreen = FeedScreenNode(generator: generator, library: library, loop: loop, maximumPosts: options.maximumPosts)
        exploreScreen = ExploreScreenNode(generator: generator, library: library)
        let window = Rect(origin: .zero, size: Self.screenSize)
        loop.addRoot(feedScreen, frame: window)
        loop.addRoot(exploreScreen, frame: window)
        if options.scrolls {
            let feed = feedScreen
            let explore = exploreScreen
            script = ScrollScript(loop: loop, settings: options.script) { target in
                switch target {
                case .feed: feed.feed
                case .stories: feed.stories
                case .pages: explore.pager
                case .page: explore.currentPageTable
                }
            }
        } else {
            script = nil
        }
    }

    /// Starts the scripted finger (after the feed has had time to load).
    func start() {
        script?.start()
    }
}
