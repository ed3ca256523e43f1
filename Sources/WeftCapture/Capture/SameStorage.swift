/// Whether two arrays share their storage. While one of them holds it, no other array can get
/// its address and neither can write to it without copying first: the same storage means the
/// same items, an immediate check where comparing the items one by one reads all of them.
func sameStorage<Item>(_ a: [Item], _ b: [Item]) -> Bool {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count } }
}
