import CPixman
import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// The reduced backdrop blur's cells taken from the kept averages of the opaque pictures under it
/// (`CPUExecutor+PictureCells.swift`, ``PictureCellAverages``) must be exactly the cells averaged from the
/// target's pixels: each scene is drawn twice, with the shortcut and without (``Compositor/averagesCellsFromPictures``),
/// and the blur's kept cells and every pixel compared; the counters say how many cells came from pictures,
/// so that a scene where the shortcut silently stopped applying fails too.
///
/// Every scene is 240 x 160 px with a bar at y 50 ..< 74 blurring at σ 16 px (f = 4, reaching 40 px): it
/// writes y 49 ..< 75 (its 1 px antialiasing margin) and reads y 9 ..< 115, all columns. Its cells are
/// 60 x 27 (rows 2 ..< 29); the 25 rows 3 ..< 28 lie wholly inside the pixels read (rows 2 and 28 reach
/// outside them: their edge pixels stand in, so they are always averaged from the pixels).
@Suite(.serialized) @MainActor
struct PictureCellAveragesTests {
    static let width = 240, height = 160
    /// The cells of the bar's blur, and the whole rows among them.
    static let gridCells = 60 * 27, wholeRows = 25

    /// A scene drawn by its own recorder into its own target.
    @MainActor final class Scene {
        let tree: LayerTree
        let compositor: Compositor
        let target: PixelBuffer

        /// The layers `build` adds under the blurring bar, on a white root; `averages`: the shortcut on.
        init(averages: Bool, format: pixman_format_code_t = PIXMAN_a8r8g8b8, build: (Layer) -> Void) throws {
            let root = Layer()
            root.frame = CGRect(x: 0, y: 0, width: Double(PictureCellAveragesTests.width),
                                height: Double(PictureCellAveragesTests.height))
            root.backgroundColor = .white
            build(root)
            let bar = Layer()
            bar.frame = CGRect(x: 0, y: 50, width: Double(PictureCellAveragesTests.width), height: 24)
            bar.backdropBlurRadius = 16
            root.addSublayer(bar)
            tree = LayerTree(root: root, clock: VirtualClock())
            compositor = Compositor(fonts: try FontLocator().locate(), scale: 1)
            compositor.averagesCellsFromPictures = averages
            target = PixelBuffer(width: Int32(PictureCellAveragesTests.width), height: Int32(PictureCellAveragesTests.height),
                                 format: format)
        }

        func draw() throws {
            tree.update()
            _ = try compositor.render(tree, into: target)
        }

        var counters: CompositorCounters { compositor.lastFrame }
        /// Cells made from pictures' pixels so far (``PictureCellAverages/madeCells``).
        var madeCells: Int { compositor.cpu.pictureCells.madeCells }

        /// The bar's blurred cells, as kept.
        var cells: PixelBuffer {
            get throws {
                let kept = compositor.pictures.backdrops.values
                try #require(kept.count == 1 && kept.first!.factor == 4)
                return kept.first!.pixels
            }
        }
    }

    /// The scene drawn with the shortcut and without; `step` changes both alike between frames.
    struct Pair {
        let fast: Scene, reference: Scene
    }

    static func pair(format: pixman_format_code_t = PIXMAN_a8r8g8b8, _ build: @escaping (Layer) -> Void) throws -> Pair {
        let pair = Pair(fast: try Scene(averages: true, format: format, build: build),
                        reference: try Scene(averages: false, format: format, build: build))
        try pair.fast.draw()
        try pair.reference.draw()
        return pair
    }

    /// A bitmap page of `width` x `height` px whose pixels all differ from their neighbours (so that a cell
    /// averaged one pixel off, or from a stale table, gives another colour).
    static func page(_ frame: CGRect) -> Layer {
        let layer = Layer()
        layer.frame = frame
        layer.contents = .bitmap(Bitmap(width: Int(frame.width), height: Int(frame.height)) { x, y in
            Color(red: Double((x * 37 + y * 5) % 256) / 255, green: Double((y * 53 + x * 11) % 256) / 255,
                  blue: Double(((x ^ y) * 7) % 256) / 255)
        })
        return layer
    }

