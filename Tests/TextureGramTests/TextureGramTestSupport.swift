import WeftLayout
import WeftNodes

@testable import TextureGram

/// Builds the demo as `TextureGram ARGS` would, on the manual clock (deterministic frames).
func makeApp(_ arguments: [String] = []) throws -> TextureGramApp {
    guard let options = try Options.parse(["--frames", "1"] + arguments) else {
        throw CommandLineError("--help is not an app")
    }
    let app = TextureGramApp(options: options)
    app.start()
    return app
}

/// Frames per second of program time (the app's loop runs at 60).
let framesPerSecond = 60

extension TextureGramApp {
    /// Runs the frames of `seconds` of program time.
    func run(seconds: Double) {
        loop.run(frames: Int((seconds * Double(framesPerSecond)).rounded()))
    }
}

/// Every node of the trees below `roots` with what a run can observe of it, in tree order:
/// class, debug name, frame, interface state (ids are process-wide counters, so not compared).
func fingerprint(_ roots: [DisplayNode]) -> [String] {
    var lines: [String] = []
    func visit(_ node: DisplayNode, depth: Int) {
        var line = "\(depth) \(node.textureClassName) \(node.debugName ?? "") \(node.frame) \(node.interfaceState.rawValue)"
        if let container = node as? ContainerNode {
            line += " offset \(container.contentOffset) items \(container.numberOfItems)"
        }
        lines.append(line)
        for subnode in node.subnodes { visit(subnode, depth: depth + 1) }
    }
    for root in roots { visit(root, depth: 0) }
    return lines
}
