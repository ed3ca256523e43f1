import Testing
import WeftLayout

@testable import WeftNodes

/// Hit testing with slop, docs/texture-semantics.md section 5.
@Suite("Hit testing")
struct HitTestTests {
    /// A 320 x 480 root with `node` at `frame`.
    func root(with node: DisplayNode, at frame: Rect) -> DisplayNode {
        let root = DisplayNode()
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        root.addSubnode(node)
        node.frame = frame
        return root
    }

    @Test("Texture's 44-point button: a 20 x 20 control with slop -12 on every edge")
    func fortyFourPointButton() {
        // Hit area in the button: (-12, -12, 44, 44). The button sits at (100, 100), so in the
        // root x from 88 (inclusive) to 132 (exclusive).
        let button = ControlNode()
        button.addTarget(action: "tap", for: .touchUpInside) { _, _ in }
        button.hitTestSlop = EdgeInsets(all: -12)
        let root = root(with: button, at: Rect(x: 100, y: 100, width: 20, height: 20))
        #expect(button.point(inside: Point(x: -12, y: 31.9)))
        #expect(!button.point(inside: Point(x: 32, y: 0)))
        #expect(root.hitTest(Point(x: 88, y: 110)) === button)
        #expect(root.hitTest(Point(x: 131.5, y: 131.5)) === button)
        #expect(root.hitTest(Point(x: 87.9, y: 110)) === root)
        #expect(root.hitTest(Point(x: 132, y: 110)) === root)
    }

    @Test("a text node used as a button: taps only once it has a target")
    func textNodeAsButton() {
        let text = TextNode("Sign in", font: .system(14))
        text.hitTestSlop = EdgeInsets(top: -10, left: -10, bottom: -10, right: -10)
        let root = root(with: text, at: Rect(x: 50, y: 50, width: 60, height: 17))
        // Without a target the control has interaction off (as ASControlNode): touches go through.
        #expect(root.hitTest(Point(x: 45, y: 55)) === root)
        var taps = 0
        text.addTarget(action: "signIn", for: .touchUpInside) { _, _ in taps += 1 }
        // 5 pt left of the text, inside the 10-pt slop.
        #expect(root.hitTest(Point(x: 45, y: 55)) === text)
        #expect(root.hitTest(Point(x: 39, y: 55)) === root)
        text.simulateTap()
        #expect(taps == 1)
    }

    @Test("a child outside its parent's bounds is reachable only within the parent's slop")
    func childOutsideParent() {
        let parent = DisplayNode()
        let child = DisplayNode()
        parent.addSubnode(child)
        child.frame = Rect(x: 90, y: 90, width: 20, height: 20)  // reaches (110, 110)
        let root = root(with: parent, at: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(root.hitTest(Point(x: 105, y: 105)) === root)
        #expect(root.hitTest(Point(x: 95, y: 95)) === child)
        parent.hitTestSlop = EdgeInsets(all: -10)
        #expect(root.hitTest(Point(x: 105, y: 105)) === child)
        #expect(root.hitTestPath(Point(x: 105, y: 105)).map(\.id) == [root.id, parent.id, child.id])
    }

    @Test("disabled controls, hidden and transparent nodes take no touches")
    func disabled() {
        let button = ControlNode()
        button.addTarget(action: "tap", for: .touchUpInside) { _, _ in }
        let root = root(with: button, at: Rect(x: 10, y: 10, width: 50, height: 50))
        #expect(root.hitTest(Point(x: 20, y: 20)) === button)
        button.isEnabled = false
        #expect(root.hitTest(Point(x: 20, y: 20)) === root)
        #expect(button.hitTest(Point(x: 5, y: 5)) == nil)
        button.isEnabled = true
        button.isHidden = true
        #expect(root.hitTest(Point(x: 20, y: 20)) === root)
        button.isHidden = false
        button.alpha = 0.005
        #expect(root.hitTest(Point(x: 20, y: 20)) === root)
    }

    @Test("a disabled control sends no actions")
    func disabledActions() {
        let button = ControlNode()
        var events: [String] = []
        button.addTarget(action: "down", for: .touchDown) { _, event in events.append(event.description) }
        button.addTarget(action: "up", for: [.touchUpInside]) { _, event in events.append(event.description) }
        button.simulateTap()
        button.isEnabled = false
        button.simulateTap()
        #expect(events == ["touchDown", "touchUpInside"])
        #expect(button.targets.map(\.action) == ["down", "up"])
    }

    @Test("the later subnode is on top; scroll offsets shift hit points")
    func order() {
        let (table, _, loop, root) = loadedTable(count: 20)
        // Offset 250: item 2 spans content y 200..300, so root y 10 is content y 260.
        table.contentOffset = Point(x: 0, y: 250)
        loop.run(frames: 1)
        let hit = root.hitTest(Point(x: 10, y: 10))
        #expect(hit === table.cellForItem(at: 2))
    }
}
