#if canImport(Glibc)
import Glibc
#endif
import WeftNodes

/// CPU time instead of wall time: on a loaded machine a thread's CPU time hardly moves with the
/// load, so figures stay comparable between runs. `thread` is what the calling thread spent
/// (the host's frame), `process` what every thread spent (the host plus any worker).
enum CPUTime {
    static var thread: Double { seconds(on: CLOCK_THREAD_CPUTIME_ID) }
    static var process: Double { seconds(on: CLOCK_PROCESS_CPUTIME_ID) }

    /// The calling thread's CPU seconds spent in `body`.
    static func threadSeconds(_ body: () -> Void) -> Double {
        let start = thread
        body()
        return thread - start
    }

    /// The least of `repeats` runs of `body` (the run least disturbed by other work), each
    /// after an untimed `before`.
    static func bestThreadSeconds(repeats: Int, before: () -> Void = {}, _ body: () -> Void) -> Double {
        (0..<max(1, repeats)).map { _ in
            before()
            return threadSeconds(body)
        }.min()!
    }
}

/// `clock`'s reading in seconds.
private func seconds(on clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}
