import Foundation

/// Where a main loop's time comes from. Program time only moves when the loop runs a frame, so
/// pausing the loop freezes it; the clock decides how far one frame moves it.
public enum LoopClock: Sendable {
    /// Every frame advances program time by exactly one frame duration and `run` never sleeps:
    /// tests and deterministic runs (CI snapshots) get the same frames on every machine.
    case manual
    /// Frames follow the wall clock: `run` sleeps until the next frame is due and a frame advances
    /// program time by the wall time since the previous one (at most `maximumFrameStep`), so a
    /// live program keeps real time without jumping after a stall.
    case real

    /// The largest step a real-clock frame takes, so a stalled process does not fast-forward.
    public static let maximumFrameStep = 0.25
}

/// Wall time on the system's monotonic clock, in seconds from an arbitrary start. One read stays
/// in user space (vDSO), cheap enough for every frame; the loop paces
/// real-clock frames with it and stamps each frame's start (`FrameInfo.startedAt`).
public enum MonotonicClock {
    /// Seconds on the monotonic clock (`CLOCK_MONOTONIC`).
    public static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Sleeps until `deadline` (one in the past, or one that is not a finite number, returns at
    /// once). Frames are paced with it (`MainLoop.sleep(until:)`).
    public static func sleep(until deadline: Double) {
        guard deadline.isFinite else { return }
        var time = timespec(tv_sec: Int(deadline), tv_nsec: Int((deadline - deadline.rounded(.down)) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
    }
}

/// The calling thread's CPU time, in seconds from an arbitrary start. On a loaded machine it
/// hardly moves with the load, as wall time does, so the benchmarks (weft-bench, TextureGram's
/// `--bench`) time a loop thread's frames with it.
public enum ThreadCPUClock {
    /// The calling thread's CPU seconds (`CLOCK_THREAD_CPUTIME_ID`).
    public static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// The calling thread's CPU seconds spent in `body`.
    public static func seconds(spentIn body: () -> Void) -> Double {
        let start = now
        body()
        return now - start
    }
}
