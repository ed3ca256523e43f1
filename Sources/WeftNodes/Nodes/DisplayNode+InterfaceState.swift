/// One interface-state callback, as observers receive them.
public enum InterfaceStateEvent: Hashable, Sendable, CustomStringConvertible {
    /// The node entered or left the preload range.
    case didEnterPreloadState, didExitPreloadState
    /// The node entered or left the display range.
    case didEnterDisplayState, didExitDisplayState
    /// The node came on screen or left it.
    case didEnterVisibleState, didExitVisibleState
    /// The whole state changed, with the new and old states.
    case interfaceStateDidChange(new: InterfaceState, old: InterfaceState)

    /// The event as Texture's method name, for logs.
    public var description: String {
        switch self {
        case .didEnterPreloadState: "didEnterPreloadState"
        case .didExitPreloadState: "didExitPreloadState"
        case .didEnterDisplayState: "didEnterDisplayState"
        case .didExitDisplayState: "didExitDisplayState"
        case .didEnterVisibleState: "didEnterVisibleState"
        case .didExitVisibleState: "didExitVisibleState"
        case .interfaceStateDidChange(let new, let old): "interfaceStateDidChange(\(new.rawValue), \(old.rawValue))"
        }
    }
}

/// Interface state, Texture's `ASInterfaceState`: set by the range controller on cells (and
/// passed down to their subnodes), or by being in a main loop's root tree (every bit).
///
/// A change calls, in Texture's order: preload enter/exit, display enter/exit, visible
/// enter/exit, then `interfaceStateDidChange(_:from:)`. Subclasses override the `did...` methods
/// (calling super); host code can `addInterfaceStateObserver` instead.
extension DisplayNode {
    /// Sets the state of this node only, firing its callbacks.
    public func setInterfaceState(_ newState: InterfaceState) {
        let oldState = interfaceState
        guard newState != oldState else { return }
        interfaceState = newState
        noteInterfaceStateChange()
        for (bit, enter, exit) in [
            (InterfaceState.preload, InterfaceStateEvent.didEnterPreloadState, InterfaceStateEvent.didExitPreloadState),
            (.display, .didEnterDisplayState, .didExitDisplayState),
            (.visible, .didEnterVisibleState, .didExitVisibleState),
        ] where newState.contains(bit) != oldState.contains(bit) {
            let entering = newState.contains(bit)
            switch bit {
            case .preload: entering ? didEnterPreloadState() : didExitPreloadState()
            case .display: entering ? didEnterDisplayState() : didExitDisplayState()
            default: entering ? didEnterVisibleState() : didExitVisibleState()
            }
            notify(entering ? enter : exit)
        }
        interfaceStateDidChange(newState, from: oldState)
        notify(.interfaceStateDidChange(new: newState, old: oldState))
    }

    /// Sets the state on this node and its subtree, parents first. Cells of nested containers
    /// keep the states their own range controller gives them.
    public func recursivelySetInterfaceState(_ newState: InterfaceState) {
        setInterfaceState(newState)
        for subnode in subnodes where !subnode.isRangeManaged {
            subnode.recursivelySetInterfaceState(newState)
        }
    }

    /// Calls `observer` for every interface-state callback of this node, in order.
    public func addInterfaceStateObserver(_ observer: @escaping (DisplayNode, InterfaceStateEvent) -> Void) {
        interfaceStateObservers.append(observer)
    }

    private func notify(_ event: InterfaceStateEvent) {
        for observer in interfaceStateObservers { observer(self, event) }
    }

    /// Whether the node is on screen (Texture's `isVisible`).
    public var isVisible: Bool { interfaceState.contains(.visible) }
    /// Whether the node is in the display range (Texture's `isInDisplayState`).
    public var isInDisplayState: Bool { interfaceState.contains(.display) }
    /// Whether the node is in the preload range (Texture's `isInPreloadState`).
    public var isInPreloadState: Bool { interfaceState.contains(.preload) }
}
