import Testing
import WeftLayout

@testable import WeftNodes

@Suite("Node tree")
struct NodeTreeTests {
    @Test("ids are n<counter>, distinct and stable")
    func ids() {
        let a = DisplayNode()
        let b = DisplayNode()
        #expect(a.id.hasPrefix("n") && Int(a.id.dropFirst()) != nil)
        #expect(a.id != b.id)
        b.addSubnode(a)
        #expect(a.id == a.id)
    }

    @Test("Texture class names print as ASCII art names")
    func classNames() {
        let text = TextNode("x")
        text.debugName = "title"
        #expect(text.asciiArtString == "ASTextNode (title)")
        let names = [
            DisplayNode(), ControlNode(), TextNode(), ImageNode(), NetworkImageNode(), CellNode(), TableNode(), CollectionNode(),
            PagerNode(),
        ].map(\.textureClassName)
        #expect(
            names == [
                "ASDisplayNode", "ASControlNode", "ASTextNode", "ASImageNode", "ASNetworkImageNode", "ASCellNode", "ASTableNode",
                "ASCollectionNode", "ASPagerNode",
            ])
    }

    @Test("adding moves a node from its old supernode")
    func moving() {
        let first = DisplayNode()
        let second = DisplayNode()
        let child = DisplayNode()
        first.addSubnode(child)
        second.addSubnode(child)
        #expect(first.subnodes.isEmpty)
        #expect(second.subnodes.map(\.id) == [child.id])
        #expect(child.supernode === second)
    }

    /// A node keeps its own layout without itself as the layout's element (`OwnLayout`): before,
    /// every node that had been laid out held itself through `calculatedLayout` and its layout
    /// cache, and a screen the program dropped was never freed, cells and all.
    @Test("a tree that was laid out is freed when the program drops it")
    func droppedTreesAreFreed() {
        weak var root: DisplayNode?
        weak var table: TableNode?
        weak var cell: CellNode?
        weak var loop: MainLoop?
        do {
            let screen = loadedTable(count: 50)
            screen.table.offset = Point(x: 0, y: 300)
            screen.loop.run(frames: 2)
            (root, table, cell, loop) = (screen.root, screen.table, screen.table.cells[3], screen.loop)
            #expect(screen.table.cells[3].supernode === screen.table, "laid out on screen")
            #expect(screen.table.calculatedLayout?.element === screen.table)
        }
        #expect(loop == nil)
        #expect(root == nil)
        #expect(table == nil)
        #expect(cell == nil)
    }

    /// `supernode` and `owningContainer` are unowned (a weak reference would give every node a
    /// side table and slow every retain): the node or container that goes away clears them, so
    /// a node kept longer reads nil, as it did when they were weak, instead of a dead object.
    @Test("a node that outlives its supernode, or a cell its container, is left without one")
    func outlivingTheSupernode() {
        let child = DisplayNode()
        let cell = FixedCell(height: 100, name: "kept")
        do {
            let parent = DisplayNode()
            parent.addSubnode(child)
            #expect(child.supernode === parent)
        }
        #expect(child.supernode == nil)
        do {
            let table = TableNode()
            let source = ListSource(count: 1)
            source.makeCell = { _ in cell }
            table.dataSource = source
            let (loop, _) = makeScreen(table)
            loop.run(frames: 1)
            #expect(cell.owningContainer === table && cell.supernode === table)
        }
        #expect(cell.owningContainer == nil)
        #expect(cell.supernode == nil)
    }

    @Test("a cycle is refused with a warning and the tree stays intact")
    func cycles() {
        let parent = DisplayNode()
        let child = DisplayNode()
        let grandchild = DisplayNode()
        parent.addSubnode(child)
        child.addSubnode(grandchild)
        NodeDiagnostics.printsWarnings = false
        #expect(grandchild.addSubnode(parent) == false)
        #expect(parent.addSubnode(parent) == false)
        #expect(parent.supernode == nil)
        #expect(grandchild.subnodes.isEmpty)
        #expect(parent.subnodes.map(\.id) == [child.id])
        #expect(NodeDiagnostics.warnings(about: grandchild.id).contains { $0.message.contains("cycle") })
    }

    @Test("subnodes inherit the interface state; removal clears it")
    func inheritedState() {
        let loop = MainLoop()
        let root = DisplayNode()
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = DisplayNode()
        root.addSubnode(child)
        #expect(child.interfaceState == .inHierarchy)
        child.removeFromSupernode()
        #expect(child.interfaceState == [])
    }

    @Test("a container's cells coming and going change it below itself; adding a subnode changes the node itself")
    func revisionsOfSubnodeChanges() {
        // 100-high rows in a 480-high screen: rows 0...4 show; 250 points down, rows 2...7.
        let (table, _, loop, _) = loadedTable(count: 20)
        let before = table.subnodes.map(\.id)
        let (own, subtree) = (table.revisions.own, table.revisions.subtree)
        table.contentOffset = Point(x: 0, y: 250)
        loop.run(frames: 1)
        #expect(table.subnodes.map(\.id) != before)
        #expect(table.revisions.own == own)
        #expect(table.revisions.subtree != subtree)
        // Through the public calls the layout goes stale too: the node itself changed.
        let node = DisplayNode()
        let child = DisplayNode()
        let added = node.revisions.own
        node.addSubnode(child)
        #expect(node.revisions.own != added)
        let removed = node.revisions.own
        child.removeFromSupernode()
        #expect(node.revisions.own != removed)
    }

    @Test("scrolling, and changes in cells off screen, change a container's scroll state; changes on screen do not")
    func scrollStateRevisions() throws {
        // 100-high rows in a 480-high screen: rows 0...4 show, 10 points down too.
        let (table, _, loop, _) = loadedTable(count: 20)
        func moves(_ body: () -> Void) -> (subtree: UInt64, scrollState: UInt64) {
            let before = (table.revisions.subtree, table.revisions.scrollState)
            body()
            return (table.revisions.subtree &- before.0, table.revisions.scrollState &- before.1)
        }
        let rows = table.subnodes.map(\.id)
        let scrolled = moves {
            table.contentOffset = Point(x: 0, y: 10)
            loop.run(frames: 1)
        }
        #expect(table.subnodes.map(\.id) == rows)
        #expect(scrolled.scrollState > 0 && scrolled.subtree == scrolled.scrollState)
        // Row 6 is in the preload range, off screen: not in the table's tree.
        let offscreen = try #require(table.cellForItem(at: 6))
        #expect(offscreen.supernode == nil)
        let changedOffscreen = moves { offscreen.backgroundColor = .black }
        #expect(changedOffscreen.scrollState == 1 && changedOffscreen.subtree == 1)
        let onScreen = try #require(table.cellForItem(at: 1))
        let changedOnScreen = moves { onScreen.backgroundColor = .black }
        #expect(changedOnScreen.scrollState == 0 && changedOnScreen.subtree == 1)
        // 250 points down rows 2...7 show: the list of subnodes changed too.
        let cellsCame = moves {
            table.contentOffset = Point(x: 0, y: 250)
            loop.run(frames: 1)
        }
        #expect(cellsCame.subtree > cellsCame.scrollState)
        // A range update that finds the same ranges changes nothing.
        let updatedAgain = moves {
            table.rangeController.update()
            loop.run(frames: 1)
        }
        #expect(updatedAgain.scrollState == 0 && updatedAgain.subtree == 0)
    }

    @Test("roots and containers' cells cannot be adopted")
    func adoptionMisuse() {
        NodeDiagnostics.printsWarnings = false
        let loop = MainLoop()
        let root = DisplayNode()
        let other = DisplayNode()
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(other.addSubnode(root) == false)
        #expect(root.supernode == nil)
        let (table, _, _, _) = loadedTable(count: 10)
        let cell = table.cellForItem(at: 0)!
        #expect(other.addSubnode(cell) == false)
        #expect(cell.supernode === table)
        #expect(NodeDiagnostics.warnings(about: other.id).count == 2)
    }

    @Test("a node with a supernode cannot be a root")
    func rootMisuse() {
        NodeDiagnostics.printsWarnings = false
        let loop = MainLoop()
        let parent = DisplayNode()
        let child = DisplayNode()
        parent.addSubnode(child)
        #expect(loop.addRoot(child, frame: .zero) == false)
        #expect(loop.roots.isEmpty)
    }
}

