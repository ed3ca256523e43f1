import WeftNodes

/// Namespace for UIKit's view types Texture code names (there are no views here).
public enum UIView {
    /// How an image fills its node.
    public typealias ContentMode = WeftNodes.ContentMode
}

/// The pre-Swift-4.2 name.
public typealias UIViewContentMode = WeftNodes.ContentMode
