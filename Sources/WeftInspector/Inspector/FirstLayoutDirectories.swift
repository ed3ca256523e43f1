import Foundation
import Synchronization

/// The snapshot directories `first-layout.json` was written to in this process, behind a lock
/// (inspectors of several loops may lay out at once): the first layout is the program's, so a
/// later inspector does not write its own over it.
final class FirstLayoutDirectories: Sendable {
    private let claimed = Mutex<Set<String>>([])

    /// True the first time `directory` (as an absolute, standardized path) is claimed.
    func claim(_ directory: String) -> Bool {
        let key = URL(fileURLWithPath: directory).standardizedFileURL.path
        return claimed.withLock { $0.insert(key).inserted }
    }
}
