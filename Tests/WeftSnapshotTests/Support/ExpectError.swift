import Testing

/// The error of type `E` that `body` throws; records an issue (and returns nil) when it throws
/// nothing or something else.
func thrown<E: Error>(_: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> E? {
    do {
        try body()
        Issue.record("expected \(E.self) to be thrown", sourceLocation: sourceLocation)
    } catch let error as E {
        return error
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
