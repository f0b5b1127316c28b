import CPixman
import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// The backdrop blur at a reduced resolution (σ of 8 px or more, `BackdropBlur`'s comment) on both
/// executors, against a reference computed here from the definition, slowly and directly: the backdrop drawn
/// without the blur, averaged in f x f cells aligned on the target's pixels (pixels outside those read
/// standing for the nearest one read), the cells blurred by a direct 2D sum of the W3C's three-box kernel at
/// √(σ² − f²/4)/f cells (cells beyond those read standing for the nearest one), each pixel interpolated
/// bilinearly between the four blurred cells around its centre; the averages and the cells' blur rounded half
/// up, the interpolation rounded down (pixman's bilinear filter truncates: the window's X server scales the
/// cells with it).
/// Both executors must give exactly those pixels inside the blur's whole-pixel frame (tolerance 0: every
/// step is integer arithmetic) and leave the rest as it was.
@Suite(.serialized) @MainActor
struct ReducedBackdropBlurPixelTests {
    static let width = 240, height = 160
    /// The blur's frame: on whole pixels, its left edge (62) and the pixels it reads (from 61 − 40 = 21) off
    /// the 4-pixel cells, so that cells straddle the edge of what is read.
    static let blurFrame = CGRect(x: 62, y: 57, width: 89, height: 41)

    /// A rectangle of pixels, `x0..<x1` by `y0..<y1`.
    struct Box { let x0: Int, y0: Int, x1: Int, y1: Int }

