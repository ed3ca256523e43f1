import Foundation
import Synchronization
import Testing
import WeftLayout

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

    @Test("run state observers hear pauses, resumes, memory warnings and application states at once, until removed")
    func runStateObservers() {
        let loop = MainLoop()
        var heard: [(MainLoop.RunStateChange, Int)] = []
        let token = loop.addRunStateObserver { heard.append(($0, loop.frame)) }
        loop.run(frames: 2)
        loop.pause()
        loop.pause()  // already paused: nothing to tell
        loop.simulateMemoryWarning()
        loop.resume()
        loop.setApplicationState(.background)
        loop.setApplicationState(.background)  // no change
        loop.addFrameCallback(.layout) { loop in if loop.frame == 3 { loop.setApplicationState(.active) } }
        loop.run(frames: 1)
        #expect(
            heard.map { "\($0.0.rawValue)@\($0.1)" } == [
                "paused@2", "memoryWarning@2", "resumed@2", "applicationState@2", "applicationState@3",
            ])
        loop.remove(token)
        loop.simulateMemoryWarning()
        #expect(heard.count == 5)
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

    /// An inspector detaching from inside a hook removes its own hook, which must not run
    /// afterwards in the same frame (its session would capture after it stopped).
    @Test("a hook or spec observer removed during a frame does not run later in that frame")
    func removedDuringTheFrame() {
        let loop = MainLoop()
        let root = DisplayNode()
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 1), child: DisplayNode()) }
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        var secondHook: MainLoop.Token?
        var secondObserver: MainLoop.Token?
        _ = loop.addLayoutSpecObserver { _, _ in
            log.append("observer 1")
            if let secondObserver { loop.remove(secondObserver) }
        }
        secondObserver = loop.addLayoutSpecObserver { _, _ in log.append("observer 2") }
        _ = loop.addAfterFrameHook { _ in
            log.append("hook 1")
            if let secondHook { loop.remove(secondHook) }
        }
        secondHook = loop.addAfterFrameHook { _ in log.append("hook 2") }
        loop.run(frames: 1)
        #expect(log == ["observer 1", "hook 1"])
    }

    /// A frame callback removing another of its phase, and one adding a callback: the removed
    /// one does not run in that frame, the added one runs from the next frame on, and the
    /// callbacks of a phase run in the order they were added.
    @Test("callbacks removed or added during a frame: removed ones stop at once, added ones start at the next frame")
    func callbacksChangedDuringTheFrame() {
        let loop = MainLoop()
        var log: [String] = []
        var second: MainLoop.Token?
        loop.addFrameCallback(.layout) { loop in
            log.append("layout 1")
            if loop.frame == 1 {
                if let second { loop.remove(second) }
                loop.addFrameCallback(.layout) { _ in log.append("added") }
            }
        }
        second = loop.addFrameCallback(.layout) { _ in log.append("layout 2") }
        loop.addFrameCallback(.layout) { _ in log.append("layout 3") }
        loop.run(frames: 2)
        #expect(log == ["layout 1", "layout 3", "layout 1", "layout 3", "added"])
    }

    /// A run state observer resuming the loop it was told paused starts a pass inside a pass;
    /// an observer removed in the inner one runs in neither, and is let go once both ended.
    @Test("an observer removed in a pass inside a pass runs in neither and is released after them")
    func removedInANestedPass() {
        final class Held {}
        let loop = MainLoop()
        var log: [String] = []
        var second: MainLoop.Token?
        weak var held: Held?
        loop.addRunStateObserver { change in
            log.append("first \(change)")
            if change == .paused {
                loop.resume()
            } else if let removed = second.take() {
                loop.remove(removed)
                #expect(held != nil, "kept while the passes run")
            }
        }
        do {
            let object = Held()
            held = object
            second = loop.addRunStateObserver { change in log.append("second \(change) \(object)") }
        }
        loop.pause()
        #expect(log == ["first paused", "first resumed"])
        #expect(held == nil)
        loop.pause()
        #expect(log == ["first paused", "first resumed", "first paused", "first resumed"])
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

    @Test("a paused live loop sleeps a frame per iteration instead of spinning")
    func pausedRealClock() {
        let loop = MainLoop(clock: .real, framesPerSecond: 100)
        loop.pause()
        let start = Date()
        loop.run(until: { false }, maximumFrames: 5)
        #expect(Date().timeIntervalSince(start) >= 0.045)  // 5 x 10 ms
        #expect(loop.frame == 0 && loop.time == 0)
    }
}

