// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Texture's own names (ASDimensionMake, UIEdgeInsetsMake, ...), so Texture code compiles unchanged.
import Foundation
import WeftLayout

/// A width and a height as dimensions.
public typealias ASLayoutSize = LayoutSize

/// A layout size of a width and a height dimension (Texture's `ASLayoutSizeMake`).
public func ASLayoutSizeMake(_ width: ASDimension, _ height: ASDimension) -> ASLayoutSize {
    LayoutSize(width: width, height: height)
}

/// Both dimensions of `layoutSize` resolved against `parentSize`, auto ones to `autoSize`.
public func ASLayoutSizeResolveSize(_ layoutSize: ASLayoutSize, _ parentSize: CGSize, _ autoSize: CGSize) -> CGSize {
    CGSize(layoutSize.resolve(parentSize: Size(parentSize), autoSize: Size(autoSize)))
}

/// The layout size as text, for logs.
public func NSStringFromASLayoutSize(_ layoutSize: ASLayoutSize) -> String { layoutSize.description }
