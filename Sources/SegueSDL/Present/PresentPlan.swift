import CPixman
import CSeguePixels

/// A picture's pixels where the window's presenter can show them without copying them into the back buffer
/// first (an X11 shared-memory image the X server reads from).
@MainActor
protocol PresentablePicture: AnyObject {
    /// The pixels, the same as the picture's.
    var buffer: PixelBuffer { get }
}

/// How a frame's damaged pixels reach the window, when its presenter can do more than copy the back
/// buffer (``X11Presenter``: X11's core fills and shared-memory images).
///
/// Most of what a transition changes is a page's background colour and a page moved by whole pixels. The
/// back buffer is the compositor's target; every pixel written there is written once more by the X server
/// when it copies the frame, and paced at 60 frames a second both writes go to memory that is cold in the
/// caches. With a plan, the draw pass writes into the back buffer only what needs computing: where an opaque
/// picture's copy is the last thing drawn over some pixels, the rows' background colour there becomes
/// **fills** (the X server fills them itself) and, untinted, its content columns become **copies** straight
/// from the picture's own shared pixels (the X server copies them, as it would have copied them from the back
/// buffer). The back buffer is stale where fills and copies stand: nothing reads it there, and a pixel that
/// is damaged again is drawn again.
///
/// When the presenter can scale pictures (``scalesCells``: X11's RENDER extension), a backdrop blur at a
/// reduced resolution (``BackdropBlur``) over whole pixels becomes **scaled cells**: the client computes the
/// blurred cells only, and the X server scales them up into the pixels no later operation but a translucent
/// solid fill touches (pixman's bilinear filter, the blur's own step 3: the X server composites with pixman,
/// as the CPU executor does), then lays those fills over them (**over-fills**: pixman's `OVER` of the
/// colour, as the CPU executor's fill). The same presenter also copies a dimmed page's content columns (the
/// page below a push, under a translucent black) from its picture and lays the dimming over them as
/// over-fills, where the client would otherwise copy and tint them into the back buffer. The pixels are the
/// ones the CPU executor draws into the back buffer elsewhere (``apply(to:)`` reproduces the window with
/// pixman for the tests).
@MainActor
final class PresentPlan {
    /// A rectangle the presenter copies from a picture: target pixel (x, y) shows the picture's pixel
    /// (x + dx, y + dy).
    struct Copy {
        var rect: PixelRect
        let picture: PresentablePicture
        var dx: Int32, dy: Int32
    }

    /// Rectangles scaled up from blurred cells: each target pixel there is the cells' ``BackdropBlur/Cells/scaledView``
    /// sampled at it (pixman's `SRC`).
    struct ScaledCells {
        let cells: BackdropBlur.Cells
        /// Its rectangles' indices in ``scaledRects``.
        let range: Range<Int>
    }

    /// Whether the presenter can show ``ScaledCells`` and over-fills (otherwise none is planned): with it, a
    /// tinted page's content columns are copies with the tint laid over them too.
    let scalesCells: Bool
    /// Solid rectangles, each colour as the target stores it (opaque `x8r8g8b8`).
    var fills: [segue_plan_rect] = []
    /// Blurred cells scaled up by the presenter, after the fills and copies.
    private(set) var scaled: [ScaledCells] = []
    /// The rectangles of every ``ScaledCells``, one after the other (kept from frame to frame).
    private(set) var scaledRects: [PixelRect] = []
    /// Translucent solid rectangles laid over scaled cells or copies (pixman's `OVER`), after them, in order;
    /// each colour premultiplied `a8r8g8b8`.
    private(set) var overFills: [segue_plan_rect] = []
    /// Rectangles copied from pictures' shared pixels.
    private(set) var copies: [Copy] = []
    /// The damaged pixels the back buffer holds: the damage less the fills and copies.
    let backBuffer = PixelRegion()
    /// Scratch lists the C planner writes into.
    private var fillScratch = [segue_plan_rect](repeating: segue_plan_rect(), count: PresentPlan.scratchCapacity)
    private var contentScratch = [segue_plan_rect](repeating: segue_plan_rect(), count: PresentPlan.scratchCapacity)
    private var rowScratch: [Int32] = []
    /// What one planned span copy may list; a copy that needs more is drawn into the back buffer instead. A
    /// page lists two fills and one copy a band of ``SEGUE_SPAN_PLAN_BAND_ROWS`` rows at most: 1024 covers a
    /// window 8192 pixels tall (256 bands), the largest ``SDLWindowHost`` opens.
    static let scratchCapacity = 1024
    /// The planned rectangles as boxes, and their region (``finish(damage:)``), kept from frame to frame.
    private var plannedBoxes: [pixman_box32_t] = []
    private let plannedRegion = PixelRegion()
    /// The rows a shadow's plan left to draw, as (y0, y1) pairs (``Compositor/planShadowedRest(_:plan:skipping:)``).
    var shadowRows: [Int32] = []

