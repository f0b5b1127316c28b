import Foundation

/// A value that animations can interpolate and add up.
///
/// Core Animation interpolates its property types internally; here each animatable property's type
/// conforms, so animations are typed. `adding`/`subtracting` give additive animations their meaning:
/// for plain numbers and points they are component-wise; for ``Transform3D`` they are concatenation
/// with the value or its inverse.
public protocol Interpolatable: Equatable, Sendable {
    /// The value at `fraction` between `from` (0) and `to` (1); fractions outside 0...1 extrapolate
    /// (springs overshoot).
    static func interpolate(from: Self, to: Self, fraction: Double) -> Self
    /// Prepares the interpolation between two fixed ends once, for an animation that asks for many
    /// fractions between the same ends (every frame): the function returned gives exactly
    /// `interpolate(from: from, to: to, fraction:)` at every fraction, with the per-pair work (for
    /// ``Transform3D``, decomposing both ends) done here rather than at each call. The default calls
    /// ``interpolate(from:to:fraction:)``. No Core Animation counterpart (it interpolates internally).
    static func makeInterpolation(from: Self, to: Self) -> @Sendable (Double) -> Self
    /// The neutral delta of an additive animation.
    static var additiveIdentity: Self { get }
    /// `self` with `delta` added.
    func adding(_ delta: Self) -> Self
    /// The delta that takes `other` to `self`: `other.adding(self.subtracting(other)) == self`.
    func subtracting(_ other: Self) -> Self
}

extension Interpolatable {
    /// Calls ``interpolate(from:to:fraction:)`` at each fraction (nothing to prepare for this type).
    public static func makeInterpolation(from: Self, to: Self) -> @Sendable (Double) -> Self {
        { fraction in interpolate(from: from, to: to, fraction: fraction) }
    }
}

extension Double: Interpolatable {
    /// Linear interpolation: `from + (to - from) * fraction`.
    public static func interpolate(from: Double, to: Double, fraction: Double) -> Double {
        from + (to - from) * fraction
    }
    /// Zero.
    public static var additiveIdentity: Double { 0 }
    /// The sum `self + delta`.
    public func adding(_ delta: Double) -> Double { self + delta }
    /// The difference `self - other`.
    public func subtracting(_ other: Double) -> Double { self - other }
}

extension CGFloat: Interpolatable {
    /// Linear interpolation: `from + (to - from) * fraction`.
    public static func interpolate(from: CGFloat, to: CGFloat, fraction: Double) -> CGFloat {
        from + (to - from) * fraction
    }
    /// Zero.
    public static var additiveIdentity: CGFloat { 0 }
    /// The sum `self + delta`.
    public func adding(_ delta: CGFloat) -> CGFloat { self + delta }
    /// The difference `self - other`.
    public func subtracting(_ other: CGFloat) -> CGFloat { self - other }
}

extension CGPoint: Interpolatable {
    /// Linear interpolation of `x` and `y`, each `from + (to - from) * fraction`.
    public static func interpolate(from: CGPoint, to: CGPoint, fraction: Double) -> CGPoint {
        CGPoint(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
    }
    /// The origin, `.zero`.
    public static var additiveIdentity: CGPoint { .zero }
    /// The component-wise sum of `x` and `y`.
    public func adding(_ delta: CGPoint) -> CGPoint { self + delta }
    /// The component-wise difference of `x` and `y`.
    public func subtracting(_ other: CGPoint) -> CGPoint { self - other }
}

extension CGSize: Interpolatable {
    /// Linear interpolation of `width` and `height`, each `from + (to - from) * fraction`.
    public static func interpolate(from: CGSize, to: CGSize, fraction: Double) -> CGSize {
        CGSize(width: from.width + (to.width - from.width) * fraction,
             height: from.height + (to.height - from.height) * fraction)
    }
    /// The empty size, `.zero`.
    public static var additiveIdentity: CGSize { .zero }
    /// The component-wise sum of `width` and `height`.
    public func adding(_ delta: CGSize) -> CGSize { self + delta }
    /// The component-wise difference of `width` and `height`.
    public func subtracting(_ other: CGSize) -> CGSize { self - other }
}

extension CGRect: Interpolatable {
    /// Linear interpolation of the origin and of the size, component by component.
    public static func interpolate(from: CGRect, to: CGRect, fraction: Double) -> CGRect {
        CGRect(origin: .interpolate(from: from.origin, to: to.origin, fraction: fraction),
             size: .interpolate(from: from.size, to: to.size, fraction: fraction))
    }
    /// `.zero`: zero origin and zero size.
    public static var additiveIdentity: CGRect { .zero }
    /// The sum of origins and of sizes, component by component.
    public func adding(_ delta: CGRect) -> CGRect { CGRect(origin: origin + delta.origin, size: size + delta.size) }
    /// The difference of origins and of sizes, component by component.
    public func subtracting(_ other: CGRect) -> CGRect { CGRect(origin: origin - other.origin, size: size - other.size) }
}

extension Color: Interpolatable {
    /// Linear interpolation of each component (red, green, blue, alpha), not premultiplied, in sRGB, as Core
    /// Animation interpolates colours.
    public static func interpolate(from: Color, to: Color, fraction: Double) -> Color {
        Color(red: from.red + (to.red - from.red) * fraction,
              green: from.green + (to.green - from.green) * fraction,
              blue: from.blue + (to.blue - from.blue) * fraction,
              alpha: from.alpha + (to.alpha - from.alpha) * fraction)
    }
    /// All four components zero (transparent black).
    public static var additiveIdentity: Color { Color(red: 0, green: 0, blue: 0, alpha: 0) }
    /// The component-wise sum (alpha included); the result is not clamped to 0...1.
    public func adding(_ d: Color) -> Color {
        Color(red: red + d.red, green: green + d.green, blue: blue + d.blue, alpha: alpha + d.alpha)
    }
    /// The component-wise difference (alpha included); the result is not clamped to 0...1.
    public func subtracting(_ o: Color) -> Color {
        Color(red: red - o.red, green: green - o.green, blue: blue - o.blue, alpha: alpha - o.alpha)
    }
}

extension Transform3D: Interpolatable {
    /// Interpolates the decomposed transforms (translation, scale, skew, perspective, and the rotation
    /// as a quaternion slerp), as Core Animation does, so a rotation turns rather than shrinking through
    /// a degenerate matrix. Falls back to component-wise interpolation when either side cannot be
    /// decomposed (a singular matrix).
    ///
    /// Decomposes both ends at each call (except at fractions 0 and 1); an animation, which asks for many
    /// fractions between the same ends, uses ``makeInterpolation(from:to:)`` and decomposes them once.
    public static func interpolate(from: Transform3D, to: Transform3D, fraction: Double) -> Transform3D {
        if fraction == 0 { return from }
        if fraction == 1 { return to }
        return makeInterpolation(from: from, to: to)(fraction)
    }

