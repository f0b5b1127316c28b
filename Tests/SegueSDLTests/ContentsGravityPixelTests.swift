import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// A bitmap twice as wide as tall (left half red, right half blue) in a 100 x 100 layer at (100, 100),
/// under the contents gravities, on both executors.
@MainActor
@Suite struct ContentsGravityPixelTests {
    func card(_ gravity: ContentsGravity, masks: Bool, in c: Canvas) -> Layer {
        let card = Layer()
        card.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        card.contents = .bitmap(Bitmap(width: 64, height: 32) { x, _ in x < 32 ? .red : .blue })
        card.contentsGravity = gravity
        card.masksToBounds = masks
        c.add(card)
        return card
    }

    @Test(arguments: BackEnd.allCases) func aspectFillCutAtTheBoundsShowsTheMiddle(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        _ = card(.resizeAspectFill, masks: true, in: c)
        try c.draw()
        try c.saveIfAsked("aspect-fill-masked")
        // 200 x 100 centred on the box (x 50...250), cut to x 100...200: the seam at x 150.
        #expect(try c.pixel(103, 150) == red)
        #expect(try c.pixel(146, 150) == red)
        #expect(try c.pixel(154, 150) == blue)
        #expect(try c.pixel(196, 150) == blue)
        #expect(try c.pixel(96, 150) == white)
        #expect(try c.pixel(204, 150) == white)
    }

    @Test(arguments: BackEnd.allCases) func aspectFillWithoutMasksOverflowsTheBounds(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        _ = card(.resizeAspectFill, masks: false, in: c)
        try c.draw()
        #expect(try c.pixel(55, 150) == red)
        #expect(try c.pixel(245, 150) == blue)
        #expect(try c.pixel(45, 150) == white)
        #expect(try c.pixel(255, 150) == white)
    }

    @Test(arguments: BackEnd.allCases) func aspectFitLetterboxes(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        _ = card(.resizeAspect, masks: false, in: c)
        try c.draw()
        try c.saveIfAsked("aspect-fit")
        // 100 x 50 at y 125...175.
        #expect(try c.pixel(120, 150) == red)
        #expect(try c.pixel(180, 150) == blue)
        #expect(try c.pixel(150, 115) == white)
        #expect(try c.pixel(150, 185) == white)
    }

    @Test(arguments: BackEnd.allCases) func aRasterizedLayersPictureIsRedrawnWhenItsGravityChanges(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let layer = card(.resize, masks: true, in: c)
        layer.shouldRasterize = true
        try c.draw()
        #expect(try c.pixel(120, 150) == red)
        #expect(try c.pixel(160, 150) == blue)   // stretched: seam at 150
        layer.contentsGravity = .resizeAspect
        try c.draw()
        #expect(try c.pixel(150, 115) == white)
        #expect(try c.pixel(120, 150) == red)
    }
}
