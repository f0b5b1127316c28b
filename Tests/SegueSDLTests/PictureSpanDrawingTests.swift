import Foundation
import Testing
import SegueAnimation
import CSDL2
@testable import SegueSDL

/// The GPU executor draws an opaque picture placed on whole pixels as its background's fills and its
/// content's texture, and folds a black dimming over it into that drawing: the pixels of the plain copy
/// and of the dimming's own pass.
@Suite(.serialized) @MainActor
struct PictureSpanDrawingTests {
    private static let background: UInt32 = 0xFF_EE_F3_FF
    private static let other: UInt32 = 0xFF_FA_FA_FA

    /// A 100 x 96 picture (three bands of 32 rows) of `background`, with content at columns 10..<30 of rows
    /// 5..<20 (band 0) and at columns 50..<60 of rows 70..<75 (band 2); band 1 holds nothing.
    private func summary(band1Background: UInt32 = background) -> PictureContentSpans.Summary {
        let buffer = PixelBuffer(width: 100, height: 96)
        for y in 0..<96 {
            for x in 0..<100 {
                var c = (32..<64).contains(y) ? band1Background : Self.background
                if (5..<20).contains(y) && (10..<30).contains(x) { c = 0xFF_10_20_30 }
                if (70..<75).contains(y) && (50..<60).contains(x) { c = 0xFF_30_20_10 }
                buffer.pixels.storeBytes(of: c, toByteOffset: y * Int(buffer.stride) + x * 4, as: UInt32.self)
            }
        }
        return PictureContentSpans.summarise(buffer)
    }

