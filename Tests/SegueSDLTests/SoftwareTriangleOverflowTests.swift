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
    static let benchSize = CGSize(width: 1280, height: 800)

    @Test func rotatedFullWindowBitmapDrawsWithoutOverflow() throws {
        let c = try Canvas(width: Self.benchSize.width, height: Self.benchSize.height)
        let sheet = Layer()
        sheet.frame = CGRect(origin: .zero, size: Self.benchSize)
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
        let page = solidLayer(CGRect(origin: .zero, size: Self.benchSize), .blue)
        page.shouldRasterize = true
        page.addSublayer(solidLayer(CGRect(x: 100, y: 300, width: 200, height: 200), .red))
        c.add(page)
        // The bench's front page: slid 60% of the width to the right and turned by 0.06 radians.
        for (dx, angle) in [(0.6, 0.06), (0.4, 0.03), (0.2, 0.0)] {
            page.position = CGPoint(x: Self.benchSize.width * (0.5 + dx), y: Self.benchSize.height / 2)
            page.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
            try c.draw()
            try c.saveIfAsked("rotated-page-\(dx)")
            let left = Int(Self.benchSize.width * dx)
            #expect(try c.pixel(left + 200, 400) == red)
            #expect(try c.pixel(left + 400, 400) == blue)
            #expect(try c.pixel(left - 60, 400) == white)
        }
    }

    @Test func aTurnedFullWindowTextureIsCutIntoCellsUnderTheSoftwareLimit() {
        // The bench's page: 1280x800 pixels, texture side 1280. One cell (two triangles of 512,000
        // pixels) is ~5.2e9, past Int32.max; the cells chosen keep each triangle under half of it.
        let n = LayerRenderer.softwareSubdivisions(quadArea: 1280 * 800, textureSide: 1280)
        #expect(n > 1)
        let triangleArea = 1280.0 * 800 / Double(n * n) / 2
        #expect(8 * triangleArea * 1281 <= Double(Int32.max) / 2)
        #expect(LayerRenderer.softwareSubdivisions(quadArea: 100 * 100, textureSide: 100) == 1)
    }

    @Test func turnedPagesHaveNoCracksBetweenTheirPieces() throws {
        // The bench's two pages mid-slide: the back one is cut around the front one, and each piece is
        // cut again for the software renderer's limit; no seam may let the red root show through.
        let c = try Canvas(width: Self.benchSize.width, height: Self.benchSize.height)
        c.root.backgroundColor = .red
        let back = solidLayer(CGRect(origin: .zero, size: Self.benchSize), .blue)
        let front = solidLayer(CGRect(origin: .zero, size: Self.benchSize), .green)
        for page in [back, front] {
            page.shouldRasterize = true
            c.add(page)
        }
        var cracks = 0
        for (backX, frontX, backAngle, frontAngle) in [(-0.1, 0.45, -0.03, 0.04), (-0.2, 0.3, -0.04, 0.02)] {
            back.position = CGPoint(x: Self.benchSize.width * (0.5 + backX), y: 400)
            back.transform = Transform3D(rotationAngle: backAngle, x: 0, y: 0, z: 1)
            front.position = CGPoint(x: Self.benchSize.width * (0.5 + frontX), y: 400)
            front.transform = Transform3D(rotationAngle: frontAngle, x: 0, y: 0, z: 1)
            try c.draw()
            try c.saveIfAsked("pages-\(frontX)")
            // Inside the visible part of the back page, well away from every edge.
            let right = Int(Self.benchSize.width * frontX) - 60
            for y in stride(from: 60, to: 740, by: 1) {
                for x in stride(from: 60, to: right, by: 2) where try c.pixel(x, y) == red { cracks += 1 }
            }
        }
        #expect(cracks == 0)
    }
}
