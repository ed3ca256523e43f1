import Dispatch
import Foundation
import WeftInspector
import WeftLayout
import WeftNodes

// weft-example: the smallest inspectable host program (a header and a table), for tests and the
// docs until the TextureGram demo exists.
//
//   weft-example                 run on the real clock until SIGINT/SIGTERM, inspectable live
//   weft-example --frames 120    a deterministic run: manual clock, 120 frames, a scripted drag
//                                at frame 12, checkpoints, exit
//   --rows N                     the table's row count (default 200)
//
// Environment: WEFT_GATEWAY, WEFT_TOKEN, WEFT_INSTANCE, WEFT_SNAPSHOT_DIR (docs/client.md).

struct Arguments {
    var frames: Int?
    var rows = 200

    init(_ arguments: [String]) throws {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            func count() throws -> Int {
                guard let text = iterator.next(), let value = Int(text), value >= 0 else {
                    throw ExampleError("\(argument) needs a number >= 0")
                }
                return value
            }
            switch argument {
            case "--frames": frames = try count()
            case "--rows": rows = try count()
            case "-h", "--help":
                print("usage: weft-example [--frames N] [--rows N]")
                exit(0)
            default: throw ExampleError("unknown argument \(argument) (try --help)")
            }
        }
    }
}

struct ExampleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

let arguments: Arguments
do {
    arguments = try Arguments(CommandLine.arguments)
} catch {
    FileHandle.standardError.write(Data("weft-example: \(error)\n".utf8))
    exit(2)
}

let loop = MainLoop(clock: arguments.frames == nil ? .real : .manual)
let screen = ExampleScreen(rowCount: arguments.rows)
loop.addRoot(screen.root, frame: Rect(x: 0, y: 0, width: 375, height: 667))

let inspector: Inspector
do {
    inspector = try Inspector.attach(to: loop, options: Inspector.Options(appId: "org.weft.Example", appName: "weft-example"))
} catch {
    FileHandle.standardError.write(Data("weft-example: \(error)\n".utf8))
    exit(2)
}
loop.schedule(after: 0.05) { Inspector.checkpoint("feed-loaded") }

if let frames = arguments.frames {
    loop.schedule(after: 0.2) { screen.table.drag(by: Point(x: 0, y: 900), duration: 0.4) }
    loop.run(frames: frames)
} else {
    // Stop cleanly on SIGINT / SIGTERM so the `exit` checkpoint is written.
    let signalSources = loop.stopOnTerminationSignals()
    FileHandle.standardError.write(Data("weft-example: running (pid \(ProcessInfo.processInfo.processIdentifier))\n".utf8))
    loop.run()
    withExtendedLifetime(signalSources) {}
}
inspector.detach()
