import Foundation
import Testing
@testable import SegueAnimation

/// `Layer.homographyToSuperlayer` skips the 4x4 products for a layer that only moves (no transform, no
/// sublayer transform above it). Its result must be the general composition's bit for bit: -0 against +0,
/// NaN and infinite inputs included, so that traces and pixels cannot tell the two apart.
@Suite struct HomographyToSuperlayerFastPathTests {
    /// SplitMix64: the same cases on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Values where a sum or product by a constant could tell its sign or finiteness apart.
    static let edges: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, .leastNormalMagnitude / 4, -.leastNormalMagnitude / 4, .leastNonzeroMagnitude,
                                  1e308, -1e308, .greatestFiniteMagnitude, .infinity, -.infinity, .nan,
                                  0.1, -0.1, 3, 390, -390, 844.5]

    static func value(_ g: inout Generator) -> Double {
        switch g.next() % 4 {
        case 0: edges[Int(g.next() % UInt64(edges.count))]
        case 1: Double(Int64(bitPattern: g.next()) % 2000) / 4       // points on a quarter grid
        case 2: Double.random(in: -1000...1000, using: &g)
        default: Double(bitPattern: g.next())                      // any bits: NaNs, subnormals, huge
        }
    }

    static func properties(_ g: inout Generator) -> LayerProperties {
        var p = LayerProperties()
        p.bounds = CGRect(x: value(&g), y: value(&g), width: value(&g), height: value(&g))
        p.anchorPoint = CGPoint(x: value(&g), y: value(&g))
        p.position = CGPoint(x: value(&g), y: value(&g))
        switch g.next() % 4 {
        case 0: p.transform = Transform3D(translationX: value(&g), y: value(&g))
        case 1: p.transform = Transform3D(m11: 1, m12: -0.0, m13: 0, m14: -0.0, m21: 0, m22: 1, m23: -0.0, m24: 0,
                                          m31: 0, m32: 0, m33: 1, m34: 0, m41: -0.0, m42: 0, m43: -0.0, m44: 1)
        default: break
        }
        switch g.next() % 3 {
        case 0: p.sublayerTransform = .perspective(distance: 500)
        case 1: p.sublayerTransform = Transform3D(rotationAngle: value(&g), x: 0, y: 1, z: 0)
        default: break
        }
        return p
    }

    static func bits(_ h: Homography) -> [UInt64] {
        [h.m11, h.m12, h.m13, h.m21, h.m22, h.m23, h.m31, h.m32, h.m33].map(\.bitPattern)
    }

    @Test func aMovedLayerGetsTheGeneralCompositionsBitsForRandomAndEdgeValues() {
        var g = Generator(state: 39)
        var fastCases = 0
        for _ in 0..<50_000 {
            let p = Self.properties(&g)
            let s: LayerProperties? = g.next() % 3 == 0 ? nil : Self.properties(&g)
            if p.transform.isIdentity && (s == nil || s!.sublayerTransform.isIdentity) { fastCases += 1 }
            let fast = Layer.homographyToSuperlayer(p, superlayer: s)
            let general = Layer.generalHomographyToSuperlayer(p, superlayer: s)
            #expect(Self.bits(fast) == Self.bits(general), "\(p) under \(String(describing: s))")
        }
        #expect(fastCases > 15_000)
    }

    @Test func everySignedZeroAnchorAndPositionGetsTheGeneralCompositionsBits() {
        // A zero anchor x negates to -0: the general sums give +0 + position, so -0 + -0 must not survive.
        for ox in Self.edges { for ax in [0, -0.0, 0.5, 1] { for px in Self.edges {
            var p = LayerProperties()
            p.bounds = CGRect(x: ox, y: ox, width: 10, height: 10)
            p.anchorPoint = CGPoint(x: ax, y: ax)
            p.position = CGPoint(x: px, y: -px)
            let fast = Layer.homographyToSuperlayer(p, superlayer: LayerProperties())
            #expect(Self.bits(fast) == Self.bits(Layer.generalHomographyToSuperlayer(p, superlayer: LayerProperties())))
            #expect(Self.bits(Layer.homographyToSuperlayer(p, superlayer: nil))
                    == Self.bits(Layer.generalHomographyToSuperlayer(p, superlayer: nil)))
        } } }
    }

    @Test func aLayerAtTheOriginWithAZeroAnchorMapsToPositiveZeroTranslation() {
        // By hand: translation (-0, -0) then (-0, -0): (+0 - 0 + 0) + (-0) is +0 in the general sums.
        var p = LayerProperties()
        p.anchorPoint = .zero
        p.position = CGPoint(x: -0.0, y: -0.0)
        let h = Layer.homographyToSuperlayer(p, superlayer: nil)
        #expect(h.m31.bitPattern == (0.0).bitPattern && h.m32.bitPattern == (0.0).bitPattern)
        #expect(h.m11 == 1 && h.m22 == 1 && h.m33 == 1 && h.m12.bitPattern == 0 && h.m13.bitPattern == 0)
    }
}
