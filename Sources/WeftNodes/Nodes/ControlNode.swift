import WeftLayout

/// Control events, UIKit's `UIControl.Event` (the ones Texture's `ASControlNode` sends).
public struct ControlEvent: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The event bits, UIKit's values.
    public let rawValue: UInt16
    /// Events of these bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// A touch went down inside.
    public static let touchDown = ControlEvent(rawValue: 1 << 0)
    /// A repeated touch went down (a double tap).
    public static let touchDownRepeat = ControlEvent(rawValue: 1 << 1)
    /// A touch moved inside.
    public static let touchDragInside = ControlEvent(rawValue: 1 << 2)
    /// A touch moved outside.
    public static let touchDragOutside = ControlEvent(rawValue: 1 << 3)
    /// A touch lifted inside: a tap.
    public static let touchUpInside = ControlEvent(rawValue: 1 << 4)
    /// A touch lifted outside.
    public static let touchUpOutside = ControlEvent(rawValue: 1 << 5)
    /// The system cancelled the touch.
    public static let touchCancel = ControlEvent(rawValue: 1 << 6)
    /// The control's value changed.
    public static let valueChanged = ControlEvent(rawValue: 1 << 7)
    /// The control's primary action (a tap) happened.
    public static let primaryActionTriggered = ControlEvent(rawValue: 1 << 8)

    static let named: [(ControlEvent, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
        (.touchDragOutside, "touchDragOutside"), (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
    ]

    /// The names of the set events, in declaration order (`["touchUpInside"]`).
    public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }

    /// The events' names joined by `|`.
    public var description: String { names.joined(separator: "|") }
}

/// One target/action registered on a control.
public struct ControlTarget {
    /// A single event.
    public let event: ControlEvent
    /// The action's name, as the inspector shows it (Texture shows the selector).
    public let action: String
    let handler: (ControlNode, ControlEvent) -> Void
}

/// A node that sends actions for control events, Texture's `ASControlNode`: enabled, selected
/// and highlighted states and target/actions per event.
///
/// As in Texture, a control starts with user interaction off and turns it on when the first
/// target is added, so a control without targets lets touches through; a disabled control takes
/// no touches at all.
open class ControlNode: DisplayNode {
    /// `ASControlNode`, the class name snapshots and ASCII art print.
    open override var textureClassName: String { "ASControlNode" }

    /// An enabled control with no targets.
    public override init() {
        super.init()
        isUserInteractionEnabled = false
    }

    // Stored unchecked for exclusivity, as DisplayNode's state: a capture reads them.
    /// Whether the control takes touches (default true).
    public var isEnabled: Bool {
        get { storedIsEnabled }
        set {
            if newValue != storedIsEnabled {
                storedIsEnabled = newValue
                noteChange()
            }
        }
    }
    @exclusivity(unchecked) private var storedIsEnabled: Bool = true
    /// Whether the control is selected (default false).
    public var isSelected: Bool {
        get { storedIsSelected }
        set {
            if newValue != storedIsSelected {
                storedIsSelected = newValue
                noteChange()
            }
        }
    }
    @exclusivity(unchecked) private var storedIsSelected: Bool = false
    /// Whether a touch is down inside the control.
    public var isHighlighted: Bool {
        get { storedIsHighlighted }
        set {
            if newValue != storedIsHighlighted {
                storedIsHighlighted = newValue
                noteChange()
            }
        }
    }
    @exclusivity(unchecked) private var storedIsHighlighted: Bool = false

    /// Registered targets, one entry per event, in registration order.
    public private(set) var targets: [ControlTarget] {
        get { storedTargets }
        _modify { yield &storedTargets }
    }
    @exclusivity(unchecked) private var storedTargets: [ControlTarget] = []

    /// Calls `handler` when any of `events` is sent; `action` names it for the inspector.
    public func addTarget(action: String, for events: ControlEvent, _ handler: @escaping (ControlNode, ControlEvent) -> Void) {
        for (event, _) in ControlEvent.named where events.contains(event) {
            targets.append(ControlTarget(event: event, action: action, handler: handler))
        }
        isUserInteractionEnabled = true
        noteChange()
    }

    /// Removes the targets of `events` with the name `action` (every name when nil).
    public func removeTargets(action: String? = nil, for events: ControlEvent) {
        targets.removeAll { events.contains($0.event) && (action == nil || $0.action == action) }
        noteChange()
    }

    /// Whether the inspector draws the node's tappable area: it has a target/action.
    public var hasTargets: Bool { !targets.isEmpty }

    /// Sends `events` to their targets (nothing while disabled).
    public func sendActions(for events: ControlEvent) {
        guard isEnabled else { return }
        for target in targets where events.contains(target.event) {
            target.handler(self, target.event)
        }
    }

    /// A finger tap: touch down (highlighted), then touch up inside. Nothing while disabled.
    public func simulateTap() {
        guard isEnabled else { return }
        isHighlighted = true
        sendActions(for: .touchDown)
        isHighlighted = false
        sendActions(for: .touchUpInside)
    }

    /// A disabled control takes no touches.
    open override var acceptsTouches: Bool { super.acceptsTouches && isEnabled }
}
