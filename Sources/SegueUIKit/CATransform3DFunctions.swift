// Core Animation's `CATransform3D...` functions, each one call of ``Transform3D``'s own API with
// Core Animation's argument order. As in Core Animation, `CATransform3DRotate/Scale/Translate(t, ...)`
// apply the new step *before* `t` (`CATransform3DConcat(step, t)`), and `CATransform3DConcat(a, b)` is
// `a` followed by `b`.

/// `CATransform3DIsIdentity`: whether `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }

/// `CATransform3DEqualToTransform`: whether the 16 components are equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// `CATransform3DMakeTranslation`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    Transform3D(translationX: tx, y: ty, z: tz)
}

/// `CATransform3DMakeScale`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    Transform3D(scaleX: sx, y: sy, z: sz)
}

/// `CATransform3DMakeRotation`: a rotation by `angle` radians about the axis `(x, y, z)`; a zero axis
/// gives the identity, as in Core Animation.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}

/// `CATransform3DTranslate`: the translation, then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    t.translatedBy(x: tx, y: ty, z: tz)
}

/// `CATransform3DScale`: the scale, then `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    t.scaledBy(x: sx, y: sy, z: sz)
}

/// `CATransform3DRotate`: the rotation by `angle` radians about `(x, y, z)`, then `t`; a zero axis
/// leaves `t` as it is.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat,
                                _ z: CGFloat) -> CATransform3D {
    t.rotated(by: angle, x: x, y: y, z: z)
}

/// `CATransform3DConcat`: `a` followed by `b` (the matrix product `a · b`).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }

/// `CATransform3DInvert`: the inverse, or `t` unchanged when it has none (as in Core Animation).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverted() }

/// `CATransform3DMakeAffineTransform`: the 3D form of a 2D affine transform.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D { Transform3D(m) }

/// `CATransform3DIsAffine`: whether `t` is a 2D affine transform (no z, no perspective).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.isAffine }

/// `CATransform3DGetAffineTransform`: the 2D affine part of `t` (z and perspective dropped).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform { t.affineTransform }
