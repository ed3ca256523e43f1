/// The running mean of what streamed captures take, in wall time, robust to a capture the
/// system interrupted: a time is counted at most `spikeFactor` times the mean of those before
/// it. The mean still follows a tree that really grew (by up to 1.75 times per capture).
///
/// Why wall time: a thread's CPU clock costs a system call, a tenth of a capture.
struct CaptureTimes {
    /// The running mean, once a capture was added.
    private(set) var mean: Double?

    /// A capture counts at most this many times `mean`.
    static let spikeFactor = 4.0
    /// The weight of the newest capture in `mean`.
    static let meanWeight = 0.25

    /// Adds a capture that took `seconds`; returns what it counts for.
    @discardableResult
    mutating func add(_ seconds: Double) -> Double {
        let sample = max(0, seconds)
        let counted = mean.map { min(sample, Self.spikeFactor * $0) } ?? sample
        mean = mean.map { $0 + Self.meanWeight * (counted - $0) } ?? counted
        return counted
    }

    mutating func reset() {
        mean = nil
    }
}
