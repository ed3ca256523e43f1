import Foundation
import Testing

/// `weft record` and `weft verify` when the program under test misbehaves. The programs here are
/// shell commands: what is tested is the CLI's own handling of a program that fails, is killed,
/// hangs, or writes no or broken checkpoints (the happy paths run a real host program, see
/// RecordVerifyTests). Expectations follow the brief: the program's own failure is exit status 2
/// with its stderr shown, and the baselines are left as they were.
@Suite struct RecordFailureTests {
    static let commands = ["record", "verify"]

    @Test(arguments: commands) func programExitingNonZeroIsAnInputError(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let baseline = try directory.write("baselines/first-layout.json", "keep me")
        let run = CLIRun.weft([command, directory.path("baselines"), "--", "sh", "-c", "echo 'layout exploded' >&2; exit 3"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("exited with status 3"))
        #expect(run.stderr.contains("    layout exploded"))
        #expect(run.stdout == "")
        #expect(try String(contentsOfFile: baseline, encoding: .utf8) == "keep me")
    }

    /// A crashing program may print bytes that are not UTF-8 (a binary name, a mangled string):
    /// its stderr is still shown, each bad byte as U+FFFD, never reported as empty.
    @Test(arguments: commands) func stderrThatIsNotUTF8IsStillShown(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("baselines/exit.json", "{}")
        let run = CLIRun.weft([
            command, directory.path("baselines"), "--", "sh", "-c", #"printf 'bad byte \377 here\n' >&2; exit 4"#,
        ])
        #expect(run.status == 2)
        #expect(run.stderr.contains("exited with status 4; its stderr:\n    bad byte \u{FFFD} here"), "\(run.stderr)")
        #expect(!run.stderr.contains("it wrote nothing to stderr"))
    }

    @Test(arguments: commands) func programKilledBySignal(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("baselines/exit.json", "{}")
        let run = CLIRun.weft([command, directory.path("baselines"), "--", "sh", "-c", "kill -9 $$"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("killed by signal 9"))
        #expect(run.stderr.contains("it wrote nothing to stderr"))
    }

    @Test(arguments: commands) func programWritingNoCheckpoints(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("baselines/exit.json", "{}")
        let run = CLIRun.weft([command, directory.path("baselines"), "--", "sh", "-c", "echo 'no inspector here' >&2"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("wrote no checkpoints to WEFT_SNAPSHOT_DIR"))
        #expect(run.stderr.contains("no inspector here"))
    }

    @Test(arguments: commands) func checkpointThatIsNotASnapshot(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("baselines/exit.json", "{}")
        let run = CLIRun.weft([
            command, directory.path("baselines"), "--", "sh", "-c",
            "printf '{\"format\": \"weft.snapshot\", \"version\": 1, \"roots\": 7}' > \"$WEFT_SNAPSHOT_DIR/first-layout.json\"",
        ])
        #expect(run.status == 2)
        #expect(run.stderr.contains("checkpoint first-layout written by the program: not a weft snapshot: roots:"))
    }

    /// Whatever the program leaves under a checkpoint's name, the message is one line naming
    /// the checkpoint, never a dump of Foundation's error object.
    @Test(arguments: commands) func checkpointThatIsADirectory(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("baselines/exit.json", "{}")
        let run = CLIRun.weft([command, directory.path("baselines"), "--", "sh", "-c", #"mkdir "$WEFT_SNAPSHOT_DIR/exit.json""#])
        #expect(run.status == 2)
        #expect(
            run.stderr == "weft \(command): checkpoint exit written by the program: exit.json is not a file\n", "\(run.stderr)")
    }

    @Test(arguments: commands) func programNotFound(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("baselines/exit.json", "{}")
        let missing = CLIRun.weft([command, directory.path("baselines"), "--", "weft-no-such-program-\(UUID().uuidString)"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("command not found in PATH"))
        let notExecutable = CLIRun.weft([command, directory.path("baselines"), "--", directory.path("baselines/exit.json")])
        #expect(notExecutable.status == 2)
        #expect(notExecutable.stderr.contains("not executable"))
    }

    @Test(arguments: commands) func programRunningPastTheTimeoutIsStopped(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("baselines/exit.json", "{}")
        let start = ContinuousClock.now
        let run = CLIRun.weft([command, directory.path("baselines"), "--timeout", "0.3", "--", "sleep", "30"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("did not finish within 0.3 s"), "a sub-second timeout is printed as it was given")
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test(arguments: commands) func usageErrors(command: String) throws {
        let cases: [([String], String)] = [
            ([command], "missing the program"),
            ([command, "dir"], "missing the program"),
            ([command, "dir", "--"], "missing the program"),
            ([command, "--", "true"], "missing DIR"),
            ([command, "a", "b", "--", "true"], "expected one DIR before --"),
            ([command, "dir", "--timeout", "soon", "--", "true"], "--timeout must be a number"),
            ([command, "dir", "--timeout", "0", "--", "true"], "--timeout must be a number"),
            ([command, "dir", "--frobnicate", "--", "true"], "unknown option --frobnicate"),
        ]
        for (arguments, message) in cases {
            let run = CLIRun.weft(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.hasPrefix("weft \(command): "), "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test(arguments: commands) func help(command: String) {
        let run = CLIRun.weft([command, "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("usage: weft \(command) DIR"))
        #expect(run.stderr == "")
    }
}
