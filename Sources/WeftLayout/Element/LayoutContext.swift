/// The settings of one layout computation, handed down through every `layoutThatFits` call.
/// It replaces Texture's global screen scale so that two layouts with different scales can run
/// side by side (and so nothing mutable is global under Swift 6 concurrency).
public struct LayoutContext: Hashable, Sendable {
    /// Pixels per point: the grid every layout size is rounded up to (Texture's ASScreenScale).
    public var scale: Double
    /// The trace a traced pass records into (`tracing(_:)`), nil otherwise. Unmanaged, a plain
    /// pointer: an ordinary pass copies the context and checks for a trace without any reference
    /// counting; `LayoutTrace.run` keeps the trace alive for its pass.
    @usableFromInline var traceReference: Unmanaged<LayoutTrace>?

    /// A context rounding to `scale` pixels per point (default 2), recording no trace.
    public init(scale: Double = 2) {
        self.scale = scale
        self.traceReference = nil
    }

    /// Two contexts are equal when they round alike and record into the same trace (or none).
    public static func == (lhs: LayoutContext, rhs: LayoutContext) -> Bool {
        lhs.scale == rhs.scale && lhs.traceReference?.toOpaque() == rhs.traceReference?.toOpaque()
    }

    /// Hashes the scale and the trace's identity, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scale)
        hasher.combine(traceReference?.toOpaque())
    }

    /// Scale 2, Weft's default screen.
    public static let `default` = LayoutContext()

    /// Up to the pixel grid (ASCeilPixelValue).
    @inlinable
    public func ceilPixel(_ value: Double) -> Double { PixelRounding.ceil(value, scale: scale) }

    /// Down to the pixel grid (ASFloorPixelValue).
    @inlinable
    public func floorPixel(_ value: Double) -> Double { PixelRounding.floor(value, scale: scale) }

    /// To the nearest pixel (ASRoundPixelValue).
    @inlinable
    public func roundPixel(_ value: Double) -> Double { PixelRounding.round(value, scale: scale) }
}
