import Foundation
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

    /// The list holds inspectors weakly: one that goes away without detaching drops out.
    /// `@unchecked Sendable` (here and in `Found`) because `Inspector` is not `Sendable`: it is
    /// only used on its loop's thread, and this list only checks identity and liveness.
    private struct Entry: @unchecked Sendable {
        weak var inspector: Inspector?
    }

    /// A strong reference taken under the lock, so the inspector cannot go away between finding
    /// it and handing it out.
    private struct Found: @unchecked Sendable {
        let inspector: Inspector
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
        newest { _ in true }
    }

    /// The newest inspector still attached on `thread`: the one whose trees that thread may
    /// read (each inspector is attached on its loop's thread).
    func newest(attachedOn thread: Thread) -> Inspector? {
        newest { $0.loopThread === thread }
    }

    private func newest(where matches: (Inspector) -> Bool) -> Inspector? {
        state.withLock { state -> Found? in
            for entry in state.entries.reversed() {
                if let inspector = entry.inspector, matches(inspector) { return Found(inspector: inspector) }
            }
            return nil
        }?.inspector
    }
}
