// Texture's module name over Weft's engine and runtime (docs/texture-compatibility.md). Texture
// re-exports UIKit; on Linux Foundation brings CGFloat, CGSize, CGPoint and CGRect, and this
// module adds the UIKit values layout code reaches (UIEdgeInsets, UIColor, UIFont, UIImage...).
@_exported import Foundation
