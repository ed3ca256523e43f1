import WeftLayout
import WeftNodes
import XCTest

@testable import TextureGram

/// The post cell's geometry, derived by hand from the layout it declares (the TextureGram
/// tutorial's, with the numbers of issue 8) on a 375-point wide feed at scale 2.
final class PostLayoutTests: XCTestCase {
    private var app: TextureGramApp!
    private var post: PostCellNode!

    override func setUpWithError() throws {
        app = try makeApp(["--no-scroll"])
        app.run(seconds: 0.5)  // first layout, and every photo of the first screen loaded (<= 200 ms)
        post = try XCTUnwrap(app.feedScreen.feed.cellForItem(at: 0) as? PostCellNode)
    }

    func testHeaderIsInset8_8_4_8AroundA32PointAvatar() {
        // Inset top 8, left 8: the avatar at (8, 8), 32x32 (its preferred size). The text stack
        // (username 14pt bold, location 12pt) is shorter than 32, so the row is 32 tall and the
        // header 8 + 32 + 4 = 44.
        XCTAssertEqual(post.header.avatar.frame, Rect(x: 8, y: 8, width: 32, height: 32))
        XCTAssertEqual(post.header.frame, Rect(x: 0, y: 0, width: 375, height: 44))
        // Username 8 points after the avatar (row spacing 8): x = 8 + 32 + 8.
        XCTAssertEqual(post.header.username.frame.minX, 48)
        // The age is pushed to the right edge by the spacer: it ends at 375 - 8.
        XCTAssertEqual(post.header.age.frame.maxX, 367, accuracy: 0.5)
    }

    func testPhotoIsFullWidthAtRatioOneToOnePointFive() {
        // Width 100% of 375; the ratio spec makes the height 375 / 1.5 = 250; below the header.
        XCTAssertEqual(post.photo.frame, Rect(x: 0, y: 44, width: 375, height: 250))
    }

    func testActionIconsAre16PointsSixteenApartAndGrowTo44ByHitTestSlop() {
        // Actions inset (12, 12): like at x 12, comment at 12 + 16 + 16 = 44, share at 76.
        let buttons = [post.actions.like, post.actions.comment, post.actions.share]
        XCTAssertEqual(buttons.map(\.frame.minX), [12, 44, 76])
        for button in buttons {
            XCTAssertEqual(button.frame.size, Size(width: 16, height: 16))
            // Slop -14 on every side: 16 + 2 x 14 = 44, the minimum comfortable target.
            XCTAssertEqual(button.hitTestRect, Rect(x: -14, y: -14, width: 44, height: 44))
            XCTAssertTrue(button.hasTargets)
        }
        XCTAssertEqual(post.actions.frame.minY, 294)  // right under the photo (44 + 250)
    }

    func testTapsInTheSlopReachTheButtonButNotOutsideItsParent() {
        // Root coordinates: navigation bar 44 + stories strip 92 = the table at y 136; post 0 at
        // the top of it; actions at 294 in the post; like at (12, 12) in the actions.
        let likeTop = 136 + 294 + 12.0
        let screen = app.feedScreen
        // 10 points left of the icon, level with it: inside the slop (14), nobody else's slop.
        XCTAssertTrue(screen.hitTest(Point(x: 2, y: likeTop + 8)) === post.actions.like)
        // Between like (slop to x 42) and comment (slop from x 30): UIKit asks the subnodes
        // front to back, last first, so comment takes the overlap.
        XCTAssertTrue(screen.hitTest(Point(x: 36, y: likeTop + 8)) === post.actions.comment)
        // 10 points below the icon is inside like's slop (14) but outside the 34-point actions
        // row, which has no slop of its own: the parent never asks its child. The likes line is
        // there, but a text node is a control without targets, which lets touches through (as
        // in Texture): the cell takes the touch.
        XCTAssertTrue(screen.hitTest(Point(x: 20, y: likeTop + 26)) === post)
    }

    func testLikingUpdatesTheLikesLine() {
        let before = post.post.likes
        post.actions.like.simulateTap()
        XCTAssertTrue(post.actions.like.isSelected)
        XCTAssertEqual(post.likes.text, PostCellNode.likesText(before + 1))
        post.actions.like.simulateTap()
        XCTAssertEqual(post.likes.text, PostCellNode.likesText(before))
        XCTAssertEqual(PostCellNode.likesText(1), "1 like")
        XCTAssertEqual(PostCellNode.likesText(12345), "12,345 likes")
    }

