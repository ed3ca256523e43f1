import Testing
@testable import WeftSnapshot
