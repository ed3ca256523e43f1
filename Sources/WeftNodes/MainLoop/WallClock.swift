import Foundation

/// The wall time a main loop sleeps on, stamps its frames with (`FrameInfo.startedAt`) and its
/// idle gate counts the sleep left with; streaming observers time their captures with it.
/// Programs use `.monotonic`; tests use a `ManualWallClock`, so that what depends on sleeps and
/// durations does not depend on how loaded the machine is.
public final class WallClock: Sendable {
    private let manual: ManualWallClock?

    /// The system's monotonic clock (`MonotonicClock`): real sleeps, other threads run meanwhile.
    public static let monotonic = WallClock(manual: nil)

    /// A clock that moves only when told (`ManualWallClock`).
    public static func manual(_ clock: ManualWallClock) -> WallClock { WallClock(manual: clock) }

    private init(manual: ManualWallClock?) {
        self.manual = manual
    }

    /// Seconds from an arbitrary start.
    public var now: Double { manual?.now ?? MonotonicClock.now }

    /// Sleeps until `deadline`: on the manual clock, runs the sleep's readers (`readInSleeps`)
    /// and moves the clock to `deadline`, at once.
    public func sleep(until deadline: Double) {
        if let manual { manual.sleep(until: deadline) } else { MonotonicClock.sleep(until: deadline) }
    }

    /// Registers `reader` to run in every sleep on this clock, on the sleeping thread, when the
    /// clock is manual (it stands in for a thread that reads the trees in the loop's sleeps);
    /// returns false, registering nothing, on the monotonic clock, whose sleeps leave other
    /// threads the time to do it themselves.
    public func readInSleeps(_ reader: @escaping () -> Void) -> Bool {
        guard let manual else { return false }
        manual.addReader(reader)
        return true
    }
}

/// A wall clock for tests: `now` moves only with `advance(by:)` and sleeps, and a sleep runs the
/// registered readers, in order, before it returns (`WallClock.readInSleeps`). A reader that
/// advances the clock takes that long, and may outlast the sleep.
public final class ManualWallClock: @unchecked Sendable {
    /// Guards `current` and `readers` (the clock may be read from any thread).
    private let lock = NSLock()
    private var current = 1000.0
    private var readers: [() -> Void] = []

    /// A clock at 1000 seconds.
    public init() {}

    /// The current time in seconds; it moves only with `advance(by:)` and sleeps.
    public var now: Double { lock.withLock { current } }

    /// Moves the clock `seconds` forward (work that takes that long).
    public func advance(by seconds: Double) {
        lock.withLock { current += max(0, seconds) }
    }

    func addReader(_ reader: @escaping () -> Void) {
        lock.withLock { readers.append(reader) }
    }

    func sleep(until deadline: Double) {
        for reader in lock.withLock({ readers }) { reader() }
        lock.withLock { current = max(current, deadline) }
    }
}
