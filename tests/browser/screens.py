"""Small hand-made snapshots (docs/protocol.md "Snapshot") for the browser tests that
need no device: every value the tests check is derived here by hand, in comments. They are in
the compact form capture writes (docs/snapshot-format.md, "Implied values"): the specs leave out
their class (implied by their type), the texts their lines (one line equal to the text), the
photo its decoded size, the table's range controller Texture's tuning; the page fills them in.

The screen (320 x 480 pt, scale 2):

  ASDisplayNode (window) n1                      root
    ASInsetLayoutSpec n1/0        insets 20      [0, 0, 320, 480]
      ASStackLayoutSpec n1/0.0    vertical       [20, 20, 280, 440]
        ASTextNode (title) n2                    [0, 0, 280, 30]
        ASImageNode (photo) n3                   [0, 40, 90, 90]
        ASButtonNode (like) n4    slop -10 all   [0, 140, 80, 20]
        ASDisplayNode (toolbar) n5 clips, slop top -5   [0, 170, 280, 40]
          ASButtonNode (share) n6 slop -10 all   [0, 5, 60, 30]
        ASTableNode (feed) n7     clips          [0, 220, 280, 220]
          ASCellNode (cell i) n(8+i), i < 5      [0, 50 i, 280, 50]
"""
import copy

SCALE = 2


def _node(id_, class_name, debug_name, frame, **extra):
    element = {"id": id_, "kind": "node", "type": "node", "className": class_name, "frame": frame}
    if debug_name:
        element["debugName"] = debug_name
    element.update(extra)
    return element


def _cells(count, first_id):
    return [
        _node(f"n{first_id + i}", "ASCellNode", f"cell {i}", [0, 50 * i, 280, 50],
              props={"text": f"Item {i}"}, interfaceState=15 if i < 4 else 7)
        for i in range(count)
    ]


# Image pixel scaling (docs/texture-semantics.md section 7): a 540 x 540 pixel image (scale 1) in a
# 90 x 90 pt node at screen scale 2 shows floor(90 x 2)^2 = 32 400 pixels of 291 600:
# ratio 291 600 / 32 400 = 9 -> label "9.00x"; decoded 540 x 540 x 4 = 1 166 400 bytes, which
# the document leaves out (implied by the pixel size).
PHOTO_IMAGE = {"pixelWidth": 540, "pixelHeight": 540, "scale": 1, "scalingRatio": 9}

# Tappable area of "share" (docs/texture-semantics.md section 5): its rect is its bounds inset by its
# slop, [-10, -10, 80, 50]. Parent "toolbar" has non-zero slop and clips, so parentRect = its
# bounds [0, 0, 280, 40]; the child rect in toolbar coordinates is [-10, -5, 80, 50]; the
# intersection is [0, 0, 70, 40]; sizes differ, and the child goes past the top (-5 < 0), left
# (-10 < 0) and bottom (45 > 40): restricted = clipped = top, left, bottom. The window (no slop)
# contains [20, 190, 70, 40] entirely: no more edges. Back in share's coordinates (it sits at
# [0, 5] in toolbar): [0, -5, 70, 40].
SHARE_TAPPABLE = {"rect": [0, -5, 70, 40], "restricted": ["top", "left", "bottom"], "clipped": ["top", "left", "bottom"]}
# "like" has no ancestor that restricts it: its slop rect [-10, -10, 100, 40] lies inside the
# window: one plain green area.
LIKE_TAPPABLE = {"rect": [-10, -10, 100, 40]}


