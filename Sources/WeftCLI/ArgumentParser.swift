/// A mistake in how a command was called or in its input: printed on stderr, exit status 2.
public struct UsageError: Error, CustomStringConvertible {
    public var description: String

    public init(_ message: String) {
        description = message
    }
}

/// A tiny command-line parser shared by the subcommands: `--name value`, `--name=value`,
/// boolean flags, `-h`/`--help`, positional arguments (`-` included) and `--` to end options.
public struct ArgumentParser {
    /// One option a command accepts.
    public struct Option {
        public var name: String
        public var takesValue: Bool

        /// `--name VALUE`.
        public static func value(_ name: String) -> Option { Option(name: name, takesValue: true) }
        /// `--name`, on or off.
        public static func flag(_ name: String) -> Option { Option(name: name, takesValue: false) }
    }

    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// Arguments that are not options, in order (those after `--` included).
    public private(set) var positionals: [String] = []
    /// The arguments after `--`, or nil when there was none: `weft record DIR -- COMMAND ARGS...`
    /// runs these.
    public private(set) var afterSeparator: [String]?
    /// `-h` or `--help` was given.
    public private(set) var wantsHelp = false

    /// Parses `arguments` (without the program and subcommand names) against `options`.
    /// Throws a `UsageError` for an unknown option or a missing value.
    public init(_ arguments: [String], options: [Option]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: remaining)
                afterSeparator = Array(remaining)
                break
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option \(argument)")
            }
            if option.takesValue {
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError("\(argument) needs a value")
                }
                values[name, default: []].append(value)
            } else {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            }
        }
    }

    /// `--name=value` -> ("name", "value"); `--name` -> ("name", nil); `-x` -> ("x", nil).
    private static func split(_ argument: String) -> (String, String?) {
        let body = argument.drop(while: { $0 == "-" })
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }

    /// The value given for `--name`, if any (the last one when repeated).
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable `--name`, in order.
    public func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The longest duration an option takes: a billion seconds (some 31 years). Durations are
    /// counted in nanoseconds in an Int64, so longer ones cannot be timed at all.
    public static let maximumSeconds = 1e9

    /// The value of `--name` as a number of seconds (`--wait 0.5`, `--timeout 600`), nil when
    /// not given. Zero is allowed only with `allowingZero`; more than `maximumSeconds` is refused.
    public func seconds(_ name: String, allowingZero: Bool) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let seconds = Double(text), seconds.isFinite, allowingZero ? seconds >= 0 : seconds > 0,
            seconds <= Self.maximumSeconds
        else {
            throw UsageError(
                "--\(name) must be a number of seconds \(allowingZero ? ">=" : ">") 0 "
                    + "(at most \(Int(Self.maximumSeconds))), got \"\(text)\"")
        }
        return seconds
    }
}
