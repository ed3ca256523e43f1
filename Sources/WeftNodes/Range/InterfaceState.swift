/// How close a node is to the screen, Texture's `ASInterfaceState`. Each bit implies the work a
/// node should do: measure its layout, preload data (network), render (display), be on screen.
public struct InterfaceState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let measureLayout = InterfaceState(rawValue: 1)
    public static let preload = InterfaceState(rawValue: 2)
    public static let display = InterfaceState(rawValue: 4)
    public static let visible = InterfaceState(rawValue: 8)
    /// A node in an on-screen hierarchy that no range controller manages: every bit.
    public static let inHierarchy: InterfaceState = [.measureLayout, .preload, .display, .visible]

    public var description: String {
        let names = [(InterfaceState.measureLayout, "measureLayout"), (.preload, "preload"), (.display, "display"), (.visible, "visible")]
        let set = names.filter { contains($0.0) }.map(\.1)
        return set.isEmpty ? "none" : set.joined(separator: "|")
    }
}
