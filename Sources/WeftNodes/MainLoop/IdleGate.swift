import Foundation

/// Lets another thread read the loop's trees while the loop sleeps between frames, and only
/// then.
///
/// Why: the trees belong to the loop's thread, and a program drawing at 60 frames per second
/// spends most of each refresh asleep. An inspector that reads the trees during that sleep, on
/// a thread of its own, costs the program's frames two uncontended locks; reading them after
/// each frame on the loop's thread made a scrolling feed's frames 12-16 % longer (docs/client.md).
///
/// How: the loop opens the gate as it goes to sleep, saying when it will wake (`open(until:)`),
/// and closes it when it wakes (`close()`), before it runs anything else. A reader runs its body
/// holding the gate (`whileOpen`) only while the gate is open, and learns how much of the sleep
/// is left; a loop waking meanwhile waits at `close()` for the reader to finish. The gate's lock orders
/// the loop's writes before a reader's reads, and a reader's before the loop's next frame, so
/// what they share needs no lock of its own. Only `MainLoop.sleep(until:)` opens it: a loop
/// driven without sleeping (frames back to back, a manual clock's steps) never lets a reader in.
public final class IdleGate: @unchecked Sendable {
    private let lock = NSLock()
    /// When the sleeping loop wakes (`clock` seconds); nil while it runs. Guarded by
    /// `lock`.
    private var openUntil: Double?
    /// The loop's wall clock (`MainLoop.wallClock`): deadlines and the time left are on it.
    private let clock: WallClock

    init(clock: WallClock = .monotonic) {
        self.clock = clock
    }

    /// The loop goes to sleep until `deadline`.
    func open(until deadline: Double) {
        lock.lock()
        openUntil = deadline
        lock.unlock()
    }

    /// The loop woke: waits for a reader inside, then keeps readers out. Returns the seconds it
    /// waited (0 when no reader was inside, without reading the clock).
    func close() -> Double {
        var waited = 0.0
        if !lock.try() {
            let start = clock.now
            lock.lock()
            waited = clock.now - start
        }
        openUntil = nil
        lock.unlock()
        return waited
    }

    /// Runs `body` on the calling thread, holding the gate, if the loop sleeps, with the seconds
    /// left before it wakes; nil otherwise, at once (a running loop holds the lock only to open
    /// and close the gate), and when the sleep is already over. `body` may read and change the
    /// loop's trees, and what the loop shares with it; it must not wait for the loop's thread,
    /// which may be waiting for it. (It decides what fits in the time left: reading first what
    /// that depends on, under the gate.)
    public func whileOpen<Result>(_ body: (_ secondsLeft: Double) throws -> Result) rethrows -> Result? {
        lock.lock()
        defer { lock.unlock() }
        guard let openUntil else { return nil }
        let secondsLeft = openUntil - clock.now
        guard secondsLeft > 0 else { return nil }
        return try body(secondsLeft)
    }
}
