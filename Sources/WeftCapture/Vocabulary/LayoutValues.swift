import Foundation
import WeftJSON
import WeftLayout
import WeftSnapshot

/// Layout values in their layout-json forms (docs/layout-json.md), both ways: a dimension is a
/// number of points, `"12pt"`, `"50%"` or `"auto"`; points are `[x, y]`; insets
/// `[top, left, bottom, right]` with `"inf"` for an infinite inset.
enum LayoutValues {
    // MARK: Writing (`JSONSink.dimension`, `point`, `insets`)

    /// `0.5` -> `"50"`. Fractions come from `"N%"` divided by 100, so multiplying back can leave
    /// a rounding tail (0.07 x 100 = 7.000000000000001); 12 significant digits drop it.
    static func percentText(_ fraction: Double) -> String {
        let percent = fraction * 100
        if percent == percent.rounded(), percent.magnitude < 1e15 { return String(Int(percent)) }
        var text = String(format: "%.12g", percent)
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    // MARK: Reading (edits)

    /// A dimension for a live edit. Beyond the syntax, the value must be one Texture can lay out:
    /// a negative size, or one of 1e7 points or more (Texture's bound for a valid size), would
    /// silently become a zero-sized frame, so the edit is refused instead.
    static func dimension(_ value: JSONValue) throws(EditValueError) -> WeftLayout.Dimension {
        let expected = "a dimension (a number, \"<number>pt\", \"<number>%\" or \"auto\")"
        let dimension: WeftLayout.Dimension
        switch value {
        case .number(let points) where points.isFinite:
            dimension = .points(points)
        case .string(let text):
            do {
                dimension = try Dimension(parsing: text)
            } catch {
                throw .expected(expected, got: value)
            }
        default:
            throw .expected(expected, got: value)
        }
        guard dimension.value >= 0 else { throw .expected("a dimension >= 0", got: value) }
        guard dimension.unit != .points || dimension.value < maximumPoints else {
            throw .expected("a dimension below \(Int(maximumPoints))pt", got: value)
        }
        return dimension
    }

    /// Texture treats a size of 1e7 points or more as invalid (docs/texture-semantics.md section 4).
    static let maximumPoints: Double = 1e7

    static func number(_ value: JSONValue) throws(EditValueError) -> Double {
        guard let number = value.number, number.isFinite else { throw .expected("a finite number", got: value) }
        return number
    }

    static func nonNegativeNumber(_ value: JSONValue) throws(EditValueError) -> Double {
        let number = try number(value)
        guard number >= 0 else { throw .expected("a number >= 0", got: value) }
        return number
    }

    static func positiveNumber(_ value: JSONValue) throws(EditValueError) -> Double {
        let number = try number(value)
        guard number > 0 else { throw .expected("a number > 0", got: value) }
        return number
    }

    static func bool(_ value: JSONValue) throws(EditValueError) -> Bool {
        guard let flag = value.bool else { throw .expected("true or false", got: value) }
        return flag
    }

    static func point(_ value: JSONValue) throws(EditValueError) -> WeftLayout.Point {
        guard let items = value.array, items.count == 2, let x = items[0].number, let y = items[1].number,
            x.isFinite, y.isFinite
        else { throw .expected("[x, y] (two finite numbers)", got: value) }
        return WeftLayout.Point(x: x, y: y)
    }

    /// `[top, left, bottom, right]`, each a number or `"inf"`, as layout-json allows.
    static func insets(_ value: JSONValue) throws(EditValueError) -> EdgeInsets {
        let what = "[top, left, bottom, right] (numbers or \"inf\")"
        guard let items = value.array, items.count == 4 else { throw .expected(what, got: value) }
        var numbers: [Double] = []
        for item in items {
            switch item {
            case .number(let number) where !number.isNaN: numbers.append(number)
            case .string("inf"): numbers.append(.infinity)
            default: throw .expected(what, got: value)
            }
        }
        return EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    }
}

/// Layout values put in their layout-json forms, by capture (`StyleProperty`, `SpecProperty`,
/// `NodeProperties`).
extension JSONSink {
    /// Points as a plain number, a fraction as `"50%"`, auto as `"auto"`.
    mutating func dimension(_ dimension: WeftLayout.Dimension) {
        switch dimension.unit {
        case .auto: string("auto")
        case .points: number(dimension.value)
        case .fraction: string(LayoutValues.percentText(dimension.value) + "%")
        }
    }

    /// `[x, y]`.
    mutating func point(_ point: WeftLayout.Point) {
        array { array in
            array.number(point.x)
            array.number(point.y)
        }
    }

    /// `[top, left, bottom, right]`; infinite insets are written `"inf"` (as every infinite
    /// number of a snapshot).
    mutating func insets(_ insets: EdgeInsets) {
        array { array in
            array.number(insets.top)
            array.number(insets.left)
            array.number(insets.bottom)
            array.number(insets.right)
        }
    }
}
