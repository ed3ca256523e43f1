import Foundation

/// `weft-bench [--size tiny|full] [SUITE...]`: runs the benchmark suites and prints their figures.
let suites: [any BenchSuite] = [
    LayoutBench(),
    SnapshotBench(),
    CLIBench(),
    NodesBench(),
    CaptureBench(),
    TransportBench(),
]

var size = BenchSize.full
var selected: Set<String> = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--size", let value = arguments.popFirst(), let parsed = BenchSize(rawValue: value) {
        size = parsed
    } else if argument.hasPrefix("-") {
        FileHandle.standardError.write("usage: weft-bench [--size tiny|full] [SUITE...]\n".data(using: .utf8)!)
        exit(2)
    } else {
        selected.insert(argument)
    }
}

for suite in suites where selected.isEmpty || selected.contains(suite.name) {
    PeakMemory.resetPeak()
    suite.run(size: size, report: BenchReport(suite: suite.name))
}
