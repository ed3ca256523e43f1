import WeftNodes

/// Texture names a container's data source and delegate `dataSource` and `delegate`; Weft's
/// container already has a `dataSource` (of its own protocol). This adds Texture's beside it,
/// and Swift picks by the assigned type: `tableNode.dataSource = self` sets the Texture one.
public protocol ASContainerNodeTextureProperties: AnyObject {
    /// The container's Texture data source protocol (ASTableDataSource...).
    associatedtype TextureDataSource
    /// The container's Texture delegate protocol (ASTableDelegate...).
    associatedtype TextureDelegate
    /// The Texture data source, held weakly.
    var textureDataSource: TextureDataSource? { get set }
    /// The Texture delegate, held weakly.
    var textureDelegate: TextureDelegate? { get set }
}

extension ASContainerNodeTextureProperties {
    /// Texture's `dataSource`: `textureDataSource` under Texture's name.
    public var dataSource: TextureDataSource? {
        get { textureDataSource }
        set { textureDataSource = newValue }
    }

    /// Texture's `delegate`: `textureDelegate` under Texture's name.
    public var delegate: TextureDelegate? {
        get { textureDelegate }
        set { textureDelegate = newValue }
    }
}
