import Testing
@testable import WeftInspector
