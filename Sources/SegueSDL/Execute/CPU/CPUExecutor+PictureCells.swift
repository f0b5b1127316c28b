import CPixman
import CSeguePixels
import SegueAnimation

/// The reduced backdrop blur's cells taken from the pictures drawn under it, not from the target's pixels.
///
/// The blur averages every pixel it reads into cells, every frame its backdrop moves (``BackdropBlur``, step
/// 1). A cell whose pixels all come from one opaque picture placed on whole pixels, with nothing drawn over
/// them before the blur, is the average of the picture's own pixels, which ``PictureCellAverages`` keeps
/// while the picture only moves. Which picture that is follows from the operations alone: looking back from
/// the blur, the first operation touching a cell decides it; when that is such a picture covering the cell
/// whole, the cell is the picture's; when it is a translucent tint fill over such a picture (the dimming
/// over the page below a push), the cell is the average of the picture's pixels with the tint laid over
/// each. Every other cell (under a shadow, across two pictures' edge, at the edge of the pixels read) is
/// averaged from the target's pixels as before: the same cells, bit for bit. The cells are found before
/// the list is drawn (``planBackdropReads(target:)``), so that what is drawn under the blur can leave out
/// the pixels it no longer reads.
extension CPUExecutor {
    /// Operations touching the pixels read looked through back from a blur (a sliding page is a few
    /// operations below the bar; a long search costs more than it can find).
    static let pictureCellsLookbehind = 32

    /// Writes into `grid` (the cells of the blur being drawn, ``drawingIndex``; at group level 0, straight
    /// into the target, whose pixels the operations before it account for) the cells the pictures below it
    /// cover alone, from their kept averages, ORed with `setBits` as the target's
    /// cells are; returns the cells left to average from the target's pixels (nil: all of them), and counts
    /// both. The cells are those ``planBackdropReads(target:)`` found before the list was drawn.
    func averageCellsFromPictures(into grid: BackdropBlur.CellGrid, setBits: UInt32) -> PixelRegion? {
        defer {
            let fromPictures = knownCells.area
            lastFrame.backdropCellsFromPictures += fromPictures
            lastFrame.backdropCellsFromPixels += grid.cells.area - fromPictures
        }
        knownCells.removeAll()
        guard let read = backdropReadPlan(at: drawingIndex), read.cells == grid.cells, read.factor == grid.factor else {
            return nil
        }
        for run in read.runs {
            if let tint = run.tint {
                // Tinted: from the picture's pixels, each frame (the tint changes as the page is dimmed).
                let c = run.cells, picture = run.picture, opaque: Int32 = picture.format == PIXMAN_x8r8g8b8 ? 1 : 0
                segue_reduced_blur_average_tinted(picture.pixels.assumingMemoryBound(to: UInt32.self),
                                                  Int(picture.stride / 4), Int(run.dx), Int(run.dy), Int(grid.factor),
                                                  tint.premultiplied, opaque, setBits, Int(c.x0), Int(c.y0), Int(c.x1),
                                                  Int(c.y1), grid.value(x: c.x0, y: c.y0), Int(grid.cells.width))
                lastFrame.backdropCellsFromTintedPictures += run.cells.area
                continue
            }
            pictureCells.write(run.cells, from: run.source, picture: run.picture, dx: run.dx, dy: run.dy, into: grid,
                               setBits: setBits, frame: frameIndex)
        }
        guard !read.known.isEmpty else { return nil }
        knownCells.set(read.known)
        pixelCells.set(grid.cells)
        pixelCells.subtract(knownCells)
        return pixelCells
    }

