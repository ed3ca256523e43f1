/// The record of one layout pass, kept only when asked for: every `layoutThatFits` call (the
/// range its parent passed, the parent size its fractions resolve against, the range its own
/// style size narrowed that to, the size it took) and the decisions each spec made on the way
/// (a stack's flex shares, an inset's child range, a ratio's candidates ...), each with its
/// numbers and a sentence.
///
/// A pass is traced by laying out with `LayoutContext.tracing(_:)`; the engine checks
/// `context.trace` (nil in every ordinary pass) at its decision points, so an untraced layout
/// does no extra work. `LayoutExplanation` turns a trace into the chain of one element.
///
/// ```swift
/// let trace = LayoutTrace()
/// let layout = trace.run { root.layoutThatFits(range, parentSize: range.max, context: $0) }
/// let explanation = LayoutExplanation(of: button, in: layout, trace: trace)
/// ```
///
/// Unchecked Sendable only so that a `LayoutContext` (Sendable) can point at it: one pass, on
/// one thread, records into a trace; read it after the pass.
public final class LayoutTrace: @unchecked Sendable {
    /// One named number of a decision: `("violation", 12)`, `("flexGrow", 1)`.
    public struct Value: Equatable, Sendable {
        /// What the number is: `violation`, `flexGrow`...
        public var name: String
        /// The number, in points where it is a length.
        public var value: Double

        /// A named number: `Value("flexGrow", 1)`.
        public init(_ name: String, _ value: Double) {
            self.name = name
            self.value = value
        }
    }

    /// One decision a spec (or a leaf's measurement) made.
    public struct Step: Equatable, Sendable {
        /// What decided, as a stable identifier: `stack.flex.grow`, `inset.childRange`, ...
        /// (docs/layout-json.md lists them).
        public var rule: String
        /// The index of the child (in the spec's `children`) the decision is about, or nil
        /// when it is about the element itself.
        public var child: Int?
        /// The call it concerns, for a step about a child's layout (`LayoutTrace.calls`).
        public var call: Int?
        /// The numbers that decided, in reading order.
        public var values: [Value]
        /// The decision for a person, numbers included.
        public var sentence: String

        /// The number called `name`, if the step has one.
        public func value(_ name: String) -> Double? { values.first { $0.name == name }?.value }
    }

    /// One `layoutThatFits` call.
    public struct Call {
        /// The element laid out.
        public let element: any LayoutElement
        /// The call that made this one (nil for the pass's root).
        public let parent: Int?
        /// The range the parent passed (the layout's `constrainedSize`).
        public let constrainedSize: SizeRange
        /// The parent size the element's fractions resolve against (NaN: unknown).
        public let parentSize: Size
        /// The element's style size at the time of the call.
        public let styleSize: LayoutElementSize
        /// The range after the element's own style size narrowed `constrainedSize`; nil for
        /// the specs that ignore their style size (inset, overlay, background).
        public let resolvedSize: SizeRange?
        /// The size the element computed, before the pixel grid (nil when it did not say).
        public internal(set) var computedSize: Size?
        /// The layout's size (on the pixel grid).
        public internal(set) var size: Size = .zero
        /// The calls this one made, in order.
        public internal(set) var children: [Int] = []
        /// The decisions made in this call, in order.
        public internal(set) var steps: [Step] = []
    }

    /// Every call of the pass, in the order they started; the root's is the first.
    public private(set) var calls: [Call] = []
    private var open: [Int] = []
    /// The call that finished last: what a spec's `child.layoutThatFits` just returned.
    public private(set) var lastFinished: Int?
    /// The screen scale of the traced pass (set by `run`).
    public private(set) var scale = LayoutContext.default.scale

    /// An empty trace, for `LayoutTrace.run` to record one pass into.
    public init() {}

    /// Runs `body` with a context that records into this trace (the other settings of `context`
    /// kept) and returns its result. The trace must stay alive while the pass runs; this keeps it.
    public func run<Result>(context: LayoutContext = .default, _ body: (LayoutContext) -> Result) -> Result {
        scale = context.scale
        return withExtendedLifetime(self) { body(context.tracing(self)) }
    }

