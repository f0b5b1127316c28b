import Foundation

/// A 2D affine transform (Core Graphics' `CGAffineTransform`), row-vector convention:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// Differs from Core Graphics: components are `Double`. As in UIKit, y points down, so a positive
/// rotation angle turns clockwise on screen.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The matrix `[a b 0; c d 0; tx ty 1]`.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// A transform from its six components.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity transform.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation (`CGAffineTransform(translationX:y:)`).
    public init(translationX tx: Double, y ty: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    /// A scale (`CGAffineTransform(scaleX:y:)`).
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `angle` radians (clockwise on screen, as in UIKit).
    public init(rotationAngle angle: Double) {
        let cs = cos(angle), sn = sin(angle)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2`.
    public func concatenating(_ t2: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                        c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                        tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A translation applied before `self` (`CGAffineTransformTranslate`).
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before `self` (`CGAffineTransformScale`).
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before `self` (`CGAffineTransformRotate`).
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse, or `self` unchanged when it is not invertible (as Core Graphics does).
    public func inverted() -> AffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
