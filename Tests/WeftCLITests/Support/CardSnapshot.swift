/// A small hand-written snapshot for the diff tests: a card node laid out by a vertical stack of
/// a title and a subtitle text node. Each test changes one thing and derives the expected
/// difference from docs/snapshot-format.md (Element) and the diff's documented line format.
///
///     ASDisplayNode (card)                      [0, 0, 200, 60]
///     └ ASStackLayoutSpec (spacing 4)            [0, 0, 200, 60]
///       ├ ASTextNode (title)    flexGrow 1       [8, 8, 100, 20]
///       └ ASTextNode (subtitle)                  [8, 32, 100, 16]
struct CardSnapshot {
    var idPrefix = "n"
    var revision = 3
    var appId = "org.weft.Tests"
    var titleFrame = "[8, 8, 100, 20]"
    var titleStyle = #"{"flexGrow": 1}"#
    var titleText = "Hello"
    var titleInterfaceState = 15
    var spacing = 4
    /// Extra keys of the title element (JSON members), e.g. a constrained size.
    var titleExtra = ""
    var includeSubtitle = true
    var extraChild = false

    var json: String {
        let subtitle =
            includeSubtitle
            ? #"""
            ,{"id": "\#(idPrefix)3", "className": "ASTextNode", "debugName": "subtitle", "frame": [8, 32, 100, 16],
              "props": {"text": "World"}, "interfaceState": 15}
            """# : ""
        let extra =
            extraChild
            ? #"""
            ,{"id": "\#(idPrefix)4", "className": "ASImageNode", "debugName": "badge", "frame": [150, 8, 24, 24], "interfaceState": 15}
            """# : ""
        return #"""
            {"format": "weft.snapshot", "version": 1, "revision": \#(revision),
             "meta": {"appId": "\#(appId)", "pid": \#(revision * 100)},
             "roots": [
              {"id": "\#(idPrefix)1", "className": "ASDisplayNode", "debugName": "card", "frame": [0, 0, 200, 60], "interfaceState": 15,
               "children": [
                {"id": "\#(idPrefix)1/0", "kind": "spec", "type": "stack", "className": "ASStackLayoutSpec", "frame": [0, 0, 200, 60],
                 "props": {"direction": "vertical", "spacing": \#(spacing)},
                 "children": [
                  {"id": "\#(idPrefix)2", "className": "ASTextNode", "debugName": "title", "frame": \#(titleFrame),
                   "style": \#(titleStyle), "props": {"text": "\#(titleText)"}, "interfaceState": \#(titleInterfaceState)\#(titleExtra)}
                  \#(subtitle)\#(extra)
                 ]}
               ]}
             ]}
            """#
    }

    /// The title's structural path (StructuralPath: class name plus debug name, joined by " > ").
    static let titlePath = "ASDisplayNode (card) > ASStackLayoutSpec > ASTextNode (title)"
    static let stackPath = "ASDisplayNode (card) > ASStackLayoutSpec"
}