    /// Records one `layoutThatFits` call around `body` (the element's computation) and returns
    /// its layout with `constrainedSize` recorded.
    @inline(never)
    public func call(
        _ element: any LayoutElement, constrainedSize: SizeRange, parentSize: Size,
        resolvedSize: SizeRange?, _ body: () -> Layout
    ) -> Layout {
        let index = calls.count
        let parent = open.last
        calls.append(
            Call(
                element: element, parent: parent, constrainedSize: constrainedSize, parentSize: parentSize,
                styleSize: element.style.size, resolvedSize: resolvedSize))
        if let parent { calls[parent].children.append(index) }
        open.append(index)
        let layout = body().recording(constrainedSize: constrainedSize)
        open.removeLast()
        calls[index].size = layout.size
        lastFinished = index
        return layout
    }

    /// Adds a decision to the call under way.
    @inline(never)
    public func note(_ rule: String, child: Int? = nil, call: Int? = nil, _ values: [Value], _ sentence: String) {
        guard let current = open.last else { return }
        calls[current].steps.append(Step(rule: rule, child: child, call: call, values: values, sentence: sentence))
    }

    /// Adds a decision about the child layout that just finished (`lastFinished`).
    @inline(never)
    public func noteChild(_ rule: String, child: Int, _ values: [Value], _ sentence: String) {
        note(rule, child: child, call: lastFinished, values, sentence)
    }

    /// A leaf's measurement: what it wanted (`source` says why) and the size its range allowed.
    @inline(never)
    public func noteMeasurement(measured: Size, size: Size, source: String) {
        computed(size)
        let clamp = measured == size ? "it fits the range" : "clamped into the range: " + traceSize(size)
        note(
            "leaf.measure",
            [
                .init("measuredWidth", measured.width), .init("measuredHeight", measured.height),
                .init("width", size.width), .init("height", size.height),
            ],
            "measures " + traceSize(measured) + " (" + source + "); " + clamp)
    }

    /// A number as the sentences print it: `375`, `10.5`, `inf`, at most 2 decimals.
    public static func format(_ value: Double) -> String { traceNumber(value) }

    /// A size as the sentences print it: `375 x 44`.
    public static func format(_ size: Size) -> String { traceSize(size) }

    /// A range as the sentences print it: `width exactly 375, height [0, inf]`.
    public static func format(_ range: SizeRange) -> String { traceRange(range) }

    /// Records the size the call under way computed before it was put on the pixel grid.
    @inline(never)
    public func computed(_ size: Size) {
        guard let current = open.last else { return }
        calls[current].computedSize = size
    }

    /// The call that laid out the element of `layout` for the layout kept in the call `parent`:
    /// the last call `parent` made for that element (a stack measures a child, then may flex
    /// and stretch it; the last layout is the one it keeps).
    public func keptCall(of element: any LayoutElement, in parent: Int) -> Int? {
        calls[parent].children.last { calls[$0].element === element }
    }
}

extension LayoutContext {
    /// This context recording into `trace`. The context does not keep `trace` alive: use
    /// `LayoutTrace.run`, which does.
    public func tracing(_ trace: LayoutTrace) -> LayoutContext {
        var context = self
        context.traceReference = Unmanaged.passUnretained(trace)
        return context
    }

    /// The trace this pass records into; nil (the ordinary case) means no recording at all.
    @inlinable
    public var trace: LayoutTrace? { traceReference?.takeUnretainedValue() }
}

/// Short numbers for sentences: `375`, `10.5`, `inf`, `33.33` (at most 2 decimals: the exact
/// values are in the step's `values`).
func traceNumber(_ value: Double) -> String {
    if value.isNaN { return "undefined" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    let rounded = (value * 100).rounded() / 100
    return formatNumber(rounded == 0 ? 0 : rounded)
}

/// `W x H` for sentences.
func traceSize(_ size: Size) -> String { traceNumber(size.width) + " x " + traceNumber(size.height) }

/// `[min, max]` for one axis of a range.
func traceSpan(_ min: Double, _ max: Double) -> String {
    min == max ? "exactly " + traceNumber(min) : "[" + traceNumber(min) + ", " + traceNumber(max) + "]"
}

/// `width [0, 375], height [0, inf]` for sentences.
func traceRange(_ range: SizeRange) -> String {
    "width " + traceSpan(range.min.width, range.max.width) + ", height " + traceSpan(range.min.height, range.max.height)
}
