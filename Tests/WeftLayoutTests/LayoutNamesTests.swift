import Foundation
import Testing
import WeftLayout

/// The public name tables are the layout-json vocabulary of docs/layout-json.md (the
/// lists below are copied from its element table), and they name every value both ways.
@Suite("Layout-json name tables")
struct LayoutNamesTests {
    @Test("each table lists exactly docs/layout-json.md's names, in its order")
    func namesAreTheDocumentedOnes() {
        #expect(LayoutNames.direction.names == ["horizontal", "vertical"])
        #expect(LayoutNames.justifyContent.names == ["start", "center", "end", "spaceBetween", "spaceAround"])
        #expect(LayoutNames.alignItems.names == ["start", "end", "center", "stretch", "baselineFirst", "baselineLast"])
        #expect(LayoutNames.flexWrap.names == ["noWrap", "wrap"])
        #expect(LayoutNames.alignContent.names == ["start", "end", "center", "spaceBetween", "spaceAround", "stretch"])
        #expect(LayoutNames.alignSelf.names == ["auto", "start", "end", "center", "stretch"])
        #expect(LayoutNames.centeringOptions.names == ["none", "x", "y", "xy"])
        #expect(LayoutNames.centerSizingOptions.names == ["default", "minimumX", "minimumY", "minimumXY"])
        #expect(LayoutNames.relativePosition.names == ["none", "start", "center", "end"])
        #expect(LayoutNames.relativeSizingOption.names == ["default", "minimumWidth", "minimumHeight", "minimumSize"])
        #expect(LayoutNames.absoluteSizing.names == ["default", "sizeToFit"])
        #expect(LayoutNames.cornerLocation.names == ["topLeft", "topRight", "bottomLeft", "bottomRight"])
    }

    @Test("names and values map both ways; unknown names give nil")
    func bothWays() {
        #expect(LayoutNames.justifyContent.value(named: "spaceBetween") == .spaceBetween)
        #expect(LayoutNames.justifyContent.name(of: .spaceAround) == "spaceAround")
        #expect(LayoutNames.centeringOptions.value(named: "xy") == .xy)
        #expect(LayoutNames.centeringOptions.name(of: []) == "none")
        #expect(LayoutNames.alignItems.value(named: "baseline") == nil)
        #expect(LayoutNames.alignItems.value(named: "Start") == nil)  // names are case-sensitive
        func roundTrips<T>(_ table: LayoutNameTable<T>) -> Bool {
            table.pairs.allSatisfy { table.value(named: table.name(of: $0.value)) == $0.value }
        }
        #expect(roundTrips(LayoutNames.direction) && roundTrips(LayoutNames.alignItems) && roundTrips(LayoutNames.alignContent))
        #expect(roundTrips(LayoutNames.relativeSizingOption) && roundTrips(LayoutNames.cornerLocation))
    }

    @Test("the decoder reads every listed name into the table's value")
    func decoderUsesTheTables() throws {
        for (name, value) in LayoutNames.alignItems.pairs {
            let json = #"{"root": {"type": "stack", "alignItems": "\#(name)", "children": []}}"#
            let document = try LayoutDocument(data: Data(json.utf8))
            #expect((document.root.element as? StackLayoutSpec)?.alignItems == value)
        }
    }
}
