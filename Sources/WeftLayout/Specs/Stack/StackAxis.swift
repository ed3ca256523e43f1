/// Reading and building sizes, points and ranges along a stack's axes, so the stack algorithm
/// is written once for both directions (Texture's stackDimension / crossDimension helpers).
extension StackLayoutDirection {
    /// The length along the stack axis.
    @inlinable
    func stack(_ size: Size) -> Double { self == .horizontal ? size.width : size.height }

    /// The length across the stack axis.
    @inlinable
    func cross(_ size: Size) -> Double { self == .horizontal ? size.height : size.width }

    @inlinable
    func size(stack: Double, cross: Double) -> Size {
        self == .horizontal ? Size(width: stack, height: cross) : Size(width: cross, height: stack)
    }

    @inlinable
    func point(stack: Double, cross: Double) -> Point {
        self == .horizontal ? Point(x: stack, y: cross) : Point(x: cross, y: stack)
    }

    @inlinable
    func sizeRange(stackMin: Double, stackMax: Double, crossMin: Double, crossMax: Double) -> SizeRange {
        SizeRange(min: size(stack: stackMin, cross: crossMin), max: size(stack: stackMax, cross: crossMax))
    }
}
