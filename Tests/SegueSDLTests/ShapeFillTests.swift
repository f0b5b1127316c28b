import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// Shapes drawn view by view: axis-aligned fills on fractional pixels are filled inside and blended along
/// their edges, and small shapes are blended through masks kept from frame to frame. Both must give the
/// pixels of the general shape path (rasterizing the whole shape each time).
@Suite(.serialized) @MainActor
struct ShapeFillTests {
    /// A page of rows (a rounded swatch, a card with square corners), on fractional points, and a
    /// translucent bar; `fast` turns both shortcuts on or off.
    private func scene(fast: Bool, x: Double) throws -> Canvas {
        let c = try Canvas(backEnd: .cpu)
        c.compositor!.compositor.cpu.usesShapeMasks = fast
        c.compositor!.compositor.cpu.fillsEdgesApart = fast
        let page = solidLayer(CGRect(x: x, y: 10.6, width: 300, height: 270), Color(rgb: 0xFAFAFA))
        for i in 0..<8 {
            let swatch = solidLayer(CGRect(x: 12, y: 4 + 32 * Double(i), width: 24, height: 24),
                                    Color(red: Double(i) / 8, green: 0.5, blue: 0.8))
            swatch.cornerRadius = 4
            let card = solidLayer(CGRect(x: 48.25, y: 6 + 32 * Double(i), width: 120.5, height: 20.3), Color(red: 0.2, green: 0.3, blue: 0.9))
            page.addSublayer(swatch)
            page.addSublayer(card)
        }
        c.add(page)
        c.add(solidLayer(CGRect(x: 5.5, y: 200.2, width: 390.3, height: 40.7), Color.black.withAlphaComponent(0.3)))
        try c.draw()
        return c
    }

    @Test(arguments: [0.0, 20.37, 41.5, 63.91])
    func fastShapesGiveThePixelsOfTheGeneralPath(x: Double) throws {
        let fast = try scene(fast: true, x: x), general = try scene(fast: false, x: x)
        var differing = 0
        for y in 0..<300 { for px in 0..<400 where try fast.pixel(px, y) != general.pixel(px, y) { differing += 1 } }
        #expect(differing == 0)
    }

    @Test func aShapeOnTheSameFractionOfAPixelIsRasterizedOnce() throws {
        let c = try scene(fast: true, x: 20.37)
        let masks = c.compositor!.compositor.pictures.shapeMasks
        // Eight swatches on the same fraction of a pixel (rows on whole points): one mask, seven hits.
        #expect(masks.misses == 1)
        #expect(masks.hits == 7)
    }
}