    func testPostsWithoutLocationHaveAShorterHeaderStack() throws {
        let cells = (0..<10).compactMap { app.feedScreen.feed.cellForItem(at: $0) as? PostCellNode }
        let without = try XCTUnwrap(cells.first { $0.post.location == nil }, "seed 1 has a post without location in its first 10")
        let with = try XCTUnwrap(cells.first { $0.post.location != nil })
        XCTAssertNil(without.header.location)
        XCTAssertFalse(without.header.subnodes.contains { $0.debugName == "location" })
        XCTAssertTrue(with.header.subnodes.contains { $0 === with.header.location })
        // The header stays 44 tall either way (the avatar is the tallest item).
        XCTAssertEqual(without.header.frame.height, 44)
        XCTAssertEqual(with.header.frame.height, 44)
    }

    func testSomePhotosAreLargerThanTheirFrames() throws {
        // A photo frame is 375 x 250 points = 750 x 500 pixels at scale 2 (floor(375 x 2) x
        // floor(250 x 2) = 375 000). 2250 x 1500 pixels: 3 375 000 / 375 000 = 9.00x;
        // 1125 x 750: 843 750 / 375 000 = 2.25x; 750 x 500: exactly 1, no label.
        let generator = FeedGenerator(seed: 1)
        var labels: [Int: String?] = [:]
        for index in 0..<100 {
            let post = generator.post(index)
            guard labels[post.photo.pixelWidth] == nil else { continue }
            let cell = PostCellNode(post: post, library: app.library)
            let layout = cell.layoutThatFits(
                SizeRange(min: Size(width: 375, height: 0), max: Size(width: 375, height: .infinity)))
            cell.frame = Rect(origin: .zero, size: layout.size)
            cell.layoutIfNeeded()
            // What the photo library answers when the cell enters the preload range.
            cell.photo.image = Image(pixelWidth: post.photo.pixelWidth, pixelHeight: post.photo.pixelHeight)
            labels[post.photo.pixelWidth] = cell.photo.pixelScalingLabel
        }
        XCTAssertEqual(labels.count, 3, "the first 100 posts have all three photo sizes")
        XCTAssertEqual(labels[750], .some(nil))
        XCTAssertEqual(labels[1125], "2.25x")
        XCTAssertEqual(labels[2250], "9.00x")
    }

    func testVisiblePhotosAreLoadedByThePhotoLibrary() {
        // Post 0 is visible, so preloaded: its photo came back with the generated pixel size.
        XCTAssertEqual(post.photo.loadState, .loaded)
        XCTAssertEqual(post.photo.image?.pixelWidth, post.post.photo.pixelWidth)
        XCTAssertEqual(post.header.avatar.loadState, .loaded)
    }
}

/// Avatars: the size the app asks for (the side in pixels at scale 2), except for users whose
/// server sends the 300-pixel original.
final class AvatarTests: XCTestCase {
    func testAvatarsComeAtTheRequestedSizeUnlessTheServerSendsTheOriginal() throws {
        let app = try makeApp(["--no-scroll"])
        let generator = FeedGenerator(seed: 1)
        let users = (0..<40).map(generator.user)
        let exact = try XCTUnwrap(users.first { !$0.sendsOriginalAvatar })
        let original = try XCTUnwrap(users.first { $0.sendsOriginalAvatar })
        // 32 points x 2 = 64 pixels; 55 x 2 = 110.
        XCTAssertEqual(exact.avatar(side: 32, scale: 2).pixels, 64)
        XCTAssertEqual(exact.avatar(side: 55, scale: 2).pixels, 110)
        XCTAssertEqual(original.avatar(side: 32, scale: 2).pixels, 300)
        // Ratios: 300 x 300 / (64 x 64) = 21.97x in a post header, / (110 x 110) = 7.44x in a story.
        for (side, label) in [(32.0, "21.97x"), (55.0, "7.44x")] {
            for (user, expected) in [(exact, nil), (original, label)] {
                let node = AvatarNode(user: user, side: side, library: app.library)
                node.frame = Rect(x: 0, y: 0, width: side, height: side)
                let avatar = user.avatar(side: side, scale: 2)
                node.image = Image(pixelWidth: avatar.pixels, pixelHeight: avatar.pixels)
                XCTAssertEqual(node.pixelScalingLabel, expected, "\(user.username) at \(side) pt")
            }
        }
    }

    func testExploreThumbnailsAreExactUnlessThePhotoIsOversized() {
        // Feed photos are 750 x 500 (exact) or larger; a 64-point thumbnail is 128 x 128 pixels.
        let exact = Photo(url: "texturegram://photos/1.jpg", pixelWidth: 750, pixelHeight: 500)
        let large = Photo(url: "texturegram://photos/2.jpg", pixelWidth: 2250, pixelHeight: 1500)
        XCTAssertEqual(
            exact.thumbnail(side: 64, scale: 2),
            Photo(url: "texturegram://thumbnails/1.jpg", pixelWidth: 128, pixelHeight: 128))
        XCTAssertEqual(large.thumbnail(side: 64, scale: 2), large)
    }
}
