import Foundation
import WeftNodes

// TextureGram: Weft's demo host program. See App/Options.swift for the command line.

let options: Options
do {
    guard let parsed = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(Options.usage)
        exit(0)
    }
    options = parsed
} catch {
    FileHandle.standardError.write(Data("TextureGram: \(error) (see TextureGram --help)\n".utf8))
    exit(2)
}

if let frames = options.benchmarkFrames {
    FeedBenchmark.run(frames: frames, options: options)
    exit(0)
}

let app = TextureGramApp(options: options)
let attachment: InspectorAttachment
do {
    attachment = try InspectorAttachment(app: app, options: options)
} catch {
    FileHandle.standardError.write(Data("TextureGram: \(error)\n".utf8))
    exit(2)
}
app.start()

if let frames = options.frames {
    app.loop.run(frames: frames)
} else {
    let signalSources = app.loop.stopOnTerminationSignals()
    FileHandle.standardError.write(
        Data("TextureGram: running (pid \(ProcessInfo.processInfo.processIdentifier)); Ctrl-C stops it\n".utf8))
    app.loop.run()
    withExtendedLifetime(signalSources) {}
}
attachment.detach()
