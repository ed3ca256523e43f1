import Foundation
import WeftLayout

/// Scrolling that plays over frames.
enum ScrollMotion {
    /// A scripted finger: moves the content offset by `remaining` over `timeLeft` seconds at
    /// `velocity`, then lifts (which may start a deceleration).
    case drag(remaining: Point, velocity: Point, timeLeft: Double)
    /// Free scrolling after a drag, slowing down at UIKit's normal rate.
    case deceleration(velocity: Point)
    /// An eased move to `to` over `duration` (animated offsets; a pager settling on a page).
    /// `userInitiated` moves count as the user scrolling (they keep the scroll direction).
    case animation(from: Point, to: Point, elapsed: Double, duration: Double, userInitiated: Bool)

    /// UIScrollView's normal deceleration rate: the velocity keeps this fraction per millisecond.
    static let decelerationRate = 0.998
    /// Below this speed (points per second) a deceleration stops.
    static let minimumVelocity = 5.0
    /// Animated content offsets take this long (UIKit's default is about 0.3 s).
    static let animationDuration = 0.3

    var isDeceleration: Bool {
        switch self {
        case .deceleration: true
        case .animation(_, _, _, _, let userInitiated): userInitiated
        case .drag: false
        }
    }

    /// The velocity the range controller reads the scroll direction from (zero for programmatic
    /// animations, which keep the previous direction, as in Texture).
    var directionVelocity: Point {
        switch self {
        case .drag(_, let velocity, _): velocity
        case .deceleration(let velocity): velocity
        case .animation(let from, let to, _, _, let userInitiated): userInitiated ? to - from : .zero
        }
    }

    /// How far a deceleration starting at `velocity` travels in total:
    /// the integral of v0 x rate^(1000 t) dt = v0 / (-1000 ln rate).
    static func decelerationDistance(_ velocity: Double) -> Double {
        velocity / (-1000 * log(decelerationRate))
    }

    /// One frame of deceleration: the distance moved in `dt` and the velocity after it.
    static func decelerate(_ velocity: Double, dt: Double) -> (distance: Double, velocity: Double) {
        let factor = pow(decelerationRate, 1000 * dt)
        return (decelerationDistance(velocity) * (1 - factor), velocity * factor)
    }

    /// Ease-in-out progress for a fraction of the duration.
    static func ease(_ fraction: Double) -> Double {
        0.5 - 0.5 * cos(Double.pi * min(1, max(0, fraction)))
    }
}
