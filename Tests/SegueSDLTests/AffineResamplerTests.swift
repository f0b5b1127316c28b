import CPixman
import Testing
import SegueAnimation
@testable import SegueSDL

/// The compositor's own bilinear resampler agrees with pixman's (the reference) on a turned picture, on
/// one thread and split between threads.
@Suite struct AffineResamplerTests {
    /// Largest difference per channel from pixman's bilinear filter: its weights have 7 bits, ours 8, and
    /// ours steps the source position along a row in 16.16 fixed point (less than 0.02 pixel off after
    /// 800 pixels), on a picture of random noise (every neighbour differs by up to 255).
    static let tolerance = 4

    private func picture(width: Int32, height: Int32) -> PixelBuffer {
        let p = PixelBuffer(width: width, height: height)
        var seed: UInt32 = 12345
        for y in 0..<Int(height) {
            let row = p.pixels.advanced(by: y * Int(p.stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(width) {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let a = (x / 16 + y / 16) % 3 == 0 ? (seed >> 24) : 255   // translucent cells here and there
                func c(_ v: UInt32) -> UInt32 { v * a / 255 }
                row[x] = a << 24 | c((seed >> 16) & 0xFF) << 16 | c((seed >> 8) & 0xFF) << 8 | c(seed & 0xFF)
            }
        }
        return p
    }

    @Test(arguments: [(Int32(200), Int32(150)), (Int32(800), Int32(500))], [1.0, 0.6])
    func turnedPictureMatchesPixmansBilinearFilter(_ size: (Int32, Int32), alpha: Double) {
        let source = picture(width: size.0, height: size.1)
        // Turned 0.1 rad about the picture's centre, moved by a fraction of a pixel, scaled by 0.97.
        let turn = Transform3D(translationX: -Double(size.0) / 2, y: -Double(size.1) / 2)
            .concatenating(Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(scaleX: 0.97, y: 0.97))
            .concatenating(Transform3D(translationX: Double(size.0) / 2 + 10.3, y: Double(size.1) / 2 + 4.6))
        let targetToSource = Homography(turn).inverted()!
        let ours = PixelBuffer(width: size.0, height: size.1), theirs = PixelBuffer(width: size.0, height: size.1)
        for buffer in [ours, theirs] { for i in 0..<Int(size.0 * size.1) { buffer.pixels.storeBytes(of: 0xFF20_4060 as UInt32, toByteOffset: i * 4, as: UInt32.self) } }
        let region = PixelRegion()
        region.set(ours.bounds)
        #expect(AffineResampler.composite(source, through: targetToSource, alpha: alpha, into: ours, region: region))
        var transform = CompositorGeometry.pixmanTransform(targetToSource, reach: Double(max(size.0, size.1)))
        pixman_image_set_transform(source.image, &transform)
        pixman_image_set_filter(source.image, PIXMAN_FILTER_BILINEAR, nil, 0)
        var opacity = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((alpha * 65535).rounded()))
        let mask = pixman_image_create_solid_fill(&opacity)
        defer { pixman_image_unref(mask) }
        pixman_image_composite32(PIXMAN_OP_OVER, source.image, alpha < 1 ? mask : nil, theirs.image, 0, 0, 0, 0, 0, 0, size.0, size.1)
        var changed = 0   // pixels the turned picture changed (it covers most of the target)
        for y in 0..<Int(size.1) { for x in 0..<Int(size.0) where ours.pixel(x: x, y: y) != 0xFF20_4060 { changed += 1 } }
        #expect(changed > Int(size.0 * size.1) / 2)
        var worst = 0
        for y in 0..<Int(size.1) {
            for x in 0..<Int(size.0) {
                let a = ours.pixel(x: x, y: y), b = theirs.pixel(x: x, y: y)
                for shift in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
            }
        }
        #expect(worst <= Self.tolerance)
    }

    @Test(arguments: [1.0, 0.6], [AffineResampler.Path.sse2, .avx2])
    func severalPixelsAtOnceGiveTheSamePixelsAsOneAtATime(alpha: Double, path: AffineResampler.Path) {
        let source = picture(width: 300, height: 200)
        let turn = Transform3D(translationX: -150, y: -100)
            .concatenating(Transform3D(rotationAngle: -0.07, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(translationX: 170.4, y: 110.8))
        let targetToSource = Homography(turn).inverted()!
        for format in [PIXMAN_a8r8g8b8, PIXMAN_x8r8g8b8] {
            let vector = PixelBuffer(width: 341, height: 233, format: format), scalar = PixelBuffer(width: 341, height: 233, format: format)
            for buffer in [vector, scalar] {
                for i in 0..<(Int(buffer.stride) / 4 * 233) { buffer.pixels.storeBytes(of: 0x8020_4060 as UInt32, toByteOffset: i * 4, as: UInt32.self) }
            }
            let region = PixelRegion()
            region.set(PixelRect(x0: 3, y0: 0, x1: 338, y1: 233))
            region.subtract(PixelRect(x0: 100, y0: 50, x1: 207, y1: 121), scratch: PixelRegion())
            #expect(AffineResampler.composite(source, through: targetToSource, alpha: alpha, into: vector, region: region, path: path))
            #expect(AffineResampler.composite(source, through: targetToSource, alpha: alpha, into: scalar, region: region, path: .scalar))
            var differing = 0
            for y in 0..<233 { for x in 0..<341 where vector.pixel(x: x, y: y) != scalar.pixel(x: x, y: y) { differing += 1 } }
            #expect(differing == 0)
        }
    }

    @Test(arguments: [1.0, 0.6])
    func theCLoopGivesTheSamePixelsAsTheSwiftReference(alpha: Double) {
        let source = picture(width: 300, height: 200)
        // Turned and scaled so that some pixels' taps straddle the picture's edge (the one-pixel path).
        let turn = Transform3D(translationX: -150, y: -100)
            .concatenating(Transform3D(rotationAngle: 0.13, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(scaleX: 1.04, y: 0.96))
            .concatenating(Transform3D(translationX: 165.7, y: 112.2))
        let targetToSource = Homography(turn).inverted()!
        let background: UInt32 = 0x8020_4060
        for format in [PIXMAN_a8r8g8b8, PIXMAN_x8r8g8b8] {
            for path in AffineResampler.Path.allCases {
                let c = PixelBuffer(width: 341, height: 233, format: format), swift = PixelBuffer(width: 341, height: 233, format: format)
                for buffer in [c, swift] {
                    for i in 0..<(Int(buffer.stride) / 4 * 233) { buffer.pixels.storeBytes(of: background, toByteOffset: i * 4, as: UInt32.self) }
                }
                let region = PixelRegion()
                region.set(PixelRect(x0: 1, y0: 0, x1: 340, y1: 233))
                region.subtract(PixelRect(x0: 90, y0: 40, x1: 211, y1: 127), scratch: PixelRegion())
                #expect(AffineResampler.composite(source, through: targetToSource, alpha: alpha, into: c, region: region, path: path))
                #expect(AffineResampler.composite(source, through: targetToSource, alpha: alpha, into: swift, region: region,
                                                  path: path, reference: true))
                var differing = 0, drawn = 0
                for y in 0..<233 {
                    for x in 0..<341 {
                        if c.pixel(x: x, y: y) != swift.pixel(x: x, y: y) { differing += 1 }
                        if swift.pixel(x: x, y: y) != background { drawn += 1 }
                    }
                }
                // The turned picture covers over half the target outside the hole: the comparison is not empty.
                #expect(drawn > 341 * 233 / 2)
                #expect(differing == 0)
            }
        }
    }

    /// The AVX2 path the tests above compare is the one that runs wherever the CPU has AVX2 (read from
    /// the kernel's CPU flags, not from the dispatcher under test); elsewhere the tests compare SSE2 twice.
    /// Built without x86 vector code (aarch64, or SEGUE_SCALAR_PIXELS=1), every path runs as the scalar one.
    @Test func theWidestPathIsAVX2WhereTheCPUHasIt() throws {
        if AffineResampler.isScalarOnly {
            #expect(AffineResampler.widestPath == .scalar)
            return
        }
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ") ?? []
        #expect(AffineResampler.widestPath == (flags.contains("avx2") ? .avx2 : .sse2))
    }
}
