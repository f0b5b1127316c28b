import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// A presentable copy made in memory, standing for the X11 presenter's shared-memory image.
@MainActor
private final class MemoryPresentable: PresentablePicture {
    let buffer: PixelBuffer
    init(copying source: PixelBuffer) {
        buffer = PixelBuffer(width: source.width, height: source.height, format: source.format)
        memcpy(buffer.pixels, source.pixels, source.byteCount)
    }
}

/// With a present plan the draw pass leaves pixels out of the back buffer (fills and copies the window
/// makes itself); what the window shows must be, pixel for pixel, what drawing everything gives.
@Suite(.serialized) @MainActor
struct PresentPlanTests {
    /// A push: the lower page under a dimming, the top page sliding over it with a translucent shadow strip
    /// on its left edge, and a small opaque card above everything.
    @MainActor
    private struct Push {
        let canvas: Canvas
        let lower: Layer, dimming: Layer, shadow: Layer, top: Layer

        /// The push `t` of the way (0...1): the top page from the right edge to x = 40, the lower page a
        /// third of that to the left, the dimming to 0.1.
        func set(_ t: Double) {
            let topX = 40 + (1 - t) * 360
            top.position.x = topX + 150
            shadow.position.x = topX - 4
            lower.position.x = 150 + 40 - t * 120
            dimming.opacity = Float(0.1 * t)
        }
    }

    /// `automatic`: the automatic raster cache on (off by default: then a page not rasterized is drawn
    /// view by view in every frame).
    /// `scalesCells`: the plan's presenter scales blurred cells up (X11's RENDER). `bar`: a navigation
    /// bar over the top 44 rows, blurring the pages under it (σ 20 px: at a reduced resolution, f = 4) under
    /// the chrome material's tint, with a small opaque title card (150...250 x 12...32) over it.
    private func push(planned: Bool, presentable: Bool = true, rasterized: Bool = true, automatic: Bool = false,
                      scalesCells: Bool = false, bar: Bool = false) throws -> Push {
        let c = try Canvas(backEnd: .cpu)
        let compositor = c.compositor!.compositor
        if !automatic { compositor.autoRasterBudget = 0 }
        if planned {
            compositor.cpu.presentPlan = PresentPlan(scalesCells: scalesCells)
            if presentable { compositor.cpu.makePresentable = { MemoryPresentable(copying: $0) } }
        }
        let lower = rasterizedRowsPage(Color(rgb: 0xFAFAFA))
        lower.shouldRasterize = rasterized
        lower.position = CGPoint(x: 190, y: 150)
        c.add(lower)
        let dimming = solidLayer(CGRect(x: 0, y: 0, width: 400, height: 300), .black)
        dimming.opacity = 0
        c.add(dimming)
        // The stock animator's edge shadow: a strip drawing only its blurred shadow, over the lower page.
        let shadow = Layer()
        shadow.frame = CGRect(x: 0, y: 40, width: 8, height: 220)
        shadow.shadowColor = .black
        shadow.shadowOpacity = 0.25
        shadow.shadowRadius = 4
        shadow.shadowOffset = CGSize(width: 4, height: 0)
        c.add(shadow)
        let top = rasterizedRowsPage(Color(rgb: 0xEEF3FF))
        top.shouldRasterize = rasterized
        top.position = CGPoint(x: 550, y: 150)
        c.add(top)
        c.add(solidLayer(CGRect(x: 300, y: 10, width: 40, height: 60), .blue))
        if bar {
            let blur = solidLayer(CGRect(x: 0, y: 0, width: 400, height: 44), Color(white: 0.97, alpha: 0.75))
            blur.backdropBlurRadius = 20
            c.add(blur)
            c.add(solidLayer(CGRect(x: 150, y: 12, width: 100, height: 20), Color(rgb: 0x202020)))
        }
        let p = Push(canvas: c, lower: lower, dimming: dimming, shadow: shadow, top: top)
        p.set(0)
        try c.draw()
        return p
    }

    /// What the window shows after a frame: the back buffer's pixels where the plan says, then its fills
    /// and copies, over what it showed before.
    private func present(_ canvas: Canvas, onto window: PixelBuffer) {
        let compositor = canvas.compositor!.compositor
        let target = canvas.compositor!.buffer
        guard let plan = compositor.cpu.presentPlan else { return }
        plan.backBuffer.forEachRectangle { r in
            for y in r.y0..<r.y1 {
                memcpy(window.pixels + Int(y) * Int(window.stride) + Int(r.x0) * 4,
                       target.pixels + Int(y) * Int(target.stride) + Int(r.x0) * 4, Int(r.width) * 4)
            }
        }
        plan.apply(to: window)
    }

