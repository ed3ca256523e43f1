import Testing
import WeftLayout

@testable import WeftNodes

/// Texture invalidates a node's layout when a property of its style changes (the node is its
/// style's delegate): no explicit setNeedsLayout is needed, and the change is observable.
@Suite("Style changes invalidate layout")
struct StyleInvalidationTests {
    /// A 320 x 480 root placing `child` at its origin; after one frame.
    func placedChild() -> (loop: MainLoop, root: DisplayNode, child: DisplayNode) {
        let loop = MainLoop()
        let root = DisplayNode()
        let child = DisplayNode()
        child.style.preferredSize = Size(width: 100, height: 50)
        root.addSubnode(child)
        root.layoutSpecBlock = { _, _ in PlacementSpec([(child, .zero)]) }
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        loop.run(frames: 1)
        return (loop, root, child)
    }

    @Test("a new style value signals a change at once and lays out on the next frame")
    func styleChangeRelaysOut() {
        let (loop, _, child) = placedChild()
        // Placed in {{0, 0}, {320, 480}} with width and height 100 x 50: exactly that size
        // (section 1: a points dimension resolves to an exact range).
        #expect(child.frame == Rect(x: 0, y: 0, width: 100, height: 50))
        var changed: [Bool] = []
        loop.addAfterFrameHook { changed.append($0.changed) }
        let before = loop.changeCount
        child.style.width = .points(60)
        #expect(loop.changeCount != before)
        loop.run(frames: 2)
        #expect(child.frame == Rect(x: 0, y: 0, width: 60, height: 50))
        #expect(changed == [true, false])
    }

    @Test("setting the value a style already has changes nothing")
    func sameValueIsNoChange() {
        let (loop, root, child) = placedChild()
        let before = (loop.changeCount, root.layoutCalculationCount, child.layoutCalculationCount)
        child.style.width = .points(100)
        child.style.preferredSize = Size(width: 100, height: 50)
        child.style.flexGrow = 0
        loop.run(frames: 1)
        #expect(loop.changeCount == before.0)
        #expect(root.layoutCalculationCount == before.1)
        #expect(child.layoutCalculationCount == before.2)
    }

    @Test("every style property invalidates: flex, alignment, spacing, baseline, position")
    func everyProperty() {
        let (loop, _, child) = placedChild()
        var count = loop.changeCount
        let edits: [(String, (LayoutElementStyle) -> Void)] = [
            ("height", { $0.height = .points(10) }), ("minWidth", { $0.minWidth = .points(1) }),
            ("minHeight", { $0.minHeight = .points(1) }), ("maxWidth", { $0.maxWidth = .points(500) }),
            ("maxHeight", { $0.maxHeight = .points(500) }), ("flexGrow", { $0.flexGrow = 1 }),
            ("flexShrink", { $0.flexShrink = 1 }), ("flexBasis", { $0.flexBasis = .points(3) }),
            ("alignSelf", { $0.alignSelf = .center }), ("ascender", { $0.ascender = 4 }),
            ("descender", { $0.descender = -2 }), ("spacingBefore", { $0.spacingBefore = 5 }),
            ("spacingAfter", { $0.spacingAfter = 6 }), ("layoutPosition", { $0.layoutPosition = Point(x: 1, y: 2) }),
        ]
        for (name, edit) in edits {
            edit(child.style)
            #expect(loop.changeCount != count, "\(name)")
            count = loop.changeCount
        }
    }

    @Test("a spec block that sizes its subnodes on every pass settles after the first")
    func specBlockSettingStyles() {
        let loop = MainLoop()
        let root = DisplayNode()
        let title = TextNode("Title")
        let body = TextNode("Body")
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, range in
            // Set on every pass, as programs do in layoutSpecThatFits; the vertical stack writes
            // its own ascender and descender during layout as well.
            title.style.height = .points(20)
            body.style.height = .points(range.max.height - 20)
            return StackLayoutSpec(direction: .vertical, children: [title, body])
        }
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        var changed: [Bool] = []
        loop.addAfterFrameHook { changed.append($0.changed) }
        loop.run(frames: 3)
        // Stack of 20 + 460 points: body from y 20, 460 tall.
        #expect(body.frame == Rect(x: 0, y: 20, width: 320, height: 460))  // alignItems stretch: full width
        #expect(changed == [true, false, false])
        let calculations = root.layoutCalculationCount
        loop.run(frames: 3)
        #expect(root.layoutCalculationCount == calculations)
    }

    @Test("a hook that overrides what the spec block sets (an inspector's edit) does not relayout forever")
    func hookOverridingBlock() {
        let (loop, root, child) = placedChild()
        root.layoutSpecBlock = { _, _ in
            child.style.width = .points(100)  // the program's value, on every pass
            return PlacementSpec([(child, .zero)])
        }
        // Re-applied after every spec the root builds, as WeftCapture re-applies node edits.
        loop.layoutSpecWillLayout = { node, _ in if node === root { child.style.width = .points(70) } }
        root.setNeedsLayout()
        var changed: [Bool] = []
        loop.addAfterFrameHook { changed.append($0.changed) }
        loop.run(frames: 3)
        #expect(child.frame == Rect(x: 0, y: 0, width: 70, height: 50))
        #expect(changed == [true, false, false])
    }

    @Test("a style kept after its node is gone can still be set (its delegate was cleared)")
    func styleOutlivesNode() {
        var node: DisplayNode? = DisplayNode()
        let style = node!.style
        #expect(style.delegate === node)
        node = nil
        #expect(style.delegate == nil)
        style.width = .points(10)
        #expect(style.width == .points(10))
    }

    @Test("a cell's style change makes its container measure it again")
    func cellStyleChange() {
        let (table, _, loop, _) = loadedTable(count: 30)
        // 30 rows of 100 points.
        #expect(table.contentSize.height == 3000)
        table.cellForItem(at: 0)?.style.height = .points(150)
        loop.run(frames: 1)
        #expect(table.contentSize.height == 3050)
    }
}
