/// TextureGram's command line.
struct Options: Sendable {
    /// `--gateway URL`; nil: `WEFT_GATEWAY`, else the default (docs/protocol.md, Transport).
    var gateway: String?
    /// `--no-gateway`: do not connect (checkpoints only).
    var connects = true
    /// `--instance NAME`; nil: `WEFT_INSTANCE`, else `default`.
    var instance: String?
    /// `--frames N`: a deterministic run of N frames on the manual clock, then exit.
    var frames: Int?
    var seed: UInt64 = 1
    var maximumPosts = 500
    var scrolls = true
    /// `--bench N`: time N frames of scripted scrolling and print the figures (FeedBenchmark).
    var benchmarkFrames: Int?
    var script = ScrollScript.Settings()

    static let usage = """
        usage: TextureGram [options]

        A photo feed built with WeftNodes, inspectable with Weft: a feed table of posts under a
        strip of stories (first screen) and a pager of explore tables (second screen), scrolled
        by a scripted finger. It attaches to a Weft gateway and keeps running (and retrying)
        when there is none.

        options:
          --gateway URL          the gateway to attach to (default: $WEFT_GATEWAY, else
                                 ws://127.0.0.1:9223)
          --no-gateway           do not connect (checkpoints in $WEFT_SNAPSHOT_DIR only)
          --instance NAME        this program's instance name (default: $WEFT_INSTANCE, else
                                 "default"); two programs with the same name replace each other
          --frames N             deterministic run: N frames on the manual clock (60 per second
                                 of program time), same data and drags every run, then exit;
                                 with $WEFT_SNAPSHOT_DIR set, writes checkpoints first-layout,
                                 feed-loaded and exit there
          --seed N               the generated content (default 1)
          --max-posts N          where the infinite feed stops growing (default 500)
          --no-scroll            no scripted scrolling
          --scroll-pattern P     the drags to repeat, TARGET:DIRECTION,... with TARGET feed,
                                 stories, pages (the explore pager) or page (the table of the
                                 page on screen) and DIRECTION up, down, left or right (the way
                                 the content moves). Default:
                                   \(ScrollPattern.standard)
          --scroll-speed PTS     finger speed in points per second (default 1500)
          --scroll-distance PTS  length of each drag in points (default 480)
          --scroll-rest SECONDS  pause between drags (default 1)
          --bench N              print how fast N frames of scripted scrolling run (no
                                 gateway, manual clock) as BENCH lines, then exit
          -h, --help             this text

        environment: WEFT_GATEWAY, WEFT_INSTANCE, WEFT_TOKEN, WEFT_SNAPSHOT_DIR (docs/client.md)
        """

    /// Parses the arguments after the program name. `--help` is reported as `nil`.
    static func parse(_ arguments: [String]) throws -> Options? {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() throws -> String {
                guard let text = rest.popFirst() else { throw CommandLineError("\(argument) needs a value") }
                return text
            }
            // Bounded so that nothing overflows (a billion frames is about six months).
            func number(atLeast minimum: Double, integer: Bool = false) throws -> Double {
                let text = try value()
                guard let number = Double(text), number.isFinite, number >= minimum, number <= 1e9,
                    !integer || number == number.rounded()
                else {
                    let kind = integer ? "a whole number" : "a number"
                    throw CommandLineError("\(argument) needs \(kind) from \(minimum.formatted) to 1e9, not '\(text)'")
                }
                return number
            }
            switch argument {
            case "-h", "--help": return nil
            case "--gateway": options.gateway = try value()
            case "--no-gateway": options.connects = false
            case "--instance":
                let name = try value()
                guard !name.isEmpty else { throw CommandLineError("--instance needs a non-empty name") }
                options.instance = name
            case "--frames": options.frames = Int(try number(atLeast: 1, integer: true))
            case "--seed":
                let text = try value()
                guard let seed = UInt64(text) else { throw CommandLineError("--seed needs a whole number >= 0, not '\(text)'") }
                options.seed = seed
            case "--max-posts": options.maximumPosts = Int(try number(atLeast: 1, integer: true))
            case "--no-scroll": options.scrolls = false
            case "--bench": options.benchmarkFrames = Int(try number(atLeast: 1, integer: true))
            case "--scroll-pattern": options.script.pattern = try ScrollPattern(parsing: try value())
            case "--scroll-speed": options.script.speed = try number(atLeast: 1)
            case "--scroll-distance": options.script.distance = try number(atLeast: 1)
            case "--scroll-rest": options.script.rest = try number(atLeast: 0)
            default: throw CommandLineError("unknown option '\(argument)'")
            }
        }
        if options.gateway != nil && !options.connects {
            throw CommandLineError("--gateway and --no-gateway contradict each other")
        }
        return options
    }
}

extension Double {
    /// "1" rather than "1.0" in messages.
    fileprivate var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
