import Foundation
import WeftInspector
import WeftLayout
import WeftNodes

// LayoutSpecExamples: Texture's layout examples (Layouts/, Overview/: only Texture-style code
// through AsyncDisplayKit) in Weft's runtime. This file is the host's part, as an iOS app's
// delegate is: a main loop with the overview as its root, and Weft's inspector attached.

let options: Options
do {
    guard let parsed = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(Options.usage)
        exit(0)
    }
    options = parsed
} catch {
    FileHandle.standardError.write(Data("LayoutSpecExamples: \(error) (see --help)\n".utf8))
    exit(2)
}

let loop = MainLoop(clock: options.frames == nil ? .real : .manual)
let overview = OverviewNode()
loop.addRoot(overview, frame: Rect(x: 0, y: 0, width: 375, height: 667))

let inspector: Inspector
do {
    let gateway: Inspector.Gateway = !options.connects ? .none : options.gateway.map { .url($0) } ?? .environment
    inspector = try Inspector.attach(
        to: loop, gateway: gateway,
        options: Inspector.Options(
            appId: "org.weft.LayoutSpecExamples", appName: "LayoutSpecExamples", appVersion: "1.0", instance: options.instance))
} catch {
    FileHandle.standardError.write(Data("LayoutSpecExamples: \(error)\n".utf8))
    exit(2)
}
loop.schedule(after: 0.25) { Inspector.checkpoint("examples-loaded") }

if let frames = options.frames {
    // A finger scrolls the table down: the table asks for more rows (batch fetching).
    loop.schedule(after: 0.5) { overview.tableNode.drag(by: Point(x: 0, y: 600), duration: 0.3) }
    loop.schedule(after: 1.5) { Inspector.checkpoint("scrolled") }
    loop.run(frames: frames)
} else {
    let signalSources = loop.stopOnTerminationSignals()
    FileHandle.standardError.write(
        Data("LayoutSpecExamples: running (pid \(ProcessInfo.processInfo.processIdentifier)); Ctrl-C stops it\n".utf8))
    loop.run()
    withExtendedLifetime(signalSources) {}
}
inspector.detach()
