import AsyncDisplayKit
import TextureDocumentationExamples
import WeftTesting
import XCTest

@testable import LayoutSpecExamplesLayouts

/// Texture cells snapshot-tested as a team's CI would: baselines in `__Snapshots__` next to this
/// file (the snapshot JSON and its ASCII art), compared semantically.
final class LayoutSnapshotTests: XCTestCase {
    func testPhotoCellLayout() {
        assertLayoutSnapshot(
            of: PhotoCellNode(title: "A walk by the sea"),
            in: ASSizeRangeMake(CGSize(width: 375, height: 0), CGSize(width: 375, height: CGFloat.infinity)).weftRange,
            named: "photo-cell")
    }

    func testOutsetIconExampleLayout() {
        UIImage.resourceDirectories = [
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../../Examples/LayoutSpecExamples/Resources").standardized
        ]
        assertLayoutSnapshot(
            of: PhotoWithOutsetIconOverlay(),
            in: ASSizeRangeMake(.zero, CGSize(width: 375, height: 667)).weftRange,
            named: "outset-icon")
    }
}
