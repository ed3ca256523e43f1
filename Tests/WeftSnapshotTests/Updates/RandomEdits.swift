import WeftSynthetic

@testable import WeftSnapshot

/// Random trees and random edits for the update-op property test: every structural edit the
/// program can make between two revisions (insert, delete, move, wrap, unwrap, reorder) and
/// every kind of field change, from a seeded generator.
struct RandomEdits {
    var random: SeededGenerator
    private var nextId = 0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    private mutating func newId() -> String {
        nextId += 1
        return "e\(nextId)"
    }

    mutating func element(depth: Int) -> Snapshot.Element {
        let isSpec = Bool.random(using: &random)
        var element = Snapshot.Element(
            id: newId(), kind: isSpec ? .spec : .node, type: isSpec ? "stack" : nil,
            className: isSpec
                ? "ASStackLayoutSpec" : ["ASTextNode", "ASImageNode", "ASDisplayNode"].randomElement(using: &random)!)
        randomizeFields(&element)
        if depth > 0 {
            element.children = (0..<Int.random(in: 0...3, using: &random)).map { _ in self.element(depth: depth - 1) }
        }
        return element
    }

    mutating func snapshot() -> Snapshot {
        var snapshot = Snapshot(roots: (0..<Int.random(in: 1...2, using: &random)).map { _ in element(depth: 3) })
        snapshot.rangeControllers = (0..<Int.random(in: 0...2, using: &random)).map { _ in controller() }
        return snapshot
    }

    mutating func controller() -> Snapshot.RangeController {
        Snapshot.RangeController(
            id: newId(), owner: "e1", mode: Snapshot.RangeController.Mode.allCases.randomElement(using: &random)!,
            itemCount: Int.random(in: 0...20, using: &random), visible: [.init(0, Int.random(in: 0...3, using: &random))])
    }

    mutating func randomizeFields(_ element: inout Snapshot.Element) {
        func value(_ random: inout SeededGenerator) -> Double { Double(Int.random(in: -8...400, using: &random)) / 2 }
        switch Int.random(in: 0..<9, using: &random) {
        case 0:
            let follows = element.calculatedSize == element.frame.size
            element.frame = .init(x: value(&random), y: value(&random), width: value(&random), height: value(&random))
            if follows { element.calculatedSize = element.frame.size }
        case 1:
            element.calculatedSize = Bool.random(using: &random) ? element.frame.size : .init(width: value(&random), height: 3)
        case 2: element.debugName = Bool.random(using: &random) ? nil : "name\(Int.random(in: 0...3, using: &random))"
        case 3: element.style = Bool.random(using: &random) ? [:] : ["flexGrow": .number(value(&random)), "width": "50%"]
        case 4:
            element.props =
                Bool.random(using: &random)
                ? [:] : ["text": .string("t\(Int.random(in: 0...9, using: &random))"), "lines": ["a", "b"]]
        case 5: element.interfaceState = Snapshot.InterfaceState(rawValue: Int.random(in: 0...15, using: &random))
        case 6:
            element.tappable =
                Bool.random(using: &random)
                ? nil : .init(rect: .init(x: -4, y: -4, width: value(&random), height: 8), restricted: [.left])
        case 7:
            element.constrainedSize =
                Bool.random(using: &random)
                ? .unconstrained : .init(min: .zero, max: .init(width: value(&random), height: .infinity))
        default:
            element.className = ["ASTextNode", "ASButtonNode"].randomElement(using: &random)!
            element.frame.width = value(&random)  // also moves the default calculatedSize
        }
    }

    // MARK: Edits

    /// Paths (child indexes from the root list) of every element.
    private static func paths(_ snapshot: Snapshot) -> [[Int]] {
        var result: [[Int]] = []
        func visit(_ element: Snapshot.Element, _ path: [Int]) {
            result.append(path)
            for (index, child) in element.children.enumerated() { visit(child, path + [index]) }
        }
        for (index, root) in snapshot.roots.enumerated() { visit(root, [index]) }
        return result
    }

    private static func get(_ roots: [Snapshot.Element], _ path: [Int]) -> Snapshot.Element {
        var element = roots[path[0]]
        for index in path.dropFirst() { element = element.children[index] }
        return element
    }

