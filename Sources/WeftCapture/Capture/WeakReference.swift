/// A weak reference as a value. An array of them holds objects without keeping them alive
/// (`CaptureCache`'s scroll containers), and a closure that captures one in a constant reads
/// it without the runtime's exclusivity check that a `[weak self]` capture, a variable, calls
/// on every read (`CaptureSession`'s after-frame hook, once per frame).
struct WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
