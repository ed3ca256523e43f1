import Foundation

/// UIKit's index path accessors (Foundation on Linux has only the indices).
extension IndexPath {
    /// UIKit's table index path: `[section, row]`.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// UIKit's collection index path: `[section, item]`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// The first index (0 for an empty path).
    public var section: Int { count > 0 ? self[0] : 0 }
    /// The second index (0 for a shorter path).
    public var row: Int { count > 1 ? self[1] : 0 }
    /// The second index, as collections name it.
    public var item: Int { row }
}
