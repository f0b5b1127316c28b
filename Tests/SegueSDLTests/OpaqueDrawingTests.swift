import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// Fill-rate savings that must not change the picture: opaque textures copied instead of blended, and a
/// shadow's flat core left out where the layer's own opaque background hides it.
@Suite(.serialized) @MainActor
struct OpaqueDrawingTests {
    private func shadowedCard(_ background: Color) -> Layer {
        let card = solidLayer(CGRect(x: 100, y: 100, width: 100, height: 100), background)
        card.shadowOpacity = 1
        card.shadowRadius = 10
        card.shadowOffset = CGSize(width: 0, height: 3)
        card.shadowColor = .black
        return card
    }

    @Test func shadowCoreUnderAnOpaqueLayerIsSkippedWithoutChangingThePicture() throws {
        // A canvas on which the card is too small to hide the root's background (an occluder covers a
        // sixteenth of the target): only the shadow's own cut is counted.
        let c = try Canvas(width: 800, height: 600)
        c.add(shadowedCard(.red))
        try c.draw()
        let opaqueTriangles = c.renderer!.layerRenderer.lastFrame.gpu.triangles
        #expect(try c.pixel(150, 150) == red)
        // Below the card: the shadow's edge (y = 203) is half strength, fading out by y = 213.
        #expect(try c.pixel(150, 202).isClose(to: Pixel(r: 115, g: 115, b: 115), tolerance: 16))
        #expect(try c.pixel(150, 214) == white)

        let d = try Canvas(width: 800, height: 600)
        d.add(shadowedCard(Color.red.withAlphaComponent(0.999)))
        try d.draw()
        #expect(c.renderer!.layerRenderer.lastFrame.gpu.triangles < d.renderer!.layerRenderer.lastFrame.gpu.triangles)
        #expect(opaqueTriangles < d.renderer!.layerRenderer.lastFrame.gpu.triangles)
        // Across the bottom and right edges, the blur ramp is the same as when everything is drawn.
        for y in 180..<220 { #expect(try d.pixel(150, y).isClose(to: try c.pixel(150, y), tolerance: 2)) }
        for x in 180..<220 { #expect(try d.pixel(x, 150).isClose(to: try c.pixel(x, 150), tolerance: 2)) }
    }

    @Test func translucentLayerStillShowsItsShadowCoreThrough() throws {
        let c = try Canvas()
        c.add(shadowedCard(Color.red.withAlphaComponent(0.5)))
        try c.draw()
        // Half red over the black core: (128, 0, 0).
        #expect(try c.pixel(150, 150).isClose(to: Pixel(r: 128, g: 0, b: 0), tolerance: 3))
    }

    @Test func opaqueBitmapIsCopiedAndAFadedOneStillBlends() throws {
        let c = try Canvas()
        c.add(solidLayer(CGRect(x: 0, y: 0, width: 400, height: 300), .red))
        let sheet = Layer()
        sheet.frame = CGRect(x: 100, y: 50, width: 200, height: 200)
        sheet.contents = .bitmap(Bitmap(width: 64, height: 64) { _, _ in .blue })
        sheet.transform = Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1)
        c.add(sheet)
        try c.draw()
        #expect(try c.pixel(200, 150) == blue)
        sheet.opacity = 0.5
        try c.draw()
        #expect(try c.pixel(200, 150).isClose(to: Pixel(r: 128, g: 0, b: 128), tolerance: 3))
    }

    @Test func opaqueRasterizedPageIsCopiedAndAFadedOneStillBlends() throws {
        let c = try Canvas()
        c.add(solidLayer(CGRect(x: 0, y: 0, width: 400, height: 300), .red))
        let page = solidLayer(CGRect(x: 100, y: 50, width: 200, height: 200), .blue)
        page.shouldRasterize = true
        page.addSublayer(solidLayer(CGRect(x: 10, y: 10, width: 50, height: 50), .green))
        page.transform = Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1)
        c.add(page)
        try c.draw()
        #expect(try c.pixel(200, 150) == blue)
        #expect(c.renderer!.compositor.pictures.rasters[ObjectIdentifier(page)]?.isOpaque == true)
        page.opacity = 0.5
        try c.draw()
        #expect(try c.pixel(200, 150).isClose(to: Pixel(r: 128, g: 0, b: 128), tolerance: 3))
    }
}
