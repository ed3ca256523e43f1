import Dispatch
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
    // SIGINT / SIGTERM stop the loop between frames, so the `exit` checkpoint sees a settled tree.
    let poster = app.loop.poster
    var signalSources: [DispatchSourceSignal] = []
    for signalNumber in [SIGINT, SIGTERM] {
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        source.setEventHandler { poster.post { $0.stop() } }
        source.resume()
        signalSources.append(source)
    }
    FileHandle.standardError.write(Data("TextureGram: running (pid \(ProcessInfo.processInfo.processIdentifier)); Ctrl-C stops it\n".utf8))
    app.loop.run()
}
attachment.detach()
