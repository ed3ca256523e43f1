import WeftSnapshot

/// TEMPORARY until WeftSnapshot's diff SVG renderer lands.
enum DiffPicture {
    static func write(_ a: Snapshot, _ b: Snapshot, changes: [SemanticChange], to path: String, io: CommandIO) throws {
        throw UsageError("--svg: the diff picture is not available yet")
    }
}
