import Testing

@testable import WeftInspector

/// The reconnection schedule: delay(n) = min(cap, initial * multiplier^(n-1)) * (1 - jitter * r).
@Suite struct ReconnectBackoffTests {
    let backoff = ReconnectBackoff(initialDelay: .milliseconds(100), maximumDelay: .seconds(2), multiplier: 2, jitter: 0.5)

    @Test func doublesFromTheInitialDelayUpToTheCap() {
        // With r = 0 there is no jitter: 0.1, 0.2, 0.4, 0.8, 1.6, then capped at 2.
        let delays = (1...8).map { backoff.delay(afterFailures: $0, random: 0).seconds }
        let expected = [0.1, 0.2, 0.4, 0.8, 1.6, 2, 2, 2]
        for (delay, want) in zip(delays, expected) { #expect(abs(delay - want) < 1e-9) }
    }

    @Test func jitterShortensTheDelayByAtMostItsFraction() {
        // r close to 1 takes off (nearly) half: 0.8 s * (1 - 0.5 * 0.999).
        #expect(abs(backoff.delay(afterFailures: 4, random: 0.999).seconds - 0.8 * (1 - 0.4995)) < 1e-9)
        for _ in 0..<1000 {
            let delay = backoff.delay(afterFailures: 3).seconds
            #expect(delay > 0.2 - 1e-9 && delay <= 0.4 + 1e-9)
        }
    }

    @Test func manyFailuresStayAtTheCap() {
        #expect(abs(backoff.delay(afterFailures: 5000, random: 0).seconds - 2) < 1e-9)
        #expect(abs(backoff.delay(afterFailures: 0, random: 0).seconds - 0.1) < 1e-9)
    }
}
