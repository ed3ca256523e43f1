import Foundation

/// The delay before the next connection attempt: capped exponential back-off with jitter, so a
/// restarted gateway is not hit by every program at the same instant and an absent gateway
/// costs a program one failed connect every `maximumDelay` at most.
public struct ReconnectBackoff: Sendable, Equatable {
    /// Delay after the first failure.
    public var initialDelay: Duration
    /// The delay never exceeds this.
    public var maximumDelay: Duration
    /// Growth per consecutive failure.
    public var multiplier: Double
    /// Fraction of the delay that is random: the delay lies in [base * (1 - jitter), base].
    public var jitter: Double

    /// A back-off of 250 ms doubling to 5 s with half the delay random by default; invalid values trap.
    public init(
        initialDelay: Duration = .milliseconds(250), maximumDelay: Duration = .seconds(5),
        multiplier: Double = 2, jitter: Double = 0.5
    ) {
        precondition(
            initialDelay > .zero && maximumDelay >= initialDelay && multiplier >= 1 && (0...1).contains(jitter),
            "invalid back-off parameters")
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.multiplier = multiplier
        self.jitter = jitter
    }

    /// The delay after `failures` consecutive failed attempts (1 for the first failure).
    /// `random` is uniform in [0, 1); tests pass fixed values.
    public func delay(afterFailures failures: Int, random: Double = Double.random(in: 0..<1)) -> Duration {
        let initial = initialDelay.seconds
        let maximum = maximumDelay.seconds
        // pow can overflow to +inf for many failures; min() then picks the cap.
        let base = min(maximum, initial * pow(multiplier, Double(max(0, failures - 1))))
        return .seconds(base * (1 - jitter * random))
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