    /// Runs `body` on the child list at `path` (the root list for `[]`).
    private static func modifyChildren(
        _ roots: inout [Snapshot.Element], at path: [Int], _ body: (inout [Snapshot.Element]) -> Void
    ) {
        guard let first = path.first else { return body(&roots) }
        modifyChildren(&roots[first].children, at: Array(path.dropFirst()), body)
    }

    private static func modifyElement(_ roots: inout [Snapshot.Element], at path: [Int], _ body: (inout Snapshot.Element) -> Void)
    {
        Self.modifyChildren(&roots, at: Array(path.dropLast())) { body(&$0[path.last!]) }
    }

    /// Changes the fields of one random element, keeping the tree's shape.
    mutating func editFields(_ snapshot: inout Snapshot) {
        guard let path = Self.paths(snapshot).randomElement(using: &random) else { return }
        Self.modifyElement(&snapshot.roots, at: path) { randomizeFields(&$0) }
    }

    /// One to eight random edits of `snapshot`. `movingNothing`: only deletions, insertions
    /// and field changes, which leave every kept element under its parent, in its order.
    mutating func edited(_ snapshot: Snapshot, movingNothing: Bool = false) -> Snapshot {
        var result = snapshot
        for _ in 0..<Int.random(in: 1...8, using: &random) { edit(&result, movingNothing: movingNothing) }
        return result
    }

    mutating func edit(_ snapshot: inout Snapshot, movingNothing: Bool = false) {
        let all = Self.paths(snapshot)
        guard let path = all.randomElement(using: &random) else {
            snapshot.roots.append(element(depth: 2))
            return
        }
        let kind = movingNothing ? [0, 1, 9].randomElement(using: &random)! : Int.random(in: 0..<10, using: &random)
        switch kind {
        case 0:  // delete a subtree
            Self.modifyChildren(&snapshot.roots, at: Array(path.dropLast())) { $0.remove(at: path.last!) }
        case 1:  // insert a new subtree
            let new = element(depth: Int.random(in: 0...2, using: &random))
            Self.modifyChildren(&snapshot.roots, at: path) { children in
                children.insert(new, at: Int.random(in: 0...children.count, using: &random))
            }
        case 2:  // move to another place outside its own subtree
            let moving = Self.get(snapshot.roots, path)
            var roots = snapshot.roots
            Self.modifyChildren(&roots, at: Array(path.dropLast())) { $0.remove(at: path.last!) }
            let targets = [[]] + Self.paths(Snapshot(roots: roots))
            let destination = targets.randomElement(using: &random)!
            Self.modifyChildren(&roots, at: destination) { children in
                children.insert(moving, at: Int.random(in: 0...children.count, using: &random))
            }
            snapshot.roots = roots
        case 3:  // wrap in a new element
            var wrapper = element(depth: 0)
            wrapper.children = [Self.get(snapshot.roots, path)]
            Self.modifyElement(&snapshot.roots, at: path) { $0 = wrapper }
        case 4:  // unwrap: replace an element by its children
            let children = Self.get(snapshot.roots, path).children
            Self.modifyChildren(&snapshot.roots, at: Array(path.dropLast())) { siblings in
                siblings.replaceSubrange(path.last!...path.last!, with: children)
            }
        case 5:  // reorder a child list
            Self.modifyChildren(&snapshot.roots, at: path) { children in
                if Bool.random(using: &random) { children.reverse() } else { children.shuffle(using: &random) }
            }
        case 6:  // controllers: add, remove, change, reorder
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                snapshot.rangeControllers.insert(
                    controller(), at: Int.random(in: 0...snapshot.rangeControllers.count, using: &random))
            case 1: if !snapshot.rangeControllers.isEmpty { snapshot.rangeControllers.removeFirst() }
            case 2:
                if !snapshot.rangeControllers.isEmpty {
                    snapshot.rangeControllers[0].mode = .lowMemory
                    snapshot.rangeControllers[0].itemCount += 1
                }
            default: snapshot.rangeControllers.reverse()
            }
        default:  // field changes
            Self.modifyElement(&snapshot.roots, at: path) { randomizeFields(&$0) }
        }
    }
}
