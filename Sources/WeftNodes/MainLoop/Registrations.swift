/// What is registered with a main loop under a token (frame callbacks, after-frame hooks, layout
/// spec observers), called in registration order. A body removed during a pass, by a body
/// called before it (an inspector detaching from a hook, a callback removing another), is not
/// called; one added during a pass waits for the next.
///
/// A pass walks the entries in place, by index, and looks at no more than it started with: while
/// a pass runs, a removal only marks its entry and an addition goes at the end, so indices stay
/// put; the marked entries leave when the outermost pass ends. The entries are kept retained by
/// hand (`Unmanaged`), so that a pass calls each body without retaining its entry or the list,
/// which would be most of what a hook costs a frame.
final class Registrations<Body> {
    private final class Entry {
        let token: MainLoop.Token
        let body: Body
        var isRegistered = true

        init(token: MainLoop.Token, body: Body) {
            self.token = token
            self.body = body
        }
    }

    // Touched on the loop's thread only, never passed `inout` out of this type: unchecked for
    // exclusivity, as the loop's frame state is (a frame walks them several times).
    /// Each retained once, by `add`, and released when it leaves the list.
    @exclusivity(unchecked) private var entries: [Unmanaged<Entry>] = []
    /// Passes running now (a body may start another: a hook that ticks the loop).
    @exclusivity(unchecked) private var passes = 0
    /// Whether entries removed during a pass are still in the list.
    @exclusivity(unchecked) private var hasRemovedEntries = false

    deinit {
        for entry in entries { entry.release() }
    }

    func add(_ body: Body, token: MainLoop.Token) {
        entries.append(Unmanaged.passRetained(Entry(token: token, body: body)))
    }

    /// Removes the entry of `token`, if any.
    func remove(_ token: MainLoop.Token) {
        guard
            let index = entries.firstIndex(where: { entry in
                entry._withUnsafeGuaranteedRef { $0.isRegistered && $0.token == token }
            })
        else { return }
        let entry = entries[index]
        entry._withUnsafeGuaranteedRef { $0.isRegistered = false }
        guard passes == 0 else {
            hasRemovedEntries = true
            return
        }
        entries.remove(at: index)
        entry.release()
    }

    /// Calls `call` with each body in order, skipping those removed since the pass began.
    func callEach(_ call: (Body) -> Void) {
        let count = entries.count
        guard count > 0 else { return }
        passes += 1
        var index = 0
        while index < count {
            // The list holds the entry until the outermost pass ends, whatever the body does.
            entries[index]._withUnsafeGuaranteedRef { entry in
                if entry.isRegistered { call(entry.body) }
            }
            index += 1
        }
        passes -= 1
        if passes == 0, hasRemovedEntries { dropRemovedEntries() }
    }

    private func dropRemovedEntries() {
        hasRemovedEntries = false
        var kept: [Unmanaged<Entry>] = []
        for entry in entries {
            if entry._withUnsafeGuaranteedRef({ $0.isRegistered }) { kept.append(entry) } else { entry.release() }
        }
        entries = kept
    }
}
