import Testing
@testable import WeftLayout