    /// A plan for a presenter that scales blurred cells (`scalesCells`) or not.
    init(scalesCells: Bool = false) {
        self.scalesCells = scalesCells
    }

    /// Empties the plan for a new frame.
    func removeAll() {
        fills.removeAll(keepingCapacity: true)
        copies.removeAll(keepingCapacity: true)
        scaled.removeAll(keepingCapacity: true)
        scaledRects.removeAll(keepingCapacity: true)
        overFills.removeAll(keepingCapacity: true)
        backBuffer.removeAll()
    }

    /// Plans `region`'s pixels as `cells` scaled up (call only when ``scalesCells``).
    func planScaledCells(_ cells: BackdropBlur.Cells, region: PixelRegion) {
        let first = scaledRects.count
        region.forEachRectangle { scaledRects.append($0) }
        scaled.append(ScaledCells(cells: cells, range: first..<scaledRects.count))
    }

    /// The rectangles `s` is scaled into.
    func rects(of s: ScaledCells) -> ArraySlice<PixelRect> { scaledRects[s.range] }

    /// Plans the copies planned since index `first` of ``copies`` covered by a translucent solid colour
    /// (premultiplied `a8r8g8b8`): a dimming folded into a page's copy, laid over it by the presenter.
    func planOverFills(overCopiesFrom first: Int, color: UInt32) {
        for c in copies[first...] {
            overFills.append(segue_plan_rect(x0: c.rect.x0, y0: c.rect.y0, x1: c.rect.x1, y1: c.rect.y1, color: color))
        }
    }

