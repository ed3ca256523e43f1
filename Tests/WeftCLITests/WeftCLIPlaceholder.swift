import Testing
@testable import WeftCLI
