// Plain geometry values of the snapshot document. They are nested in `Snapshot` so that code
// importing both WeftLayout and WeftSnapshot (capture, the CLI) never meets two types named `Size`.

extension Snapshot {
    /// A point in points. JSON: `[x, y]`.
    public struct Point: Hashable, Sendable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }

        public static let zero = Point(x: 0, y: 0)
    }

    /// A size in points. JSON: `[width, height]`; a component may be infinite (`"inf"`).
    public struct Size: Hashable, Sendable {
        public var width: Double
        public var height: Double

        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }

        public static let zero = Size(width: 0, height: 0)
        public static let infinite = Size(width: .infinity, height: .infinity)
    }

    /// A rectangle in points. JSON: `[x, y, width, height]`.
    public struct Rect: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        public init(origin: Point, size: Size) {
            self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
        }

        public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

        public var origin: Point {
            get { Point(x: x, y: y) }
            set {
                x = newValue.x
                y = newValue.y
            }
        }

        public var size: Size {
            get { Size(width: width, height: height) }
            set {
                width = newValue.width
                height = newValue.height
            }
        }

        public var maxX: Double { x + width }
        public var maxY: Double { y + height }

        /// This rectangle moved by `offset` (used to turn parent-relative frames into root coordinates).
        public func offsetBy(_ offset: Point) -> Rect {
            Rect(x: x + offset.x, y: y + offset.y, width: width, height: height)
        }
    }

    /// A constrained size: the range a layout was asked to fit. JSON: `{"min": [w, h], "max": [w, h]}`.
    public struct SizeRange: Hashable, Sendable {
        public var min: Size
        public var max: Size

        public init(min: Size, max: Size) {
            self.min = min
            self.max = max
        }

        /// The default when a snapshot omits `constrainedSize`: `{[0, 0], [inf, inf]}`.
        public static let unconstrained = SizeRange(min: .zero, max: .infinite)
    }

    /// Rectangle edges, as in `tappable.restricted` and `tappable.clipped`.
    /// JSON: an array of edge names in the order top, left, bottom, right.
    public struct Edges: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let top = Edges(rawValue: 1)
        public static let left = Edges(rawValue: 2)
        public static let bottom = Edges(rawValue: 4)
        public static let right = Edges(rawValue: 8)

        /// Every edge with its JSON name, in the order the encoder writes them.
        public static let named: [(Edges, String)] = [
            (.top, "top"), (.left, "left"), (.bottom, "bottom"), (.right, "right"),
        ]
    }
}
