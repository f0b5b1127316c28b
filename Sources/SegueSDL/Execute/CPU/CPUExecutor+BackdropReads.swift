import CPixman
import SegueAnimation

/// What each visible backdrop blur of the list being drawn reads from the target, found before the list is
/// drawn, so that the operations under it draw only what it reads.
///
/// A reduced blur (``BackdropBlur``) reads every pixel of its ``CompositorOp/bounds`` (the pixels it writes
/// and its reach around them) only to average them into cells, and the cells that one opaque picture covers
/// alone come from that picture's kept averages (``PictureCellAverages``), not from the target. So the
/// operations drawn before it owe the target, of the pixels the blur reads, only those of the cells it
/// averages from the target (**needed**); a blur whose pixels are kept (its backdrop still) needs none.
/// That gives two savings, the same pixels bit for bit:
/// - **Dead pixels.** Where the blur replaces what lies under it (a rectangle on whole pixels at full
///   strength: its blurred pixels are copied over the backdrop), the pixels it writes and does not need are
///   drawn by nothing before it: they are hidden as an occluder's are (``CPUExecutor/visibleRegion``). The page
///   under a translucent bar is no longer copied into the back buffer under it only to be blurred there.
/// - **Reach.** Its reach outside the pixels it writes is shown as drawn beneath it; a span copy there (a page
///   sliding under the bar) may be left to the window's presenter (``PresentPlan``) where the blur does not
///   need the pixels (``appendLaterTouches(of:in:)``).
///
/// A cell whose pixels come from the target is averaged from exactly those pixels (an edge cell's pixels
/// outside the pixels read stand for the nearest inside it, in the same cell), so nothing the blur reads is
/// left undrawn.
extension CPUExecutor {
    /// Finds, for each visible backdrop blur outside groups of the list being drawn (``backdropReads``), the
    /// cells pictures give, the target pixels it needs and those it replaces without reading
    /// (``backdropReadPlans``, after those of the lists being drawn around it). `target`: the list's target.
    func planBackdropReads(target: PixelBuffer) {
        backdropReadPlanStart = backdropReadPlanCount
        let ops = drawingOps
        for b in backdropReads {
            let op = ops[b.index]
            guard case .backdrop(let key) = op.source else { continue }
            let read = op.bounds.intersection(target.bounds), out = op.written.intersection(read)
            guard !out.isEmpty else { continue }
            let f = BackdropBlur.reduction(sigma: op.width)
            let plan = nextBackdropReadPlan()
            plan.index = b.index
            plan.factor = f
            plan.cells = .empty
            if let kept = pictures.backdrops[key.slot], kept.key == key, kept.factor == f {
                // Kept: it reads nothing.
                plan.needed.removeAll()
            } else if f > 1, BackdropBlur.boxes(sigma: BackdropBlur.reducedSigma(op.width, factor: f)) != nil {
                plan.cells = BackdropBlur.cellGrid(read: read, factor: f)
                if averagesCellsFromPictures, op.level == 0 {
                    findPictureCells(for: b.index, read: read, factor: f, into: plan)
                }
                plan.needed.set(read)
                plan.known.forEachRectangle { cells in
                    plan.needed.subtract(BackdropBlur.CellGrid.pixels(of: cells, factor: f), scratch: scratchRegion)
                }
            } else {
                // At full resolution, or blurring nothing (then it draws nothing either): no dead pixels.
                plan.needed.set(read)
                continue
            }
            // The pixels it writes by copying its blurred pixels over the backdrop (drawBackdrop's rectangle
            // on whole pixels at full strength), less those it needs.
            guard op.alpha >= 1, op.radius * scale < CompositorGeometry.roundCornerThreshold,
                  var box = CompositorGeometry.exactPixels(op.rect, op.toTarget) else { continue }
            box = box.intersection(out)
            if op.clip >= 0 {
                guard let inside = drawingClips[Int(op.clip)].wholePixels else { continue }
                box = box.intersection(inside)
            }
            guard !box.isEmpty else { continue }
            plan.dead.set(box)
            plan.dead.subtract(plan.needed)
        }
    }

