import Testing
@testable import SegueSDL

/// A clip's whole pixels (the rectangle it is when it is an axis-aligned rectangle on whole pixels) are
/// found once, when the clip is made, and the damage step, both executors and the present plan read them:
/// they must be the pixels of exactly those clips, in either winding, and nil for any other.
@Suite struct ClipPolygonWholePixelsTests {
    private func clip(_ points: [(x: Double, y: Double)]) -> ClipPolygon { ClipPolygon(points)! }

    @Test func aRectangleOnWholePixelsHasThemInEitherWinding() {
        let expected = PixelRect(x0: 10, y0: 20, x1: 110, y1: 70)
        #expect(clip([(10, 20), (110, 20), (110, 70), (10, 70)]).wholePixels == expected)
        #expect(clip([(10, 20), (10, 70), (110, 70), (110, 20)]).wholePixels == expected)
        // Just short of a whole pixel: within the 1e-6 tolerance of `PixelRect.inside`, and the enclosing
        // pixels round up to the same edge. Just past it, the enclosing pixels take one more column.
        #expect(clip([(10, 20), (109.9999999, 20), (109.9999999, 70), (10, 70)]).wholePixels == expected)
        #expect(clip([(10, 20), (110.0000001, 20), (110.0000001, 70), (10, 70)]).wholePixels == nil)
        #expect(clip([(-5, -3), (0, -3), (0, 0), (-5, 0)]).wholePixels == PixelRect(x0: -5, y0: -3, x1: 0, y1: 0))
    }

    @Test func aRectangleOffWholePixelsARotatedOneAndATriangleHaveNone() {
        #expect(clip([(10.5, 20), (110, 20), (110, 70), (10.5, 70)]).wholePixels == nil)
        #expect(clip([(10, 20), (110, 20), (110, 70.25), (10, 70.25)]).wholePixels == nil)
        #expect(clip([(50, 0), (100, 50), (50, 100), (0, 50)]).wholePixels == nil)
        #expect(clip([(0, 0), (100, 0), (100, 100)]).wholePixels == nil)
        #expect(clip([(0, 0), (100, 0), (100, 100), (0, 100), (-1, 50)]).wholePixels == nil)
    }
}
