import Testing
@testable import WeftCapture