    /// The plan of backdrop operation `index` of the list being drawn, if ``planBackdropReads(target:)`` made one.
    func backdropReadPlan(at index: Int) -> BackdropReadPlan? {
        var k = backdropReadPlanStart
        while k < backdropReadPlanCount {
            if backdropReadPlans[k].index == index { return backdropReadPlans[k] }
            k += 1
        }
        return nil
    }

    /// Takes the pixels that backdrop blurs drawn after operation `i` (outside groups) replace without
    /// reading them out of `opRegion`, unless a blur drawn between them reads them.
    func subtractDeadPixels(before i: Int, drawn: PixelRect) {
        var k = backdropReadPlanStart
        while k < backdropReadPlanCount {
            let plan = backdropReadPlans[k]
            k += 1
            guard plan.index > i, !plan.dead.isEmpty else { continue }
            let dead = plan.dead.extents
            guard !dead.intersection(drawn).isEmpty,
                  !DrawPlan.occluder(plan.index, spares: i, cover: dead, reads: backdropReads) else { continue }
            opRegion.subtract(plan.dead)
        }
    }

    /// Appends to ``laterBoxes`` the pixels of `area` that operation `k`, drawn later, touches: its bounds, or
    /// for a planned backdrop blur the pixels it writes and those it needs (the rest of its reach it only
    /// reads, through picture averages).
    func appendLaterTouches(of k: Int, in area: PixelRect) {
        let op = drawingOps[k]
        let b = op.bounds.intersection(area)
        guard !b.isEmpty else { return }
        if op.kind == .backdrop, let plan = backdropReadPlan(at: k) {
            let w = op.written.intersection(area)
            if !w.isEmpty { laterBoxes.append(pixman_box32_t(x1: w.x0, y1: w.y0, x2: w.x1, y2: w.y1)) }
            plan.needed.forEachRectangle { r in
                let c = r.intersection(area)
                if !c.isEmpty { laterBoxes.append(pixman_box32_t(x1: c.x0, y1: c.y0, x2: c.x1, y2: c.y1)) }
            }
            return
        }
        laterBoxes.append(pixman_box32_t(x1: b.x0, y1: b.y0, x2: b.x1, y2: b.y1))
    }

    /// A plan from the pool, emptied.
    private func nextBackdropReadPlan() -> BackdropReadPlan {
        if backdropReadPlanCount == backdropReadPlans.count { backdropReadPlans.append(BackdropReadPlan()) }
        let plan = backdropReadPlans[backdropReadPlanCount]
        backdropReadPlanCount += 1
        plan.runs.removeAll(keepingCapacity: true)
        plan.known.removeAll()
        plan.needed.removeAll()
        plan.dead.removeAll()
        return plan
    }
}

/// What one visible backdrop blur of the list being drawn reads (``CPUExecutor/planBackdropReads(target:)``);
/// kept in a pool from frame to frame.
@MainActor
final class BackdropReadPlan {
    /// The blur's operation index, and its reduction factor.
    var index = 0
    var factor: Int32 = 1
    /// Its cells (``BackdropBlur/cellGrid(read:factor:)``); empty when it averages none this frame.
    var cells = PixelRect.empty
    /// The cells pictures give, one run of cells a picture, in the order found; `known`, their union.
    var runs: [PictureCellRun] = []
    let known = PixelRegion()
    /// The target pixels it reads: those of the cells it averages from the target (empty when its blurred
    /// pixels are kept).
    let needed = PixelRegion()
    /// The target pixels it replaces without reading them (nothing drawn before it needs to draw them).
    let dead = PixelRegion()
}

/// Cells of a reduced blur that one picture gives: its kept averages
/// (``PictureCellAverages/write(_:from:picture:dx:dy:into:setBits:frame:)``), or with a `tint` laid over its
/// pixels, averaged from them (`segue_reduced_blur_average_tinted`).
struct PictureCellRun {
    let cells: PixelRect
    let source: PictureSource
    let picture: PixelBuffer
    let dx: Int32, dy: Int32
    let tint: SolidTint?
}