    /// Expects both scenes' kept cells and every pixel to be equal, and the shortcut's counts of cells
    /// (from pictures, from pixels) to be `counts` (the reference's: none from pictures).
    static func expectSame(_ pair: Pair, counts: (Int, Int), sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fast = pair.fast.counters, reference = pair.reference.counters
        #expect((fast.backdropCellsFromPictures, fast.backdropCellsFromPixels) == counts, sourceLocation: sourceLocation)
        #expect((reference.backdropCellsFromPictures, reference.backdropCellsFromPixels) == (0, gridCells),
                sourceLocation: sourceLocation)
        let a = try pair.fast.cells, b = try pair.reference.cells
        #expect((a.width, a.height) == (b.width, b.height), sourceLocation: sourceLocation)
        #expect(a.differingPixels(from: b) == 0, sourceLocation: sourceLocation)
        var differingPixels = 0
        for y in 0..<height {
            for x in 0..<width where pair.fast.target.pixel(x: x, y: y) != pair.reference.target.pixel(x: x, y: y) {
                differingPixels += 1
            }
        }
        #expect(differingPixels == 0, sourceLocation: sourceLocation)
    }

    @Test(arguments: [0, 1, 2, 3], [0, 1])
    func aPagePictureGivesTheCellsOfTheTargetsPixelsAtEveryPhase(_ dx: Int, _ dy: Int) throws {
        // A 200 x 120 page at (20 + dx, 8 + dy): its cells wholly inside it and inside the pixels read are
        // columns ⌈(20 + dx)/4⌉ ..< ⌊(220 + dx)/4⌋ (5 ..< 55 at dx = 0, 6 ..< 55 otherwise) of the 25 whole rows;
        // its rows start at picture row 4 − dy (vertical phase 0 or 3).
        for format in [PIXMAN_a8r8g8b8, PIXMAN_x8r8g8b8] {
            let pair = try Self.pair(format: format) { root in
                root.addSublayer(Self.page(CGRect(x: 20 + Double(dx), y: 8 + Double(dy), width: 200, height: 120)))
            }
            let columns = dx == 0 ? 50 : 49
            try Self.expectSame(pair, counts: (columns * Self.wholeRows, Self.gridCells - columns * Self.wholeRows))
        }
    }

    @Test func aSlidingPageIsAveragedOncePerPhaseThenFromItsKeptAverages() throws {
        var pages: [Layer] = []
        let pair = try Self.pair { root in
            let page = Self.page(CGRect(x: 20, y: 8, width: 200, height: 120))
            pages.append(page)
            root.addSublayer(page)
        }
        // The first frame made the rows of phase (0, 0): 25 of (200 / 4 = 50) cells.
        #expect(pair.fast.madeCells == 25 * 50)
        // One pixel a frame: phases 1, 2, 3 (49 columns of cells each), then phase 0 again, kept.
        for step in 1...4 {
            for page in pages { page.position.x += 1 }
            try pair.fast.draw()
            try pair.reference.draw()
            let columns = step == 4 ? 50 : 49
            try Self.expectSame(pair, counts: (columns * Self.wholeRows, Self.gridCells - columns * Self.wholeRows))
            #expect(pair.fast.madeCells == 25 * 50 + min(step, 3) * 25 * 49)
        }
    }

    @Test func thePagesPixelsTheBlurNeitherReadsNorShowsAreNotDrawn() throws {
        // The page moved by one cell, to x 24 ..< 224: its cells 6 ..< 56 of the 25 whole rows (pixels
        // x 24 ..< 224, y 12 ..< 112) come from its kept averages, so the blur reads none of its pixels there;
        // of those, the bar replaces its whole pixels y 50 ..< 74 (its rectangle; the antialiasing rows 49 and
        // 74 are outside it). The page's copy leaves those 200 x 24 pixels out, and every pixel is the same.
        var pages: [Layer] = []
        let pair = try Self.pair { root in
            let page = Self.page(CGRect(x: 20, y: 8, width: 200, height: 120))
            pages.append(page)
            root.addSublayer(page)
        }
        for page in pages { page.position.x += 4 }
        try pair.fast.draw()
        try pair.reference.draw()
        try Self.expectSame(pair, counts: (50 * Self.wholeRows, Self.gridCells - 50 * Self.wholeRows))
        let fast = pair.fast.counters, reference = pair.reference.counters
        #expect(fast.spanCopies == 1 && reference.spanCopies == 1)
        #expect(reference.spanCopiedPixels - fast.spanCopiedPixels == 200 * 24)
    }

    @Test func aCellAcrossTwoPicturesIsAveragedFromThePixels() throws {
        // Pages meeting at x = 101: cells 0 ..< 25 on the left one, 26 ..< 60 on the right one; cell 25
        // (x 100 ..< 104) holds both.
        let pair = try Self.pair { root in
            root.addSublayer(Self.page(CGRect(x: 0, y: 0, width: 101, height: 160)))
            root.addSublayer(Self.page(CGRect(x: 101, y: 0, width: 139, height: 160)))
        }
        try Self.expectSame(pair, counts: ((25 + 34) * Self.wholeRows, Self.gridCells - 59 * Self.wholeRows))
    }

    @Test func cellsUnderAShadowAreAveragedFromThePixels() throws {
        // A page over the whole canvas; a second from x = 120 with a 6 px shadow reaching x 113 (its bounds:
        // 6 px of blur and 1 px of antialiasing), over cells 28 and 29. Cells 30 ..< 60 are the top page's,
        // 0 ..< 28 the page below's.
        let pair = try Self.pair { root in
            root.addSublayer(Self.page(CGRect(x: 0, y: 0, width: 240, height: 160)))
            let top = Self.page(CGRect(x: 120, y: 0, width: 120, height: 160))
            top.shadowOpacity = 0.5
            top.shadowRadius = 6
            root.addSublayer(top)
        }
        try Self.expectSame(pair, counts: ((30 + 28) * Self.wholeRows, Self.gridCells - 58 * Self.wholeRows))
    }

    @Test(arguments: [0, 1, 2, 3], [0.3, 0.05])
    func cellsUnderATranslucentTintOverAPictureAreThePicturesPixelsTinted(_ dx: Int, _ alpha: Double) throws {
        // A page dimmed over x 0 ..< 100 (the fill touches up to x 101: cells 0 ..< 26; it covers cells
        // 0 ..< 25 whole), a second page from x = 150 (touching from x 149: cells 37 ..< 60; its own cells
        // 38 ..< 60): the page below gives cells 26 ..< 37, and under the dimming cells 0 ..< 25 tinted. The
        // page below moved by `dx` (its picture read at each phase).
        for format in [PIXMAN_a8r8g8b8, PIXMAN_x8r8g8b8] {
            let pair = try Self.pair(format: format) { root in
                root.addSublayer(Self.page(CGRect(x: -Double(dx), y: 0, width: 244, height: 160)))
                root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 100, height: 160), Color.black.withAlphaComponent(alpha)))
                root.addSublayer(Self.page(CGRect(x: 150, y: 0, width: 90, height: 160)))
            }
            #expect(pair.fast.counters.foldedTints == 1)
            try Self.expectSame(pair, counts: ((11 + 22 + 25) * Self.wholeRows, Self.gridCells - 58 * Self.wholeRows))
            #expect(pair.fast.counters.backdropCellsFromTintedPictures == 25 * Self.wholeRows)
        }
    }

    @Test func aColouredTintOverAPictureGivesTheCellsOfItsPixelsTinted() throws {
        // A translucent blue-grey over the whole page but a card (x 60 ..< 80, touching 59 ..< 81: cells
        // 14 ..< 21) drawn between the page and the tint: the cells under the card come from the pixels, the
        // others of the tint (whole inside the pixels read: all 60 columns) from the page tinted.
        let pair = try Self.pair { root in
            root.addSublayer(Self.page(CGRect(x: 0, y: 0, width: 240, height: 160)))
            root.addSublayer(solidLayer(CGRect(x: 60, y: 0, width: 20, height: 160), .blue))
            root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 240, height: 160), Color(red: 0.2, green: 0.3, blue: 0.5, alpha: 0.6)))
        }
        try Self.expectSame(pair, counts: ((60 - 7) * Self.wholeRows, Self.gridCells - 53 * Self.wholeRows))
        #expect(pair.fast.counters.backdropCellsFromTintedPictures == 53 * Self.wholeRows)
    }

    @Test func aTintOverAFillIsAveragedFromThePixels() throws {
        // The tint over a solid colour (no picture below it): every cell from the pixels.
        let pair = try Self.pair { root in
            root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 240, height: 160), Color(red: 0.9, green: 0.5, blue: 0.1)))
            root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 240, height: 160), Color.black.withAlphaComponent(0.2)))
        }
        try Self.expectSame(pair, counts: (0, Self.gridCells))
    }

    @Test(arguments: [0.0, 0.5])
    func aClippedPictureGivesTheCellsOfItsPixelsInsideAClipOnWholePixels(_ fraction: Double) throws {
        // A page x 10 ..< 230 inside a container clipping to x 30 ..< 180 (cells 8 ..< 45); a clip off whole
        // pixels cuts the picture's shape instead: its cells all come from the pixels.
        let pair = try Self.pair { root in
            let container = Layer()
            container.frame = CGRect(x: 30 + fraction, y: 0, width: 150, height: 160)
            container.masksToBounds = true
            container.addSublayer(Self.page(CGRect(x: -20 - fraction, y: 0, width: 220, height: 160)))
            root.addSublayer(container)
        }
        let columns = fraction == 0 ? 37 : 0
        try Self.expectSame(pair, counts: (columns * Self.wholeRows, Self.gridCells - columns * Self.wholeRows))
    }

    @Test func aRasterizedPageRedrawnIsAveragedAgainNotFromItsOldAverages() throws {
        // A rasterized page (its picture's buffer is redrawn in place for a new version) moved by whole
        // cells: the first move keeps its averages; after a swatch changes colour, the same placement phase
        // must be averaged again.
        var pages: [Layer] = [], swatches: [Layer] = []
        let pair = try Self.pair { root in
            let page = solidLayer(CGRect(x: 20, y: 8, width: 200, height: 120), Color(red: 0.9, green: 0.8, blue: 0.7))
            page.shouldRasterize = true
            let swatch = solidLayer(CGRect(x: 30, y: 30, width: 120, height: 50), Color(red: 0.1, green: 0.5, blue: 0.9))
            page.addSublayer(swatch)
            for i in 0..<20 {
                page.addSublayer(solidLayer(CGRect(x: 3 + 9 * Double(i), y: 40 + Double(i), width: 3, height: 30),
                                            Color(red: Double(i) / 20, green: 0.2, blue: 0.3)))
            }
            root.addSublayer(page)
            pages.append(page)
            swatches.append(swatch)
        }
        let counts = (50 * Self.wholeRows, Self.gridCells - 50 * Self.wholeRows)
        try Self.expectSame(pair, counts: counts)
        #expect(pair.fast.madeCells == 25 * 50)
        for page in pages { page.position.x += 4 }
        try pair.fast.draw()
        try pair.reference.draw()
        #expect(pair.fast.counters.rasterMisses == 0)
        try Self.expectSame(pair, counts: counts)
        #expect(pair.fast.madeCells == 25 * 50)
        for swatch in swatches { swatch.backgroundColor = Color(red: 0.9, green: 0.1, blue: 0.1) }
        for page in pages { page.position.x += 4 }
        try pair.fast.draw()
        try pair.reference.draw()
        #expect(pair.fast.counters.rasterMisses == 1)
        try Self.expectSame(pair, counts: counts)
        #expect(pair.fast.madeCells == 2 * 25 * 50)
    }

    @Test func averagingTheCellsInPiecesGivesTheCellsAveragedAtOnce() throws {
        // The kernel's step 1 over a few rectangles of the cells (those a caller leaves to the pixels) writes
        // what it writes over all of them at once: here the pixels read start and end off the cells, at every
        // reduction.
        let source = PixelBuffer(width: 97, height: 61)
        for y in 0..<61 {
            let row = (source.pixels + y * Int(source.stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<97 { row[x] = UInt32(truncatingIfNeeded: (x &* 2_654_435_761) ^ (y &* 40_503) ^ (x * y)) }
        }
        let read = PixelRect(x0: 3, y0: 5, x1: 3 + 97, y1: 5 + 61), out = PixelRect(x0: 30, y0: 25, x1: 70, y1: 45)
        for (f, sigma) in [(Int32(2), 10.0), (4, 17.0)] {
            for opaqueAlpha in [false, true] {
                let scratch = BackdropBlur.Scratch()
                let atOnce = try #require(BackdropBlur.blurCells(source.pixels, stride: source.stride, origin: (3, 5), read: read,
                                                                 out: out, factor: f, sigma: sigma, opaqueAlpha: opaqueAlpha,
                                                                 scratch: scratch))
                let pieces = PixelRegion()
                let inPieces = try #require(BackdropBlur.blurCells(source.pixels, stride: source.stride, origin: (3, 5),
                                                                   read: read, out: out, factor: f, sigma: sigma,
                                                                   opaqueAlpha: opaqueAlpha, scratch: scratch) { grid in
                    // Poison, then three pieces covering the grid: a cell left out would keep the poison.
                    for i in 0..<grid.cells.area { grid.values[i] = 0xDEAD_BEEF }
                    let c = grid.cells, midX = c.x0 + c.width / 3, midY = c.y0 + c.height / 2
                    pieces.set(PixelRect(x0: c.x0, y0: c.y0, x1: midX, y1: c.y1))
                    pieces.formUnion(PixelRect(x0: midX, y0: c.y0, x1: c.x1, y1: midY))
                    pieces.formUnion(PixelRect(x0: midX, y0: midY, x1: c.x1, y1: c.y1))
                    return pieces
                })
                #expect((inPieces.x, inPieces.y, inPieces.pixels.width, inPieces.pixels.height)
                        == (atOnce.x, atOnce.y, atOnce.pixels.width, atOnce.pixels.height))
                #expect(atOnce.pixels.differingPixels(from: inPieces.pixels) == 0, "f = \(f), opaque alpha \(opaqueAlpha)")
            }
        }
    }
}