    /// The cells of a reduced blur of reduction `f` reading `read`, operation `index` (at group level 0), that
    /// the pictures below it cover alone: writes them into `plan` (its runs, and their union in `known`).
    ///
    /// Looking back from the blur, the first operation touching a cell decides it; when that is an opaque
    /// picture on whole pixels covering the cell whole (``wholePixelPicture(_:)``), the cell is the picture's.
    /// When it is a tint fill (``DrawPlan/tintFills``: the dimming over the page below a push) covering the
    /// cell whole, and the next one touching it is such a picture, the cell is the picture's with the tint
    /// laid over each pixel (`segue_reduced_blur_average_tinted`: the pixels the fill, or the copy it is
    /// folded into, gives). One tint is followed at a time.
    func findPictureCells(for index: Int, read: PixelRect, factor f: Int32, into plan: BackdropReadPlan) {
        let ops = drawingOps
        let whole = BackdropBlur.CellGrid.cellsInside(read, factor: f)
        guard !whole.isEmpty else { return }
        touchedCells.removeAll()
        // The tint followed, the cells it alone covers, and those the operations below it touch.
        var tint: SolidTint?
        tintCells.removeAll()
        touchedUnderTint.removeAll()
        var k = index - 1, looked = 0
        while k >= 0 && looked < Self.pictureCellsLookbehind {
            let op = ops[k], opIndex = k
            k -= 1
            let touched = op.bounds.intersection(read)
            guard !touched.isEmpty else { continue }
            looked += 1
            let touchedHere = BackdropBlur.CellGrid.cellsMeeting(touched, factor: f)
            if let (source, picture, dx, dy, area) = wholePixelPicture(op) {
                let inside = BackdropBlur.CellGrid.cellsInside(area.intersection(read), factor: f)
                // The cells of `pictureCellRegion` are the picture's (under `tint`, if any).
                func addRuns(tint: SolidTint?) {
                    pictureCellRegion.forEachRectangle { cells in
                        plan.runs.append(PictureCellRun(cells: cells, source: source, picture: picture, dx: dx, dy: dy,
                                                        tint: tint))
                    }
                    plan.known.formUnion(pictureCellRegion)
                }
                // Its cells that no operation after it (and before the blur) touches.
                pictureCellRegion.set(inside)
                pictureCellRegion.subtract(touchedCells)
                addRuns(tint: nil)
                if let tint {
                    // Its cells under the tint alone.
                    pictureCellRegion.set(inside)
                    pictureCellRegion.formIntersection(tintCells)
                    pictureCellRegion.subtract(touchedUnderTint)
                    addRuns(tint: tint)
                }
            }
            if tint != nil {
                touchedUnderTint.formUnion(touchedHere)
            } else if let (box, fill) = tintFills[opIndex] {
                tintCells.set(BackdropBlur.CellGrid.cellsInside(box.intersection(read), factor: f))
                tintCells.subtract(touchedCells)
                if !tintCells.isEmpty { tint = fill }
            }
            touchedCells.formUnion(touchedHere)
            if touchedCells.contains(whole) {
                guard tint != nil else { break }
                pictureCellRegion.set(tintCells)
                pictureCellRegion.subtract(touchedUnderTint)
                if pictureCellRegion.isEmpty { break }
            }
        }
    }

    /// Where an operation writes a picture's pixels unchanged: an opaque 32-bit picture at full strength,
    /// drawn straight into the target (group level 0), moved by a translation alone and placed on whole
    /// pixels (target pixel (x, y) holding its pixel (x + `dx`, y + `dy`)), clipped to whole pixels at most,
    /// whose pixels stay the same while its source does (a rasterized layer's version, a bitmap, a
    /// snapshot); `area`, the target pixels it writes so (inside the picture and the clip). Nil otherwise.
    private func wholePixelPicture(_ op: CompositorOp)
        -> (source: PictureSource, picture: PixelBuffer, dx: Int32, dy: Int32, area: PixelRect)? {
        guard op.kind == .picture, op.level == 0, op.sourceIsOpaque, op.alpha >= 1, keepsPixels(op.source),
              let picture = picture(for: op.source),
              picture.format == PIXMAN_a8r8g8b8 || picture.format == PIXMAN_x8r8g8b8,
              let map = op.targetToSource(picture), let (dx, dy, box) = op.wholePixelPlacement(map) else { return nil }
        var area = box.intersection(PixelRect(x0: -dx, y0: -dy, x1: picture.width - dx, y1: picture.height - dy))
        if op.clip >= 0 {
            // A clip on whole pixels narrows what is drawn (``narrowRegion(to:)``); any other cuts the shape.
            guard let inside = drawingClips[Int(op.clip)].wholePixels else { return nil }
            area = area.intersection(inside)
        }
        return area.isEmpty ? nil : (op.source, picture, dx, dy, area)
    }

    /// Whether a picture source's pixels stay the same while it does: a rasterized layer's picture at the
    /// version its store holds (its buffer is redrawn for a new version), a bitmap's or a snapshot's.
    private func keepsPixels(_ source: PictureSource) -> Bool {
        switch source {
        case .raster(let id, let version): return pictures.rasters[id]?.version == version
        case .bitmap, .snapshot: return true
        case .none, .text, .backdrop: return false
        }
    }
}
