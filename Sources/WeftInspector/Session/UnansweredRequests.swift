/// The requests handed to the host on the current connection and not answered yet, within
/// limits. A host that stops taking or answering requests (stuck in a long computation, stopped
/// in a debugger, a handler that never answers) would otherwise let them pile up for as long as
/// inspectors keep sending: the gateway bounds what each inspector has pending, but it times
/// requests out and then forwards more. Past either limit, a request is answered at once on the
/// transport thread (`DeviceSessionCore`) and never reaches the host; once the host answers
/// some, new ones are taken again.
struct UnansweredRequests {
    /// The default limits. The count is the gateway's own bound on what one inspector has
    /// pending (RELAY_MAX_PENDING), so a program that still answers, however far behind, never
    /// refuses an inspector that keeps within it: one that floods it with requests and stops
    /// reading must not get the others refused. The bytes bound the memory whatever the senders
    /// do (requests are at most 4 MiB each).
    static let defaultMaximumCount = 4096
    static let defaultMaximumBytes = 32 << 20

    let maximumCount: Int
    /// Counted in received bytes per request (what its params hold, roughly).
    let maximumBytes: Int
    private(set) var count = 0
    private(set) var bytes = 0
    /// The connection counted; requests of an older one are answered into the void.
    private var generation: UInt64 = 0

    init(maximumCount: Int = defaultMaximumCount, maximumBytes: Int = defaultMaximumBytes) {
        self.maximumCount = maximumCount
        self.maximumBytes = maximumBytes
    }

    /// Counts a request of `size` received bytes on connection `generation`; returns the error
    /// to answer it with instead when it does not fit. A request larger than `maximumBytes` on
    /// its own still fits when nothing else waits (the transport's message limit bounds it).
    mutating func admit(size: Int, generation: UInt64) -> ProtocolError? {
        if generation != self.generation { (self.generation, count, bytes) = (generation, 0, 0) }
        guard count < maximumCount, count == 0 || bytes + size <= maximumBytes else {
            return ProtocolError(
                .internalError,
                "too many requests wait for the program: \(count) unanswered, "
                    + "holding \(bytes) bytes (limits \(maximumCount) requests, \(maximumBytes) bytes)")
        }
        count += 1
        bytes += size
        return nil
    }

    /// A request counted by `admit` was answered.
    mutating func answered(size: Int, generation: UInt64) {
        guard generation == self.generation, count > 0 else { return }
        count -= 1
        bytes = count == 0 ? 0 : max(0, bytes - size)
    }

    /// The connection ended: its requests' answers will be discarded.
    mutating func connectionClosed() {
        (generation, count, bytes) = (0, 0, 0)
    }
}
