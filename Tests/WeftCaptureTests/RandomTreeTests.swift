import Testing
import WeftLayout
import WeftNodes
import WeftSnapshot
import WeftSynthetic

@testable import WeftCapture

/// A random program: nodes whose layout spec (a stack, maybe wrapped in an inset, a center or a
/// background) arranges their `kids`, which random mutations add, remove, reorder and restyle.
final class RandomProgram {
    var generator: SeededGenerator
    let root = DisplayNode()
    /// The kids of every node that lays out with a spec, by node id.
    var kids: [String: [DisplayNode]] = [:]
    var direction: [String: StackLayoutDirection] = [:]
    var wrapper: [String: Int] = [:]
    var allNodes: [DisplayNode] = []

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
        makeContainer(root, depth: 0)
    }

    private func random(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    private func makeContainer(_ node: DisplayNode, depth: Int) {
        allNodes.append(node)
        node.automaticallyManagesSubnodes = true
        kids[node.id] = (0..<random(1...4)).map { _ in makeNode(depth: depth + 1) }
        direction[node.id] = random(0...1) == 0 ? .horizontal : .vertical
        wrapper[node.id] = random(0...3)
        node.layoutSpecBlock = { [unowned self] node, _ in spec(for: node) }
    }

    private func makeNode(depth: Int) -> DisplayNode {
        if depth < 3, random(0...2) == 0 {
            let node = DisplayNode()
            makeContainer(node, depth: depth)
            return node
        }
        let leaf: DisplayNode
        switch random(0...2) {
        case 0: leaf = TextNode(["Hi", "A longer title that wraps", "x"][random(0...2)], font: .system(Double(random(10...20))))
        case 1: leaf = ImageNode(image: Image(pixelWidth: random(10...200), pixelHeight: random(10...200), scale: 2))
        default:
            leaf = DisplayNode()
            leaf.style.preferredSize = Size(width: Double(random(10...80)), height: Double(random(10...60)))
        }
        if random(0...3) == 0 { leaf.style.flexGrow = 1 }
        allNodes.append(leaf)
        return leaf
    }

    private func spec(for node: DisplayNode) -> any LayoutElement {
        let stack = StackLayoutSpec(direction: direction[node.id] ?? .horizontal, spacing: 4, children: kids[node.id] ?? [])
        switch wrapper[node.id] ?? 0 {
        case 0: return stack
        case 1: return InsetLayoutSpec(insets: EdgeInsets(all: 6), child: stack)
        case 2: return CenterLayoutSpec(centeringOptions: .xy, sizingOptions: .minimumXY, child: stack)
        default: return BackgroundLayoutSpec(child: stack, background: WrapperLayoutSpec(children: []))
        }
    }

    /// One random change to the program, or an inspector edit through `recorder`.
    func mutate(_ recorder: RecordingSession, snapshot: Snapshot) {
        let containers = allNodes.filter { kids[$0.id] != nil && ($0 === root || $0.supernode != nil) }
        let container = containers[random(0...(containers.count - 1))]
        var list = kids[container.id] ?? []
        switch random(0...8) {
        case 0 where list.count > 1:
            list.remove(at: random(0...(list.count - 1)))
        case 1:
            list.insert(makeNode(depth: 2), at: random(0...list.count))
        case 2 where list.count > 1:
            list.swapAt(0, list.count - 1)
        case 3:
            direction[container.id] = direction[container.id] == .horizontal ? .vertical : .horizontal
            container.setNeedsLayout()
        case 4:
            wrapper[container.id] = random(0...3)
            container.setNeedsLayout()
        case 5:
            let node = allNodes[random(0...(allNodes.count - 1))]
            node.debugName = ["a", "b", nil][random(0...2)]
            node.alpha = [1, 0.5][random(0...1)]
        default:
            // An inspector edit of a random element of the last capture.
            var ids: [String] = []
            snapshot.forEachElement { ids.append($0.id) }
            let id = ids[random(0...(ids.count - 1))]
            if id.contains("/"), random(0...1) == 0 {
                _ = recorder.call(
                    "Layout.setSpecProperty",
                    ["id": .string(id), "property": "spacing", "value": .number(Double(random(0...12)))])
            } else {
                _ = recorder.call(
                    "Layout.setStyle", ["id": .string(id), "property": "flexGrow", "value": .number(Double(random(0...2)))])
            }
        }
        if list.map(ObjectIdentifier.init) != (kids[container.id] ?? []).map(ObjectIdentifier.init) {
            kids[container.id] = list
            container.setNeedsLayout()
        }
    }
}

@Suite("Captures of random trees")
struct RandomTreeTests {
    @Test(
        "apply(diff(a, b), a) == b across random changes and edits, through the JSON of the ops",
        arguments: 1...40)
    func diffApply(seed: Int) throws {
        let program = RandomProgram(seed: UInt64(seed))
        let loop = loop(with: [program.root], size: Size(width: 320, height: 480))
        let recorder = RecordingSession(loop: loop)
        var previous = Capture.snapshot(of: loop.roots)
        let cache = CaptureCache()
        _ = Capture.snapshot(of: loop.roots, revision: 0, meta: Snapshot.Meta(), cache: cache)
        for _ in 0..<6 {
            for _ in 0..<3 { program.mutate(recorder, snapshot: previous) }
            loop.run(frames: 1)
            let next = Capture.snapshot(of: loop.roots)
            // Reusing the subtrees whose revision did not move gives the same document.
            let reusing = Capture.snapshot(of: loop.roots, revision: 0, meta: Snapshot.Meta(), cache: cache)
            #expect(firstDifference(next, reusing) == nil)
            let ops = try UpdateOp.decode(UpdateOp.encode(UpdateOps.diff(previous, next)))
            let applied = try UpdateOps.applying(ops, to: previous)
            #expect(firstDifference(applied, next) == nil)
            #expect(applied.roots == next.roots && applied.rangeControllers == next.rangeControllers)
            previous = next
        }
        if seed == 1 { try writeArtifact(previous, name: "random") }
    }

    @Test("spec ids and the whole capture are stable across relayouts; edits survive them", arguments: 1...10)
    func stableAcrossRelayouts(seed: Int) throws {
        let program = RandomProgram(seed: UInt64(seed) &* 7919)
        let loop = loop(with: [program.root], size: Size(width: 320, height: 480))
        let recorder = RecordingSession(loop: loop)
        // Edit the root's stack (n/0 or n/0.0 when wrapped) to spacing 9.
        let rootSpec = try #require(Capture.snapshot(of: loop.roots).roots[0].children.first)
        let stackID = rootSpec.type == "stack" ? rootSpec.id : rootSpec.children[0].id
        _ = try recorder.result("Layout.setSpecProperty", ["id": .string(stackID), "property": "spacing", "value": 9])
        let before = Capture.snapshot(of: loop.roots)
        for node in program.allNodes { node.setNeedsLayout() }
        loop.run(frames: 2)
        let after = Capture.snapshot(of: loop.roots)
        #expect(firstDifference(before, after) == nil)
        #expect(after == before)
        #expect(after.element(withId: stackID)?.props["spacing"] == 9)
    }
}
