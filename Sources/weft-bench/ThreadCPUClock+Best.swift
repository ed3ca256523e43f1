import WeftNodes

/// The benchmarks time CPU instead of wall time: on a loaded machine a thread's CPU time hardly
/// moves with the load, so figures stay comparable between runs.
extension ThreadCPUClock {
    /// The least of `repeats` runs of `body` (the run least disturbed by other work), each
    /// after an untimed `before`.
    static func bestSeconds(repeats: Int, before: () -> Void = {}, measuring body: () -> Void) -> Double {
        (0..<max(1, repeats)).map { _ in
            before()
            return seconds(spentIn: body)
        }.min()!
    }
}
