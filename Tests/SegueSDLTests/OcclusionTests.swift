import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// Not drawing what an opaque layer drawn later covers must leave the picture exactly as it was.
@Suite(.serialized) @MainActor
struct OcclusionTests {
    /// Two overlapping, turned pages with content (the bench's scene in small); the front page's
    /// background alpha decides whether it may occlude.
    private func scene(frontAlpha: Double, rasterized: Bool) throws -> Canvas {
        let c = try Canvas()
        func page(_ frame: CGRect, _ color: Color, angle: Double) -> Layer {
            let page = solidLayer(frame, color)
            page.shadowOpacity = 0.3
            page.shadowRadius = 6
            page.shouldRasterize = rasterized
            for k in 0..<6 {
                let view = solidLayer(CGRect(x: 10 + Double(k % 3) * 60, y: 10 + Double(k / 3) * 80, width: 50, height: 70), .white)
                view.cornerRadius = 6
                view.borderWidth = 1
                view.borderColor = .black
                page.addSublayer(view)
            }
            page.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
            return page
        }
        c.add(page(CGRect(x: 20, y: 40, width: 200, height: 200), .blue, angle: -0.05))
        c.add(page(CGRect(x: 130, y: 60, width: 200, height: 200), Color.green.withAlphaComponent(frontAlpha), angle: 0.07))
        try c.draw()
        return c
    }

    @Test(arguments: [false, true])
    func opaquePageOnTopHidesWhatIsBeneathWithoutChangingThePicture(rasterized: Bool) throws {
        let occluded = try scene(frontAlpha: 1, rasterized: rasterized)
        #expect(occluded.renderer!.layerRenderer.lastFrame.gpu.occludedPolygons > 0)
        // The reference draws everything: a background alpha a hair under 1 is no occluder, and rounds
        // to the same 8-bit colour.
        try occluded.saveIfAsked("occluded-\(rasterized)")
        let reference = try scene(frontAlpha: 0.9995, rasterized: rasterized)
        try reference.saveIfAsked("reference-\(rasterized)")
        // (Only the occluded scene cuts the back page.)
        #expect(reference.renderer!.layerRenderer.lastFrame.gpu.occludedPolygons
                < occluded.renderer!.layerRenderer.lastFrame.gpu.occludedPolygons)
        // Cutting a polygon moves its outline's rasterised edge by up to a pixel (the software renderer
        // rounds vertices to half pixels) and a texture's samples by as much (a rasterized page's
        // antialiased lines then show an in-between shade), so a differing pixel must lie within the
        // colours of the reference's pixels around it (±2) — except where a one-pixel line moved under the
        // occluding page (a handful). A crack between pieces would show the white root where the reference
        // is not white.
        var differing = 0, unexplained = 0, cracks = 0
        for y in 1..<299 {
            for x in 1..<399 {
                let mine = try occluded.pixel(x, y), theirs = try reference.pixel(x, y)
                guard !mine.isClose(to: theirs, tolerance: 2) else { continue }
                differing += 1
                var around: [Pixel] = []
                for dy in -1...1 { for dx in -1...1 { around.append(try reference.pixel(x + dx, y + dy)) } }
                func within(_ value: (Pixel) -> UInt8) -> Bool {
                    let values = around.map { Int(value($0)) }
                    return (values.min()! - 2...values.max()! + 2).contains(Int(value(mine)))
                }
                if !(within(\.r) && within(\.g) && within(\.b)) {
                    unexplained += 1
                    if mine == white { cracks += 1 }
                }
            }
        }
        #expect(cracks == 0)
        #expect(unexplained <= 298 * 398 / 2000)
        #expect(differing < 298 * 398 / 100)
    }
}
