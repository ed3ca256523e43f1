@testable import WeftCLI

/// A captured stderr that says it is a terminal, to see the progress `weft snapshot --wait`
/// shows only to people.
final class TerminalOutput: CommandOutput {
    private(set) var text = ""
    var isTerminal: Bool { true }

    func write(_ text: String) {
        self.text += text
    }
}