def before():
    """The first capture."""
    control = {"enabled": True, "targets": [{"event": "touchUpInside", "action": "tap:"}]}
    stack = {
        "id": "n1/0.0", "kind": "spec", "type": "stack", "frame": [20, 20, 280, 440],
        "props": {"direction": "vertical", "spacing": 10},
        "children": [
            _node("n2", "ASTextNode", "title", [0, 0, 280, 30], props={"text": "Weft", "font": {"size": 24, "weight": "bold"}}),
            _node("n3", "ASImageNode", "photo", [0, 40, 90, 90], style={"width": 90, "height": 90}, props={"image": dict(PHOTO_IMAGE)}),
            _node("n4", "ASButtonNode", "like", [0, 140, 80, 20],
                  props={"text": "Like", "hitTestSlop": [-10, -10, -10, -10], "control": control}, tappable=LIKE_TAPPABLE),
            _node("n5", "ASDisplayNode", "toolbar", [0, 170, 280, 40], props={"clipsToBounds": True, "hitTestSlop": [-5, 0, 0, 0]},
                  children=[_node("n6", "ASButtonNode", "share", [0, 5, 60, 30],
                                  props={"text": "Share", "hitTestSlop": [-10, -10, -10, -10], "control": control},
                                  tappable=SHARE_TAPPABLE)]),
            _node("n7", "ASTableNode", "feed", [0, 220, 280, 220], props={"clipsToBounds": True}, children=_cells(5, 8)),
        ],
    }
    window = _node("n1", "ASDisplayNode", "window", [0, 0, 320, 480], children=[{
        "id": "n1/0", "kind": "spec", "type": "inset", "frame": [0, 0, 320, 480],
        "props": {"insets": [20, 20, 20, 20]}, "children": [stack]}])
    return {
        "format": "weft.snapshot", "version": 1, "revision": 4,
        "meta": {"appId": "org.weft.BrowserTest", "appName": "BrowserTest", "instance": "files", "host": "localhost",
                 "pid": 1, "capturedAt": "2026-11-30T08:00:00Z", "protocolVersion": 1,
                 "screen": {"width": 320, "height": 480, "scale": SCALE}},
        "roots": [window],
        "rangeControllers": [{
            "id": "r1", "owner": "n7", "dataSource": "FeedDataSource", "orientation": "vertical", "scrollDirection": ["down"],
            "mode": "full", "viewport": [0, 0, 280, 220], "contentSize": [280, 250], "contentOffset": [0, 0],
            "itemCount": 5, "visible": [[0, 4]], "display": [[0, 4]], "preload": [[0, 4]], "itemStates": [[0, 3, 15], [4, 4, 7]],
        }],
    }


def after():
    """A later capture of another run: every id differs (ids never decide a match), and
    - the title's text is "Weft inspector" (props.text),
    - the photo is 100 x 100 (style width/height and frame resized), so everything below it
      moves down 10 pt; the table shrinks to 210 pt (moved and resized),
    - a sixth cell was added at the end of the table.
    """
    document = copy.deepcopy(before())
    renumber = {}

    def walk(element):
        old = element["id"]
        owner, _, path = old.partition("/")
        new_owner = f"n{100 + int(owner[1:])}"
        element["id"] = f"{new_owner}/{path}" if path else new_owner
        renumber[old] = element["id"]
        for child in element.get("children", []):
            walk(child)

    for root in document["roots"]:
        walk(root)
    stack = document["roots"][0]["children"][0]["children"][0]
    title, photo, like, toolbar, feed = stack["children"]
    title["props"]["text"] = "Weft inspector"
    photo["frame"] = [0, 40, 100, 100]
    photo["style"] = {"width": 100, "height": 100}
    like["frame"] = [0, 150, 80, 20]
    toolbar["frame"] = [0, 180, 280, 40]
    feed["frame"] = [0, 230, 280, 210]
    feed["children"].append(_node("n200", "ASCellNode", "cell 5", [0, 250, 280, 50], props={"text": "Item 5"}, interfaceState=7))
    controller = document["rangeControllers"][0]
    controller["owner"] = renumber["n7"]
    controller["itemCount"] = 6
    document["revision"] = 9
    document["meta"]["pid"] = 2
    return document


# What `weft diff before after` reports, derived from after()'s docstring by the rules of
# fixtures/semantic-diff/README.md: depth first in the new order (title, photo, like, toolbar,
# feed and then feed's added cell), per element frame / style / props, then range controllers.
# The title's lines are implied ([text]), so they change with its text.
STACK = "ASDisplayNode (window) > ASInsetLayoutSpec > ASStackLayoutSpec"
EXPECTED_DIFF = [
    f'~ {STACK} > ASTextNode (title): props.text "Weft" -> "Weft inspector"',
    f'~ {STACK} > ASTextNode (title): props.lines ["Weft"] -> ["Weft inspector"]',
    f"~ {STACK} > ASImageNode (photo): frame 0,40 90x90 -> 0,40 100x100",
    f"~ {STACK} > ASImageNode (photo): style.width 90 -> 100",
    f"~ {STACK} > ASImageNode (photo): style.height 90 -> 100",
    f"~ {STACK} > ASButtonNode (like): frame 0,140 80x20 -> 0,150 80x20",
    f"~ {STACK} > ASDisplayNode (toolbar): frame 0,170 280x40 -> 0,180 280x40",
    f"~ {STACK} > ASTableNode (feed): frame 0,220 280x220 -> 0,230 280x210",
    f"+ {STACK} > ASTableNode (feed) > ASCellNode (cell 5) at 0,250 280x50",
    f"~ range {STACK} > ASTableNode (feed): rangeControllers.itemCount 5 -> 6",
]
