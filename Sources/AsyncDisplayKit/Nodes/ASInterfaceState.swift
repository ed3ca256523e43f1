import WeftLayout
import WeftNodes

/// Where a node is relative to the screen: `.measureLayout`, `.preload`, `.display`, `.visible`
/// (what `interfaceStateDidChange(_:from:)` receives).
public typealias ASInterfaceState = InterfaceState
/// The directions a container scrolls (`.up`, `.down`, `.left`, `.right`).
public typealias ASScrollDirection = ScrollDirection
