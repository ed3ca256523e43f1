import WeftNodes

/// Namespace for UIKit's control types (there are no views here).
public enum UIControl {
    /// The states a button keeps titles and images for.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    public typealias Event = ControlEvent
}