    /// A window that shows `planned`'s first frame (its whole target, as the first present does).
    private func window(showing planned: Push) -> PixelBuffer {
        let window = PixelBuffer(width: 400, height: 300)
        let target = planned.canvas.compositor!.buffer
        memcpy(window.pixels, target.pixels, target.byteCount)
        return window
    }

    /// Draws both pushes at `t`, presents the planned one onto `window`, and returns how many of the
    /// window's pixels differ from the reference's frame.
    private func step(_ planned: Push, _ reference: Push, to t: Double, window: PixelBuffer) throws -> Int {
        for p in [planned, reference] {
            p.set(t)
            try p.canvas.draw()
        }
        present(planned.canvas, onto: window)
        return differingPixels(window, reference.canvas)
    }

    private func differingPixels(_ window: PixelBuffer, _ reference: Canvas) -> Int {
        let r = reference.compositor!.buffer
        var n = 0
        for y in 0..<Int(r.height) {
            for x in 0..<Int(r.width) where window.pixel(x: x, y: y) != r.pixel(x: x, y: y) { n += 1 }
        }
        return n
    }

    @Test(arguments: [(true, true, false), (false, true, false), (true, false, false), (true, false, true)])
    func theWindowShowsWhatDrawingEverythingGives(presentable: Bool, rasterized: Bool, automatic: Bool) throws {
        let planned = try push(planned: true, presentable: presentable, rasterized: rasterized, automatic: automatic)
        let reference = try push(planned: false, rasterized: rasterized, automatic: automatic)
        let window = self.window(showing: planned)
        var filled = 0, copied = 0, backBuffer = 0, damaged = 0
        for t in [0.05, 0.2, 0.21, 0.5, 0.8, 0.95, 1] {
            #expect(try step(planned, reference, to: t, window: window) == 0, "t = \(t)")
            let plan = planned.canvas.compositor!.compositor.cpu.presentPlan!
            filled += plan.fills.count
            copied += plan.copies.count
            backBuffer += plan.backBuffer.area
            damaged += planned.canvas.compositor!.compositor.lastFrame.damagedPixels
        }
        // The plan did its work: backgrounds filled (a rasterized page's rows, a page drawn view by view its
        // background layer), the top page copied from its presentable copy when there is one (then less
        // than half the damage is written into the back buffer); a page drawn view by view becomes a
        // picture of the automatic raster cache once it has moved for a few frames, and is copied then.
        #expect(filled > 0)
        #expect(presentable && (rasterized || automatic) ? copied > 0 : copied == 0)
        #expect(presentable && rasterized ? backBuffer * 2 < damaged : backBuffer < damaged,
                "back buffer \(backBuffer) of \(damaged) damaged pixels")
    }

    @Test func aFullRedrawIsPlannedToo() throws {
        let planned = try push(planned: true)
        let reference = try push(planned: false)
        // A frame that draws both pages once (no summaries yet: at t = 0 the top page lies outside), then a
        // full frame that plans with them.
        planned.set(0.3)
        try planned.canvas.draw()
        planned.canvas.compositor!.compositor.invalidate()
        planned.set(0.5)
        reference.set(0.5)
        try planned.canvas.draw()
        try reference.canvas.draw()
        let window = PixelBuffer(width: 400, height: 300)
        present(planned.canvas, onto: window)
        let plan = planned.canvas.compositor!.compositor.cpu.presentPlan!
        #expect(plan.fills.count > 0)
        #expect(plan.copies.count > 0)
        #expect(differingPixels(window, reference.canvas) == 0)
    }

    @Test func pixelsALaterOperationDrawsOverAreWrittenIntoTheBackBuffer() throws {
        let planned = try push(planned: true)
        planned.set(0.5)
        try planned.canvas.draw()
        let plan = planned.canvas.compositor!.compositor.cpu.presentPlan!
        // The blue card (300...340 x 10...70) is drawn after the top page: none of its pixels is planned.
        let card = PixelRect(x0: 300, y0: 10, x1: 340, y1: 70)
        for f in plan.fills {
            #expect(PixelRect(x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1).intersection(card).isEmpty)
        }
        for c in plan.copies { #expect(c.rect.intersection(card).isEmpty) }
    }

    @Test func theStripUnderAnEdgeShadowIsPlannedAsFills() throws {
        let planned = try push(planned: true)
        let reference = try push(planned: false)
        planned.set(0.5)
        reference.set(0.5)
        try planned.canvas.draw()
        try reference.canvas.draw()
        let plan = planned.canvas.compositor!.compositor.cpu.presentPlan!
        // At t = 0.5 the shadow strip (x 212...220) blurred by 4 points reaches x 208...228 over rows 36...264;
        // the lower page shows left of the top page (x 220, whose bounds reach x 219 for antialiasing). Its
        // rows there are background: the strip's middle rows are fills, one a column or run of columns, not
        // pixels of the back buffer.
        let strip = PixelRect(x0: 208, y0: 60, x1: 219, y1: 240)
        var filled = 0
        for f in plan.fills { filled += PixelRect(x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1).intersection(strip).area }
        #expect(filled == strip.area)
        #expect(!plan.backBuffer.intersects(strip))
        let window = PixelBuffer(width: 400, height: 300)
        present(planned.canvas, onto: window)
        // The strip was damaged (both pages moved): the window, empty before, holds the frame's pixels there.
        var differing = 0
        let r = reference.canvas.compositor!.buffer
        for y in strip.y0..<strip.y1 {
            for x in strip.x0..<strip.x1 where window.pixel(x: Int(x), y: Int(y)) != r.pixel(x: Int(x), y: Int(y)) { differing += 1 }
        }
        #expect(differing == 0)
    }

    @Test func aStoppedPlanDrawsEveryPixelAgain() throws {
        let planned = try push(planned: true)
        let reference = try push(planned: false)
        for t in [0.2, 0.3] {   // the top page drawn twice: summarised, then copied from its presentable copy
            for p in [planned, reference] {
                p.set(t)
                try p.canvas.draw()
            }
        }
        let compositor = planned.canvas.compositor!.compositor
        #expect(!compositor.cpu.presentables.isEmpty)
        // The presenter is dropped for SDL's surface: no plan, no presentable copies, and the next frame
        // redraws the whole target into it (where fills and copies stood, it was stale).
        compositor.cpu.stopPresentPlan()
        compositor.invalidate()
        #expect(compositor.cpu.presentPlan == nil && compositor.cpu.presentables.isEmpty)
        for p in [planned, reference] {
            p.set(0.35)
            try p.canvas.draw()
        }
        #expect(compositor.lastFrame.damagedPixels == 400 * 300)
        let target = planned.canvas.compositor!.buffer
        #expect(differingPixels(target, reference.canvas) == 0)
    }

    @Test func aPageIsPlannedInAFewRectanglesABand() throws {
        let planned = try push(planned: true)
        planned.set(0.5)
        try planned.canvas.draw()
        let plan = planned.canvas.compositor!.compositor.cpu.presentPlan!
        // Two pages of 220 rows: 7 bands of 32 rows each, at most two fills (left and right of the content
        // columns) and one copy a band, fewer where bands of the same columns join.
        #expect(plan.fills.count <= 2 * 2 * 8)
        #expect(plan.copies.count <= 8)
    }

    @Test(arguments: [true, false])
    func aBlurringBarIsScaledUpByThePresenterWhereItCan(scalesCells: Bool) throws {
        let planned = try push(planned: true, scalesCells: scalesCells, bar: true)
        let reference = try push(planned: false, bar: true)
        let window = self.window(showing: planned)
        let card = PixelRect(x0: 150, y0: 12, x1: 250, y1: 32)
        for t in [0.1, 0.5, 0.9] {
            #expect(try step(planned, reference, to: t, window: window) == 0, "t = \(t)")
            let plan = planned.canvas.compositor!.compositor.cpu.presentPlan!
            var scaledPixels = 0
            for s in plan.scaled {
                // The cells of the bar's 400 x 44 pixels at f = 4: (x + ½)/4 − ½ from −⅜ to 99.375, so cells
                // −1...100 across and −1...11 down.
                #expect(s.cells.factor == 4 && s.cells.x == -1 && s.cells.y == -1)
                #expect(s.cells.pixels.width == 102 && s.cells.pixels.height == 13)
                for r in plan.rects(of: s) {
                    scaledPixels += r.area
                    // Nothing drawn over the bar after its tint is scaled: not the title card.
                    #expect(r.intersection(card).isEmpty)
                }
            }
            if scalesCells {
                // The bar's pixels but the title card's (and its one-pixel antialiasing margin): scaled, and
                // tinted over there by the presenter.
                #expect(scaledPixels == 400 * 44 - 102 * 22, "t = \(t)")
                // (The other over-fills are the dimming's, over the lower page's copied content, below the bar:
                // black at 0.1 t, t ≤ 0.9, so an alpha byte of at most round(255 x 0.09) = 23, below 0x1A.)
                var tinted = 0
                for f in plan.overFills {
                    if f.color == CompositorGeometry.premultiplied(Color(white: 0.97, alpha: 0.75), alpha: 1) {
                        tinted += Int(f.x1 - f.x0) * Int(f.y1 - f.y0)
                    } else {
                        #expect(f.color >> 24 < 0x1A && f.color & 0xFF_FFFF == 0 && f.y0 >= 44)
                    }
                }
                #expect(tinted == scaledPixels)
                #expect(!plan.backBuffer.intersects(PixelRect(x0: 0, y0: 0, x1: 140, y1: 44)))
            } else {
                #expect(plan.scaled.isEmpty && plan.overFills.isEmpty)
            }
        }
    }

    /// Below the blurring bar, in its reach, the blur takes the top page's cells from its picture's kept
    /// averages: it reads none of the page's pixels there, so they are the presenter's fills and copies like
    /// the rest of the page's, not the back buffer's; the window shows the same pixels.
    @Test(arguments: [true, false])
    func aPageInTheBlursReachIsLeftToThePresenterWhereTheBlurDoesNotReadIt(scalesCells: Bool) throws {
        let planned = try push(planned: true, scalesCells: scalesCells, bar: true)
        let reference = try push(planned: false, bar: true)
        let window = self.window(showing: planned)
        // At t = 0.5 the top page is drawn for the first time (it started off the window): whole, not by spans.
        for t in [0.5, 0.7, 0.9] {
            #expect(try step(planned, reference, to: t, window: window) == 0, "t = \(t)")
            guard t > 0.5 else { continue }
            let plan = planned.canvas.compositor!.compositor.cpu.presentPlan!
            // The bar reads y 0 ..< 96: its 44 rows and 52 of reach (4 x (12 + 1) at f = 4, σ' ≈ 4.97 cells:
            // boxes of 9). Below the blue card's bounds (y 9 ..< 71: cells to y 72), between the top page's
            // edge shadow (reaching 9 px right of the page's edge) and the card (its bounds from x 299: cells
            // from 296), every cell is the top page's.
            let topX = Int32((40 + (1 - t) * 360).rounded())
            let reach = PixelRect(x0: topX + 12, y0: 72, x1: 296, y1: 96)
            #expect(!plan.backBuffer.intersects(reach), "t = \(t)")
        }
    }

    /// The page below a push, dimmed: where the presenter can lay a translucent colour over what it copies
    /// (RENDER), the lower page's content columns are copied from its picture and the dimming laid over them
    /// there, instead of copied and tinted into the back buffer; the window shows the same pixels.
    @Test(arguments: [true, false])
    func aDimmedPagesContentIsCopiedAndDimmedByThePresenterWhereItCan(scalesCells: Bool) throws {
        let planned = try push(planned: true, scalesCells: scalesCells)
        let reference = try push(planned: false)
        let window = self.window(showing: planned)
        // The dimming, black at 0.1 t: its premultiplied alpha byte, round(255 x 0.1 t).
        for (t, alpha) in [(0.2, UInt32(0x05)), (0.5, 0x0D), (0.9, 0x17)] {
            #expect(try step(planned, reference, to: t, window: window) == 0, "t = \(t)")
            let plan = planned.canvas.compositor!.compositor.cpu.presentPlan!
            // The top page lies right of x = 40 + 360 (1 - t); the lower page's copies left of it.
            let topX = Int32((40 + (1 - t) * 360).rounded())
            let lowerCopies = plan.copies.filter { $0.rect.x1 <= topX }
            if scalesCells {
                // Every over-fill is the dimming over one of the lower page's copies; the top page is not dimmed.
                #expect(!lowerCopies.isEmpty && plan.overFills.count == lowerCopies.count, "t = \(t)")
                for f in plan.overFills {
                    #expect(f.color == alpha << 24, "t = \(t)")
                    let rect = PixelRect(x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1)
                    #expect(lowerCopies.contains { $0.rect == rect }, "t = \(t)")
                }
                // The lower page's swatches (x 12...32, y 6...226 of the page at x 40 - 120 t, y 40) are not
                // written into the back buffer where they show.
                let x0 = Int32((40 - 120 * t).rounded())
                let swatches = PixelRect(x0: max(0, x0 + 12), y0: 46, x1: x0 + 32, y1: 226)
                if !swatches.isEmpty { #expect(!plan.backBuffer.intersects(swatches), "t = \(t)") }
            } else {
                #expect(plan.overFills.isEmpty && lowerCopies.isEmpty, "t = \(t)")
            }
        }
    }
}
