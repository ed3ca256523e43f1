import Foundation

/// The command line: the host's few options (the examples themselves take none).
struct Options {
    var frames: Int?
    var connects = true
    var gateway: String?
    var instance: String?

    static let usage = """
        usage: LayoutSpecExamples [options]

        Texture's layout examples, written against AsyncDisplayKit, in a table that grows as it
        is scrolled. It attaches to a Weft gateway like TextureGram.

        options:
          --gateway URL   the gateway (default: $WEFT_GATEWAY, else ws://127.0.0.1:9223)
          --no-gateway    do not connect (checkpoints in $WEFT_SNAPSHOT_DIR only)
          --instance NAME this program's instance name (default: $WEFT_INSTANCE, else "default")
          --frames N      deterministic run: N frames on the manual clock, a scripted drag at
                          0.5 s, checkpoints first-layout, examples-loaded (0.25 s),
                          scrolled (1.5 s) and exit, then exit
          -h, --help      this text
        """

    /// Nil for `--help`.
    static func parse(_ arguments: [String]) throws -> Options? {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() throws -> String {
                guard let text = rest.popFirst(), !text.isEmpty else { throw OptionsError("\(argument) needs a value") }
                return text
            }
            switch argument {
            case "-h", "--help": return nil
            case "--gateway": options.gateway = try value()
            case "--no-gateway": options.connects = false
            case "--instance": options.instance = try value()
            case "--frames":
                let text = try value()
                guard let frames = Int(text), frames >= 1, frames <= 1_000_000_000 else {
                    throw OptionsError("--frames needs a whole number from 1 to 1e9, not '\(text)'")
                }
                options.frames = frames
            default: throw OptionsError("unknown option '\(argument)'")
            }
        }
        if options.gateway != nil && !options.connects {
            throw OptionsError("--gateway and --no-gateway contradict each other")
        }
        return options
    }
}

struct OptionsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
