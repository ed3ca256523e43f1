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

let app = TextureGramApp(options: options)
app.start()
if let frames = options.frames {
    app.loop.run(frames: frames)
} else {
    app.loop.run()
}
