import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// The content blur (`Layer.contentBlurRadius`) on both executors, against a reference computed here from
/// the definition: the layer's picture (opaque rectangles on whole pixels, transparent around them, known
/// here pixel by pixel) convolved with the W3C Filter Effects' three boxes (their kernel built by
/// convolving the boxes, applied as one direct 2D sum of the premultiplied channels, alpha included,
/// rounded half up), then composited over the white root (`OVER`: a channel c of alpha a over white is
/// c + 255 - a). The CPU executor must give exactly those pixels (tolerance 0); the GPU executor on SDL's
/// software renderer, which blends straight alpha, within 3 levels of 255 (its texture upload divides each
/// translucent pixel by its alpha, and the software blend multiplies it back and mixes in the target with
/// truncating 8-bit arithmetic: up to 3 levels measured).
@Suite(.serialized) @MainActor
struct ContentBlurPixelTests {
    static let width = 160, height = 120
    static let sigma = 4.0

    /// An opaque rectangle of the blurred layer's picture, in target pixels, and its colour.
    struct Part {
        let rect: (x0: Int, y0: Int, x1: Int, y1: Int)
        let color: (r: Int, g: Int, b: Int)
    }

    /// The blurred layer: a red background at (50, 40) 60 x 40, a blue sublayer 10 pt wide down its middle,
    /// and a green sublayer reaching 10 pt past its right edge (sublayers are blurred with the layer).
    static let parts = [Part(rect: (50, 40, 110, 80), color: (255, 0, 0)),
                        Part(rect: (75, 40, 85, 80), color: (0, 0, 255)),
                        Part(rect: (100, 50, 120, 60), color: (0, 255, 0))]

    static func blurredLayer(sigma: Double = sigma) -> (layer: Layer, blue: Layer) {
        let layer = solidLayer(CGRect(x: 50, y: 40, width: 60, height: 40), Color(red: 1, green: 0, blue: 0))
        let blue = solidLayer(CGRect(x: 25, y: 0, width: 10, height: 40), Color(red: 0, green: 0, blue: 1))
        layer.addSublayer(blue)
        layer.addSublayer(solidLayer(CGRect(x: 50, y: 10, width: 20, height: 10), Color(red: 0, green: 1, blue: 0)))
        layer.contentBlurRadius = sigma
        return (layer, blue)
    }

    /// The layer's picture at pixel (x, y): premultiplied (a, r, g, b), the last part drawn there or transparent.
    static func picture(_ parts: [Part], _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        for part in parts.reversed() where x >= part.rect.x0 && x < part.rect.x1 && y >= part.rect.y0 && y < part.rect.y1 {
            return (255, part.color.r, part.color.g, part.color.b)
        }
        return (0, 0, 0, 0)
    }

    /// The reference: the picture blurred at (x, y) (a direct 2D sum, premultiplied, rounded half up) over white.
    static func expected(_ parts: [Part], _ x: Int, _ y: Int, sigma: Double = sigma) -> Pixel {
        reference(parts, sigma: sigma, x0: x, y0: y, x1: x + 1, y1: y + 1)[0]
    }

    /// The reference over the pixels [x0, x1) x [y0, y1), row by row (the whole canvas by default).
    static func reference(_ parts: [Part], sigma: Double = sigma, x0: Int = 0, y0: Int = 0, x1: Int = width,
                          y1: Int = height) -> [Pixel] {
        let kernel = BackdropBlurPixelTests.kernel(sigma: sigma)
        let r = kernel.reach
        // The picture over the pixels the kernel reads, premultiplied channels (a, r, g, b).
        let pw = x1 - x0 + 2 * r, ph = y1 - y0 + 2 * r
        var source = [(Int, Int, Int, Int)](repeating: (0, 0, 0, 0), count: pw * ph)
        for j in 0..<ph { for i in 0..<pw { source[j * pw + i] = picture(parts, x0 - r + i, y0 - r + j) } }
        let total = kernel.weights.reduce(0, +) * kernel.weights.reduce(0, +)
        var out: [Pixel] = []
        for y in y0..<y1 {
            for x in x0..<x1 {
                var sums = (0, 0, 0, 0)
                for dy in -r...r {
                    let wy = kernel.weights[dy + r], row = (y - y0 + r + dy) * pw + (x - x0 + r)
                    for dx in -r...r {
                        let w = wy * kernel.weights[dx + r], p = source[row + dx]
                        sums.0 += w * p.0; sums.1 += w * p.1; sums.2 += w * p.2; sums.3 += w * p.3
                    }
                }
                let a = (sums.0 + total / 2) / total
                func over(_ s: Int) -> UInt8 { UInt8(min(255, (s + total / 2) / total + 255 - a)) }
                out.append(Pixel(r: over(sums.1), g: over(sums.2), b: over(sums.3)))
            }
        }
        return out
    }

