/// A bad command line: printed with a hint to `--help`, exit status 2.
struct CommandLineError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
