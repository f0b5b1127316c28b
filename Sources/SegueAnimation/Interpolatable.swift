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
    /// The neutral delta of an additive animation.
    static var additiveIdentity: Self { get }
    /// `self` with `delta` added.
    func adding(_ delta: Self) -> Self
    /// The delta that takes `other` to `self`: `other.adding(self.subtracting(other)) == self`.
    func subtracting(_ other: Self) -> Self
}

extension Double: Interpolatable {
    public static func interpolate(from: Double, to: Double, fraction: Double) -> Double {
        from + (to - from) * fraction
    }
    public static var additiveIdentity: Double { 0 }
    public func adding(_ delta: Double) -> Double { self + delta }
    public func subtracting(_ other: Double) -> Double { self - other }
}

extension CGPoint: Interpolatable {
    public static func interpolate(from: CGPoint, to: CGPoint, fraction: Double) -> CGPoint {
        CGPoint(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
    }
    public static var additiveIdentity: CGPoint { .zero }
    public func adding(_ delta: CGPoint) -> CGPoint { self + delta }
    public func subtracting(_ other: CGPoint) -> CGPoint { self - other }
}

extension CGSize: Interpolatable {
    public static func interpolate(from: CGSize, to: CGSize, fraction: Double) -> CGSize {
        CGSize(width: from.width + (to.width - from.width) * fraction,
             height: from.height + (to.height - from.height) * fraction)
    }
    public static var additiveIdentity: CGSize { .zero }
    public func adding(_ delta: CGSize) -> CGSize { self + delta }
    public func subtracting(_ other: CGSize) -> CGSize { self - other }
}

extension CGRect: Interpolatable {
    public static func interpolate(from: CGRect, to: CGRect, fraction: Double) -> CGRect {
        CGRect(origin: .interpolate(from: from.origin, to: to.origin, fraction: fraction),
             size: .interpolate(from: from.size, to: to.size, fraction: fraction))
    }
    public static var additiveIdentity: CGRect { .zero }
    public func adding(_ delta: CGRect) -> CGRect { CGRect(origin: origin + delta.origin, size: size + delta.size) }
    public func subtracting(_ other: CGRect) -> CGRect { CGRect(origin: origin - other.origin, size: size - other.size) }
}

extension Color: Interpolatable {
    public static func interpolate(from: Color, to: Color, fraction: Double) -> Color {
        Color(red: from.red + (to.red - from.red) * fraction,
              green: from.green + (to.green - from.green) * fraction,
              blue: from.blue + (to.blue - from.blue) * fraction,
              alpha: from.alpha + (to.alpha - from.alpha) * fraction)
    }
    public static var additiveIdentity: Color { Color(red: 0, green: 0, blue: 0, alpha: 0) }
    public func adding(_ d: Color) -> Color {
        Color(red: red + d.red, green: green + d.green, blue: blue + d.blue, alpha: alpha + d.alpha)
    }
    public func subtracting(_ o: Color) -> Color {
        Color(red: red - o.red, green: green - o.green, blue: blue - o.blue, alpha: alpha - o.alpha)
    }
}

extension Transform3D: Interpolatable {
    /// Interpolates the decomposed transforms (translation, scale, skew, perspective, and the rotation
    /// as a quaternion slerp), as Core Animation does, so a rotation turns rather than shrinking through
    /// a degenerate matrix. Falls back to component-wise interpolation when either side cannot be
    /// decomposed (a singular matrix).
    public static func interpolate(from: Transform3D, to: Transform3D, fraction: Double) -> Transform3D {
        if fraction == 0 { return from }
        if fraction == 1 { return to }
        if let a = from.decomposed(), let b = to.decomposed() {
            return Transform3D(recomposing: .interpolate(from: a, to: b, fraction: fraction))
        }
        let ca = from.components, cb = to.components
        return Transform3D((0..<16).map { ca[$0] + (cb[$0] - ca[$0]) * fraction })
    }
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
    public static var componentCount: Int { 1 }
    public var components: SIMD4<Double> { SIMD4(self, 0, 0, 0) }
}

extension CGPoint: VectorInterpolatable {
    public static var componentCount: Int { 2 }
    public var components: SIMD4<Double> { SIMD4(x, y, 0, 0) }
}

extension CGSize: VectorInterpolatable {
    public static var componentCount: Int { 2 }
    public var components: SIMD4<Double> { SIMD4(width, height, 0, 0) }
}

extension CGRect: VectorInterpolatable {
    public static var componentCount: Int { 4 }
    public var components: SIMD4<Double> { SIMD4(origin.x, origin.y, size.width, size.height) }
}

extension Color: VectorInterpolatable {
    public static var componentCount: Int { 4 }
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