    /// The tolerance of a back-end (see the suite's comment).
    static func tolerance(_ backEnd: BackEnd) -> Int { backEnd == .cpu ? 0 : 3 }

    static func far(_ a: Pixel, _ b: Pixel) -> Int {
        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
    }

    /// Checks every pixel of the canvas against `expected` (row by row); records the first that is off.
    static func expectEveryPixel(_ canvas: Canvas, _ backEnd: BackEnd, _ what: String, _ expected: [Pixel]) throws {
        let tolerance = Self.tolerance(backEnd)
        for y in 0..<height {
            for x in 0..<width {
                let got = try canvas.pixel(x, y), want = expected[y * width + x]
                guard far(got, want) <= tolerance else {
                    Issue.record("\(backEnd), \(what): pixel (\(x), \(y)) is \(got), expected \(want)")
                    return
                }
            }
        }
    }

    /// The layer drawn without a blur over white.
    static var unblurred: [Pixel] {
        (0..<(width * height)).map { k in
            let p = picture(parts, k % width, k / width)
            return p.0 == 0 ? white : Pixel(r: UInt8(p.1), g: UInt8(p.2), b: UInt8(p.3))
        }
    }

    @Test(arguments: BackEnd.allCases)
    func aBlurredLayerAndItsSublayersSpreadIntoTheTransparentPixelsAroundThemAsTheReferenceBlur(_ backEnd: BackEnd) throws {
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        canvas.add(Self.blurredLayer().layer)
        try canvas.draw()
        try canvas.saveIfAsked("content-blur")
        #expect(canvas.counters.offscreenPasses == 1 && canvas.counters.contentBlurs == 1)
        let kernel = BackdropBlurPixelTests.kernel(sigma: Self.sigma)
        #expect(kernel.reach == 11)
        try Self.expectEveryPixel(canvas, backEnd, "σ 4", Self.reference(Self.parts))
        // The spread: colour 5 px outside the red background's left edge and the green part's right edge;
        // white past the kernel's reach (11 px; its outermost weights, 1/576 a side, round to white already).
        #expect(try canvas.pixel(45, 60) != white && canvas.pixel(38, 60) == white)
        #expect(try canvas.pixel(125, 55) != white && canvas.pixel(131, 55) == white)
        // Inside, a sharp edge is soft: the red next to the blue stripe is a mix.
        let edge = try canvas.pixel(74, 60)
        #expect(edge.r > 0 && edge.r < 255 && edge.b > 0 && edge.b < 255)
    }

    @Test(arguments: BackEnd.allCases)
    func aClipAroundTheLayerCutsTheBlurredPixelsNotWhatIsBlurred(_ backEnd: BackEnd) throws {
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        // A container clipping to x < 80: the blur left of it is the blur of the whole layer (the blue stripe
        // and what lies right of the clip show through the kernel), nothing right of it.
        let container = Layer()
        container.frame = CGRect(x: 0, y: 0, width: 80, height: Double(Self.height))
        container.masksToBounds = true
        container.addSublayer(Self.blurredLayer().layer)
        canvas.add(container)
        try canvas.draw()
        try canvas.saveIfAsked("content-blur-clipped")
        let blurred = Self.reference(Self.parts)
        try Self.expectEveryPixel(canvas, backEnd, "clipped", blurred.indices.map { $0 % Self.width < 80 ? blurred[$0] : white })
        // Against the blur of the cut picture, pixel (79, 60) differs: it sees the blue stripe's right half.
        let cut = Self.parts.map { Part(rect: ($0.rect.x0, $0.rect.y0, min($0.rect.x1, 80), $0.rect.y1), color: $0.color) }
        #expect(Self.far(Self.expected(cut, 79, 60), Self.expected(Self.parts, 79, 60)) > 2)
    }

    @Test(arguments: BackEnd.allCases)
    func aFadedBlurredLayerIsItsBlurAtItsOpacity(_ backEnd: BackEnd) throws {
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        let layer = Self.blurredLayer().layer
        layer.opacity = 0.5
        canvas.add(layer)
        try canvas.draw()
        #expect(canvas.counters.offscreenPasses == 1)
        try Self.expectBlurAtHalfOverWhite(canvas, backEnd)
    }