    /// Decomposes both ends once (or, when either is singular, takes their components once); the
    /// function returned gives exactly ``interpolate(from:to:fraction:)`` at every fraction.
    public static func makeInterpolation(from: Transform3D, to: Transform3D) -> @Sendable (Double) -> Transform3D {
        if let a = from.decomposed(), let b = to.decomposed() {
            return { fraction in
                if fraction == 0 { return from }
                if fraction == 1 { return to }
                return Transform3D(recomposing: .interpolate(from: a, to: b, fraction: fraction))
            }
        }
        let ca = from.components, cb = to.components
        return { fraction in
            if fraction == 0 { return from }
            if fraction == 1 { return to }
            return Transform3D((0..<16).map { ca[$0] + (cb[$0] - ca[$0]) * fraction })
        }
    }
    /// The identity transform (``Transform3D/identity``): concatenating it changes nothing.
    public static var additiveIdentity: Transform3D { .identity }
    /// Concatenation: `delta` is applied before `self` (`delta · self`).
    public func adding(_ delta: Transform3D) -> Transform3D { delta.concatenating(self) }
    /// The delta `d` with `d · other == self`, so that `other.adding(d) == self`.
    public func subtracting(_ other: Transform3D) -> Transform3D { concatenating(other.inverted()) }
}

/// An ``Interpolatable`` made of 1 to 4 `Double` components that interpolate and add component by
/// component (numbers, points, sizes, rectangles, colours). Animations of such properties take the
/// presentation pass's fast path: plain data written straight into the layer's properties.
public protocol VectorInterpolatable: Interpolatable {
    /// How many components (1...4).
    static var componentCount: Int { get }
    /// The components, in memory order, padded with zeros.
    var components: SIMD4<Double> { get }
}

extension Double: VectorInterpolatable {
    /// One component.
    public static var componentCount: Int { 1 }
    /// The value, then zeros.
    public var components: SIMD4<Double> { SIMD4(self, 0, 0, 0) }
}

extension CGFloat: VectorInterpolatable {
    /// One component.
    public static var componentCount: Int { 1 }
    /// The value as a `Double`, then zeros.
    public var components: SIMD4<Double> { SIMD4(Double(self), 0, 0, 0) }
}

extension CGPoint: VectorInterpolatable {
    /// Two components: `x`, `y`.
    public static var componentCount: Int { 2 }
    /// `x`, `y`, then zeros.
    public var components: SIMD4<Double> { SIMD4(x, y, 0, 0) }
}

extension CGSize: VectorInterpolatable {
    /// Two components: `width`, `height`.
    public static var componentCount: Int { 2 }
    /// `width`, `height`, then zeros.
    public var components: SIMD4<Double> { SIMD4(width, height, 0, 0) }
}

extension CGRect: VectorInterpolatable {
    /// Four components: origin `x`, `y`, size `width`, `height`.
    public static var componentCount: Int { 4 }
    /// Origin `x`, `y`, size `width`, `height`.
    public var components: SIMD4<Double> { SIMD4(origin.x, origin.y, size.width, size.height) }
}

extension Color: VectorInterpolatable {
    /// Four components: red, green, blue, alpha.
    public static var componentCount: Int { 4 }
    /// Red, green, blue, alpha (each 0...1).
    public var components: SIMD4<Double> { SIMD4(red, green, blue, alpha) }
}

extension VectorInterpolatable {
    /// Whether a value of this type lies in memory as its ``components`` (checked once per type by
    /// writing a value and reading its doubles back), so the fast path may write the doubles directly.
    static var storesComponentsInOrder: Bool {
        guard MemoryLayout<Self>.size == componentCount * MemoryLayout<Double>.size else { return false }
        // A value whose components are all different tells their order apart.
        var probe = Self.additiveIdentity
        let marks = SIMD4<Double>(1.5, 2.5, 3.5, 4.5)
        withUnsafeMutableBytes(of: &probe) { raw in
            for i in 0..<componentCount { raw.storeBytes(of: marks[i], toByteOffset: i * 8, as: Double.self) }
        }
        return probe.components == SIMD4(
            (0..<4).map { $0 < componentCount ? marks[$0] : 0 })
    }
}
