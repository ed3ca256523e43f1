import Foundation

/// A child process started with posix_spawn, with a clean signal mask and default signal
/// handlers. Foundation's `Process` is not used: children it starts from a test runner inherit
/// the runner's blocked signals (SIGTERM and SIGCHLD among them, so a gateway would ignore a
/// polite stop), and its exit tracking does not run reliably inside async tests.
///
/// stdout is a pipe the owner reads lines from; stderr goes to a log file. Every process is
/// killed and reaped by `kill()` / `stop()` / deinit, so a failing test leaves nothing behind,
/// and its `Lifeline` kills it if the test process itself crashes or is killed.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    public let executable: String
    /// Where stderr (and, once `drainOutput` runs, stdout) is written.
    public let logPath: String
    private let stdoutRead: Int32
    private let lock = NSLock()
    private var exitStatus: Int32?
    private var pendingOutput: [UInt8] = []
    /// Once `drainOutput` runs, its thread owns the stdout descriptor and closes it at end of
    /// file: closing it here could hand its number to a new socket that the thread would then
    /// read from.
    private var draining = false

    /// Kills the child if this test process dies first (see `Lifeline`).
    public let lifeline: Lifeline

    /// Starts `executable` with `arguments` and exactly `environment`.
    public init(executable: String, arguments: [String], environment: [String: String], logPath: String) throws {
        // dup2 to 1 clears close-on-exec in this child.
        let pipeFDs = try Self.closeOnExecPipe()
        let child: pid_t
        do {
            child = try Self.spawn(executable, arguments, environment) { actions in
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
                posix_spawn_file_actions_addopen(&actions, 2, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
                posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
                posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
            }
        } catch {
            close(pipeFDs[0])
            close(pipeFDs[1])
            throw error
        }
        close(pipeFDs[1])
        do {
            lifeline = try Lifeline(guarding: child)
        } catch {
            _ = Glibc.kill(child, SIGKILL)
            waitpid(child, nil, 0)
            close(pipeFDs[0])
            throw error
        }
        pid = child
        self.executable = executable
        self.logPath = logPath
        stdoutRead = pipeFDs[0]
    }

    /// A pipe whose ends are close-on-exec, so children spawned meanwhile by other tests do not
    /// hold it open (`pipe2` is not imported into Swift; the window before fcntl is tiny).
    static func closeOnExecPipe() throws -> [Int32] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw HarnessError("pipe failed: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    /// posix_spawn with a clean signal mask and default handlers; `fileActions` sets up the
    /// child's descriptors.
    static func spawn(
        _ executable: String, _ arguments: [String], _ environment: [String: String],
        fileActions: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        fileActions(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptySet = sigset_t()
        sigemptyset(&emptySet)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &emptySet)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw HarnessError("could not start \(executable): \(String(cString: strerror(result)))") }
        return child
    }

    deinit {
        kill()
        if !draining { close(stdoutRead) }
    }

    /// Reads one line of stdout, waiting at most `timeout`. Nil at end of file or time-out.
    public func readLine(timeout: Duration) -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = pendingOutput.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pendingOutput[..<newline], as: UTF8.self)
                pendingOutput.removeSubrange(...newline)
                return line
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return nil }
            var poller = pollfd(fd: stdoutRead, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                min(1000, max(1, remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)))
            guard poll(&poller, 1, milliseconds) >= 0 else { return nil }
            guard poller.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(stdoutRead, &buffer, buffer.count)
            guard count > 0 else { return nil }
            pendingOutput.append(contentsOf: buffer[..<count])
        }
    }

    /// Copies the rest of stdout to the log in the background, so the child never blocks on a
    /// full pipe.
    public func drainOutput() {
        let descriptor = stdoutRead
        let path = logPath
        let leftover = pendingOutput
        pendingOutput = []
        draining = true
        let thread = Thread {
            defer { close(descriptor) }
            guard let log = FileHandle(forWritingAtPath: path) else { return }
            log.seekToEndOfFile()
            log.write(Data(leftover))
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                log.write(Data(buffer[..<count]))
            }
            try? log.close()
        }
        thread.start()
    }

    /// The exit status once the process ended (reaps it), nil while it runs.
    public var status: Int32? {
        lock.lock()
        defer { lock.unlock() }
        if exitStatus == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                exitStatus = raw
                lifeline.release()
            }
        }
        return exitStatus
    }

    public var isRunning: Bool { status == nil }

    /// Waits for the process to end; true when it did within `timeout`.
    @discardableResult
    public func wait(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while isRunning {
            guard ContinuousClock.now < deadline else { return false }
            usleep(2000)
        }
        return true
    }

    public func signal(_ number: Int32) {
        if isRunning { _ = Glibc.kill(pid, number) }
    }

    /// SIGKILL and reap: the abrupt end a crash or `kill -9` gives.
    public func kill() {
        signal(SIGKILL)
        wait(timeout: .seconds(10))
    }

    /// SIGTERM, then SIGKILL after `grace`.
    public func stop(grace: Duration = .seconds(2)) {
        signal(SIGTERM)
        if !wait(timeout: grace) { kill() }
    }

    /// The log written so far (stderr, and stdout after `drainOutput`).
    public var log: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }
}

/// A harness failure with a message that says what to fix.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
