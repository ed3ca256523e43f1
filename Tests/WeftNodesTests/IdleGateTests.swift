import Dispatch
import Foundation
import Synchronization
import Testing

@testable import WeftNodes

/// The loop's sleeps, open to other threads (`IdleGate`): a reader gets in only while the loop
/// sleeps with enough of the sleep left, and a loop waking meanwhile waits for it and says how
/// long.
@Suite("Idle gate")
struct IdleGateTests {
    @Test("a reader gets in only while the loop sleeps, and learns how much of the sleep is left")
    func readersOnlyInSleeps() {
        let gate = IdleGate()
        var ran = 0
        #expect(gate.whileOpen { _ in ran += 1 } == nil, "closed: the loop runs")
        gate.open(until: MonotonicClock.now + 10)
        let left = gate.whileOpen { secondsLeft -> Double in
            ran += 1
            return secondsLeft
        }
        #expect(left.map { $0 > 9 && $0 <= 10 } == true)
        #expect(gate.close() == 0, "nobody inside: no wait")
        #expect(gate.whileOpen { _ in ran += 1 } == nil)
        gate.open(until: MonotonicClock.now - 1)
        #expect(gate.whileOpen { _ in ran += 1 } == nil, "a sleep already over lets nobody in")
        _ = gate.close()
        #expect(ran == 1)
    }

    @Test("on a manual wall clock a sleep runs its readers with the gate open, then moves the clock to its end")
    func manualWallClock() {
        final class Seen { var secondsLeft: [Double?] = [] }
        let clock = ManualWallClock()
        let loop = MainLoop(clock: .manual, wallClock: .manual(clock))
        let seen = Seen()
        let registered = loop.wallClock.readInSleeps { [gate = loop.idleGate] in
            let left = gate.whileOpen { secondsLeft -> Double in
                clock.advance(by: 0.004)  // the reader's work takes 4 ms of the sleep
                return secondsLeft
            }
            seen.secondsLeft.append(left)
        }
        #expect(registered)
        #expect(!WallClock.monotonic.readInSleeps {}, "real sleeps leave the reading to other threads")
        loop.tick()
        let start = loop.wallClock.now
        loop.sleep(until: start + 0.010)
        #expect(seen.secondsLeft.count == 1 && abs((seen.secondsLeft[0] ?? 0) - 0.010) < 1e-9)
        #expect(loop.wallClock.now == start + 0.010, "the reader's 4 ms fit in the sleep")
        loop.sleep(until: start + 0.012)  // 2 ms left: the reader gets in with 2 ms
        loop.sleep(until: start - 1)  // over before it starts: nobody gets in
        #expect(seen.secondsLeft.count == 3)
        #expect(abs((seen.secondsLeft[1] ?? 0) - 0.002) < 1e-9)
        #expect(seen.secondsLeft[2] == nil)
        #expect(abs(loop.wallClock.now - (start + 0.014)) < 1e-9, "a reader outlasting the sleep moved the clock past its end")
        loop.tick()
        #expect(loop.sleptBeforeThisFrame)
    }

    @Test("a loop waking while a reader is inside waits for it, and counts the wait before its next frame")
    func wakingWaitsForTheReader() {
        // Shared with the reader, which touches it only through the gate.
        nonisolated(unsafe) let loop = MainLoop(clock: .manual)
        loop.tick()
        #expect(!loop.sleptBeforeThisFrame)
        // The reader gets in early in the loop's sleep and stays past its end.
        let wake = MonotonicClock.now + 0.3
        let readerDone = Mutex(false)
        let reader = Thread {
            while MonotonicClock.now < wake {
                let entered = loop.idleGate.whileOpen { _ -> Bool in
                    MonotonicClock.sleep(until: wake + 0.1)
                    readerDone.withLock { $0 = true }
                    return true
                }
                if entered == true { return }
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
        reader.start()
        loop.sleep(until: wake)
        #expect(readerDone.withLock { $0 }, "the loop woke in the middle of the reader")
        loop.tick()
        #expect(loop.sleptBeforeThisFrame)
        #expect(loop.idleWaitBeforeThisFrame > 0.02, "waited \(loop.idleWaitBeforeThisFrame) s")
        loop.tick()
        #expect(!loop.sleptBeforeThisFrame, "back to back: no sleep before this frame")
        #expect(loop.idleWaitBeforeThisFrame == 0)
    }

    @Test("a sleep inside a frame (a callback sleeping) keeps the gate closed: the trees are half-way through the frame")
    func noReaderInsideAFrame() {
        nonisolated(unsafe) let loop = MainLoop(clock: .manual)
        let (loopSleeps, readerDone) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let readerGotIn = Mutex(false)
        let reader = Thread {
            loopSleeps.wait()
            // Tries for most of the loop's sleep.
            let end = MonotonicClock.now + 0.1
            while MonotonicClock.now < end, !readerGotIn.withLock({ $0 }) {
                if loop.idleGate.whileOpen({ _ in true }) != nil { readerGotIn.withLock { $0 = true } }
                Thread.sleep(forTimeInterval: 0.001)
            }
            readerDone.signal()
        }
        reader.start()
        loop.addFrameCallback(.layout) { loop in
            guard loop.frame == 1 else { return }
            loopSleeps.signal()
            loop.sleep(until: MonotonicClock.now + 0.15)
        }
        loop.tick()
        readerDone.wait()
        #expect(!readerGotIn.withLock { $0 }, "a reader got in during a frame")
        loop.tick()
        #expect(!loop.sleptBeforeThisFrame, "the sleep was inside the frame before, not between the frames")
    }

    @Test("a running real-clock loop opens the gate between its frames")
    func runOpensTheGate() {
        nonisolated(unsafe) let loop = MainLoop(clock: .real, framesPerSecond: 50)
        let readsInSleeps = Mutex((reads: 0, moved: 0))
        let stop = Mutex(false)
        let reader = Thread {
            while !stop.withLock({ $0 }) {
                // The loop's frame count, read twice while it sleeps: no frame runs in between.
                let moved = loop.idleGate.whileOpen { _ -> Bool in
                    let frame = loop.frame
                    Thread.sleep(forTimeInterval: 0.001)
                    return loop.frame != frame
                }
                if let moved {
                    readsInSleeps.withLock {
                        $0.reads += 1
                        $0.moved += moved ? 1 : 0
                    }
                }
                Thread.sleep(forTimeInterval: 0.002)
            }
        }
        reader.start()
        var slept = 0
        loop.addAfterFrameHook { _ in
            if loop.sleptBeforeThisFrame { slept += 1 }
            if loop.frame == 20 { loop.stop() }
        }
        loop.run()
        stop.withLock { $0 = true }
        #expect(slept == 19, "every frame but the first follows a sleep")
        let reads = readsInSleeps.withLock { $0 }
        #expect(reads.reads > 0)
        #expect(reads.moved == 0, "a frame ran while a reader was inside")
    }
}
