import WeftNodes

/// CPU time instead of wall time: on a loaded machine a thread's CPU time hardly moves with the
/// load, so figures stay comparable between runs. `thread` is what the calling thread spent
/// (the host's frame: `ThreadCPUClock`).
enum CPUTime {
    static var thread: Double { ThreadCPUClock.now }

    /// The calling thread's CPU seconds spent in `body`.
    static func threadSeconds(_ body: () -> Void) -> Double {
        ThreadCPUClock.seconds(spentIn: body)
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