    @Test(arguments: BackEnd.allCases)
    func aChangedRadiusRepaintsEverySpreadPixelGrowingAndShrinking(_ backEnd: BackEnd) throws {
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        let layer = Self.blurredLayer().layer
        canvas.add(layer)
        try canvas.draw()
        // σ 6: boxes of 11, reach 15; the pixels 12 to 15 px out were white and are now blurred.
        #expect(BackdropBlurPixelTests.kernel(sigma: 6).reach == 15)
        layer.contentBlurRadius = 6
        try canvas.draw()
        #expect(try canvas.pixel(36, 60) != white)
        try Self.expectEveryPixel(canvas, backEnd, "σ 4 then 6", Self.reference(Self.parts, sigma: 6))
        // Back to σ 2 (reach 6): the far spread goes back to white.
        layer.contentBlurRadius = 2
        try canvas.draw()
        #expect(try canvas.pixel(40, 60) == white)
        try Self.expectEveryPixel(canvas, backEnd, "σ 6 then 2", Self.reference(Self.parts, sigma: 2))
        // And to 0: the layer as drawn without the property, no group.
        layer.contentBlurRadius = 0
        try canvas.draw()
        #expect(canvas.counters.offscreenPasses == 0)
        try Self.expectEveryPixel(canvas, backEnd, "σ 0", Self.unblurred)
    }

    @Test(arguments: BackEnd.allCases)
    func aSublayerChangedInsideTheBlurRepaintsItsBlurAsFarAsTheKernelReaches(_ backEnd: BackEnd) throws {
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        let (layer, blue) = Self.blurredLayer()
        canvas.add(layer)
        try canvas.draw()
        // The blue stripe turns green: its blur changes up to 11 px either side of it, outside its bounds.
        blue.backgroundColor = Color(red: 0, green: 1, blue: 0)
        try canvas.draw()
        #expect(canvas.counters.contentBlurs == 1)
        var parts = Self.parts
        parts[1] = Part(rect: parts[1].rect, color: (0, 255, 0))
        try Self.expectEveryPixel(canvas, backEnd, "stripe recoloured", Self.reference(parts))
    }

    @Test(arguments: BackEnd.allCases)
    func anUnchangedBlurredLayerIsNotBlurredAgainWhenSomethingElseChanges(_ backEnd: BackEnd) throws {
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        canvas.add(Self.blurredLayer().layer)
        let far = solidLayer(CGRect(x: 0, y: 100, width: 20, height: 20), .black)
        canvas.add(far)
        try canvas.draw()
        #expect(canvas.counters.contentBlurs == 1)
        far.backgroundColor = Color(red: 0, green: 0, blue: 1)
        try canvas.draw()
        // The damage is the square's pixels and its antialiasing margin inside the canvas (21 x 21), far from the blur.
        #expect(canvas.counters.contentBlurs == 0 && canvas.counters.damagedPixels == 21 * 21)
        // Nothing changed: no frame at all.
        try canvas.draw()
        #expect(canvas.counters.contentBlurs == 0 && canvas.counters.operations == 0)
    }

    @Test(arguments: BackEnd.allCases)
    func aRadiusTooSmallToBlurAPixelDrawsTheLayerAsWithout(_ backEnd: BackEnd) throws {
        // σ 0.2 px: boxes of ⌊0.2 × 1.88 + 0.5⌋ = 0 pixels, no blur; the layer is not even a group.
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        canvas.add(Self.blurredLayer(sigma: 0.2).layer)
        try canvas.draw()
        #expect(canvas.counters.offscreenPasses == 0 && canvas.counters.contentBlurs == 0)
        try Self.expectEveryPixel(canvas, backEnd, "σ 0.2", Self.unblurred)
    }

    @Test(arguments: BackEnd.allCases)
    func aBlurredLayerAtTwoPixelsAPointBlursByTwiceTheRadiusInPixels(_ backEnd: BackEnd) throws {
        // σ is in points: at scale 2 the 4 pt blur is 8 px (boxes of 15, reach 21 px). One row through the layer's middle.
        let canvas = try Canvas(width: Double(Self.width) / 2, height: Double(Self.height) / 2, scale: 2, backEnd: backEnd)
        let layer = solidLayer(CGRect(x: 25, y: 20, width: 30, height: 20), Color(red: 1, green: 0, blue: 0))
        layer.contentBlurRadius = 4
        canvas.add(layer)
        try canvas.draw()
        #expect(BackdropBlurPixelTests.kernel(sigma: 8).reach == 21)
        let parts = [Part(rect: (50, 40, 110, 80), color: (255, 0, 0))]
        for x in stride(from: 20, to: 140, by: 3) {
            let got = try canvas.pixel(x, 60), want = Self.expected(parts, x, 60, sigma: 8)
            #expect(Self.far(got, want) <= Self.tolerance(backEnd), "\(backEnd): (\(x), 60) \(got), expected \(want)")
        }
    }