    /// Sharp stripes over the canvas: 24 vertical ones 10 px wide in four colours, crossed by green bars 4 px
    /// tall every 20 px, and a white square 6 px wide (finer than a cell) in the middle of the blur.
    static func backdropLayers(on canvas: Canvas) {
        let colors: [Color] = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1),
                               Color(red: 1, green: 1, blue: 0), .black]
        for i in 0..<24 {
            canvas.add(solidLayer(CGRect(x: Double(i * 10), y: 0, width: 10, height: Double(height)), colors[i % 4]))
        }
        for j in 0..<8 {
            canvas.add(solidLayer(CGRect(x: 0, y: Double(8 + j * 20), width: Double(width), height: 4),
                                  Color(red: 0, green: 0.8, blue: 0.2)))
        }
        canvas.add(solidLayer(CGRect(x: 101, y: 73, width: 6, height: 6), .white))
    }

    static func pixels(_ canvas: Canvas) throws -> [Pixel] {
        var out: [Pixel] = []
        for y in 0..<height { for x in 0..<width { out.append(try canvas.pixel(x, y)) } }
        return out
    }

    static func backdrop(_ backEnd: BackEnd) throws -> [Pixel] {
        let canvas = try Canvas(width: Double(width), height: Double(height), backEnd: backEnd)
        backdropLayers(on: canvas)
        try canvas.draw()
        return try pixels(canvas)
    }

    /// ⌊a / b⌋ for b > 0.
    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// The reference's blurred pixels of `backdrop` at factor `f`, reading `read`, σ' `cellSigma` (cells),
    /// at the pixels asked for.
    @MainActor final class Reference {
        let backdrop: [Pixel], read: Box, f: Int
        let kernel: (weights: [Int], reach: Int)
        /// The cells that meet the pixels read, `cx0..<cx1` by `cy0..<cy1`.
        let cx0: Int, cx1: Int, cy0: Int, cy1: Int
        private var cells: [[Int]] = []
        private var blurred: [Int: [Int]] = [:]

        init(_ backdrop: [Pixel], read: Box, f: Int, cellSigma: Double) {
            self.backdrop = backdrop
            self.read = read
            self.f = f
            kernel = BackdropBlurPixelTests.kernel(sigma: cellSigma)
            cx0 = floorDiv(read.x0, f); cx1 = floorDiv(read.x1 - 1, f) + 1
            cy0 = floorDiv(read.y0, f); cy1 = floorDiv(read.y1 - 1, f) + 1
            // Each cell: the average of its f x f pixels, those outside `read` standing for the nearest inside.
            for cy in cy0..<cy1 {
                for cx in cx0..<cx1 {
                    var s = [0, 0, 0]
                    for y in cy * f..<(cy + 1) * f {
                        for x in cx * f..<(cx + 1) * f {
                            let p = backdrop[min(max(y, read.y0), read.y1 - 1) * ReducedBackdropBlurPixelTests.width
                                             + min(max(x, read.x0), read.x1 - 1)]
                            s[0] += Int(p.r); s[1] += Int(p.g); s[2] += Int(p.b)
                        }
                    }
                    cells.append(s.map { ($0 + f * f / 2) / (f * f) })
                }
            }
        }

        /// Blurred cell (i, j): the direct 2D sum of the kernel over the cells, the edge cells extending them.
        func blurredCell(_ i: Int, _ j: Int) -> [Int] {
            let key = i * 10_000 + j
            if let kept = blurred[key] { return kept }
            var s = [0, 0, 0], total = 0
            for dj in -kernel.reach...kernel.reach {
                for di in -kernel.reach...kernel.reach {
                    let w = kernel.weights[di + kernel.reach] * kernel.weights[dj + kernel.reach]
                    let ci = min(max(i + di, cx0), cx1 - 1) - cx0, cj = min(max(j + dj, cy0), cy1 - 1) - cy0
                    let c = cells[cj * (cx1 - cx0) + ci]
                    for k in 0..<3 { s[k] += w * c[k] }
                    total += w
                }
            }
            let value = s.map { ($0 + total / 2) / total }
            blurred[key] = value
            return value
        }

        /// Pixel (x, y): its centre at cell coordinates u = (x + ½)/f − ½ (in 2f-ths: 2x + 1 − f), between
        /// cells ⌊u⌋ and ⌊u⌋ + 1 weighted 2f − a and a, likewise in y; rounded down (pixman's bilinear
        /// filter truncates).
        func pixel(_ x: Int, _ y: Int) -> Pixel {
            let tx = 2 * x + 1 - f, ty = 2 * y + 1 - f
            let i = floorDiv(tx, 2 * f), j = floorDiv(ty, 2 * f)
            let a = tx - 2 * f * i, b = ty - 2 * f * j
            var s = [0, 0, 0]
            for (di, wx) in [(0, 2 * f - a), (1, a)] {
                for (dj, wy) in [(0, 2 * f - b), (1, b)] where wx * wy > 0 {
                    let c = blurredCell(i + di, j + dj)
                    for k in 0..<3 { s[k] += wx * wy * c[k] }
                }
            }
            let total = 4 * f * f
            func channel(_ v: Int) -> UInt8 { UInt8(v / total) }
            return Pixel(r: channel(s[0]), g: channel(s[1]), b: channel(s[2]))
        }
    }

    /// The pixels the blur of `blurFrame` reads at σ pixels, reaching `reach` pixels (by hand, per case):
    /// the frame's pixels grown by the compositor's 1-pixel antialiasing margin (those it writes), then by
    /// the reach, inside the canvas.
    static func read(reach: Int) -> Box {
        Box(x0: max(0, 61 - reach), y0: max(0, 56 - reach), x1: min(width, 152 + reach), y1: min(height, 99 + reach))
    }

    @Test func theReductionAndTheReachFollowSigma() {
        // f: the largest of 1, 2, 4 with σ/f ≥ 4.
        #expect([4.0, 7.9, 8, 15.9, 16, 20, 90].map { BackdropBlur.reduction(sigma: $0) } == [1, 1, 2, 2, 4, 4, 4])
        // σ = 16: f = 4, σ' = √(256 − 4)/4 = 3.969 cells, d = ⌊3.969·1.880 + 0.5⌋ = 7 (odd): reach 3·3 = 9 cells,
        // 4·(9 + 1) = 40 px. σ = 12: f = 2, σ' = √(144 − 1)/2 = 5.979, d = ⌊11.74⌋ = 11: reach 15 cells, 2·16 = 32 px.
        // σ = 4: full resolution, d = 8 (even): reach 4 + 3 + 4 = 11 px.
        #expect(abs(BackdropBlur.reducedSigma(16, factor: 4) - 3.968_627) < 1e-6)
        #expect(BackdropBlur.backdropReach(sigma: 16) == 40)
        #expect(BackdropBlur.backdropReach(sigma: 12) == 32)
        #expect(BackdropBlur.backdropReach(sigma: 4) == 11)
    }

    /// (σ in points at scale 1, f, the reach in pixels by hand: see the test above.)
    static let cases: [(sigma: Double, f: Int, reach: Int)] = [(16, 4, 40), (12, 2, 32)]

    /// The backdrop's layers with a layer blurring them by `sigma` points over ``blurFrame``, drawn once.
    static func blurredCanvas(_ backEnd: BackEnd, sigma: Double) throws -> Canvas {
        let canvas = try Canvas(width: Double(width), height: Double(height), backEnd: backEnd)
        backdropLayers(on: canvas)
        let blur = Layer()
        blur.frame = blurFrame
        blur.backdropBlurRadius = sigma
        canvas.add(blur)
        try canvas.draw()
        return canvas
    }

    @Test(arguments: BackEnd.allCases, [0, 1])
    func aWideBlurIsTheAverageOfCellsBlurredAndInterpolatedBack(_ backEnd: BackEnd, _ which: Int) throws {
        let (sigma, f, reach) = Self.cases[which]
        let backdrop = try Self.backdrop(backEnd)
        let canvas = try Self.blurredCanvas(backEnd, sigma: sigma)
        try canvas.saveIfAsked("reduced-backdrop-blur-\(f)")
        #expect(canvas.counters.backdropBlurMisses == 1)
        let frame = try Self.pixels(canvas)
        let reference = Reference(backdrop, read: Self.read(reach: reach), f: f,
                                  cellSigma: (sigma * sigma - Double(f * f) / 4).squareRoot() / Double(f))
        var blurredDiffers = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let inside = Self.blurFrame.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let expected = inside ? reference.pixel(x, y) : backdrop[y * Self.width + x]
                let got = frame[y * Self.width + x]
                guard got == expected else {
                    Issue.record("\(backEnd) σ \(sigma): pixel (\(x), \(y)) \(inside ? "inside" : "outside") the blur is \(got), expected \(expected)")
                    return
                }
                if inside && got != backdrop[y * Self.width + x] { blurredDiffers += 1 }
            }
        }
        #expect(blurredDiffers > 89 * 41 / 2, "\(backEnd): the blur changed only \(blurredDiffers) pixels")
    }

    /// The three-box blur at σ pixels of `backdrop` at (x, y), at full resolution, reading as far as its
    /// kernel reaches (a direct sum, rows then columns: the same sum, fewer steps), unrounded.
    static func fullResolution(_ backdrop: [Pixel], sigma: Double, x: Int, y: Int) -> [Double] {
        let k = BackdropBlurPixelTests.kernel(sigma: sigma)
        let read = Self.read(reach: k.reach)
        var s = [0, 0, 0], total = 0
        for dy in -k.reach...k.reach {
            let row = min(max(y + dy, read.y0), read.y1 - 1) * width
            var r = [0, 0, 0], rowTotal = 0
            for dx in -k.reach...k.reach {
                let w = k.weights[dx + k.reach]
                let p = backdrop[row + min(max(x + dx, read.x0), read.x1 - 1)]
                r[0] += w * Int(p.r); r[1] += w * Int(p.g); r[2] += w * Int(p.b)
                rowTotal += w
            }
            let w = k.weights[dy + k.reach]
            for c in 0..<3 { s[c] += w * r[c] }
            total += w * rowTotal
        }
        return s.map { Double($0) / Double(total) }
    }

    @Test func aReducedBlurStaysWithinFiveLevelsOfTheSameBlurAtFullResolution() throws {
        // σ = 16 (f = 4) and σ = 12 (f = 2) over sharp stripes and a square finer than a cell: the cells fold
        // the finest detail a little (the type's comment bounds it at 2.7 % / 3.8 % of full contrast for the
        // worst pattern), measured here: 3.3 levels of 255 at σ = 16, 3.8 at σ = 12, over every 3rd pixel of the frame.
        let backdrop = try Self.backdrop(.cpu)
        for (sigma, _, _) in Self.cases {
            let canvas = try Self.blurredCanvas(.cpu, sigma: sigma)
            var worst = 0.0
            for y in stride(from: 57, to: 98, by: 3) {
                for x in stride(from: 62, to: 151, by: 3) {
                    let full = Self.fullResolution(backdrop, sigma: sigma, x: x, y: y)
                    let got = try canvas.pixel(x, y)
                    worst = max(worst, abs(full[0] - Double(got.r)), abs(full[1] - Double(got.g)), abs(full[2] - Double(got.b)))
                }
            }
            #expect(worst <= 5, "σ \(sigma): \(worst) levels from the full-resolution blur")
        }
    }

    /// Random cells scaled up by f = 2 and 4 over odd rectangles, untinted and tinted: the executor's C
    /// interpolation (`segue_scale_cells`) must give pixman's pixels exactly (its bilinear `SRC` through the
    /// cells' transform with `PAD`, then the tint's `OVER`), since the X11 presenter has the server's pixman
    /// draw them where it can.
    @Test(arguments: [2, 4] as [Int32], [0, 0xBFB9_B9B9] as [UInt32])
    func theInterpolationIsPixmansBilinearScalingBitForBit(_ f: Int32, _ tint: UInt32) {
        var random = SystemRandomNumberGenerator()
        let cells = PixelBuffer(width: 70, height: 9)
        for y in 0..<9 {
            let row = (cells.pixels + y * Int(cells.stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<70 { row[x] = UInt32.random(in: 0...0xFF_FFFF, using: &random) | 0xFF00_0000 }
        }
        let c = BackdropBlur.Cells(pixels: cells, factor: f, x: -1, y: 2)
        let mine = PixelBuffer(width: 300, height: 60), pixmans = PixelBuffer(width: 300, height: 60)
        for rect in [PixelRect(x0: 3, y0: 9, x1: 1 + 60 * Int32(f) / 2, y1: 9 + 3 * f), PixelRect(x0: 0, y0: 0, x1: 7, y1: 3)] {
            c.scale(into: mine.pixels, stride: mine.stride, rect: rect, tint: tint)
            let image = c.scaledView.makeImage()
            pixman_image_composite32(PIXMAN_OP_SRC, image, nil, pixmans.image, rect.x0, rect.y0, 0, 0, rect.x0, rect.y0,
                                     rect.width, rect.height)
            pixman_image_unref(image)
            if tint != 0 {
                var color = CPUExecutor.pixmanColor(storedPixel: tint)
                let solid = pixman_image_create_solid_fill(&color)
                pixman_image_composite32(PIXMAN_OP_OVER, solid, nil, pixmans.image, 0, 0, 0, 0, rect.x0, rect.y0,
                                         rect.width, rect.height)
                pixman_image_unref(solid)
            }
        }
        var differing = 0, written = 0
        for y in 0..<60 {
            for x in 0..<300 {
                if mine.pixel(x: x, y: y) != pixmans.pixel(x: x, y: y) { differing += 1 }
                if mine.pixel(x: x, y: y) != 0 { written += 1 }
            }
        }
        #expect(differing == 0)
        #expect(written == (60 * Int(f) / 2 - 2) * 3 * Int(f) + 7 * 3)
    }

    /// A bar's background cross-faded in a group (a layer at half opacity holding a blurring layer with a
    /// tint, as a navigation bar's during a push): inside the group the blur reads only the group's own
    /// pixels, cleared (transparent) where the frame draws, so the group holds the tint alone, laid over the
    /// backdrop at half strength: each channel tint·m + backdrop·(255 − α)/255 with pixman's rounding
    /// (MUL_UN8: t = a·b + 128, (t + t/256)/256), m = 128 (0.5 of 255, rounded), α the tint's alpha times m.
    @Test func aBlurInsideAGroupBlursTheGroupsClearedPixelsAlone() throws {
        let backdrop = try Self.backdrop(.cpu)
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: .cpu)
        Self.backdropLayers(on: canvas)
        let group = Layer()
        group.frame = Self.blurFrame
        group.opacity = 0.5
        let blur = Layer()
        blur.frame = CGRect(x: 0, y: 0, width: Self.blurFrame.width, height: Self.blurFrame.height)
        blur.backdropBlurRadius = 20
        blur.backgroundColor = Color(red: 0.6, green: 0.8, blue: 1, alpha: 0.8)
        group.addSublayer(blur)
        canvas.add(group)
        for _ in 0..<2 {   // the second frame draws the group again (the blur's pixels kept or made again)
            group.position.x += 1
            try canvas.draw()
        }
        func mul(_ a: Int, _ b: Int) -> Int { let t = a * b + 128; return (t + t / 256) / 256 }
        // The tint premultiplied and stored in 8 bits: alpha 204 (0.8), red 0.6·204 = 122, green 163, blue 204.
        let tint = (a: 204, r: 122, g: 163, b: 204)
        let s = (a: mul(tint.a, 128), r: mul(tint.r, 128), g: mul(tint.g, 128), b: mul(tint.b, 128))
        var checked = 0
        for y in 58..<97 {
            for x in 65..<150 {
                let d = backdrop[y * Self.width + x]
                let expected = Pixel(r: UInt8(s.r + mul(Int(d.r), 255 - s.a)), g: UInt8(s.g + mul(Int(d.g), 255 - s.a)),
                                     b: UInt8(s.b + mul(Int(d.b), 255 - s.a)))
                let got = try canvas.pixel(x, y)
                guard got == expected else {
                    Issue.record("pixel (\(x), \(y)) is \(got), expected \(expected)")
                    return
                }
                checked += 1
            }
        }
        #expect(checked == 39 * 85)
    }
}

