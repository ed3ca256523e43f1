import Foundation
import Testing
import WeftInspector
import WeftJSON
import WeftLayout
import WeftProtocol
import WeftSnapshot
import WeftTestSupport

/// Control characters in what programs name (appId, instance, host, debugName, class names) and
/// in what users type are printed escaped by every human-facing output of `weft`: raw, an escape
/// sequence would clear the terminal and a newline would forge a table row or a diff line. One
/// function does it (`PrintableText.escaped`); each command is checked here.
@Suite struct ControlCharacterTests {
    /// Escape sequences, line breaks, DEL, a C1 control, a line separator, a right-to-left override.
    static let hostile = "a\u{1B}[2J\u{1B}]0;owned\u{07}b\nforged row\r\t\u{7F}\u{9B}\u{2028}\u{202E}z"
    static let escaped = #"a\u{1B}[2J\u{1B}]0;owned\u{7}b\nforged row\r\t\u{7F}\u{9B}\u{2028}\u{202E}z"#

    /// Whether `text` holds a character `PrintableText` escapes, other than the line breaks in
    /// `allowingNewlines` output.
    static func hasRawControl(_ text: String, allowingNewlines: Bool = true) -> Bool {
        text.unicodeScalars.contains { scalar in
            if allowingNewlines && scalar == "\n" { return false }
            return PrintableText.escaped(String(scalar)) != String(scalar)
        }
    }

    @Test func theEscapingFunction() {
        #expect(PrintableText.escaped(Self.hostile) == Self.escaped)
        // Ordinary names, backslashes and non-Latin text are unchanged.
        for plain in ["ASTextNode (title)", #"C:\path"#, "名前 (ラベル)", "emoji 🙂", ""] {
            #expect(PrintableText.escaped(plain) == plain)
        }
        #expect(PrintableText.escapedLines("one\u{1B}\ntwo\r") == "one\\u{1B}\ntwo\\r")
    }

    @Test func devicesTable() async throws {
        let gateway = try GatewayProcess()
        let instance = HostProgram.uniqueInstance("ctl") + Self.hostile
        let session = DeviceSession(
            configuration: GatewayConfiguration(
                endpoint: try GatewayEndpoint(parsing: gateway.webSocketURL),
                token: nil, instance: instance),
            identity: DeviceIdentity(appId: "org.weft" + Self.hostile, instance: instance, host: "h" + Self.hostile),
            info: DeviceInfo(appName: "ControlCharacterTests"))
        session.start()
        defer { session.close() }
        let deadline = ContinuousClock.now + .seconds(10)
        while !session.isRegistered, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try #require(session.isRegistered, "the device did not register: \(gateway.log)")

        let run = CLIRun.weft(["devices", "--gateway", gateway.webSocketURL])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!Self.hasRawControl(run.stdout))
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2, "a header and one row, not a forged one: \(run.stdout)")
        #expect(run.stdout.contains("org.weft" + Self.escaped) && run.stdout.contains("h" + Self.escaped))
        // The selector of an ambiguous or unmatched --device lists the devices the same way.
        let missing = CLIRun.weft(["snapshot", "--gateway", gateway.webSocketURL, "--device", "nothing" + Self.hostile])
        #expect(missing.status == 2)
        #expect(!Self.hasRawControl(missing.stderr), "\(missing.stderr)")
    }

    /// A card whose title node's debugName is hostile.
    private static func card(titleFrame: String = "[8, 8, 100, 20]") -> String {
        CardSnapshot(titleFrame: titleFrame).json.replacingOccurrences(
            of: #""debugName": "title""#, with: #""debugName": \#(WeftJSON.JSONValue.string(hostile).jsonString)"#)
    }

    @Test func asciiArt() throws {
        let run = CLIRun.weft(["ascii", "-"], stdin: Self.card())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!Self.hasRawControl(run.stdout))
        #expect(run.stdout.contains("ASTextNode (" + Self.escaped + ")"))
        // The boxes still close: every line of the art is as wide as the first.
        let lines = run.stdout.split(separator: "\n").map { $0.utf16.count }
        #expect(Set(lines).count == 1, "\(run.stdout)")
        // An --element the user typed is quoted escaped in the error (its line breaks kept:
        // messages may be several lines).
        let missing = CLIRun.weft(["ascii", "-", "--element", "n9" + Self.hostile], stdin: Self.card())
        #expect(missing.status == 2)
        #expect(!Self.hasRawControl(missing.stderr), "\(missing.stderr)")
        #expect(missing.stderr.contains(#"n9a\u{1B}[2J\u{1B}]0;owned\u{7}b"#))
    }

    @Test func diff() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let a = try directory.write("a.json", Self.card())
        let b = try directory.write("b.json", Self.card(titleFrame: "[8, 8, 120, 20]"))
        let run = CLIRun.weft(["diff", a, b])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(!Self.hasRawControl(run.stdout))
        let lines = run.stdout.split(separator: "\n")
        #expect(
            lines == ["~ ASDisplayNode (card) > ASStackLayoutSpec > ASTextNode (\(Self.escaped)): frame 8,8 100x20 -> 8,8 120x20"]
        )
        // JUnit: XML, with the report's escaped lines.
        let junit = CLIRun.weft(["diff", a, b, "--format", "junit"])
        #expect(!Self.hasRawControl(junit.stdout))
    }

    @Test func layoutAsciiArt() throws {
        let document =
            #"{"root": {"type": "stack", "debugName": \#(WeftJSON.JSONValue.string(Self.hostile).jsonString), "children": [{"type": "box"}]}}"#
        let run = CLIRun.weft(["layout", "--format", "ascii", "-"], stdin: document)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!Self.hasRawControl(run.stdout))
        #expect(run.stdout.contains("ASStackLayoutSpec (" + Self.escaped + ")"))
        let lines = run.stdout.split(separator: "\n").map { $0.utf16.count }
        #expect(Set(lines).count == 1, "\(run.stdout)")
        // A bad file name is quoted escaped.
        let missing = CLIRun.weft(["layout", "nowhere" + Self.hostile + ".json"])
        #expect(missing.status == 2)
        #expect(!Self.hasRawControl(missing.stderr), "\(missing.stderr)")
    }

    /// Checkpoint names are the program's (file names in WEFT_SNAPSHOT_DIR).
    @Test func recordAndVerify() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let before = try directory.write("before.json", Self.card())
        let after = try directory.write("after.json", Self.card(titleFrame: "[8, 8, 120, 20]"))
        func program(_ snapshot: String) -> [String] {
            ["--", "sh", "-c", #"cp "$0" "$WEFT_SNAPSHOT_DIR/$(printf 'cp\033[2J\nforged')".json"#, snapshot]
        }
        let record = CLIRun.weft(["record", directory.path("baselines")] + program(before))
        #expect(record.status == 0, "\(record.stderr)")
        #expect(!Self.hasRawControl(record.stdout))
        #expect(record.stdout.split(separator: "\n").count == 1, "\(record.stdout)")
        #expect(record.stdout.contains(#"cp\u{1B}[2J\nforged"#), "\(record.stdout)")
        let verify = CLIRun.weft(["verify", directory.path("baselines")] + program(after))
        #expect(verify.status == 1, "\(verify.stderr)")
        #expect(!Self.hasRawControl(verify.stdout))
        #expect(verify.stdout.hasPrefix(#"FAIL cp\u{1B}[2J\nforged: 1 difference"#), "\(verify.stdout)")
        #expect(verify.stdout.contains("ASTextNode (\(Self.escaped)): frame 8,8 100x20 -> 8,8 120x20"))
    }
}
