import WeftNodes

/// Texture names a container's data source and delegate `dataSource` and `delegate`; Weft's
/// container already has a `dataSource` (of its own protocol). This adds Texture's beside it,
/// and Swift picks by the assigned type: `tableNode.dataSource = self` sets the Texture one.
public protocol ASContainerNodeTextureProperties: AnyObject {
    associatedtype TextureDataSource
    associatedtype TextureDelegate
    var textureDataSource: TextureDataSource? { get set }
    var textureDelegate: TextureDelegate? { get set }
}

extension ASContainerNodeTextureProperties {
    public var dataSource: TextureDataSource? {
        get { textureDataSource }
        set { textureDataSource = newValue }
    }

    public var delegate: TextureDelegate? {
        get { textureDelegate }
        set { textureDelegate = newValue }
    }
}
