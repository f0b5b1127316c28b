import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// The backdrop blur (`Layer.backdropBlurRadius`) at full resolution (σ below 8 px; a larger one is blurred
/// at a reduced resolution, ReducedBackdropBlurPixelTests) on both executors, against a reference computed here: the
/// W3C Filter Effects' three-box approximation of a Gaussian, its kernel built by convolving the three boxes
/// and applied as one direct 2D sum over the backdrop drawn without the blur (its edge pixels extended past
/// the frame), with no separable passes and no running sums. Both executors must give exactly those pixels
/// where the blur's shape covers whole pixels (tolerance 0), leave every pixel outside the shape as the
/// backdrop is, and redo the blur only when what lies under it changed.
@Suite(.serialized) @MainActor
struct BackdropBlurPixelTests {
    static let width = 160, height = 120
    /// The blur view's frame and σ (points, at scale 1: pixels).
    static let blurFrame = CGRect(x: 40, y: 30, width: 80, height: 60)
    static let sigma = 4.0

    /// Sharp stripes: 16 vertical ones 10 px wide in four colours, crossed by green bars 4 px tall every 20 px.
    static func stripes(on canvas: Canvas) -> [Layer] {
        let colors: [Color] = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1),
                               Color(red: 1, green: 1, blue: 0), .black]
        var layers: [Layer] = []
        for i in 0..<16 {
            layers.append(solidLayer(CGRect(x: Double(i * 10), y: 0, width: 10, height: Double(height)), colors[i % 4]))
        }
        for j in 0..<6 {
            layers.append(solidLayer(CGRect(x: 0, y: Double(8 + j * 20), width: Double(width), height: 4),
                                     Color(red: 0, green: 0.8, blue: 0.2)))
        }
        for layer in layers { canvas.add(layer) }
        return layers
    }

    /// Every pixel of the canvas's last frame, row by row.
    static func pixels(_ canvas: Canvas) throws -> [Pixel] {
        var out: [Pixel] = []
        out.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { out.append(try canvas.pixel(x, y)) } }
        return out
    }

    /// The 1D kernel of the three boxes for σ pixels, as the W3C's `feGaussianBlur` defines them (d =
    /// ⌊σ·3·√(2π)/4 + 0.5⌋; odd d: three boxes of d centred; even d: one of d centred on the left pixel edge,
    /// one of d on the right edge, one of d + 1 centred), convolved: integer weights from offset -reach.
    static func kernel(sigma: Double) -> (weights: [Int], reach: Int) {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        // Each box as the offsets it sums, relative to the output pixel.
        let boxes: [ClosedRange<Int>] = d % 2 == 1
            ? Array(repeating: -(d - 1) / 2...(d - 1) / 2, count: 3)
            : [-(d / 2)...(d / 2 - 1), -(d / 2 - 1)...(d / 2), -(d / 2)...(d / 2)]
        var weights: [Int: Int] = [0: 1]
        for box in boxes {
            var next: [Int: Int] = [:]
            for (offset, w) in weights { for o in box { next[offset + o, default: 0] += w } }
            weights = next
        }
        let reach = weights.keys.map(abs).max()!
        return ((-reach...reach).map { weights[$0] ?? 0 }, reach)
    }

    /// The reference blur of `backdrop` at pixel (x, y): the direct 2D sum, edges extended, rounded half up.
    static func referenceBlur(_ backdrop: [Pixel], x: Int, y: Int, kernel: (weights: [Int], reach: Int)) -> Pixel {
        var sums = [0, 0, 0]
        var total = 0
        for dy in -kernel.reach...kernel.reach {
            let wy = kernel.weights[dy + kernel.reach]
            let row = min(max(y + dy, 0), height - 1) * width
            for dx in -kernel.reach...kernel.reach {
                let w = wy * kernel.weights[dx + kernel.reach]
                let p = backdrop[row + min(max(x + dx, 0), width - 1)]
                sums[0] += w * Int(p.r); sums[1] += w * Int(p.g); sums[2] += w * Int(p.b)
                total += w
            }
        }
        func channel(_ s: Int) -> UInt8 { UInt8((s + total / 2) / total) }
        return Pixel(r: channel(sums[0]), g: channel(sums[1]), b: channel(sums[2]))
    }

    /// A true Gaussian of σ at pixel (x, y) (weights e^(-d²/2σ²) to 4σ, normalised), for how far the three
    /// boxes stray from it.
    static func gaussianBlur(_ backdrop: [Pixel], x: Int, y: Int, sigma: Double) -> (Double, Double, Double) {
        let reach = Int((4 * sigma).rounded(.up))
        let w = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        var r = 0.0, g = 0.0, b = 0.0, total = 0.0
        for dy in -reach...reach {
            let row = min(max(y + dy, 0), height - 1) * width
            for dx in -reach...reach {
                let k = w[dx + reach] * w[dy + reach]
                let p = backdrop[row + min(max(x + dx, 0), width - 1)]
                r += k * Double(p.r); g += k * Double(p.g); b += k * Double(p.b)
                total += k
            }
        }
        return (r / total, g / total, b / total)
    }

    /// The canvas's stripes drawn without a blur: the backdrop the reference blurs.
    static func backdrop(_ backEnd: BackEnd) throws -> [Pixel] {
        let canvas = try Canvas(width: Double(width), height: Double(height), backEnd: backEnd)
        _ = stripes(on: canvas)
        try canvas.draw()
        return try pixels(canvas)
    }

    /// A layer blurring its backdrop by `sigma` points.
    static func blurLayer(_ frame: CGRect = blurFrame, sigma: Double = sigma) -> Layer {
        let layer = Layer()
        layer.frame = frame
        layer.backdropBlurRadius = sigma
        return layer
    }

    @Test(arguments: BackEnd.allCases)
    func aBlurViewReplacesItsBackdropByTheReferenceBlurAndLeavesTheRestAsItWas(_ backEnd: BackEnd) throws {
        let backdrop = try Self.backdrop(backEnd)
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        _ = Self.stripes(on: canvas)
        canvas.add(Self.blurLayer())
        try canvas.draw()
        try canvas.saveIfAsked("backdrop-blur")
        let frame = try Self.pixels(canvas)
        let kernel = Self.kernel(sigma: Self.sigma)
        #expect(kernel.reach == 11 && kernel.weights.reduce(0, +) == 8 * 8 * 9)
        var worstGaussian = 0.0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let inside = Self.blurFrame.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let expected = inside ? Self.referenceBlur(backdrop, x: x, y: y, kernel: kernel) : backdrop[y * Self.width + x]
                let got = frame[y * Self.width + x]
                guard got == expected else {
                    Issue.record("\(backEnd): pixel (\(x), \(y)) \(inside ? "inside" : "outside") the blur is \(got), expected \(expected)")
                    return
                }
                if inside {
                    let g = Self.gaussianBlur(backdrop, x: x, y: y, sigma: Self.sigma)
                    worstGaussian = max(worstGaussian, abs(g.0 - Double(got.r)), abs(g.1 - Double(got.g)), abs(g.2 - Double(got.b)))
                }
            }
        }
        // The three boxes approximate the Gaussian: within 10 levels of 255 (4 %) on these sharp stripes
        // (9.6 measured).
        #expect(worstGaussian < 10, "\(backEnd): \(worstGaussian) levels from a true Gaussian")
    }

    @Test(arguments: BackEnd.allCases)
    func aRoundedBlurAndAClippedBlurBlurOnlyInsideTheirShape(_ backEnd: BackEnd) throws {
        let backdrop = try Self.backdrop(backEnd)
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        _ = Self.stripes(on: canvas)
        let rounded = Self.blurLayer(CGRect(x: 10, y: 10, width: 60, height: 60))
        rounded.cornerRadius = 20
        canvas.add(rounded)
        // A blur 80 pt wide in a container that clips it to its left 40 pt.
        let container = Layer()
        container.frame = CGRect(x: 90, y: 40, width: 40, height: 60)
        container.masksToBounds = true
        container.addSublayer(Self.blurLayer(CGRect(x: 0, y: 0, width: 80, height: 60)))
        canvas.add(container)
        try canvas.draw()
        try canvas.saveIfAsked("backdrop-blur-shapes")
        let kernel = Self.kernel(sigma: Self.sigma)
        func at(_ x: Int, _ y: Int) throws -> (got: Pixel, backdrop: Pixel, blurred: Pixel) {
            (try canvas.pixel(x, y), backdrop[y * Self.width + x], Self.referenceBlur(backdrop, x: x, y: y, kernel: kernel))
        }
        // The rounded blur: blurred well inside (its centre, its edges' middles), untouched in its corners
        // outside the arc (pixel (12, 12): 2 pt in from both edges, ~ 9.9 pt outside the 20 pt arc).
        for (x, y) in [(40, 40), (12, 40), (40, 67), (25, 25)] {
            let p = try at(x, y)
            #expect(p.got == p.blurred && p.blurred != p.backdrop, "\(backEnd): (\(x), \(y)) \(p.got), expected blurred \(p.blurred)")
        }
        for (x, y) in [(12, 12), (67, 12), (12, 67), (67, 67)] {
            let p = try at(x, y)
            #expect(p.got == p.backdrop && p.blurred != p.backdrop, "\(backEnd): (\(x), \(y)) \(p.got), expected the backdrop \(p.backdrop)")
        }
        // The clipped blur: blurred inside the container, the backdrop beyond its right edge.
        for (x, y) in [(91, 41), (110, 70), (129, 99)] {
            let p = try at(x, y)
            #expect(p.got == p.blurred, "\(backEnd): (\(x), \(y)) \(p.got), expected blurred \(p.blurred)")
        }
        for (x, y) in [(130, 41), (135, 70), (150, 99)] {
            let p = try at(x, y)
            #expect(p.got == p.backdrop && p.blurred != p.backdrop, "\(backEnd): (\(x), \(y)) \(p.got), expected the backdrop \(p.backdrop)")
        }
    }

    @Test(arguments: BackEnd.allCases)
    func theBlurIsKeptWhileTheBackdropIsStillAndRedoneWhenItMoves(_ backEnd: BackEnd) throws {
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        let stripes = Self.stripes(on: canvas)
        canvas.add(Self.blurLayer())
        // A small square on top of the blur, recoloured each frame: the blur's pixels are redrawn under it.
        let badge = solidLayer(CGRect(x: 70, y: 50, width: 10, height: 10), .white)
        canvas.add(badge)
        try canvas.draw()
        #expect((canvas.counters.backdropBlurHits, canvas.counters.backdropBlurMisses) == (0, 1))
        var counts: [(Int, Int)] = []
        for i in 0..<4 {
            badge.backgroundColor = Color(white: Double(i) / 4)
            try canvas.draw()
            counts.append((canvas.counters.backdropBlurHits, canvas.counters.backdropBlurMisses))
        }
        #expect(counts.map(\.0) == [1, 1, 1, 1] && counts.map(\.1) == [0, 0, 0, 0], "\(backEnd): still backdrop \(counts)")
        // A stripe under the blur moving: blurred again each frame.
        counts = []
        for i in 0..<3 {
            stripes[5].position.y += Double(i + 1)
            try canvas.draw()
            counts.append((canvas.counters.backdropBlurHits, canvas.counters.backdropBlurMisses))
        }
        #expect(counts.map(\.0) == [0, 0, 0] && counts.map(\.1) == [1, 1, 1], "\(backEnd): moving backdrop \(counts)")
        // Something changing far from the blur (beyond the kernel's reach): the blur is not drawn at all.
        stripes[15].backgroundColor = .white
        try canvas.draw()
        #expect((canvas.counters.backdropBlurHits, canvas.counters.backdropBlurMisses) == (0, 0))
    }

    @Test(arguments: BackEnd.allCases)
    func aBlurRedoneForAChangeUnderOneCornerMatchesTheReferenceEverywhere(_ backEnd: BackEnd) throws {
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        let stripes = Self.stripes(on: canvas)
        canvas.add(Self.blurLayer())
        try canvas.draw()
        // A green bar under the blur's bottom edge recoloured: the damage is the bar, the blur is redone whole.
        stripes[20].backgroundColor = Color(red: 0.5, green: 0, blue: 0.5)
        try canvas.draw()
        #expect(canvas.counters.backdropBlurMisses == 1)
        let frame = try Self.pixels(canvas)
        let reference = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        Self.stripes(on: reference)[20].backgroundColor = Color(red: 0.5, green: 0, blue: 0.5)
        try reference.draw()
        let backdrop = try Self.pixels(reference)
        let kernel = Self.kernel(sigma: Self.sigma)
        for (x, y) in [(40, 30), (80, 60), (119, 89), (60, 35), (100, 85)] {
            #expect(frame[y * Self.width + x] == Self.referenceBlur(backdrop, x: x, y: y, kernel: kernel), "\(backEnd): (\(x), \(y))")
        }
    }

    @Test(arguments: BackEnd.allCases)
    func aBlurUnderAnOpaqueLayerOrOffTheFrameCostsNothing(_ backEnd: BackEnd) throws {
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        _ = Self.stripes(on: canvas)
        canvas.add(Self.blurLayer())
        canvas.add(solidLayer(CGRect(x: 30, y: 20, width: 100, height: 80), .white))
        canvas.add(Self.blurLayer(CGRect(x: 200, y: 30, width: 80, height: 60)))
        try canvas.draw()
        #expect((canvas.counters.backdropBlurHits, canvas.counters.backdropBlurMisses) == (0, 0))
        #expect(try canvas.pixel(80, 60) == white)
    }

    @Test(arguments: BackEnd.allCases)
    func aBlurLayerFadingAsAGroupMixesItsBlurWithTheBackdropByItsOpacity(_ backEnd: BackEnd) throws {
        let backdrop = try Self.backdrop(backEnd)
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        _ = Self.stripes(on: canvas)
        let blur = Self.blurLayer()
        // A sublayer (drawing nothing) makes the faded layer a group drawn offscreen.
        let sublayer = Layer()
        sublayer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        blur.addSublayer(sublayer)
        blur.opacity = 0.25
        canvas.add(blur)
        try canvas.draw()
        #expect(canvas.counters.offscreenPasses == 1 && canvas.counters.backdropBlurMisses == 1)
        let kernel = Self.kernel(sigma: Self.sigma)
        // 8-bit mixing (pixman's masks, the renderer's blending): within one level of the exact mix.
        for (x, y) in [(40, 30), (80, 60), (119, 89), (60, 35), (100, 85)] {
            let b = backdrop[y * Self.width + x], r = Self.referenceBlur(backdrop, x: x, y: y, kernel: kernel)
            let got = try canvas.pixel(x, y)
            func mix(_ a: UInt8, _ c: UInt8) -> Double { 0.75 * Double(a) + 0.25 * Double(c) }
            let far = max(abs(Double(got.r) - mix(b.r, r.r)), abs(Double(got.g) - mix(b.g, r.g)), abs(Double(got.b) - mix(b.b, r.b)))
            #expect(far <= 1, "\(backEnd): (\(x), \(y)) \(got), backdrop \(b), blurred \(r)")
        }
    }

    @Test(arguments: BackEnd.allCases)
    func aBlurUncoveredAfterBeingHiddenReadsItsBackdropAndNotWhatIsDrawnOverItsEdge(_ backEnd: BackEnd) throws {
        let backdrop = try Self.backdrop(backEnd)
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        _ = Self.stripes(on: canvas)
        canvas.add(Self.blurLayer())
        // Drawn after the blur: a black bar across the frame just above it (within the kernel's reach, and
        // large enough to hide what is under it), and a white cover hiding the blur.
        canvas.add(solidLayer(CGRect(x: 0, y: 20, width: Double(Self.width), height: 9), .black))
        let cover = solidLayer(CGRect(x: 30, y: 29, width: 100, height: 71), .white)
        canvas.add(cover)
        try canvas.draw()
        #expect((canvas.counters.backdropBlurHits, canvas.counters.backdropBlurMisses) == (0, 0))
        cover.isHidden = true
        try canvas.draw()
        #expect((canvas.counters.backdropBlurHits, canvas.counters.backdropBlurMisses) == (0, 1))
        let kernel = Self.kernel(sigma: Self.sigma)
        // The blur's top rows blur the stripes under the bar, not the bar.
        for (x, y) in [(40, 30), (60, 30), (80, 31), (100, 33), (119, 36), (80, 60)] {
            #expect(try canvas.pixel(x, y) == Self.referenceBlur(backdrop, x: x, y: y, kernel: kernel), "\(backEnd): (\(x), \(y))")
        }
        #expect(try canvas.pixel(80, 25) == black)
    }

    @Test(arguments: BackEnd.allCases)
    func anOddBoxSizeBlursAsTheReferenceToo(_ backEnd: BackEnd) throws {
        // σ = 5: boxes of 9 (odd: three centred boxes), where σ = 4 gives 8 (even).
        let backdrop = try Self.backdrop(backEnd)
        let canvas = try Canvas(width: Double(Self.width), height: Double(Self.height), backEnd: backEnd)
        _ = Self.stripes(on: canvas)
        canvas.add(Self.blurLayer(sigma: 5))
        try canvas.draw()
        let kernel = Self.kernel(sigma: 5)
        #expect(kernel.reach == 12 && kernel.weights.reduce(0, +) == 9 * 9 * 9)
        for y in stride(from: 30, to: 90, by: 7) {
            for x in stride(from: 40, to: 120, by: 3) {
                #expect(try canvas.pixel(x, y) == Self.referenceBlur(backdrop, x: x, y: y, kernel: kernel), "\(backEnd): (\(x), \(y))")
            }
        }
    }
}
