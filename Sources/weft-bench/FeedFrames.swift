import WeftCapture
import WeftNodes

/// `weft-bench --feed bare|streaming [--frames N] [--evict-kib K]`: nothing but the capture
/// suite's 1 000-row feed scrolling, without an inspector or streaming 30 updates per second
/// (without a capture budget, which follows wall time: every run takes the same captures),
/// for a profiler or a cache simulator to look at (`scripts/capture-cost` runs both under
/// callgrind: a change to the capture is then measured in simulated instructions and cache
/// misses, which do not move from run to run as times do on a shared machine). Prints the
/// loop thread's CPU time per frame.
///
/// With `--evict-kib`, a buffer of that size is walked before every frame: larger than the
/// caches, it leaves each frame as cold as a frame after a screen refresh's sleep, the state
/// the real-time figure measures.
enum FeedFrames {
    static func run(streaming: Bool, frames: Int, evictKiB: Int) {
        let (loop, table) = CaptureBench.feed(rows: 1_000)
        let session = streaming ? CaptureBench.streamingSession(on: loop, .worker, budget: 0) : nil
        session?.start()
        CaptureBench.scroll(table, loop: loop, frames: 600)  // warm up
        var eviction = [UInt8](repeating: 0, count: evictKiB * 1024)
        var seconds = 0.0
        for frame in 0..<frames {
            if !eviction.isEmpty { evict(&eviction) }
            seconds += ThreadCPUClock.seconds { measuredFrame(frame, of: table, in: loop) }
            // The worker takes each capture before the next frame, which would otherwise leave
            // its changes for the worker (frames back to back): every due capture then runs in a
            // measured frame, on the loop's thread, and costs there what it costs in a sleep.
            _ = session?.revision
        }
        let perFrame = seconds / Double(max(1, frames)) * 1e6
        session?.stop()
        let name = streaming ? "streaming" : "bare"
        print("feed \(name): \(frames) frames, \(String(format: "%.1f", perFrame)) us per frame")
    }

    /// A measured frame, apart (and never inlined), so that a profiler can collect the frames
    /// alone: `scripts/capture-cost` gives callgrind `--toggle-collect=*FeedFrames*measuredFrame*`.
    @inline(never)
    static func measuredFrame(_ frame: Int, of table: TableNode, in loop: MainLoop) {
        CaptureBench.drag(table, frame: frame)
        loop.tick()
    }

    /// Writes a byte of every cache line of `buffer`, so that what the last frame left in the
    /// caches is gone.
    private static func evict(_ buffer: inout [UInt8]) {
        buffer.withUnsafeMutableBufferPointer { bytes in
            for line in stride(from: 0, to: bytes.count, by: 64) { bytes[line] &+= 1 }
        }
    }
}
