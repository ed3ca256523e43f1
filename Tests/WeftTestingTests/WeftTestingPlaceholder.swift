import Testing
@testable import WeftTesting
