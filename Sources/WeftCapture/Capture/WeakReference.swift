/// A weak reference as a value: an array of them holds objects without keeping them alive
/// (`CaptureCache`'s scroll containers).
struct WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
