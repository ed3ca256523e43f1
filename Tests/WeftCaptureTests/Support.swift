import Foundation
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
            let stack = StackLayoutSpec(direction: .horizontal, spacing: spacing, alignItems: .start,
                                        children: [avatar, title])
            let body: any LayoutElement = wrapInCenter ? CenterLayoutSpec(child: stack) : stack
            return InsetLayoutSpec(insets: EdgeInsets(all: 10), child: body)
        }
    }
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
