/// A test harness could not set up what a test needs (a missing build product, a process that
/// did not start). Thrown, never skipped over: a test that cannot run must fail.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
