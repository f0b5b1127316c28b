import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// A piece of a picture (a clipping layer holding a larger picture, offset: how the depth effects cut a
/// page into strips and tiles) drawn under a projective map by both back-ends.
///
/// Regression: the CPU compositor scaled a projective map's pixman matrix by its entries alone; for a
/// piece near the target's origin the entries are small, the scaled matrix gave homogeneous coordinates
/// beyond pixman's 16.16 range, and pixman drew the piece transparent (the fold's strips and, with a
/// transform whose `m44` the transform interpolation left at 0.9999999999999999, the explode's tiles at
/// rest were missing on the CPU back-end only).
@Suite(.serialized) @MainActor
struct ClippedPicturePixelTests {
    /// A 50x50 piece at (100, 0) of a 400x300 picture, red left of x = 125 and green right of it.
    func piece(in c: Canvas, transform: Transform3D) {
        let source = solidLayer(CGRect(x: 0, y: 0, width: 400, height: 300), .red)
        source.addSublayer(solidLayer(CGRect(x: 125, y: 0, width: 275, height: 300), .green))
        let piece = Layer()
        piece.frame = CGRect(x: 100, y: 0, width: 50, height: 50)
        piece.masksToBounds = true
        let content = Layer()
        content.frame = CGRect(x: -100, y: 0, width: 400, height: 300)
        content.contents = .snapshot(Snapshot(source: source, size: CGSize(width: 400, height: 300)))
        piece.addSublayer(content)
        piece.transform = transform
        c.add(piece)
    }

    /// Every entry doubled, `m44` included: the same map as the identity.
    @Test(arguments: BackEnd.allCases)
    func aPieceUnderAHomogeneousScaleIsDrawnInPlace(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        piece(in: c, transform: Transform3D(Transform3D.identity.components.map { $0 * 2 }))
        try c.draw()
        #expect(try c.pixel(110, 25) == red)
        #expect(try c.pixel(140, 25) == green)
        #expect(try c.pixel(152, 25) == white, "clipped at the piece's right edge")
        #expect(try c.pixel(110, 52) == white, "clipped at the piece's bottom edge")
    }

    /// Turned 0.3 rad about y (its left side towards the viewer) under m34 = -1/500, about the piece's
    /// centre (125, 25): a local x lands at 125 + x cos 0.3 / (1 + x sin 0.3 / 500); the edges x = ±25 at
    /// 125 - 24.54 = 100.46 and 125 + 23.20 = 148.20; the seam (x = 0) stays at 125.
    @Test(arguments: BackEnd.allCases)
    func aPieceInPerspectiveIsDrawnClippedToItsTurnedEdges(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        piece(in: c, transform: Transform3D.perspective(distance: 500).rotated(by: 0.3, x: 0, y: 1, z: 0))
        try c.draw()
        try c.saveIfAsked("clipped-piece-perspective")
        func x(_ local: Double) -> Double { 125 + local * cos(0.3) / (1 + local * sin(0.3) / 500) }
        #expect(try c.pixel(Int(x(-25).rounded(.up)) + 1, 25) == red)
        #expect(try c.pixel(Int(x(-25).rounded(.down)) - 1, 25) == white)
        #expect(try c.pixel(122, 25) == red)
        #expect(try c.pixel(128, 25) == green)
        #expect(try c.pixel(Int(x(25).rounded(.down)) - 1, 25) == green)
        #expect(try c.pixel(Int(x(25).rounded(.up)) + 1, 25) == white)
    }
}
