import Testing

@testable import WeftLayout

/// Every layout records the range it was asked to fit (`Layout.constrainedSize`): the range its
/// parent passed to `layoutThatFits`, before the element's own style size narrowed it.
/// Expectations follow docs/texture-semantics.md (stack section 3, specs, ranges).
@Suite struct ConstrainedSizeRecordingTests {
    /// The feed row of the layout benchmark: an inset of 8 around a horizontal stack (alignItems
    /// stretch by default) of a 32x32 box and a vertical stack (flexGrow 1, flexShrink 1) of two
    /// boxes of height 20, laid out in a fixed 375-wide range of unbounded height.
    @Test func feedRowRangesFollowTheSpecRules() throws {
        let avatar = box(32, 32)
        let title = BoxNode()
        let subtitle = BoxNode()
        title.style.height = .points(20)
        subtitle.style.height = .points(20)
        let text = StackLayoutSpec.vertical(children: [title, subtitle])
        text.style.flexGrow = 1
        text.style.flexShrink = 1
        let line = StackLayoutSpec.horizontal(children: [avatar, text])
        let row = InsetLayoutSpec(insets: EdgeInsets(all: 8), child: line)
        let fixedWidth = range(375, 0, 375, .infinity)
        let result = layout(row, fixedWidth)

        // The root records the range it was laid out in.
        #expect(result.constrainedSize == fixedWidth)
        // Inset: the child's min and max are the inset's reduced by the insets, floored at 0:
        // width 375 - 16 = 359 both ways, height min max(0, 0 - 16) = 0, max inf - 16 = inf.
        let lineLayout = try #require(result.sublayouts.first)
        #expect(lineLayout.element === line)
        #expect(lineLayout.constrainedSize == range(359, 0, 359, .infinity))
        // The line (stack axis = width, exactly 359; cross = height [0, inf]) has exactly one
        // child that grows and shrinks and an exact stack-axis size, so `text` is laid out by
        // the flex pass only: the avatar's stack-axis range is an auto basis' [0, inf], and
        // stretched, its cross range is [the line's cross min 0, its cross max inf]. The flex
        // pass gives text the free 359 - 32 = 327 exactly, with that same cross range.
        // The line's cross size is then the tallest child, text's 20 + 20 = 40; the avatar
        // (32 high) is shorter and stretched, so it is laid out again with exact stack size 32
        // and exact cross 40: that last layout is the one kept, and its range is recorded.
        let avatarLayout = try #require(lineLayout.sublayouts.first { $0.element === avatar })
        let textLayout = try #require(lineLayout.sublayouts.first { $0.element === text })
        #expect(avatarLayout.constrainedSize == range(32, 40, 32, 40))
        #expect(avatarLayout.size == size(32, 40))
        #expect(textLayout.constrainedSize == range(327, 0, 327, .infinity))
        // The text stack (stack axis = height [0, inf], cross = width exactly 327) stretches its
        // boxes: cross [327, 327] (their own min is auto, their max infinite), stack axis [0, inf].
        // The range recorded is the one passed, before each box's own height of 20 narrowed it.
        for box in [title, subtitle] {
            let boxLayout = try #require(textLayout.sublayouts.first { $0.element === box })
            #expect(boxLayout.constrainedSize == range(327, 0, 327, .infinity))
            #expect(boxLayout.size == size(327, 20))
        }
    }

    /// A ratio spec in a vertical stack aligned to the start: the stack passes [0, 375] across
    /// and [0, inf] along; the ratio narrows its child's range to its best candidate.
    @Test func ratioAndStyleSizedChildren() throws {
        let photo = BoxNode()
        let ratio = RatioLayoutSpec(ratio: 0.5, child: photo)
        // A style width the range overrides: the recorded range is still the one passed.
        ratio.style.width = .points(200)
        let column = StackLayoutSpec(direction: .vertical, alignItems: .start, children: [ratio])
        let result = layout(column, range(375, 0, 375, 600))
        #expect(result.constrainedSize == range(375, 0, 375, 600))
        // Not stretched: cross (width) [0, the column's cross max 375]; stack axis an auto
        // basis' [0, inf].
        let ratioLayout = try #require(result.sublayouts.first)
        #expect(ratioLayout.constrainedSize == range(0, 0, 375, .infinity))
        // The ratio computes in that range narrowed by its width 200: [200, 200] x [0, inf].
        // Width candidate {200, floorPixel(0.5 x 200) = 100}; no valid max height. The child
        // gets the range intersected with exactly 200x100.
        let photoLayout = try #require(ratioLayout.sublayouts.first)
        #expect(photoLayout.constrainedSize == range(200, 100, 200, 100))
        #expect(ratioLayout.size == size(200, 100))
    }

    /// Specs that ignore their style size record the range they were given too, and overlay and
    /// background give their second child exactly the first one's size.
    @Test func overlayAndBackground() throws {
        let content = box(100, 40)
        let badge = BoxNode()
        let backdrop = BoxNode()
        let overlay = OverlayLayoutSpec(child: content, overlay: badge)
        let background = BackgroundLayoutSpec(child: overlay, background: backdrop)
        let given = range(0, 0, 300, 300)
        let result = layout(background, given)
        #expect(result.constrainedSize == given)
        // Background: its child gets the spec's range; the background exactly the child's size.
        let overlayLayout = try #require(result.sublayouts.first { $0.element === overlay })
        #expect(overlayLayout.constrainedSize == given)
        #expect(result.sublayouts.first { $0.element === backdrop }?.constrainedSize == range(100, 40, 100, 40))
        // Overlay: its child gets the spec's range; the overlay exactly the child's size.
        #expect(overlayLayout.sublayouts.first { $0.element === content }?.constrainedSize == given)
        #expect(overlayLayout.sublayouts.first { $0.element === badge }?.constrainedSize == range(100, 40, 100, 40))
    }

    /// Layouts made outside `layoutThatFits` have the unconstrained default, and flattening to
    /// nodes keeps the root's range.
    @Test func defaultsAndFlattening() {
        let node = BoxNode()
        #expect(Layout(element: node, size: size(10, 10), context: .default).constrainedSize == .unconstrained)
        let spec = InsetLayoutSpec(insets: EdgeInsets(all: 4), child: node)
        let given = range(50, 50, 50, 50)
        let result = layout(spec, given)
        #expect(result.flattenedToNodes(context: .default).constrainedSize == given)
        // The node keeps the range the inset gave it: 50 - 8 = 42 exactly.
        #expect(result.flattenedToNodes(context: .default).sublayouts.first?.constrainedSize == range(42, 42, 42, 42))
    }
}