    /// Plans `region`'s pixels (scaled cells already planned) covered by a translucent solid colour
    /// (premultiplied `a8r8g8b8`), over what was planned there before.
    func planOverFill(_ region: PixelRegion, color: UInt32) {
        region.forEachRectangle { r in overFills.append(segue_plan_rect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, color: color)) }
    }

    /// Plans `rect` of a span copy (its job has row summaries); false, with nothing planned or written, when
    /// the lists would be too long (the caller then draws the rectangle into the back buffer).
    func planSpanCopy(_ job: inout segue_span_copy_job, _ rect: PixelRect, picture: PresentablePicture?) -> Bool {
        let planned = fillScratch.withUnsafeMutableBufferPointer { fills in
            contentScratch.withUnsafeMutableBufferPointer { contents in
                var plan = segue_span_plan(fills: fills.baseAddress, fillCapacity: Int32(fills.count), fillCount: 0,
                                           contents: contents.baseAddress, contentCapacity: Int32(contents.count),
                                           contentCount: 0)
                guard segue_span_copy_plan(&job, rect.x0, rect.y0, rect.x1, rect.y1, picture == nil ? 1 : 0, &plan) != 0 else {
                    return nil as (Int, Int)?
                }
                return (Int(plan.fillCount), Int(plan.contentCount))
            }
        }
        guard let (fillCount, contentCount) = planned else { return false }
        fills.append(contentsOf: fillScratch[0..<fillCount])
        if let picture {
            for r in contentScratch[0..<contentCount] {
                copies.append(Copy(rect: PixelRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1), picture: picture,
                                   dx: Int32(job.dx), dy: Int32(job.dy)))
            }
        }
        return true
    }

    /// Plans `rect` of a span copy under a shadow as fills (``segue_span_shadow_plan``); the rows it could not
    /// plan are appended to ``shadowRows`` as ranges. False, with nothing planned, when the lists would be too
    /// long.
    func planShadowOver(_ job: inout segue_span_copy_job, _ rect: PixelRect, shadow: inout segue_shadow_over) -> Bool {
        let capacity = Int(rect.height)
        if rowScratch.count < 2 * capacity { rowScratch = [Int32](repeating: 0, count: 2 * capacity) }
        let planned = fillScratch.withUnsafeMutableBufferPointer { fills in
            rowScratch.withUnsafeMutableBufferPointer { rowRanges in
                var plan = segue_span_plan(fills: fills.baseAddress, fillCapacity: Int32(fills.count), fillCount: 0,
                                           contents: nil, contentCapacity: 0, contentCount: 0)
                var count: Int32 = 0
                guard segue_span_shadow_plan(&job, rect.x0, rect.y0, rect.x1, rect.y1, &shadow, &plan,
                                             rowRanges.baseAddress, Int32(capacity), &count) != 0 else {
                    return nil as (Int, Int)?
                }
                return (Int(plan.fillCount), Int(count))
            }
        }
        guard let (fillCount, rowCount) = planned else { return false }
        fills.append(contentsOf: fillScratch[0..<fillCount])
        shadowRows.append(contentsOf: rowScratch[0..<(2 * rowCount)])
        return true
    }

    /// Sets ``backBuffer`` to `damage` less the fills and copies (call once the frame is drawn).
    func finish(damage: PixelRegion) {
        backBuffer.set(damage)
        guard !fills.isEmpty || !copies.isEmpty || !scaled.isEmpty else { return }
        plannedBoxes.removeAll(keepingCapacity: true)
        for f in fills { plannedBoxes.append(pixman_box32_t(x1: f.x0, y1: f.y0, x2: f.x1, y2: f.y1)) }
        for c in copies { plannedBoxes.append(pixman_box32_t(x1: c.rect.x0, y1: c.rect.y0, x2: c.rect.x1, y2: c.rect.y1)) }
        for r in scaledRects { plannedBoxes.append(pixman_box32_t(x1: r.x0, y1: r.y0, x2: r.x1, y2: r.y1)) }
        plannedRegion.set(boxes: &plannedBoxes)
        backBuffer.subtract(plannedRegion)
    }

    /// Writes the fills and copies into `target`, which then holds the whole frame, as the window shows it
    /// (for tests; the window's presenter does this in the X server).
    func apply(to target: PixelBuffer) {
        for f in fills {
            for y in f.y0..<f.y1 {
                let row = (target.pixels + Int(y) * Int(target.stride)).assumingMemoryBound(to: UInt32.self)
                for x in f.x0..<f.x1 { row[Int(x)] = f.color }
            }
        }
        for c in copies {
            let source = c.picture.buffer
            for y in c.rect.y0..<c.rect.y1 {
                let row = (target.pixels + Int(y) * Int(target.stride)).assumingMemoryBound(to: UInt32.self)
                let from = (source.pixels + Int(y + c.dy) * Int(source.stride)).assumingMemoryBound(to: UInt32.self)
                for x in c.rect.x0..<c.rect.x1 { row[Int(x)] = from[Int(x + c.dx)] }
            }
        }
        for s in scaled {
            let image = s.cells.scaledView.makeImage()
            defer { pixman_image_unref(image) }
            for r in rects(of: s) {
                pixman_image_composite32(PIXMAN_OP_SRC, image, nil, target.image, r.x0, r.y0, 0, 0, r.x0, r.y0, r.width, r.height)
            }
        }
        for f in overFills {
            var color = CPUExecutor.pixmanColor(storedPixel: f.color)
            guard let solid = pixman_image_create_solid_fill(&color) else { continue }
            defer { pixman_image_unref(solid) }
            pixman_image_composite32(PIXMAN_OP_OVER, solid, nil, target.image, 0, 0, 0, 0, f.x0, f.y0, f.x1 - f.x0, f.y1 - f.y0)
        }
    }
}
