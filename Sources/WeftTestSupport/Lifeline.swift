import Foundation

/// Makes a child process die with this test process, however this one ends (a crash, SIGKILL,
/// a killed CI job), so no gateway or host program is left running.
///
/// A watchdog `sh` reads from a pipe whose only write end this process holds (close-on-exec, so
/// no other child inherits it). When this process dies the kernel closes that end, the read
/// returns end of file and the watchdog SIGKILLs the child. Why not PR_SET_PDEATHSIG, as the
/// Python harness uses: posix_spawn has no pre-exec hook to set it, and the kernel sends it when
/// the spawning *thread* ends, which in Swift's thread pool may be long before the test ends.
/// The pipe follows the process, and it works for any program without changing it.
public final class Lifeline: @unchecked Sendable {
    /// The watchdog's process id.
    public let watchdog: pid_t
    private let lock = NSLock()
    private var writeEnd: Int32

    init(guarding child: pid_t) throws {
        let ends = try ChildProcess.closeOnExecPipe()
        let readEnd = ends[0]
        defer { close(readEnd) }
        do {
            // `read` returns at end of file; dup2 to 3 clears close-on-exec there, for the watchdog only.
            watchdog = try ChildProcess.spawn(
                "/bin/sh", ["-c", #"read -r _ <&3; kill -KILL "$1""#, "weft-lifeline", String(child)],
                [:]
            ) { actions in
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_adddup2(&actions, readEnd, 3)
            }
        } catch {
            close(ends[1])
            throw error
        }
        writeEnd = ends[1]
    }

    deinit { release() }

    /// The child ended normally: stop and reap the watchdog first (so it can never signal a
    /// process id the system has reused), then close the pipe. Idempotent.
    public func release() {
        lock.lock()
        defer { lock.unlock() }
        guard writeEnd >= 0 else { return }
        _ = kill(watchdog, SIGKILL)
        waitpid(watchdog, nil, 0)
        close(writeEnd)
        writeEnd = -1
    }

    /// What the kernel does when this process dies: closes the write end, leaving the watchdog
    /// running, which then kills the child. For the harness's own test.
    public func sever() {
        lock.lock()
        defer { lock.unlock() }
        guard writeEnd >= 0 else { return }
        close(writeEnd)
        writeEnd = -1
        waitpid(watchdog, nil, 0)
    }
}
