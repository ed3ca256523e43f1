/// Keeps the time streamed captures take on the loop's thread under a share of the time its
/// frames take, whatever the trees cost to capture: a program whose frames are cheap, or whose
/// trees are big and change every frame, gets fewer updates per second instead of slower frames
/// (the host program comes first).
///
/// Why a share of the frames' time and not of wall time: what a program feels is its frames
/// getting longer. At 60 frames per second a capture of a few microseconds is nothing against
/// the wall clock but a lot against a frame that takes tens.
///
/// How: a credit of capture time. Every frame adds `fraction` of its own time; a capture may run
/// while the credit is not negative and takes what it cost from it. The credit never grows
/// above zero, so quiet frames do not pay for a burst of captures later: over any stretch of
/// frames the captures take at most `fraction` of their time, plus one capture.
///
/// Times are wall times, so a capture the system interrupted would read long: a capture is
/// charged what `CaptureTimes` counts it for, at most a few times the mean of its predecessors.
/// The first capture after streaming starts is not charged (nor counted in the mean): it reads
/// every node, as `Tree.getDocument` does, once.
struct CaptureBudget {
    /// The share of the frames' time captures may take; 0 or less: no limit.
    var fraction: Double
    /// Seconds of capture time available now; at most zero.
    private(set) var credit = 0.0
    /// What captures took, as charged.
    private var times = CaptureTimes()
    /// The running mean of what captures were charged, once one was.
    var meanCapture: Double? { times.mean }

    init(fraction: Double) {
        self.fraction = fraction
    }

    /// Whether a capture may run now.
    var allowsCapture: Bool { fraction <= 0 || credit >= 0 }

    /// A frame took `seconds` of the loop's time (without the capture after it).
    mutating func frameRan(seconds: Double) {
        credit = min(0, credit + fraction * max(0, seconds))
    }

    /// A capture took `seconds`; `first` when it was the first since streaming started.
    mutating func captured(seconds: Double, first: Bool) {
        guard fraction > 0, !first else { return }
        credit -= times.add(seconds)
    }

    /// The loop waited `seconds` on waking for a capture taken in its sleep (the time the
    /// capture ran past the sleep's end): charged as it is, as the loop's time lost. (Such a
    /// capture costs the loop nothing unless it outlasts the sleep.)
    mutating func loopWaited(seconds: Double) {
        guard fraction > 0, seconds > 0 else { return }
        credit -= seconds
    }

    /// Streaming stopped (nobody listens): the next one starts afresh.
    mutating func reset() {
        credit = 0
        times.reset()
    }
}
