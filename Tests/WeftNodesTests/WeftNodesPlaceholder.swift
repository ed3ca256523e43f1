import Testing
@testable import WeftNodes
