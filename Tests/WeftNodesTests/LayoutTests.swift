import Testing
import WeftLayout

@testable import WeftNodes

@Suite("Node layout")
struct LayoutTests {
    @Test("a plain node takes the max when valid, else 0x0")
    func plainNode() {
        let node = DisplayNode()
        let range = SizeRange(min: .zero, max: Size(width: 50, height: 60))
        #expect(node.layoutThatFits(range).size == Size(width: 50, height: 60))
        let unbounded = SizeRange(min: Size(width: 10, height: 0), max: Size(width: .infinity, height: 60))
        #expect(node.layoutThatFits(unbounded).size == Size(width: 10, height: 0))  // 0x0 clamped
    }

    /// A leaf that wants to be 60 x 25 whatever it is offered.
    final class Badge: DisplayNode {
        var offered: [Size] = []
        override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
            offered.append(constrainedSize)
            return Size(width: 60, height: 25)
        }
    }

    @Test("a leaf's calculateSizeThatFits gets the range's max and is clamped into the range")
    func leafOverride() {
        let badge = Badge()
        // Offered {{0, 0}, {50, 100}}: measures 60 x 25, clamped to 50 x 25.
        #expect(
            badge.layoutThatFits(SizeRange(min: .zero, max: Size(width: 50, height: 100))).size == Size(width: 50, height: 25))
        // At least 30 tall: 60 x 30 within {{0, 30}, {200, 200}}.
        #expect(
            badge.layoutThatFits(SizeRange(min: Size(width: 0, height: 30), max: Size(width: 200, height: 200))).size
                == Size(width: 60, height: 30))
        #expect(badge.offered == [Size(width: 50, height: 100), Size(width: 200, height: 200)])
    }

    @Test("layouts are cached per constrained size and recalculated after invalidation")
    func cache() {
        var specCalls = 0
        let node = DisplayNode()
        let leaf = DisplayNode()
        node.addSubnode(leaf)
        node.layoutSpecBlock = { _, _ in
            specCalls += 1
            return PlacementSpec([(leaf, Point(x: 0, y: 0))])
        }
        let a = SizeRange(exactly: Size(width: 100, height: 100))
        let b = SizeRange(exactly: Size(width: 200, height: 100))
        _ = node.layoutThatFits(a)
        _ = node.layoutThatFits(a)
        #expect(specCalls == 1)
        _ = node.layoutThatFits(b)
        _ = node.layoutThatFits(a)
        #expect(specCalls == 2)
        node.invalidateCalculatedLayout()
        _ = node.layoutThatFits(a)
        #expect(specCalls == 3)
        // A subnode's setNeedsLayout drops its ancestors' caches too.
        leaf.setNeedsLayout()
        _ = node.layoutThatFits(a)
        #expect(specCalls == 4)
    }

    @Test("the style size applies before the cache and the computation")
    func styleSize() {
        let node = DisplayNode()
        node.style.width = .points(30)
        let layout = node.layoutThatFits(SizeRange(min: .zero, max: Size(width: 100, height: 40)))
        #expect(layout.size == Size(width: 30, height: 40))
    }

    @Test("frames are flattened: positions relative to the node ancestor, rounded up to pixels")
    func flattening() {
        // Outer spec puts the inner spec at (0.2, 0.2); the inner puts the leaf at (0.2, 0.1):
        // unrounded offset (0.4, 0.3). Scale 2: ceil((0.4 - eps) x 2) / 2 = ceil(0.8) / 2 = 0.5,
        // ceil(0.6) / 2 = 0.5. The leaf (a plain node in {{0,0},{100,100}}) is 100 x 100.
        let node = DisplayNode()
        let leaf = DisplayNode()
        node.addSubnode(leaf)
        node.layoutSpecBlock = { _, _ in
            PlacementSpec([(PlacementSpec([(leaf, Point(x: 0.2, y: 0.1))]), Point(x: 0.2, y: 0.2))])
        }
        node.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        node.layoutIfNeeded()
        #expect(leaf.frame == Rect(x: 0.5, y: 0.5, width: 100, height: 100))
        // The unflattened layout keeps both specs.
        let specs = node.calculatedLayout?.sublayouts.first
        #expect(specs?.element is PlacementSpec)
        #expect(specs?.sublayouts.first?.sublayouts.first?.position == Point(x: 0.2, y: 0.1))
        #expect(node.constrainedSizeForCalculatedLayout == SizeRange(exactly: Size(width: 100, height: 100)))
        // At scale 1 the same offsets round up to 1.
        node.layoutContext = LayoutContext(scale: 1)
        node.setNeedsLayout()
        node.layoutIfNeeded()
        #expect(leaf.frame.origin == Point(x: 1, y: 1))
    }

    @Test("automaticallyManagesSubnodes adds and removes subnodes to follow the spec")
    func managedSubnodes() {
        let node = DisplayNode()
        let a = DisplayNode()
        let b = DisplayNode()
        let c = DisplayNode()
        node.automaticallyManagesSubnodes = true
        var showFirst = true
        node.layoutSpecBlock = { _, _ in
            showFirst
                ? PlacementSpec([(a, .zero), (b, Point(x: 10, y: 0))])
                : PlacementSpec([(b, .zero), (c, Point(x: 0, y: 10))])
        }
        node.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        node.layoutIfNeeded()
        #expect(node.subnodes.map(\.id) == [a.id, b.id])
        #expect(b.frame.origin == Point(x: 10, y: 0))
        showFirst = false
        node.setNeedsLayout()
        node.layoutIfNeeded()
        #expect(node.subnodes.map(\.id) == [b.id, c.id])
        #expect(a.supernode == nil)
    }

    @Test("a spec placing a node that is not a subnode is reported, not applied")
    func unmanagedSpecNode() {
        NodeDiagnostics.printsWarnings = false
        let node = DisplayNode()
        let stranger = DisplayNode()
        node.layoutSpecBlock = { _, _ in PlacementSpec([(stranger, Point(x: 5, y: 5))]) }
        node.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        node.layoutIfNeeded()
        #expect(stranger.frame == .zero)
        #expect(NodeDiagnostics.warnings(about: node.id).contains { $0.message.contains(stranger.id) })
    }

    @Test(
        "a node placed at a position that is not finite gets origin 0 on that axis, as Texture's -[ASLayout frame], with a warning"
    )
    func nonFinitePosition() {
        NodeDiagnostics.printsWarnings = false
        let node = DisplayNode()
        let across = DisplayNode()
        let down = DisplayNode()
        node.addSubnode(across)
        node.addSubnode(down)
        node.layoutSpecBlock = { _, _ in PlacementSpec([(across, Point(x: .infinity, y: 4)), (down, Point(x: 6, y: .nan))]) }
        node.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        node.layoutIfNeeded()
        #expect(across.frame.origin == Point(x: 0, y: 4))
        #expect(down.frame.origin == Point(x: 6, y: 0))
        for placed in [across, down] {
            #expect(
                NodeDiagnostics.warnings(about: placed.id).contains {
                    $0.message.contains("not finite") && $0.message.contains("-[ASLayout frame]")
                })
        }
        #expect(NodeDiagnostics.warnings(about: node.id).isEmpty)
    }

    @Test("text nodes measure with DejaVu and round up to the pixel grid")
    func textNodeSize() {
        // "The quick brown fox" at 16 pt in 100 pt: lines "The quick" (77.65) and "brown fox"
        // (10097 units = 78.8828125 pt); height 2 x 2384 x 16 / 2048 = 37.25. At scale 2:
        // ceil(157.77) / 2 = 79, ceil(74.5 - eps) / 2 = 37.5.
        let text = TextNode("The quick brown fox", font: .system(16))
        let layout = text.layoutThatFits(SizeRange(min: .zero, max: Size(width: 100, height: .infinity)))
        #expect(layout.size == Size(width: 79, height: 37.5))
        text.frame = Rect(origin: .zero, size: layout.size)
        #expect(text.lines.map(\.text) == ["The quick", "brown fox"])
        // The baseline style comes from the font: ascender 1901 x 16 / 2048, descender -483 x 16 / 2048.
        #expect(text.style.ascender == 1901 * 16 / 2048.0)
        #expect(text.style.descender == -483 * 16 / 2048.0)
    }

    @Test("changing the text invalidates the cached layout")
    func textInvalidation() {
        let text = TextNode("Hi", font: .system(10))
        let range = SizeRange(min: .zero, max: Size(width: 100, height: 100))
        let before = text.layoutThatFits(range).size
        text.text = "Hi you"
        let after = text.layoutThatFits(range).size
        // "Hi" = 2109 units = 10.30 pt -> 10.5; "Hi you" = 6523 units = 31.85 pt -> 32.
        #expect(before.width == 10.5 && after.width == 32)
        #expect(text.layoutCalculationCount == 2)
    }

    @Test("a button stacks its image and title, inset, with managed subnodes")
    func button() {
        // Title "OK" at 14 pt: O 1612 + K 1343 = 2955 units = 20.20 pt -> 20.5 at scale 2; line
        // height 2384 x 14 / 2048 = 16.30 -> 16.5. Image 20 x 20. Horizontal stack, spacing 8:
        // 20 + 8 + 20.5 = 48.5 wide, max(20, 16.5) = 20 tall; insets 10: 68.5 x 40.
        // Title centred on the cross axis: floorPixel((20 - 16.5) / 2) = 1.5, plus the inset.
        let button = ButtonNode()
        button.setTitle("OK", font: .system(14))
        button.image = Image(pixelWidth: 20, pixelHeight: 20)
        button.contentEdgeInsets = EdgeInsets(all: 10)
        let size = button.layoutThatFits(.unconstrained).size
        #expect(size == Size(width: 68.5, height: 40))
        button.frame = Rect(origin: .zero, size: size)
        button.layoutIfNeeded()
        #expect(button.subnodes.map(\.id) == [button.imageNode.id, button.titleNode.id])
        #expect(button.imageNode.frame == Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(button.titleNode.frame == Rect(x: 38, y: 11.5, width: 20.5, height: 16.5))
    }

    @Test("an applied layout gives each placed node the range that layout was computed for")
    func appliedLayoutKeepsItsOwnRanges() throws {
        // A vertical stack stretches its child across: at 300 wide the child gets exactly 300
        // across (height 0...inf); measured again at 375 it gets 375. Applying the 300 layout
        // after that second measurement must give the child the 300 range, not its last request.
        let child = DisplayNode()
        let parent = DisplayNode()
        parent.automaticallyManagesSubnodes = true
        parent.layoutSpecBlock = { _, _ in StackLayoutSpec(direction: .vertical, children: [child]) }
        let narrow = parent.layoutThatFits(SizeRange(min: Size(width: 300, height: 0), max: Size(width: 300, height: .infinity)))
        _ = parent.layoutThatFits(SizeRange(min: Size(width: 375, height: 0), max: Size(width: 375, height: .infinity)))
        parent.apply(
            narrow, constrainedSize: SizeRange(min: Size(width: 300, height: 0), max: Size(width: 300, height: .infinity)))
        let range = try #require(child.constrainedSizeForCalculatedLayout)
        #expect(range.min.width == 300 && range.max.width == 300)
    }

    @Test("a frame's layout pass finds a node needing layout deep in a laid-out tree, attached or changed in place")
    func layoutPassFindsMarkedNodes() {
        // root > branch > twig > leaf, plain nodes (no specs): each lays out for its own bounds.
        let root = DisplayNode()
        let branch = DisplayNode()
        let twig = DisplayNode()
        let leaf = DisplayNode()
        root.addSubnode(branch)
        branch.addSubnode(twig)
        twig.addSubnode(leaf)
        for _ in 0..<3 { branch.addSubnode(DisplayNode()) }
        let loop = MainLoop()
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        for node in [branch, twig, leaf] { node.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
        loop.run(frames: 1)
        func laidOut(_ node: DisplayNode, at size: Size) -> Bool {
            node.constrainedSizeForCalculatedLayout == SizeRange(exactly: size) && !node.needsLayout
        }
        #expect(laidOut(leaf, at: Size(width: 100, height: 100)))
        // A new size for the leaf alone: only the leaf needs layout.
        leaf.frame = Rect(x: 0, y: 0, width: 60, height: 40)
        #expect(!twig.needsLayout && !branch.needsLayout)
        loop.run(frames: 1)
        #expect(laidOut(leaf, at: Size(width: 60, height: 40)))
        #expect(!root.mayNeedLayoutBelow && !branch.mayNeedLayoutBelow && !twig.mayNeedLayoutBelow)
        // A subtree detached, changed while out of the tree, then attached without invalidating
        // its new supernode (as containers attach cells): its marks come with it.
        twig.removeFromSupernode()
        loop.run(frames: 1)
        leaf.frame = Rect(x: 0, y: 0, width: 30, height: 30)
        root.attach(twig, at: 0)
        #expect(!root.needsLayout && root.mayNeedLayoutBelow)
        loop.run(frames: 1)
        #expect(laidOut(leaf, at: Size(width: 30, height: 30)))
        // A node that never laid out, attached deep without invalidating: laid out next frame.
        let sprout = DisplayNode()
        sprout.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        leaf.attach(sprout, at: 0)
        loop.run(frames: 1)
        #expect(laidOut(sprout, at: Size(width: 10, height: 10)))
    }
}
