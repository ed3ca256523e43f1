import WeftLayout
import WeftNodes
import XCTest

@testable import TextureGram

/// The scripted finger, batch fetching and determinism.
final class ScriptedScrollingTests: XCTestCase {
    func testRangesLeaveMinimumModeOnlyWhenTheScriptDrags() throws {
        // Texture keeps a visible container in minimum mode until the user has scrolled it;
        // the script's first drag starts 0.5 s in.
        let app = try makeApp()
        let feed = app.feedScreen.feed
        app.run(seconds: 0.3)
        XCTAssertEqual(feed.rangeController.currentMode, .minimum)
        app.run(seconds: 0.5)
        XCTAssertEqual(feed.rangeController.currentMode, .full)
        XCTAssertGreaterThan(feed.contentOffset.y, 0)
        XCTAssertEqual(feed.rangeController.scrollDirection, .down)
    }

    func testProgrammaticOffsetsDoNotCountAsUserScrolling() throws {
        let app = try makeApp(["--no-scroll"])
        let feed = app.feedScreen.feed
        app.run(seconds: 0.3)
        feed.contentOffset = Point(x: 0, y: 600)
        app.run(seconds: 0.3)
        XCTAssertEqual(feed.rangeController.currentMode, .minimum)
    }

    func testThePatternChangesDirection() throws {
        // Down, then up: drags of 480 pt at 1500 pt/s (0.32 s) at 0.5 s and 1.82 s (a 1 s rest).
        let app = try makeApp(["--scroll-pattern", "feed:down,feed:up"])
        let feed = app.feedScreen.feed
        app.run(seconds: 1.7)
        let afterDown = feed.contentOffset.y
        XCTAssertGreaterThan(afterDown, 480)  // the drag, then the deceleration
        XCTAssertEqual(feed.rangeController.scrollDirection, .down)
        app.run(seconds: 0.9)
        XCTAssertLessThan(feed.contentOffset.y, afterDown)
        XCTAssertEqual(feed.rangeController.scrollDirection, .up)
    }

    func testADragTowardAnEdgeAlreadyReachedGoesTheOtherWay() throws {
        // At the top, "up" cannot move the feed: the script plays it as "down".
        let app = try makeApp(["--scroll-pattern", "feed:up"])
        app.run(seconds: 1)
        XCTAssertGreaterThan(app.feedScreen.feed.contentOffset.y, 0)
    }

    func testTheFeedGrowsByBatchesUpToItsMaximum() throws {
        // 10 posts at first, 10 per batch, stopping at --max-posts 25: 10, 20, 25.
        let app = try makeApp(["--scroll-pattern", "feed:down", "--scroll-rest", "0.2", "--max-posts", "25"])
        let feed = app.feedScreen.feed
        XCTAssertEqual(app.feedScreen.feedSource.posts.count, 10)
        app.run(seconds: 30)
        XCTAssertEqual(feed.numberOfItems, 25)
        XCTAssertEqual(app.feedScreen.feedSource.posts.count, 25)
        XCTAssertGreaterThanOrEqual(feed.batchContext.batchCount, 2)
        XCTAssertFalse(feed.batchContext.isFetching)
    }

    func testThePagerTurnsPagesAndTheNestedTablesScroll() throws {
        // pages:right at 0.5 s (150 pt, 0.1 s), page:down at 1.6 s, pages:right again at 2.92 s.
        let app = try makeApp(["--scroll-pattern", "pages:right,page:down"])
        let pager = app.exploreScreen.pager
        app.run(seconds: 1.5)
        // One drag of 40% of a page at 1500 pt/s releases faster than 300 pt/s: the next page.
        XCTAssertEqual(pager.currentPageIndex, 1)
        XCTAssertEqual(pager.contentOffset.x, 375, accuracy: 1e-6)
        app.run(seconds: 1)
        let table = try XCTUnwrap(app.exploreScreen.currentPageTable)
        XCTAssertEqual(table.debugName, "explore #food")
        XCTAssertGreaterThan(table.contentOffset.y, 0)
        XCTAssertEqual(table.rangeController.currentMode, .full)
        // The first page is still in the pager's preload range, its table was never dragged.
        let first = try XCTUnwrap(pager.cellForItem(at: 0) as? ExplorePageCellNode)
        XCTAssertEqual(first.table.contentOffset.y, 0)
    }

    func testTwoRunsWithTheSameSeedAreIdentical() throws {
        let first = try makeApp()
        let second = try makeApp()
        first.run(seconds: 10)
        second.run(seconds: 10)
        XCTAssertEqual(fingerprint(first.loop.roots), fingerprint(second.loop.roots))
        XCTAssertGreaterThan(first.feedScreen.feed.contentOffset.y, 1000)
    }

    func testPostsDependOnlyOnSeedAndIndex() {
        let generator = FeedGenerator(seed: 7)
        let late = generator.post(57)
        _ = (0..<57).map(generator.post)
        XCTAssertEqual(generator.post(57), late)
        XCTAssertNotEqual(FeedGenerator(seed: 8).post(57), late)
    }
}