@Suite("Inspector-facing API")
struct InspectorFacingTests {
    @Test("item states as runs, range index runs, descriptions")
    func runsAndDescriptions() {
        let (table, _, loop, _) = loadedTable(count: 12)
        // Minimum first update: 0...4 visible (15), 5 display (7), 6...7 preload (3), 8...11 (1).
        let runs = table.rangeController.itemStateRuns().map { [$0.first, $0.last, Int($0.state.rawValue)] }
        #expect(runs == [[0, 4, 15], [5, 5, 7], [6, 7, 3], [8, 11, 1]])
        #expect(indexRuns(table.rangeController.preloadIndices) == [0...7])
        #expect(loop.allContainers().map(\.id) == [table.id])
        let node = TextNode("x")
        node.debugName = "title"
        node.frame = Rect(x: 0, y: 0, width: 10, height: 20)
        #expect(node.description == "<ASTextNode \(node.id) (title); frame = {{0, 0}, {10, 20}}>")
    }

    @Test("the spec hook sees every spec before it is laid out")
    func specHook() {
        let loop = MainLoop()
        let root = DisplayNode()
        let child = DisplayNode()
        root.addSubnode(child)
        root.layoutSpecBlock = { _, _ in PlacementSpec([(child, .zero)]) }
        var seen: [String] = []
        loop.layoutSpecWillLayout = { node, spec in
            seen.append("\(node.id) \(spec.textureClassName)")
            // An inspector edit: move the child.
            if let placement = spec as? PlacementSpec { placement.children = [child] }
        }
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 40, height: 40))
        loop.run(frames: 1)
        #expect(seen == ["\(root.id) PlacementSpec"])
    }
}
