import Foundation
import Synchronization
import Testing
@testable import WeftNodes

@Suite("Headless main loop")
struct MainLoopTests {
    @Test("a manual clock advances program time by one frame duration per frame")
    func manualClock() {
        let loop = MainLoop(clock: .manual, framesPerSecond: 60)
        loop.run(frames: 3)
        #expect(loop.frame == 3)
        #expect(abs(loop.time - 3.0 / 60) < 1e-12)
    }

    @Test("scheduled work runs at the next frame, timers when due, in order")
    func scheduling() {
        let loop = MainLoop(framesPerSecond: 10)  // 0.1 s per frame
        var log: [String] = []
        loop.schedule { log.append("a@\(loop.frame)") }
        loop.schedule(after: 0.25) { log.append("timer@\(loop.frame)") }  // due at t = 0.25: frame 3 (t = 0.3)
        loop.schedule { log.append("b@\(loop.frame)") }
        loop.run(frames: 4)
        #expect(log == ["a@1", "b@1", "timer@3"])
    }

    @Test("frame callbacks run by phase, then after-frame hooks see a change flag")
    func phasesAndHooks() {
        let loop = MainLoop()
        var log: [String] = []
        loop.addFrameCallback(.layout) { _ in log.append("layout") }
        loop.addFrameCallback(.animation) { loop in
            log.append("animation")
            if loop.frame == 2 { loop.noteChange() }
        }
        var changed: [Bool] = []
        loop.addAfterFrameHook { info in changed.append(info.changed) }
        loop.run(frames: 3)
        #expect(log == ["animation", "layout", "animation", "layout", "animation", "layout"])
        #expect(changed == [false, true, false])
    }

    @Test("pause freezes frames and time; step runs frames while paused; resume continues")
    func pauseStepResume() {
        let loop = MainLoop()
        loop.run(frames: 2)
        loop.pause()
        #expect(loop.tick() == false)
        loop.run(frames: 5)
        #expect(loop.frame == 2)
        loop.step(frames: 3)
        #expect(loop.frame == 5)
        #expect(abs(loop.time - 5.0 / 60) < 1e-12)
        loop.resume()
        loop.run(frames: 1)
        #expect(loop.frame == 6)
    }

    @Test("a step requested inside a frame runs right after that frame")
    func stepInsideFrame() {
        let loop = MainLoop()
        var frames: [Int] = []
        loop.addAfterFrameHook { info in
            frames.append(info.frame)
            if info.frame == 1 { loop.step(frames: 2) }
        }
        loop.pause()
        loop.step(frames: 1)
        #expect(frames == [1, 2, 3])
    }

    @Test("removed callbacks stop; unknown tokens are ignored")
    func removal() {
        let loop = MainLoop()
        var count = 0
        let token = loop.addFrameCallback(.animation) { _ in count += 1 }
        loop.run(frames: 2)
        loop.remove(token)
        loop.remove(token)
        loop.run(frames: 2)
        #expect(count == 2)
    }

    @Test("work posted from another thread runs on the loop, even while paused")
    func postFromAnotherThread() async {
        let loop = MainLoop()
        loop.pause()
        let ran = Atomic<Int>(0)
        let poster = loop.poster
        await Task.detached {
            poster.post { loop in
                loop.step(frames: 2)
                ran.store(loop.frame, ordering: .relaxed)
            }
        }.value
        loop.tick()
        #expect(ran.load(ordering: .relaxed) == 2)
    }

    @Test("a real clock sleeps between frames and keeps program time near wall time")
    func realClock() {
        let loop = MainLoop(clock: .real, framesPerSecond: 100)
        let start = Date()
        loop.run(until: { loop.frame >= 5 })
        let elapsed = Date().timeIntervalSince(start)
        // 5 frames at 100 fps: the first frame runs at once, four more after 10 ms each.
        #expect(elapsed >= 0.035)
        #expect(loop.time > 0.03 && loop.time < 1)
    }
}