    /// Every pixel of a canvas, row by row.
    static func pixels(_ canvas: Canvas) throws -> [Pixel] {
        try (0..<(width * height)).map { try canvas.pixel($0 % width, $0 / width) }
    }

    @Test(arguments: BackEnd.allCases)
    func aTranslucentLayerOverTheBlurRecolouredRedrawsTheBlurUnderItAsAFreshFrameDoes(_ backEnd: BackEnd) throws {
        // The damage (the badge) touches the blurred group: the group is drawn whole and blurred again, and
        // composited in the damage only; the pixels must be those of a frame drawn from scratch.
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        canvas.add(Self.blurredLayer().layer)
        let badge = solidLayer(CGRect(x: 70, y: 50, width: 30, height: 10), Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        canvas.add(badge)
        try canvas.draw()
        badge.backgroundColor = Color(red: 1, green: 1, blue: 0, alpha: 0.5)
        try canvas.draw()
        #expect(canvas.counters.contentBlurs == 1 && canvas.counters.damagedPixels == 32 * 12)
        let fresh = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        fresh.add(Self.blurredLayer().layer)
        fresh.add(solidLayer(CGRect(x: 70, y: 50, width: 30, height: 10), Color(red: 1, green: 1, blue: 0, alpha: 0.5)))
        try fresh.draw()
        #expect(try Self.pixels(canvas) == Self.pixels(fresh), "\(backEnd)")
    }

    @Test(arguments: BackEnd.allCases)
    func aRasterizedBlurredLayerBlursItsPictureAsTheLayerDrawnDirectly(_ backEnd: BackEnd) throws {
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        let layer = Self.blurredLayer().layer
        layer.masksToBounds = true  // the picture holds the bounds: the green part is cut at them in both
        layer.shouldRasterize = true
        canvas.add(layer)
        try canvas.draw()
        #expect(canvas.counters.rasterMisses == 1 && canvas.counters.contentBlurs == 1)
        let direct = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        let plain = Self.blurredLayer().layer
        plain.masksToBounds = true
        direct.add(plain)
        try direct.draw()
        var parts = Self.parts
        parts[2] = Part(rect: (100, 50, 110, 60), color: (0, 255, 0))
        try Self.expectEveryPixel(direct, backEnd, "masked", Self.reference(parts))
        try Self.expectEveryPixel(canvas, backEnd, "rasterized", Self.reference(parts))
        // Blurring it again reuses the picture (the radius is not part of its signature).
        layer.contentBlurRadius = 2
        try canvas.draw()
        #expect(canvas.counters.rasterHits == 1 && canvas.counters.rasterMisses == 0)
        try Self.expectEveryPixel(canvas, backEnd, "rasterized σ 2", Self.reference(parts, sigma: 2))
    }

    /// The catalogue's picture (`scripts/effect-pictures.sh` saves it through `SEGUE_TEST_PNG_DIR`): a bold
    /// 17 pt title at 2 px a point, blurred by 0, 1, 2 and 4 pt (iOS 27's hidden title's blur).
    @Test(arguments: BackEnd.allCases)
    func aBlurredTitleKeepsItsInkAndSpreadsIt(_ backEnd: BackEnd) throws {
        let radii: [Double] = [0, 1, 2, 4]
        let canvas = try Canvas(width: 392, height: 60, scale: 2, backEnd: backEnd)
        for (i, radius) in radii.enumerated() {
            let title = Layer()
            title.frame = CGRect(x: 9 + 98 * Double(i), y: 12, width: 80, height: 36)
            title.contents = .text(TextContents("Title", fontSize: 17, color: .black, alignment: .center, isBold: true))
            title.contentBlurRadius = radius
            canvas.add(title)
        }
        try canvas.draw()
        try canvas.saveIfAsked("content-blur-titles")
        // Per title, over its 98 pt column (the blur of 4 pt reaches 11.3 pt, inside it): the ink (how far
        // below white the red channel is, summed) and the darkest pixel.
        var ink: [Int] = [], darkest: [Int] = []
        for i in radii.indices {
            var sum = 0, low = 255
            for y in 0..<120 {
                for x in (196 * i)..<(196 * (i + 1)) {
                    let r = Int(try canvas.pixel(x, y).r)
                    sum += 255 - r
                    low = min(low, r)
                }
            }
            ink.append(sum)
            darkest.append(low)
        }
        // A blur moves ink, it does not make or lose it: each blurred title's ink is the sharp one's within
        // 0.5 % on the CPU (each pixel rounds by half a level; 0.07 % measured at σ 4 pt) and 3 % on the GPU
        // (SDL's software renderer blends straight alpha with truncating 8-bit arithmetic, darkening every
        // translucent pixel by up to 3 levels: 2.3 % measured at σ 4 pt).
        let tolerance = backEnd == .cpu ? 0.005 : 0.03
        for i in 1..<radii.count {
            #expect(abs(Double(ink[i]) / Double(ink[0]) - 1) < tolerance, "\(backEnd): σ \(radii[i]) pt: ink \(ink[i]), sharp \(ink[0])")
        }
        // The sharp title is black somewhere; the more it is blurred, the lighter its darkest pixel.
        #expect(darkest[0] == 0 && darkest[1] < darkest[2] && darkest[2] < darkest[3], "\(backEnd): \(darkest)")
    }

    @Test(arguments: BackEnd.allCases)
    func aRoundedClipAroundTheBlurCutsItAlongItsArcs(_ backEnd: BackEnd) throws {
        // A container with rounded corners (a polygon clip, not whole pixels) around the blurred layer:
        // inside, the blur of the whole layer; outside the arcs, white.
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        let container = Layer()
        container.frame = CGRect(x: 40, y: 30, width: 80, height: 60)
        container.cornerRadius = 20
        container.masksToBounds = true
        let layer = Self.blurredLayer().layer
        layer.position.x -= 40
        layer.position.y -= 30
        container.addSublayer(layer)
        canvas.add(container)
        try canvas.draw()
        try canvas.saveIfAsked("content-blur-rounded")
        let blurred = Self.reference(Self.parts)
        // Inside the clip, clear of its edges: the reference (the blur of the whole layer, green part included).
        for (x, y) in [(45, 60), (60, 35), (74, 60), (100, 85), (118, 55), (80, 88)] {
            let got = try canvas.pixel(x, y), want = blurred[y * Self.width + x]
            #expect(want != white && Self.far(got, want) <= Self.tolerance(backEnd), "\(backEnd): (\(x), \(y)) \(got), expected \(want)")
        }
        // Outside, where the blur is not white: past the clip's right edge (the green part's blur) and in its
        // corners, outside the arcs (pixel (43, 35): its centre 22 pt from the 20 pt arc's centre (60, 50)).
        for (x, y) in [(121, 55), (125, 57), (43, 35), (43, 84), (116, 35), (116, 84)] {
            let got = try canvas.pixel(x, y)
            #expect(got == white && blurred[y * Self.width + x] != white, "\(backEnd): (\(x), \(y)) \(got)")
        }
    }

    /// On the CPU back-end only: SDL's software renderer has no premultiplied blending, so a translucent
    /// pixel drawn into a group's transparent target is stored darkened and comes out darker again (any
    /// translucent layer inside a faded group does, blurred or not; see `LayerRenderer`).
    @Test(arguments: [BackEnd.cpu])
    func aBlurredLayerInsideAFadedGroupIsItsBlurAtTheGroupsOpacity(_ backEnd: BackEnd) throws {
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        let container = Layer()
        container.frame = CGRect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))
        container.addSublayer(Self.blurredLayer().layer)
        container.opacity = 0.5
        canvas.add(container)
        try canvas.draw()
        #expect(canvas.counters.offscreenPasses == 2 && canvas.counters.contentBlurs == 1)
        try Self.expectBlurAtHalfOverWhite(canvas, backEnd)
    }

    /// The blurred pixels (``expected(_:_:_:)``) mixed with white by half, at six pixels inside and around the
    /// blur (8-bit masks and blending: within one level more than the back-end's tolerance).
    static func expectBlurAtHalfOverWhite(_ canvas: Canvas, _ backEnd: BackEnd) throws {
        for (x, y) in [(45, 60), (60, 45), (74, 60), (80, 60), (115, 55), (125, 57)] {
            let blurred = expected(parts, x, y)
            func half(_ c: UInt8) -> UInt8 { UInt8((Double(c) + 255) / 2) }
            let want = Pixel(r: half(blurred.r), g: half(blurred.g), b: half(blurred.b))
            let got = try canvas.pixel(x, y)
            #expect(far(got, want) <= tolerance(backEnd) + 1, "\(backEnd): (\(x), \(y)) \(got), expected \(want)")
        }
    }
}