extension PictureCellAveragesTests {
    @Test func theAveragesOfAPictureNoBlurAsksForAreForgotten() throws {
        // While the page stands still the bar is not drawn again (nothing changed under it); a card moving
        // below the pixels read makes frames. After `keptFrames` such frames the page's averages are dropped, and
        // made again when the page moves under the bar once more.
        var pages: [Layer] = [], cards: [Layer] = []
        let pair = try Self.pair { root in
            let page = Self.page(CGRect(x: 20, y: 8, width: 200, height: 120))
            let card = solidLayer(CGRect(x: 10, y: 140, width: 10, height: 10), .blue)
            root.addSublayer(page)
            root.addSublayer(card)
            pages.append(page)
            cards.append(card)
        }
        let averages = pair.fast.compositor.cpu.pictureCells
        #expect(averages.keptPictures == 1 && pair.fast.madeCells == 25 * 50)
        for frame in 1...Int(PictureCellAverages.keptFrames) + 1 {
            // Back and forth inside the canvas: every frame draws.
            for card in cards { card.position.x += frame % 2 == 1 ? 10 : -10 }
            try pair.fast.draw()
            #expect((pair.fast.counters.backdropBlurHits, pair.fast.counters.backdropBlurMisses) == (0, 0))
            #expect(averages.keptPictures == (frame <= Int(PictureCellAverages.keptFrames) ? 1 : 0), "frame \(frame)")
        }
        for page in pages { page.position.x += 4 }
        try pair.fast.draw()
        try pair.reference.draw()
        #expect(averages.keptPictures == 1 && pair.fast.madeCells == 2 * 25 * 50)
        try Self.expectSame(pair, counts: (50 * Self.wholeRows, Self.gridCells - 50 * Self.wholeRows))
    }
}
