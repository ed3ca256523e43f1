import Foundation
import Synchronization

/// A misuse the node runtime recovered from (a cycle in subnodes, a data source returning a node
/// twice, ...): the tree stays intact and the warning says what was refused.
public struct NodeWarning: Sendable, CustomStringConvertible {
    /// The id of the node the misuse concerns ("n12").
    public let nodeID: String
    /// What was refused and why.
    public let message: String

    /// `weft: warning: <node>: <message>`, as printed to standard error.
    public var description: String { "weft: warning: \(nodeID): \(message)" }
}

/// Errors thrown by APIs whose misuse the caller must handle (an index out of range in a
/// container update, a scroll to a missing item).
public enum NodeError: Error, Equatable, CustomStringConvertible {
    /// An item index outside the container's items.
    case indexOutOfRange(index: Int, count: Int, operation: String)
    /// A container update with no data source set.
    case noDataSource(operation: String)
    /// An update whose counts do not match the data source's.
    case inconsistentUpdate(operation: String, reason: String)

    /// The operation and what was wrong, for a person.
    public var description: String {
        switch self {
        case .indexOutOfRange(let index, let count, let operation):
            "\(operation): item \(index) is out of range (the container has \(count) items)"
        case .noDataSource(let operation):
            "\(operation): the container has no data source"
        case .inconsistentUpdate(let operation, let reason):
            "\(operation): \(reason)"
        }
    }
}

/// Where recovered misuses are reported: printed to standard error (unless turned off) and kept
/// in a short ring of recent warnings a test or an inspector can read.
public enum NodeDiagnostics {
    private static let recent = Mutex<[NodeWarning]>([])
    private static let printing = Atomic<Bool>(true)
    /// How many recent warnings are kept.
    public static let capacity = 256

    /// Whether warnings are also printed to standard error (default true).
    public static var printsWarnings: Bool {
        get { printing.load(ordering: .relaxed) }
        set { printing.store(newValue, ordering: .relaxed) }
    }

    /// Reports a recovered misuse of node `nodeID`: kept among the recent warnings and printed unless turned off.
    public static func warn(_ nodeID: String, _ message: String) {
        let warning = NodeWarning(nodeID: nodeID, message: message)
        recent.withLock { list in
            list.append(warning)
            if list.count > capacity { list.removeFirst(list.count - capacity) }
        }
        if printsWarnings {
            FileHandle.standardError.write(Data((warning.description + "\n").utf8))
        }
    }

    /// The recent warnings about one node, oldest first.
    public static func warnings(about nodeID: String) -> [NodeWarning] {
        recent.withLock { $0.filter { $0.nodeID == nodeID } }
    }
}
