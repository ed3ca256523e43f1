import CLibWebSockets

/// A libwebsockets timer (`lws_sul`) that fires on the service thread. lws hands the callback
/// only the timer's own memory, so the timer is allocated with its owner and purpose stored
/// right behind it; a top-level function reads them back.
final class ServiceTimer {
    enum Purpose: Int {
        /// Nothing to do but let `lws_service` return (reconnection time, close deadline).
        case housekeeping
        /// Flush queued events (see `TransportOptions.eventFlushInterval`).
        case eventTick
        /// The session's handshake is due (see `TransportOptions.handshakeTimeout`).
        case handshakeDeadline
    }

    private struct Layout {
        var timer: lws_sorted_usec_list_t
        var owner: UnsafeMutableRawPointer
        var purpose: Int
    }

    private let storage: UnsafeMutablePointer<Layout>

    init(owner: ServiceLoop, purpose: Purpose) {
        storage = .allocate(capacity: 1)
        storage.initialize(
            to: Layout(
                timer: lws_sorted_usec_list_t(),
                owner: Unmanaged.passUnretained(owner).toOpaque(), purpose: purpose.rawValue))
    }

    deinit {
        storage.deallocate()
    }

    /// The lws timer: the first field, so its address is the storage's.
    private var timer: UnsafeMutablePointer<lws_sorted_usec_list_t> {
        UnsafeMutableRawPointer(storage).assumingMemoryBound(to: lws_sorted_usec_list_t.self)
    }

    /// (Re)schedules the timer `delay` from now. Service thread only.
    func schedule(in context: OpaquePointer, after delay: Duration) {
        lws_sul_schedule(context, 0, timer, weftTimerFired, Self.microseconds(delay))
    }

    /// The longest delay a timer is set for: a century, far beyond any process's life, and far
    /// within lws's 64-bit microseconds once it adds the current time.
    static let longestDelay: Duration = .seconds(100 * 365 * 24 * 3600)

    /// `delay` in the whole microseconds lws counts in: at least 1, at most `longestDelay`. The
    /// options' durations are the program's (`.seconds(.max)` for "never"): clamped first, so
    /// converting them cannot overflow and trap on the transport thread.
    static func microseconds(_ delay: Duration) -> Int64 {
        let clamped = min(max(delay, .microseconds(1)), longestDelay)
        return clamped.components.seconds * 1_000_000 + clamped.components.attoseconds / 1_000_000_000_000
    }

    /// Cancels the timer if it is scheduled. Service thread only.
    func cancel() {
        lws_sul_cancel(timer)
    }

    /// The owner and purpose stored behind a timer lws reports as fired.
    fileprivate static func fired(_ timer: UnsafeMutablePointer<lws_sorted_usec_list_t>) -> (ServiceLoop, Purpose)? {
        let layout = UnsafeMutableRawPointer(timer).assumingMemoryBound(to: Layout.self)
        guard let purpose = Purpose(rawValue: layout.pointee.purpose) else { return nil }
        return (Unmanaged<ServiceLoop>.fromOpaque(layout.pointee.owner).takeUnretainedValue(), purpose)
    }
}

/// The lws timer callback (a C callback must be a top-level function).
func weftTimerFired(_ timer: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let timer, let (loop, purpose) = ServiceTimer.fired(timer) else { return }
    loop.timerFired(purpose)
}
