/// The protocol's method and event names (docs/protocol.md), as docs/protocol-vocabulary.json
/// lists them; tests fail when this table, the device's handlers or the vocabulary drift.
public enum ProtocolMethods {
    /// Requests the gateway serves.
    public static let gateway = ["Gateway.register", "Gateway.hello", "Gateway.listDevices", "Gateway.attach", "Gateway.detach"]
    /// Events the gateway sends inspectors.
    public static let gatewayEvents = [
        "Gateway.deviceAdded", "Gateway.deviceUpdated", "Gateway.deviceRemoved", "Gateway.resyncRequired",
    ]
    /// Requests a device serves (`CaptureSession.handle`).
    public static let device = [
        "Tree.getDocument", "Tree.getElement",
        "Layout.getAsciiArt", "Layout.setStyle", "Layout.setSpecProperty", "Layout.revertEdits", "Layout.evaluate",
        "Layout.explain", "Layout.getEdits", "Layout.undoEdit", "Layout.redoEdit",
        "HitTest.probe", "Range.setTuningParameters",
        "Scroll.setContentOffset", "Scroll.toItem", "Scroll.drag",
        "Runtime.pause", "Runtime.resume", "Runtime.step", "Runtime.simulateMemoryWarning", "Runtime.setApplicationState",
        "Runtime.getState", "DevTools.call", "DevTools.inspectNode",
    ]
    /// Events a device sends.
    public static let deviceEvents = [
        "Tree.updated", "Layout.editDropped", "Layout.editsChanged", "Runtime.stateChanged", "DevTools.event",
        "DevTools.highlighted", "DevTools.inspectMode",
    ]
}
