import Foundation
import Synchronization
import Testing
import WeftJSON
import WeftLayout
import WeftNodes
import WeftSnapshot

@testable import WeftCapture

/// A card: a root laid out by an inset spec (10 on every edge) around a horizontal stack
/// (spacing 5, items aligned to the start) of a 50x30 node and a node 100 wide, 20 high that
/// grows. Derivation of its layout at 375x100:
/// - the inset gives the stack exactly 355x80 at (10, 10);
/// - the stack measures 50 + 5 + 100 = 155, so 200 points are free and the growing node takes
///   them all: 300 wide at x = 55; alignItems start puts both at y = 0.
final class Card {
    let root = DisplayNode()
    let avatar = DisplayNode()
    let title = DisplayNode()
    var spacing = 5.0
    var wrapInCenter = false

    init() {
        root.debugName = "card"
        avatar.debugName = "avatar"
        avatar.style.preferredSize = Size(width: 50, height: 30)
        title.debugName = "title"
        title.style.width = .points(100)
        title.style.height = .points(20)
        title.style.flexGrow = 1
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { [unowned self] _, _ in
            let stack = StackLayoutSpec(
                direction: .horizontal, spacing: spacing, alignItems: .start,
                children: [avatar, title])
            let body: any LayoutElement = wrapInCenter ? CenterLayoutSpec(child: stack) : stack
            return InsetLayoutSpec(insets: EdgeInsets(all: 10), child: body)
        }
    }
}

/// A 50x50 node holding, at (40, 40), a 10x10 control with a "like" target and a 10-point hit
/// slop: a tappable area that reaches past the holder's bounds on the bottom and right.
func cornerButton() -> (holder: DisplayNode, button: ControlNode) {
    let button = ControlNode()
    button.style.preferredSize = Size(width: 10, height: 10)
    button.hitTestSlop = EdgeInsets(all: -10)
    button.addTarget(action: "like", for: .touchUpInside) { _, _ in }
    let holder = DisplayNode()
    holder.automaticallyManagesSubnodes = true
    holder.style.preferredSize = Size(width: 50, height: 50)
    holder.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(top: 40, left: 40, bottom: 0, right: 0), child: button)
    }
    return (holder, button)
}

/// A main loop on the manual clock with `roots` added at 375x100 each, one frame run.
func loop(with roots: [DisplayNode], size: Size = Size(width: 375, height: 100)) -> MainLoop {
    let loop = MainLoop(clock: .manual)
    for root in roots { loop.addRoot(root, frame: Rect(origin: .zero, size: size)) }
    loop.run(frames: 1)
    return loop
}

/// Writes a real capture where `make test-schema` validates it against docs/snapshot.schema.json.
func writeArtifact(_ snapshot: Snapshot, name: String) throws {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let path = repository.appendingPathComponent(".build/test-artifacts/snapshots/capture-\(name).json").path
    try Capture.write(snapshot, to: path)
}

/// A data source of `count` rows, each a cell 44 points high holding one text node.
final class Rows: ContainerDataSource {
    var count: Int
    init(count: Int) { self.count = count }

    func numberOfItems(in container: ContainerNode) -> Int { count }

    func container(_ container: ContainerNode, nodeForItemAt index: Int) -> CellNode {
        let cell = CellNode()
        cell.debugName = "row \(index)"
        cell.style.height = .points(44)
        let label = TextNode("Row \(index)", font: .system(15))
        cell.addSubnode(label)
        cell.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 8), child: label) }
        return cell
    }
}

/// Streamed captures of one root through one cache, assembled as the worker would, after a
/// frame of `loop` each: what a session's updates are made of, with the root's captured children
/// to see which captures share them.
struct StreamedCaptures {
    let root: DisplayNode
    let loop: MainLoop
    private let cache = CaptureCache()
    private var assembly = ElementAssembly()

    init(of root: DisplayNode, in loop: MainLoop) {
        (self.root, self.loop) = (root, loop)
    }

    /// Runs a frame and captures: the root's children as captured, and the document.
    mutating func next() throws -> (children: [CapturedChild], snapshot: Snapshot) {
        loop.run(frames: 1)
        let pending = Capture.streamed(of: [root], meta: Snapshot.Meta(), cache: cache)
        let captured = try #require(pending.roots.first)
        return (captured.subtree.children, pending.snapshot(assembling: &assembly))
    }