@Suite("Main loop with node trees")
struct MainLoopTreeTests {
    @Test("the change signal moves on scrolling and rests on idle frames")
    func changeSignal() {
        let (table, _, loop, _) = loadedTable(count: 50)
        var changed: [Bool] = []
        loop.addAfterFrameHook { changed.append($0.changed) }
        loop.run(frames: 2)
        table.contentOffset = Point(x: 0, y: 300)
        loop.run(frames: 2)
        table.rangeController.setTuningParameters(RangeTuning(leading: 3, trailing: 3), for: .full, .preload)
        loop.run(frames: 2)
        #expect(changed == [false, false, true, false, true, false])
    }

    @Test("several roots are laid out each frame; removing one clears its states")
    func roots() {
        let loop = MainLoop()
        let first = DisplayNode()
        let second = DisplayNode()
        let child = DisplayNode()
        second.addSubnode(child)
        second.layoutSpecBlock = { _, _ in PlacementSpec([(child, Point(x: 4, y: 4))]) }
        loop.addRoot(first, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        loop.addRoot(second, frame: Rect(x: 0, y: 0, width: 50, height: 50))
        loop.run(frames: 1)
        #expect(loop.roots.count == 2)
        #expect(child.frame == Rect(x: 4, y: 4, width: 50, height: 50))
        #expect(child.interfaceState == .inHierarchy)
        loop.removeRoot(second)
        #expect(child.interfaceState == [])
        #expect(loop.roots.map(\.id) == [first.id])
    }

    /// The counter sums the roots' revisions; a removed root's must stay counted, or the other
    /// root's changes could bring the sum back to where it was and the frame would read as
    /// unchanged: here the removed root counted k changes and the other root makes k - 1.
    @Test("removing a root moves the change counter forward, whatever the other roots do")
    func removingRootMovesChangeCount() {
        let loop = MainLoop()
        let first = DisplayNode()
        let second = DisplayNode()
        loop.addRoot(first, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        loop.addRoot(second, frame: Rect(x: 0, y: 0, width: 50, height: 50))
        loop.run(frames: 1)
        let before = loop.changeCount
        let removedChanges = second.revisions.tree
        loop.removeRoot(second)
        for _ in 1..<removedChanges { first.noteChange() }
        #expect(loop.changeCount > before)
        loop.run(frames: 1)
        #expect(loop.changeCount > before)
    }

    @Test("the screen scale rounds the roots' layouts")
    func screenScale() {
        let loop = MainLoop()
        let root = DisplayNode()
        let child = DisplayNode()
        root.addSubnode(child)
        root.layoutSpecBlock = { _, _ in PlacementSpec([(child, Point(x: 0.2, y: 0.2))]) }
        loop.addRoot(root, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        loop.run(frames: 1)
        #expect(child.frame.origin == Point(x: 0.5, y: 0.5))  // ceil(0.4) / 2
        loop.screenScale = 3
        loop.run(frames: 1)
        #expect(abs(child.frame.origin.x - 1.0 / 3) < 1e-12)  // ceil(0.6) / 3
    }
}

@Suite("Main loop misuse")
struct MainLoopMisuseTests {
    @Test("an invalid frame rate falls back to 60; negative steps and frames do nothing")
    func invalidInput() {
        #expect(MainLoop(framesPerSecond: 0).framesPerSecond == 60)
        #expect(MainLoop(framesPerSecond: .nan).framesPerSecond == 60)
        let loop = MainLoop()
        loop.step(frames: -3)
        loop.run(frames: -1)
        #expect(loop.frame == 0)
    }
}
