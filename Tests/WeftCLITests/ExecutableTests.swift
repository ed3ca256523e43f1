import Foundation
import Testing
import WeftTestSupport

/// The `weft` executable itself (Sources/weft/main.swift): exit statuses reach the shell, results
/// go to stdout and messages to stderr, defaults come from the real environment.
@Suite struct ExecutableTests {
    struct Outcome {
        var status: Int32?
        var stdout: [String]
        var stderr: String
    }

    func weft(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        try run(HostProgram.product("weft"), arguments, environment: environment)
    }

    /// `sh -c SCRIPT ARGUMENTS...`: for redirections a test cannot make with a pipe.
    func shell(_ script: String, arguments: [String]) throws -> Outcome {
        try run("/bin/sh", ["-c", script] + arguments)
    }

    private func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let log = directory.path("stderr.log")
        let variables = CLIRun.cleanEnvironment.merging(environment) { _, given in given }
        let child = try ChildProcess(executable: executable, arguments: arguments, environment: variables, logPath: log)
        var lines: [String] = []
        while let line = child.readLine(timeout: .seconds(30)) { lines.append(line) }
        #expect(child.wait(timeout: .seconds(30)))
        let status = child.status.map { $0 & 0x7f == 0 ? ($0 >> 8) & 0xff : -1 }
        return Outcome(status: status, stdout: lines, stderr: child.log)
    }

    @Test func exitStatusesAndStreams() throws {
        let a = Repository.path("fixtures/snapshots/profile-card.json")
        let b = Repository.path("fixtures/snapshots/feed.json")
        let same = try weft(["diff", a, a])
        #expect(same.status == 0)
        #expect(same.stdout == [])
        let different = try weft(["diff", a, b])
        #expect(different.status == 1)
        #expect(different.stdout.first == "+ ASDisplayNode (window) at 0,0 375x667")
        #expect(different.stderr == "")
        let usage = try weft(["diff", a])
        #expect(usage.status == 2)
        #expect(usage.stdout == [])
        #expect(usage.stderr == "weft diff: expected two snapshots A and B, got 1 (see --help)\n")
        let unknown = try weft(["snapshots"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("weft: unknown command \"snapshots\""))
    }

    /// A full disk (here /dev/full, whose every write fails with ENOSPC) or a closed output loses
    /// what a command prints: the command must fail with the reason on stderr (exit status 2),
    /// not crash with a backtrace nor exit 0 with a truncated snapshot, diff or report.
    @Test func stdoutThatCannotBeWrittenIsAnErrorNotACrash() throws {
        let card = Repository.path("fixtures/snapshots/profile-card.json")
        let feed = Repository.path("fixtures/snapshots/feed.json")
        for arguments in [["ascii", card], ["diff", card, feed], ["render", card, "-o", "-"]] {
            let run = try shell(#""$0" "$@" > /dev/full"#, arguments: [HostProgram.product("weft")] + arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr == "weft \(arguments[0]): cannot write to standard output (No space left on device)\n")
        }
    }

    /// Durations are kept in whole milliseconds (and nanoseconds for the program's deadline), so a
    /// finite but huge `--wait` or `--timeout` cannot be honoured: it is a usage error naming the
    /// limit (a billion seconds, some 31 years), never a crash converting it. Run as a separate
    /// process: a trap would end the test runner itself.
    @Test func hugeDurationsAreUsageErrorsNotCrashes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cases: [(arguments: [String], option: String)] = [
            (["snapshot", "--wait", "1e17", "--gateway", "http://127.0.0.1:1"], "--wait"),
            (["record", directory.path("baselines"), "--timeout", "1e17", "--", "true"], "--timeout"),
            (["verify", directory.path("baselines"), "--timeout", "1e300", "--", "true"], "--timeout"),
        ]
        for (arguments, option) in cases {
            let run = try weft(arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(
                run.stderr.hasPrefix("weft \(arguments[0]): \(option) must be a number of seconds"), "\(arguments): \(run.stderr)"
            )
            #expect(run.stderr.contains("(at most 1000000000)"), "\(run.stderr)")
        }
        let justBelow = try weft(["snapshot", "--wait", "1e9", "--gateway", "ftp://nowhere"])
        #expect(justBelow.stderr.contains("--gateway must"), "1e9 seconds is accepted: \(justBelow.stderr)")
    }

    /// `-o` (and `--svg`, `--artifacts` files) may name a pipe or a device: a FIFO, /dev/stdout,
    /// /dev/null, a shell's `>(...)`. Those are written in place. A new file renamed over the
    /// path (how regular files are replaced whole) would never reach the reader, and would
    /// replace the FIFO, or for root even /dev/null, with a plain file. Only a FIFO in a
    /// temporary directory is used here, so a failing run cannot harm the machine.
    @Test func outputToAPipeIsWrittenInPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let feed = Repository.path("fixtures/snapshots/feed.json")
        let script = #"""
            cd "$1" && mkfifo pipe || exit 99
            timeout 10 cat pipe > received &
            "$0" render "$2" -o pipe; status=$?
            wait
            [ -p pipe ] && echo "pipe is still a FIFO"
            exit $status
            """#
        let run = try shell(script, arguments: [HostProgram.product("weft"), directory.path, feed])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == ["pipe is still a FIFO"])
        let expected = CLIRun.weft(["render", feed, "-o", "-"]).stdout
        #expect(try String(contentsOfFile: directory.path("received"), encoding: .utf8) == expected)
    }

    /// A symbolic link is written through, as a shell's `>` does: `-o /dev/stdout` with stdout
    /// redirected to a file (here a link to /proc/self/fd/1 in a temporary directory, the same
    /// thing without touching /dev) fills that file, and a link to a longer file leaves only
    /// the new content. Replacing the link with a new file lost the output (and as root would
    /// have replaced /dev/stdout itself).
    @Test func outputThroughASymbolicLinkIsWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let feed = Repository.path("fixtures/snapshots/feed.json")
        let expected = CLIRun.weft(["render", feed, "-o", "-"]).stdout
        let script = #"""
            cd "$1" && ln -s /proc/self/fd/1 stdout-link && ln -s long.svg link.svg || exit 99
            head -c 100000 /dev/zero | tr '\0' x > long.svg
            "$0" render "$2" -o stdout-link > redirected.svg || exit $?
            "$0" render "$2" -o link.svg || exit $?
            [ -L stdout-link ] && [ -L link.svg ] && echo "links kept"
            """#
        let run = try shell(script, arguments: [HostProgram.product("weft"), directory.path, feed])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == ["links kept"])
        #expect(try String(contentsOfFile: directory.path("redirected.svg"), encoding: .utf8) == expected)
        #expect(try String(contentsOfFile: directory.path("long.svg"), encoding: .utf8) == expected)
    }

    @Test func gatewayFromTheEnvironment() throws {
        let run = try weft(["devices"], environment: ["WEFT_GATEWAY": "http://127.0.0.1:1"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("weft devices: cannot reach the gateway at http://127.0.0.1:1 ("))
    }
}
