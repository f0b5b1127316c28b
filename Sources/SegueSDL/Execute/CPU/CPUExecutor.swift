import CPixman
import SegueAnimation

/// The CPU executor: draws a frame's ``RenderList`` with pixman into a ``PixelBuffer`` (a window's
/// framebuffer, the X11 presenter's back buffer, or a headless image), planning the window's present on
/// the way when a ``PresentPlan`` is set. The recorder (``Compositor``) also has it draw the nested passes
/// that make pictures (rasterized layers, snapshots) for both executors
/// (``drawPicture(_:plan:into:)``). It reads the list and the plan, and nothing else of the recorder.
///
/// Only the damaged pixels are redrawn: operations that do not touch the damage are skipped; the others
/// are drawn clipped to it, minus the pixels that the plan's occluders drawn later cover. Opaque pictures
/// and fills on whole pixels are copied (`SRC`), not blended; opaque pictures on whole pixels are written
/// span by span (`SpanCopy.swift`) and translucent solid fills over them folded into the copy
/// (`CPUExecutor+TintFolding.swift`).
///
/// Differs from the GPU executor (``LayerRenderer``): shapes are antialiased (pixman's coverage sampling)
/// where the GPU path has hard edges, and a shadow under a clip that is not an axis-aligned rectangle (a
/// rotated `masksToBounds` ancestor) is clipped to that clip's bounding box only.
@MainActor
package final class CPUExecutor: RenderExecutor {
    /// What the last draw (a frame's or a picture's) counted: drawn operations, folded tints, span copies.
    /// The recorder's counts are the recorder's (``Compositor/lastFrame``, which adds these for the frames
    /// its own ``Compositor/render(_:into:)`` draws).
    package internal(set) var lastFrame = CompositorCounters()
    /// Whether small shapes are blended through masks kept from frame to frame (`ShapeMasks.swift`); off
    /// only to compare against rasterizing each time.
    var usesShapeMasks = true
    /// Whether axis-aligned fills on fractional pixels are filled inside and blended along their edges
    /// (`CPUExecutor+EdgeFill.swift`); off only to compare against the general shape path.
    var fillsEdgesApart = true

    /// The pictures operations sample, and the executor's scratch images (group targets, masks); the
    /// recorder's store, shared.
    let pictures: CompositorPictures
    /// The rendered texts text pictures sample; the recorder's.
    let text: CompositorText
    /// Where the pictures drawn lately hold something other than their background; the recorder's.
    let pictureSpans: PictureContentSpans

    /// Of the list being drawn: pixels per point, the recorder's frame count, and its switches.
    var scale = 1.0
    var frameIndex: UInt64 = 0
    var foldsTints = true
    var copiesBySpans = true
    var averagesCellsFromPictures = true

    let scratchRegion = PixelRegion()
    let opRegion = PixelRegion()
    /// Indices of the operations that hide what is below them (the plan's, while a list is drawn).
    var occluders: [Int] = []
    /// The plan's visible backdrop blurs and the pixels they read, while a list is drawn.
    var backdropReads: [(index: Int, read: PixelRect)] = []
    /// The damage of the content-blurred groups being drawn (their whole pixels), by nesting depth.
    var blurredGroupDamages: [PixelRegion] = []
    /// The plan's tint fills, while a list is drawn.
    var tintFills: [(box: PixelRect, tint: SolidTint)?] = []
    /// Translucent solid fills folded into the copies of the opaque pixels below them this frame: the
    /// fill's operation index and the pixels already tinted (``drawFoldingTint(_:at:list:into:)``).
    var foldedTints: [(index: Int, region: PixelRegion)] = []
    /// Regions of `foldedTints` kept for the next frames.
    var spareTintRegions: [PixelRegion] = []
    /// The pixels an opaque operation draws tinted; what operations between it and the tint may touch.
    let tintRegion = PixelRegion(), betweenRegion = PixelRegion()

    /// When set, each frame plans how its pixels reach the window (``PresentPlan``: fills and copies from
    /// pictures the window's presenter shows itself), and leaves the back buffer stale there; nil (the
    /// default, and headless): every damaged pixel is written into the target.
    var presentPlan: PresentPlan?
    /// Makes a picture's presentable copy (the window's presenter: X11 shared memory); nil: none.
    var makePresentable: ((PixelBuffer) -> PresentablePicture?)?
    /// Presentable copies of the pictures copied straight to the window lately.
    var presentables: [PresentableEntry] = []
    /// The frame's target while a plan is made (nil while a picture is drawn).
    weak var planTarget: PixelBuffer?
    /// The operations being drawn and the index of the one drawing (for ``findExclusivePixels(of:box:skipping:)``).
    var drawingOps: [CompositorOp] = []
    var drawingClips: [ClipPolygon] = []
    var drawingIndex = 0
    /// Pixels a copy is the last to draw (``findExclusivePixels(of:box:skipping:)``).
    let exclusiveRegion = PixelRegion(), planRest = PixelRegion(), laterRegion = PixelRegion()
    var laterBoxes: [pixman_box32_t] = []
    /// The translucent fills laid over planned scaled cells (``planScaledCells(_:into:)``), by operation index.
    var overTints: [Int] = []
    /// The cell averages of the opaque pictures under reduced backdrop blurs, kept while they only move
    /// (``PictureCellAverages``).
    let pictureCells = PictureCellAverages()
    /// The cells of a reduced backdrop blur found under pictures, those the operations looked through touch,
    /// one picture's, and those left to average from the target's pixels (``averageCellsFromPictures(into:setBits:)``).
    let knownCells = PixelRegion(), touchedCells = PixelRegion(), pictureCellRegion = PixelRegion()
    let pixelCells = PixelRegion()
    /// The cells a tint fill found looking back from a blur covers alone, and those the operations below it touch.
    let tintCells = PixelRegion(), touchedUnderTint = PixelRegion()
    /// What the visible backdrop blurs of the lists being drawn read (``planBackdropReads(target:)``): a pool
    /// kept from frame to frame; the list being drawn has plans `backdropReadPlanStart ..< backdropReadPlanCount`.
    var backdropReadPlans: [BackdropReadPlan] = []
    var backdropReadPlanStart = 0, backdropReadPlanCount = 0

    /// A CPU executor sampling the pictures of a recorder's stores.
    init(pictures: CompositorPictures, text: CompositorText, pictureSpans: PictureContentSpans) {
        self.pictures = pictures
        self.text = text
        self.pictureSpans = pictureSpans
    }

    /// Draws the operations of `frame` that touch its damage into `target`, clipped to the damage, as
    /// `plan` decided; with a ``presentPlan``, plans the window's present of them.
    func draw(_ frame: RenderList, plan: DrawPlan, into target: PixelBuffer) throws {
        lastFrame = CompositorCounters()
        pictureCells.removeUnused(before: frame.frameIndex)
        planTarget = presentPlan != nil ? target : nil
        defer { planTarget = nil }
        try drawOperations(of: frame, plan: plan, into: target)
        presentPlan?.finish(damage: frame.damage)
    }

    /// Draws a nested pass's list into a picture (a rasterized layer's or a snapshot's), for the recorder:
    /// as ``draw(_:plan:into:)``, with no present planned.
    func drawPicture(_ frame: RenderList, plan: DrawPlan, into picture: PixelBuffer) throws {
        lastFrame = CompositorCounters()
        let saved = (planTarget, occluders, tintFills, pictures.groupTargets, backdropReads)
        planTarget = nil
        defer { (planTarget, occluders, tintFills, pictures.groupTargets, backdropReads) = saved }
        try drawOperations(of: frame, plan: plan, into: picture)
    }

    /// Forgets the present's state (the presentable copies); the pictures are the recorder's to release.
    func close() {
        presentPlan?.removeAll()
        presentables.removeAll()
        pictureCells.removeAll()
    }
}