extension ReducedBackdropBlurPixelTests {
    @Test func everyVectorPathBlursTheCellsAlike() throws {
        // The cells' blur's AVX2 path (two columns, then two rows, in one 256-bit value), its SSE2 path and the
        // 64-bit integer kernel (`segue_box_blur`, the scalar path) give the same bytes: random pixels, both
        // factors, σ from small to the widest 32-bit boxes, output rectangles of odd and even sizes and
        // offsets (an odd number of rows leaves the AVX2 path's last pair half empty).
        let source = PixelBuffer(width: 181, height: 77)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<77 {
            let row = (source.pixels + y * Int(source.stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<181 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                row[x] = UInt32(truncatingIfNeeded: state >> 32)
            }
        }
        let read = PixelRect(x0: 0, y0: 0, x1: 181, y1: 77)
        let outs = [PixelRect(x0: 40, y0: 20, x1: 141, y1: 44), PixelRect(x0: 37, y0: 21, x1: 130, y1: 46),
                    PixelRect(x0: 0, y0: 0, x1: 181, y1: 13), PixelRect(x0: 90, y0: 30, x1: 93, y1: 31)]
        var compared = 0
        for (f, sigmas) in [(Int32(2), [8.0, 11.0]), (4, [16.0, 20.0, 27.0])] {
            for sigma in sigmas {
                for out in outs {
                    let scratch = BackdropBlur.Scratch()
                    func cells(_ path: AffineResampler.Path) throws -> BackdropBlur.Cells {
                        try #require(BackdropBlur.blurCells(source.pixels, stride: source.stride, origin: (0, 0), read: read,
                                                            out: out, factor: f, sigma: sigma, opaqueAlpha: false,
                                                            scratch: scratch, path: path))
                    }
                    let reference = try cells(.scalar)
                    for path in [AffineResampler.Path.sse2, .avx2] where path.rawValue <= AffineResampler.widestPath.rawValue {
                        let c = try cells(path)
                        #expect((c.x, c.y, c.pixels.width, c.pixels.height)
                                == (reference.x, reference.y, reference.pixels.width, reference.pixels.height))
                        #expect(c.pixels.differingPixels(from: reference.pixels) == 0, "f \(f), σ \(sigma), out \(out), \(path)")
                        compared += 1
                    }
                }
            }
        }
        // Where the kernels have vector code, both vector paths ran (on a CPU with AVX2).
        if !AffineResampler.isScalarOnly {
            #expect(compared == 5 * 4 * (AffineResampler.widestPath == .avx2 ? 2 : 1))
        }
    }
}
