import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// Regression tests for the `segue bench --renderer software` segfault: SDL 2.26's software renderer
/// keeps a texel coordinate times a textured triangle's area in a 32-bit int, and a full-window texture
/// turned by a few degrees (the bench's pages and its yardstick) overflowed it, sending the rasteriser
/// megabytes outside the texture. The headless renderer is that software renderer.
@Suite(.serialized) @MainActor
struct SoftwareTriangleOverflowTests {
    /// The bench's window size, in points.
    static let benchSize = Size(width: 1280, height: 800)

    @Test func rotatedFullWindowBitmapDrawsWithoutOverflow() throws {
        let c = try Canvas(width: Self.benchSize.width, height: Self.benchSize.height)
        let sheet = Layer()
        sheet.frame = Rect(origin: .zero, size: Self.benchSize)
        sheet.contents = .bitmap(Bitmap(width: Int(Self.benchSize.width), height: Int(Self.benchSize.height)) { x, _ in
            x < 640 ? .green : .blue
        })
        c.add(sheet)
        for angle in [-0.05, -0.02, 0.02, 0.06] {
            sheet.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
            try c.draw()
            try c.saveIfAsked("rotated-bitmap-\(angle)")
            #expect(try c.pixel(320, 400) == green)
            #expect(try c.pixel(960, 400) == blue)
            // Near the corners, inside the turned sheet: sampled from the right texels, not garbage.
            #expect(try c.pixel(100, 100 + Int(abs(angle) * 640)) == green)
            #expect(try c.pixel(1180, 700 - Int(abs(angle) * 640)) == blue)
        }
    }

    @Test func rotatedRasterizedPageHalfOffTheWindowDrawsWithoutOverflow() throws {
        let c = try Canvas(width: Self.benchSize.width, height: Self.benchSize.height)
        let page = solidLayer(Rect(origin: .zero, size: Self.benchSize), .blue)
        page.shouldRasterize = true
        page.addSublayer(solidLayer(Rect(x: 100, y: 300, width: 200, height: 200), .red))
        c.add(page)
        // The bench's front page: slid 60% of the width to the right and turned by 0.06 radians.
        for (dx, angle) in [(0.6, 0.06), (0.4, 0.03), (0.2, 0.0)] {
            page.position = Point(x: Self.benchSize.width * (0.5 + dx), y: Self.benchSize.height / 2)
            page.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
            try c.draw()
            try c.saveIfAsked("rotated-page-\(dx)")
            let left = Int(Self.benchSize.width * dx)
            #expect(try c.pixel(left + 200, 400) == red)
            #expect(try c.pixel(left + 400, 400) == blue)
            #expect(try c.pixel(left - 60, 400) == white)
        }
    }

    @Test func aTurnedFullWindowTriangleExceedsTheSoftwareLimit() {
        func vertex(_ x: Double, _ y: Double, _ u: Double, _ v: Double) -> RenderVertex {
            RenderVertex(x: x, y: y, r: 1, g: 1, b: 1, a: 1, u: u, v: v)
        }
        let texels = (u: 1280.0, v: 800.0)
        let a = vertex(793, -38, 0, 0), b = vertex(2071, 39, 1, 0), c = vertex(2023, 838, 1, 1)
        #expect(LayerRenderer.softwareTriangleProduct(a, b, c, texels: texels) > Double(Int32.max))
        // The axis-aligned case is blitted by SDL, so it is left alone.
        #expect(LayerRenderer.isAxisAlignedRectangle([vertex(0, 0, 0, 0), vertex(10, 0, 1, 0),
                                                      vertex(10, 5, 1, 1), vertex(0, 5, 0, 1)]))
        #expect(!LayerRenderer.isAxisAlignedRectangle([a, b, c, vertex(745, 761, 0, 1)]))
    }
}
