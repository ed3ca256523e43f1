/// Laying out one stack child with a stack-axis range and the stack's cross range
/// (Texture's crossChildLayout).
extension StackChild {
    /// A stretched child's cross range is [its own resolved cross min, or the stack's cross
    /// min when that is 0; its own resolved cross max, or the stack's cross max when that is
    /// infinite]. Its min/max are resolved against an undefined parent, so a percentage gives
    /// NaN (which stays). Other children get [0, crossMax].
    @inlinable
    func layout(
        stackMin: Double, stackMax: Double, crossMin: Double, crossMax: Double,
        direction: StackLayoutDirection, parentSize: Size, context: LayoutContext
    ) -> Layout {
        var childCrossMin = 0.0
        var childCrossMax = crossMax
        if alignment == .stretch {
            childCrossMin = crossMin
            if !sizeIsAuto {
                let own = style.size.resolve(parentSize: .undefined)
                let ownMin = direction.cross(own.min)
                let ownMax = direction.cross(own.max)
                if ownMin != 0 { childCrossMin = ownMin }
                if ownMax != .infinity { childCrossMax = ownMax }
            }
        }
        let range = direction.sizeRange(
            stackMin: stackMin, stackMax: stackMax,
            crossMin: childCrossMin, crossMax: childCrossMax)
        return element.layoutThatFits(range, parentSize: parentSize, context: context)
    }
}