    private func rect(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32) -> PixelRect {
        PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    @Test func aPageIsItsBackgroundAroundItsContentColumnsPerBand() throws {
        typealias Piece = LayerRenderer.PicturePiece
        let bg = Self.background
        let pieces = LayerRenderer.pieces(of: summary(), in: rect(0, 0, 100, 96))
        // Left and right of all content, as tall as the run of bands; then per band: the content columns
        // from the texture and the rest of the middle as fills (band 1 wholly).
        #expect(pieces == [
            Piece(box: rect(0, 0, 10, 96), background: bg), Piece(box: rect(60, 0, 100, 96), background: bg),
            Piece(box: rect(30, 0, 60, 32), background: bg),
            Piece(box: rect(10, 32, 60, 64), background: bg),
            Piece(box: rect(10, 64, 50, 96), background: bg),
            Piece(box: rect(10, 0, 30, 32), background: nil), Piece(box: rect(50, 64, 60, 96), background: nil),
        ])
        // A part of it: the same pieces cut to it.
        let part = LayerRenderer.pieces(of: summary(), in: rect(20, 40, 100, 80))
        #expect(part == [
            Piece(box: rect(20, 40, 50, 80), background: bg), Piece(box: rect(60, 40, 100, 80), background: bg),
            Piece(box: rect(50, 40, 60, 64), background: bg),
            Piece(box: rect(50, 64, 60, 80), background: nil),
        ])
    }

    @Test func bandsOfAnotherOrATranslucentBackgroundAreTheirOwn() throws {
        typealias Piece = LayerRenderer.PicturePiece
        let bg = Self.background
        // Band 1 is another colour: three runs. Band 1 translucent: drawn from the texture whole.
        #expect(LayerRenderer.pieces(of: summary(band1Background: Self.other), in: rect(0, 32, 100, 96)) == [
            Piece(box: rect(0, 32, 100, 64), background: Self.other),
            Piece(box: rect(0, 64, 50, 96), background: bg), Piece(box: rect(60, 64, 100, 96), background: bg),
            Piece(box: rect(50, 64, 60, 96), background: nil),
        ])
        #expect(LayerRenderer.pieces(of: summary(band1Background: 0x80_40_40_40), in: rect(0, 32, 100, 64)) == [
            Piece(box: rect(0, 32, 100, 64), background: nil),
        ])
    }

    @Test func theCentredPixelsOfABoxAreThoseWhoseCentresItHolds() {
        // Centre 37.5 is in [37.4, 337.4), 337.5 is not; a left edge on a centre (37.5) takes it in.
        #expect(PixelRect.centred(minX: 37.4, minY: 20, maxX: 337.4, maxY: 240) == rect(37, 20, 337, 240))
        #expect(PixelRect.centred(minX: 37.5, minY: 0.6, maxX: 337.6, maxY: 10.5) == rect(37, 1, 338, 10))
        #expect(PixelRect.centred(minX: 5.6, minY: 0, maxX: 6.4, maxY: 10).isEmpty)
    }

    @Test func subtractingARectangleLeavesAtMostFour() {
        let r = rect(0, 0, 10, 10)
        #expect(r.subtracting(rect(3, 4, 6, 8)) == [rect(0, 0, 10, 4), rect(0, 8, 10, 10), rect(0, 4, 3, 8), rect(6, 4, 10, 8)])
        #expect(r.subtracting(rect(-5, -5, 5, 20)) == [rect(5, 0, 10, 10)])
        #expect(r.subtracting(rect(20, 20, 30, 30)) == [r])
        #expect(r.subtracting(rect(-1, -1, 11, 11)).isEmpty)
    }

    /// A rasterized page of rows at whole pixels on the GPU executor, drawn twice (a picture is summarised
    /// when it is drawn again), the second time moved by `step` points, under `dimming` when given.
    private func page(spans: Bool, folds: Bool = true, dimming: Color? = nil, step: Double,
                      backEnd: BackEnd = .gpu, scale: Double = 1) throws -> Canvas {
        let c = try Canvas(scale: scale, backEnd: backEnd)
        c.recorder.copiesBySpans = spans
        c.recorder.foldsTints = folds
        let page = rasterizedRowsPage(Color(rgb: 0xEEF3FF))
        page.frame.origin = CGPoint(x: 30, y: 20)
        c.add(page)
        let dim = dimming.map { solidLayer(page.frame, $0) }
        if let dim { c.add(dim) }
        try c.draw()
        page.position.x += step
        dim?.position.x += step
        try c.draw()
        return c
    }

    private func differences(_ a: Canvas, _ b: Canvas) throws -> (pixels: Int, largest: Int) {
        var pixels = 0, largest = 0
        for y in 0..<300 {
            for x in 0..<400 {
                let p = try a.pixel(x, y), q = try b.pixel(x, y)
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                if d > 0 { pixels += 1 }
                largest = max(largest, d)
            }
        }
        return (pixels, largest)
    }

    @Test func thePageBySpansHasThePixelsOfItsCopy() throws {
        let spans = try page(spans: true, step: 7), copy = try page(spans: false, step: 7)
        #expect(spans.renderer!.layerRenderer.lastFrame.gpu.spanPictures == 1)
        #expect(copy.renderer!.layerRenderer.lastFrame.gpu.spanPictures == 0)
        try spans.saveIfAsked("page-by-spans")
        let d = try differences(spans, copy)
        #expect(d.pixels == 0)
        // The background is drawn as a fill of its colour, and the rows are there.
        #expect(try spans.pixel(300, 100) == Pixel(r: 0xEE, g: 0xF3, b: 0xFF))
        #expect(try spans.pixel(37 + 12 + 10, 20 + 6 + 10) != Pixel(r: 0xEE, g: 0xF3, b: 0xFF))
    }

    /// The tint is multiplied into the texture and the fills' colour instead of blended in a pass of its
    /// own; the two round differently by at most one level.
    static let foldTolerance = 1

    @Test(arguments: [7.0, 7.4])
    func aBlackDimmingFoldedIntoThePageHasThePixelsOfItsOwnPass(step: Double) throws {
        let dimming = Color.black.withAlphaComponent(0.3)
        let folded = try page(spans: true, dimming: dimming, step: step)
        let reference = try page(spans: true, folds: false, dimming: dimming, step: step)
        #expect(folded.renderer!.layerRenderer.lastFrame.foldedTints == 1)
        #expect(reference.renderer!.layerRenderer.lastFrame.foldedTints == 0)
        let d = try differences(folded, reference)
        #expect(d.largest <= Self.foldTolerance)
        // The background, dimmed: 0.7 of #EEF3FF.
        let p = try folded.pixel(300, 100)
        #expect(abs(Int(p.r) - 167) <= 1 && abs(Int(p.g) - 170) <= 1 && abs(Int(p.b) - 179) <= 1)
    }

    @Test(arguments: [1.0, 2.0])
    func theDimmedPageBySpansAgreesWithTheCPUExecutor(scale: Double) throws {
        let dimming = Color.black.withAlphaComponent(0.3)
        let gpu = try page(spans: true, dimming: dimming, step: 7.4, scale: scale)
        let cpu = try page(spans: true, dimming: dimming, step: 7.4, backEnd: .cpu, scale: scale)
        #expect(gpu.renderer!.layerRenderer.lastFrame.foldedTints == 1)
        let (_, outOfRange) = try compareFrames(cpu, gpu, tolerance: BackEndAgreementTests.flatTolerance,
                                                reach: BackEndAgreementTests.edgeReach)
        #expect(outOfRange.isEmpty, "\(outOfRange.count) pixels differ, e.g. \(outOfRange.prefix(3).map { "(\($0.0), \($0.1)): cpu \($0.2), gpu \($0.3)" })")
    }

    @Test func aColouredTintIsNotFolded() throws {
        let tinted = try page(spans: true, dimming: Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.3), step: 7)
        #expect(tinted.renderer!.layerRenderer.lastFrame.foldedTints == 0)
        #expect(tinted.renderer!.layerRenderer.lastFrame.gpu.spanPictures == 1)
    }

    @Test func opaquePicturesTakeTheSoftwareRenderersWindowFormat() throws {
        // SDL's software renderer copies a texture pixel for pixel only in the target's format (RGB888).
        let c = try Canvas(backEnd: .gpu)
        let textures = c.renderer!.layerRenderer.textures
        let picture = PixelBuffer(width: 8, height: 8)
        func format(opaque: Bool) throws -> UInt32 {
            let texture = try #require(try textures.texture(for: picture, source: .bitmap(ObjectIdentifier(picture)), opaque: opaque))
            var f: UInt32 = 0
            #expect(SDL_QueryTexture(texture, &f, nil, nil, nil) == 0)
            return f
        }
        #expect(try format(opaque: true) == SDL_PIXELFORMAT_RGB888.rawValue)
        #expect(try format(opaque: false) == SDL_PIXELFORMAT_ARGB8888.rawValue)
        #expect(try format(opaque: true) == SDL_PIXELFORMAT_RGB888.rawValue)
    }
}
