// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Texture's own names (ASDimensionMake, UIEdgeInsetsMake, ...), so Texture code compiles unchanged.
import Foundation
import WeftLayout

/// UIKit's edge insets are Weft's: the inset spec and hit-test slop take them as they are.
public typealias UIEdgeInsets = EdgeInsets

extension EdgeInsets {
    /// UIKit's `UIEdgeInsets.init()`: all zero.
    public init() { self.init(all: 0) }
}

/// UIKit's C constructor.
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}
