import WeftNodes

/// Namespace for UIKit's control types (there are no views here).
public enum UIControl {
    /// The states a button keeps titles and images for.
    public struct State: OptionSet, Hashable, Sendable {
        /// The state's bits.
        public let rawValue: UInt
        /// A state of these bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// No bits: what a button shows.
        public static let normal: State = []
        /// Touched (kept, not shown).
        public static let highlighted = State(rawValue: 1 << 0)
        /// Disabled (kept, not shown).
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected (kept, not shown).
        public static let selected = State(rawValue: 1 << 2)
    }

    /// UIKit's control events: Weft's ControlEvent (`.touchUpInside`...).
    public typealias Event = ControlEvent
}
