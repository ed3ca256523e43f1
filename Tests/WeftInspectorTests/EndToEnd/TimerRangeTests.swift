import Foundation
import Testing
import WeftTestSupport

@testable import WeftInspector

/// Durations a program may pass in the transport's options, however long: libwebsockets counts
/// its timers in 64-bit microseconds, which hold about 292 000 years, so a longer delay (a
/// program's way of saying "never", `.seconds(.max)`) has to be clamped, not multiplied out.
@Suite struct TimerRangeTests {
    /// `Inspector.Options.registrationTimeout` (`TransportOptions.handshakeTimeout`) of
    /// `.seconds(Int64.max)`: "wait for the gateway's answer as long as it takes". Through the real
    /// gateway the device registers as usual and stays registered.
    @Test func anEndlessHandshakeTimeoutIsNoCrash() async throws {
        var options = TransportOptions.testDevice()
        options.handshakeTimeout = .seconds(Int64.max)
        options.closeTimeout = .seconds(Int64.max)
        let gateway = try GatewayProcess()
        let device = try await startRegisteredDevice(gateway, options: options)
        defer { device.close() }
        #expect(device.isRegistered)
        #expect(device.client.state == .open)
    }

    /// The conversion itself: whole microseconds, at least one (lws treats 0 as "now" and a
    /// negative delay as the past), at most `ServiceTimer.longestDelay` (a century).
    @Test func delaysAreClampedToWhatTheTimerHolds() {
        #expect(ServiceTimer.microseconds(.milliseconds(4)) == 4_000)
        #expect(ServiceTimer.microseconds(.seconds(10)) == 10_000_000)
        #expect(ServiceTimer.microseconds(.nanoseconds(1_500)) == 1)
        #expect(ServiceTimer.microseconds(.zero) == 1)
        #expect(ServiceTimer.microseconds(.seconds(-3)) == 1)
        let century: Int64 = 100 * 365 * 24 * 3600 * 1_000_000
        #expect(ServiceTimer.microseconds(.seconds(Int64.max)) == century)
        #expect(ServiceTimer.microseconds(.seconds(200 * 365 * 24 * 3600)) == century)
    }
}