    /// Where an array of children is stored: two captures that share it give the same address.
    static func storage(_ children: [CapturedChild]) -> UnsafeRawPointer? {
        children.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}

/// A session over `loop` that records the events it sends and always has a listener.
final class RecordingSession {
    let session: CaptureSession
    var events: [(method: String, params: JSONValue)] = []

    init(loop: MainLoop, updateRate: Double = 0, captureBudget: Double = 0) {
        session = CaptureSession(loop: loop, updateRate: updateRate, captureBudget: captureBudget)
        session.isListening = { true }
        session.sendEvent = { [unowned self] method, params in
            events.append((method, (try? JSONReader.parse(params)) ?? .null))
        }
        session.start()
    }

    /// Calls a method and returns its immediate result (a failure is returned as the error);
    /// for `Layout.evaluate`, which answers from a thread of its own, the result it answers
    /// within 30 s.
    func call(_ method: String, _ params: JSONValue = [:]) -> Result<JSONValue, CommandError> {
        call(method, rawParams: params.jsonBytes)
    }

    func call(_ method: String, rawParams: [UInt8]) -> Result<JSONValue, CommandError> {
        let answer = Mutex<Result<[UInt8], CommandError>?>(nil)
        let answered = DispatchSemaphore(value: 0)
        session.handle(method: method, params: rawParams) { result in
            answer.withLock { $0 = result }
            answered.signal()
        }
        if method == "Layout.evaluate" { _ = answered.wait(timeout: .now() + 30) }
        guard let result = answer.withLock({ $0 }) else { return .failure(CommandError(code: 0, message: "no reply yet")) }
        return result.map { (try? JSONReader.parse($0)) ?? .null }
    }

    func result(_ method: String, _ params: JSONValue = [:]) throws -> JSONValue {
        try call(method, params).get()
    }

    func errorCode(_ method: String, _ params: JSONValue = [:]) -> Int? {
        if case .failure(let error) = call(method, params) { return error.code }
        return nil
    }

    var updates: [JSONValue] { events.filter { $0.method == "Tree.updated" }.map(\.params) }
}

/// A table of `rows` rows (each 44 high) as a root of 375x220: five rows fill its viewport.
func tableLoop(
    rows: Int, clock: LoopClock = .manual, framesPerSecond: Double = 60,
    wallClock: WallClock = .monotonic
) -> (MainLoop, TableNode, Rows) {
    let table = TableNode()
    table.debugName = "feed"
    let source = Rows(count: rows)
    table.dataSource = source
    let loop = MainLoop(clock: clock, framesPerSecond: framesPerSecond, wallClock: wallClock)
    loop.addRoot(table, frame: Rect(x: 0, y: 0, width: 375, height: 220))
    loop.run(frames: 1)
    return (loop, table, source)
}

/// What an inspector does with `Tree.updated`: checks the base revision and applies the ops.
func applyUpdate(_ update: JSONValue, to document: inout Snapshot) throws {
    let base = try #require(update["baseRevision"]?.number)
    let revision = try #require(update["revision"]?.number)
    #expect(Int(base) == document.revision)
    let ops = try UpdateOp.decode(try #require(update["ops"]).jsonBytes)
    try UpdateOps.apply(ops, to: &document)
    document.revision = Int(revision)
}

/// The first element (pre-order) whose own fields differ between two documents, as
/// `id: field` lines, so a failing comparison of large trees prints something readable.
func firstDifference(_ a: Snapshot, _ b: Snapshot) -> String? {
    var elementsA: [String: Snapshot.Element] = [:]
    a.forEachElement { elementsA[$0.id] = $0 }
    var found: String?
    b.forEachElement { element in
        guard found == nil else { return }
        guard let other = elementsA[element.id] else {
            found = "\(element.id): only in the second"
            return
        }
        if other.children.map(\.id) != element.children.map(\.id) {
            found = "\(element.id).children: \(other.children.map(\.id)) vs \(element.children.map(\.id))"
            return
        }
        for field in ElementField.allCases where field != .children && field.differs(other, element) {
            found =
                "\(element.id).\(field.rawValue): \(String(decoding: other.encoded(), as: UTF8.self).prefix(300)) vs \(String(decoding: element.encoded(), as: UTF8.self).prefix(300))"
            return
        }
    }
    return found ?? (a.rangeControllers == b.rangeControllers ? nil : "range controllers differ")
}
