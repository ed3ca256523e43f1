/// How close a node is to the screen, Texture's `ASInterfaceState`. Each bit implies the work a
/// node should do: measure its layout, preload data (network), render (display), be on screen.
public struct InterfaceState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The state bits.
    public let rawValue: UInt8
    /// A state of these bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Near enough to be measured.
    public static let measureLayout = InterfaceState(rawValue: 1)
    /// In the preload range: fetch data (network images download).
    public static let preload = InterfaceState(rawValue: 2)
    /// In the display range: render contents.
    public static let display = InterfaceState(rawValue: 4)
    /// On screen.
    public static let visible = InterfaceState(rawValue: 8)
    /// A node in an on-screen hierarchy that no range controller manages: every bit.
    public static let inHierarchy: InterfaceState = [.measureLayout, .preload, .display, .visible]

    /// The bits' names joined by `|`, or `none`.
    public var description: String {
        let names = [
            (InterfaceState.measureLayout, "measureLayout"), (.preload, "preload"), (.display, "display"), (.visible, "visible"),
        ]
        let set = names.filter { contains($0.0) }.map(\.1)
        return set.isEmpty ? "none" : set.joined(separator: "|")
    }
}
