import Synchronization

/// The inspectors attached in this process, oldest first, behind one lock: what
/// `Inspector.current` answers. It is one for the whole process while each inspector lives on
/// its own loop's thread, so it must be safe from any thread (a plain static was not: attaching
/// on one thread while another read it was a data race).
///
/// A list rather than one reference, so that detaching the newest inspector makes the one
/// attached before it (still attached) current again, as `Inspector.current` promises.
final class AttachedInspectors: Sendable {
    static let shared = AttachedInspectors()

    /// A weak reference that can leave the lock: each copy is its own weak reference, read by
    /// whoever took it. `@unchecked` because `Inspector` is not `Sendable`: it is only used on
    /// its loop's thread, which this list does not change.
    private struct Entry: @unchecked Sendable {
        weak var inspector: Inspector?
    }

    private struct State {
        var entries: [Entry] = []
        var everAttached = false
    }

    private let state = Mutex(State())

    /// Adds `inspector` as the newest. Returns true the first time anything is added in this
    /// process (the caller installs its exit handler once).
    func add(_ inspector: Inspector) -> Bool {
        let entry = Entry(inspector: inspector)
        return state.withLock { state in
            state.entries.removeAll { $0.inspector == nil }
            state.entries.append(entry)
            defer { state.everAttached = true }
            return !state.everAttached
        }
    }

    /// Removes `inspector` (and entries of inspectors that went away without detaching).
    func remove(_ inspector: Inspector) {
        let identity = ObjectIdentifier(inspector)
        state.withLock { state in
            state.entries.removeAll { entry in
                guard let attached = entry.inspector else { return true }
                return ObjectIdentifier(attached) == identity
            }
        }
    }

    /// The newest inspector still attached (a deallocated one that never detached is skipped).
    var current: Inspector? {
        state.withLock { state in state.entries.last { $0.inspector != nil } }?.inspector
    }
}
