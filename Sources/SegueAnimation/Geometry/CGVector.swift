import Foundation

/// A two-dimensional vector with Core Graphics' name and API (Foundation on Linux has none): what
/// UIKit's spring timing takes as its initial velocity (`UISpringTimingParameters(dampingRatio:initialVelocity:)`).
///
/// Differs from Core Graphics: nothing; like it, it has no arithmetic operators (code that wants them,
/// as Apple's samples do, defines its own).
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal component.
    public var dx: CGFloat
    /// The vertical component.
    public var dy: CGFloat

    /// A vector from its components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// The zero vector (Core Graphics' `init()`).
    public init() { self.init(dx: 0, dy: 0) }

    /// The zero vector (`CGVector.zero`).
    public static let zero = CGVector(dx: 0, dy: 0)

    /// `(dx, dy)`, for debugging.
    public var description: String { "(\(dx), \(dy))" }
}
