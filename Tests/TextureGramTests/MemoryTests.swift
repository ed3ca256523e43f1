import WeftLayout
import WeftNodes
import XCTest

@testable import TextureGram

/// A program drops screens (a screen popped, a tab closed) and expects their memory back.
final class MemoryTests: XCTestCase {
    /// The whole demo, scrolled and with images loaded, is freed with its app: its screens, their
    /// feeds and cells, the loop.
    func testTheDemoIsFreedWhenTheProgramDropsIt() throws {
        weak var loop: MainLoop?
        weak var feed: FeedScreenNode?
        weak var explore: ExploreScreenNode?
        weak var cell: CellNode?
        do {
            let app = try makeApp()
            app.run(seconds: 2)
            (loop, feed, explore) = (app.loop, app.feedScreen, app.exploreScreen)
            cell = app.feedScreen.subnodes.lazy.compactMap { $0 as? ContainerNode }.first?.cells.first
            XCTAssertNotNil(cell, "the feed has cells")
        }
        XCTAssertNil(loop)
        XCTAssertNil(feed)
        XCTAssertNil(explore)
        XCTAssertNil(cell)
    }
}
