import Testing
import WeftLayout
@testable import WeftNodes

@Suite("Node tree")
struct NodeTreeTests {
    @Test("ids are n<counter>, distinct and stable")
    func ids() {
        let a = DisplayNode(), b = DisplayNode()
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
        let names = [DisplayNode(), ControlNode(), TextNode(), ImageNode(), NetworkImageNode(), CellNode(), TableNode(), CollectionNode(), PagerNode()].map(\.textureClassName)
        #expect(names == ["ASDisplayNode", "ASControlNode", "ASTextNode", "ASImageNode", "ASNetworkImageNode", "ASCellNode", "ASTableNode", "ASCollectionNode", "ASPagerNode"])
    }

    @Test("adding moves a node from its old supernode")
    func moving() {
        let first = DisplayNode(), second = DisplayNode(), child = DisplayNode()
        first.addSubnode(child)
        second.addSubnode(child)
        #expect(first.subnodes.isEmpty)
        #expect(second.subnodes.map(\.id) == [child.id])
        #expect(child.supernode === second)
    }

    @Test("a cycle is refused with a warning and the tree stays intact")
    func cycles() {
        let parent = DisplayNode(), child = DisplayNode(), grandchild = DisplayNode()
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

    @Test("a node with a supernode cannot be a root")
    func rootMisuse() {
        NodeDiagnostics.printsWarnings = false
        let loop = MainLoop()
        let parent = DisplayNode(), child = DisplayNode()
        parent.addSubnode(child)
        #expect(loop.addRoot(child, frame: .zero) == false)
        #expect(loop.roots.isEmpty)
    }
}
