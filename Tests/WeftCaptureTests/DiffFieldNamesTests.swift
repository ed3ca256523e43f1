import Testing
import WeftLayout
import WeftSnapshot

@testable import WeftCapture

/// `weft diff --ignore` accepts the style and spec-property names of WeftSnapshot's
/// `SemanticDiffFieldNames` and refuses others; those lists must be exactly what capture writes,
/// or a real field could not be ignored (WeftSnapshot cannot see capture's tables itself).
@Suite struct DiffFieldNamesTests {
    @Test func styleKeysAreCaptureKeys() {
        #expect(SemanticDiffFieldNames.styleKeys == StyleProperties.keys)
    }

    @Test func specPropertyKeysAreThoseOfTheTenSpecs() {
        let leaf = BoxNode(intrinsicSize: Size(width: 1, height: 1))
        let specs: [LayoutSpec] = [
            StackLayoutSpec(children: [leaf]),
            InsetLayoutSpec(insets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), child: leaf),
            OverlayLayoutSpec(child: leaf, overlay: leaf),
            BackgroundLayoutSpec(child: leaf, background: leaf),
            CenterLayoutSpec(child: leaf),
            RatioLayoutSpec(ratio: 1, child: leaf),
            RelativeLayoutSpec(horizontalPosition: .start, verticalPosition: .start, child: leaf),
            AbsoluteLayoutSpec(children: [leaf]),
            CornerLayoutSpec(child: leaf, corner: leaf, location: .topLeft),
            WrapperLayoutSpec(child: leaf),
        ]
        let keys = specs.flatMap { SpecDescriptors.descriptor(for: $0).properties.map(\.key) }
        #expect(keys == SemanticDiffFieldNames.specPropertyKeys)
    }
}
