import CPixman
import SegueAnimation

/// The recorder of the drawing floor. The floor reads as its pipeline: input -> record -> plan -> execute
/// -> present. Once a frame the recorder turns the layer tree's presentation into a ``RenderList``
/// (operations, clips, pictures, and the frame's damage); an executor (``RenderExecutor``) draws the list
/// — ``CPUExecutor`` (pixman: a window's framebuffer or a headless image) or ``LayerRenderer`` (the GPU:
/// `SDL_RenderGeometry`) — and the back-end presents it. Every back-end runs that sequence through one
/// ``FrameSequence``; between record and execute, the plan (``DrawPlan``) decides the occluders once for
/// both executors (tint folds and span pieces are still decided by each executor as it draws). The
/// recorder keeps what lasts from frame to frame:
/// pictures (texts, bitmaps, snapshots, rasterized layers, the automatic raster cache), the last frame's
/// operations and their matching, moved-picture damage.
///
/// A frame has two passes:
/// 1. **Record** (``record(_:bounds:)``). Skipped when the tree did not change since the last frame (its
///    root's `subtreeGeneration` is the same and nothing in it is animating): the frame then draws and
///    presents nothing. Otherwise the tree is walked in Core Animation's order (shadow, background,
///    contents, sublayers by `zPosition`, border) into a flat list of operations, each with the target
///    pixels it may touch: visibility and culling, group opacity, masks and clips (convex polygons), 3D
///    transforms, and pictures (texts, bitmaps, snapshots, rasterized layers, made here with pixman for
///    both executors). Operations that differ from the last frame's (matched by layer and kind) or that
///    appeared or went damage their old and new pixels; when matched operations changed order the whole
///    target is damaged.
/// 2. **Draw**, by an executor. Only the damaged pixels are redrawn: operations that do not touch the
///    damage are skipped; the others are drawn clipped to the damage, minus the pixels that opaque layers
///    drawn later cover (occlusion). The recorder's own ``render(_:into:)`` draws with its ``cpu``
///    executor, which also draws the nested passes that make pictures.
///
/// The pipeline draws opaque and translucent layers, group opacity (offscreen), rounded corners, borders, soft
/// shadows, masks and `masksToBounds` clipping (exact convex polygons), text, bitmaps, snapshots and
/// rasterized layers, 3D transforms with perspective (pixman samples pictures through projective
/// transforms) and back-face culling.
@MainActor
package final class Compositor {
    // The properties marked `@exclusivity(unchecked)` (here, on the operation lists, the raster caches'
    // entries and the text cache) are read or written for every layer and operation of every frame; the
    // recorder runs on the main actor only and never holds an access to one of them across a call that
    // reaches the same property, so their dynamic exclusivity checks (a large share of the record step's
    // instructions) are off, as for the hot properties of `Layer`.
    /// Pixels per point.
    package var scale: Double {
        didSet { if scale != oldValue { invalidate() } }
    }
    /// The colour the target is cleared to under the root.
    package var clearColor: Color = .black {
        didSet { if clearColor != oldValue { invalidate() } }
    }
    /// What the last ``render(_:into:)`` did.
    @exclusivity(unchecked) package internal(set) var lastFrame = CompositorCounters()
    /// Whether each frame reads the thread's CPU time around its steps, into ``lastFrame``'s
    /// `recordCPUSeconds`, `damageCPUSeconds` and `drawCPUSeconds` (off: each reading is a system call).
    package var measuresThreadCPU = false
    /// Whether translucent solid fills are folded into the copies of the opaque pixels below them (see
    /// `CPUExecutor+TintFolding.swift`); off only to compare against the unfolded passes.
    var foldsTints = true
    /// Whether opaque pictures on whole pixels are written span by span, their rows' background filled
    /// rather than read (`SpanCopy.swift`); off only to compare against pixman's copy.
    var copiesBySpans = true
    /// Whether the reduced backdrop blur takes the averages of the cells one opaque picture on whole pixels
    /// covers alone from the picture's kept averages (`PictureCellAverages.swift`) rather than from the
    /// target's pixels; off only to compare against reading every cell's pixels.
    var averagesCellsFromPictures = true
    /// The automatic raster cache's budget, in bytes of pictures (0: off); see `Compositor+AutoRaster.swift`.
    /// 64 MB: a few window-sized pages on a 2x screen.
    @exclusivity(unchecked) package var autoRasterBudget = 64 << 20
    /// The automatic raster cache's candidates, by layer.
    @exclusivity(unchecked) var autoRaster: [ObjectIdentifier: AutoRasterState] = [:]
    /// The backdrop blurs recorded this frame (in the frame and in nested passes), whose pixels are kept.
    @exclusivity(unchecked) var recordedBackdrops: Set<BackdropBlur.Slot> = []

    /// Opacities below this draw nothing (Core Animation hides layers below about 1/255 too).
    static let minimumVisibleOpacity = 0.5 / 255
    /// An opaque layer hides what is below it only when it covers at least this fraction of the target
    /// (small occluders cost more to subtract than they save; ``DrawPlan`` picks the occluders with it).
    static let occluderMinimumFraction = 1.0 / 16
    /// Pixels added around a shape's bounding box for its antialiased edge.
    static let antialiasMargin = 1.0
    /// Frames a rasterized layer's picture is kept while the layer is not drawn.
    static let rasterKeepFrames: UInt64 = 120
    /// Part of a (rounded) rectangle's corners that its inscribed axis-aligned rectangle gives up, as a
    /// fraction of the corner radius: 1 - 1/√2 (the inner rectangle's corner then lies on the arc).
    static let cornerInsetFraction = 1 - 0.5.squareRoot()
    /// The largest picture side made for a rasterized layer or a snapshot, in pixels.
    static let maximumPictureSide = 8192

    let text: CompositorText
    let pictures = CompositorPictures()

    /// The operations being recorded (the frame's, or a rasterized layer's while it is redrawn).
    @exclusivity(unchecked) var list: CompositorOpList
    /// The last frame's operations.
    @exclusivity(unchecked) var previous = CompositorOpList()
    /// Lists for nested passes (rasterized layers, snapshots), by depth.
    @exclusivity(unchecked) var nestedLists: [CompositorOpList] = []
    @exclusivity(unchecked) var nestingDepth = 0
    /// The current clip (index into `list.clips`) and group depth while recording.
    @exclusivity(unchecked) var currentClip: Int32 = -1
    @exclusivity(unchecked) var currentLevel: Int32 = 0
    /// The target's pixels while recording.
    @exclusivity(unchecked) var recordingBounds = PixelRect.empty

    /// What the last frame drew: the tree's generation, the target's size.
    private var drawnGeneration: UInt64?
    private weak var drawnRoot: Layer?
    private var drawnTargetSize: (Int32, Int32) = (0, 0)
    private var needsFullRedraw = true
    @exclusivity(unchecked) var frameIndex: UInt64 = 0

    /// The pixels the current frame redraws.
    let damage = PixelRegion()
    /// What ``damageChangedOperation(_:_:at:oldIndex:old:)`` keeps from frame to frame.
    let movedDamage = MovedPictureDamage()
    /// What ``matchOperations(_:_:)`` keeps from frame to frame.
    let matching = OperationMatching()
    /// Where the pictures drawn lately hold something other than their background (``PictureContentSpans``).
    let pictureSpans = PictureContentSpans()
    /// The CPU executor: the frames of ``render(_:into:)`` and the nested passes that make pictures.
    package let cpu: CPUExecutor
    /// The plans' storage, reused from frame to frame: index 0 the frame's, then one per nested pass depth.
    private var plans: [DrawPlan] = []

    /// A compositor at `scale` pixels per point with the given fonts.
    package init(fonts: FontLocator.Fonts, scale: Double = 1) {
        precondition(scale > 0, "The pixel scale must be positive")
        self.scale = scale
        self.text = CompositorText(fonts: fonts)
        self.list = CompositorOpList()
        cpu = CPUExecutor(pictures: pictures, text: text, pictureSpans: pictureSpans)
    }

    /// Forgets what was drawn: the next frame redraws the whole target.
    package func invalidate() { needsFullRedraw = true }

    /// Releases the cached pictures and fonts.
    package func close() {
        text.close()
        pictures.removeAll()
        cpu.close()
    }

    /// Whether the tree may look different from what the last frame drew into a target of this size.
    package func needsRender(_ tree: LayerTree, width: Int32, height: Int32) -> Bool {
        needsFullRedraw || drawnRoot !== tree.root || drawnGeneration != tree.root.subtreeGeneration
            || tree.root.isSubtreeAnimating || drawnTargetSize != (width, height)
    }

    /// Draws the tree's presentation (call the tree's `update()` first) into `target`, redrawing only
    /// what changed since the last call; returns the pixels redrawn (empty when nothing changed: then
    /// nothing was drawn and nothing needs presenting). The target must keep the last frame's pixels.
    /// The ``FrameSequence`` with the ``cpu`` executor: ``record(_:bounds:)``, then the pixman draw pass,
    /// then ``endFrame()``; ``lastFrame`` adds what the executor counted.
    func render(_ tree: LayerTree, into target: PixelBuffer) throws -> PixelRegion {
        cpu.presentPlan?.removeAll()
        let frame = try FrameSequence(recorder: self, executor: cpu).run(tree, bounds: target.bounds) { _ in target }
        if let frame, !frame.damage.isEmpty { lastFrame.addDraws(of: cpu.lastFrame) }
        return damage
    }

    /// The plan of `frame` (``DrawPlan``), in the storage kept for the current nesting depth.
    func plan(_ frame: RenderList) -> DrawPlan {
        while plans.count <= nestingDepth { plans.append(DrawPlan()) }
        let plan = plans[nestingDepth]
        plan.update(frame)
        return plan
    }

    /// The render list of the operations being recorded (``list``), drawn where `damage` asks into a target
    /// covering `bounds`.
    func renderList(damage: PixelRegion, bounds: PixelRect) -> RenderList {
        RenderList(operations: list, damage: damage, bounds: bounds, scale: scale, frameIndex: frameIndex,
                   pictures: pictures, text: text, pictureSpans: pictureSpans, foldsTints: foldsTints,
                   copiesBySpans: copiesBySpans, averagesCellsFromPictures: averagesCellsFromPictures)
    }

    /// The cached pixels a picture operation samples.
    func picture(for source: PictureSource) -> PixelBuffer? { pictures.picture(for: source, text: text) }

    /// Records the frame's render list for a target covering `bounds` (call the tree's `update()` first):
    /// the tree's presentation walked into ``list`` (rasterized layers' and snapshots' pictures made or
    /// reused on the way) and compared with the last frame's into ``damage``, the pixels that changed.
    /// Nil when the tree did not change since the last frame (nothing recorded, ``damage`` empty:
    /// nothing to draw or present). Otherwise the frame's ``RenderList``, which an executor draws where
    /// its damage asks before ``endFrame()`` is called.
    func record(_ tree: LayerTree, bounds: PixelRect) throws -> RenderList? {
        lastFrame = CompositorCounters()
        damage.removeAll()
        guard needsRender(tree, width: bounds.width, height: bounds.height) else { return nil }
        let cpuAtStart = measuresThreadCPU ? FrameStepCPU.threadSeconds() : 0
        frameIndex += 1
        text.frameIndex = frameIndex
        let full = needsFullRedraw || drawnRoot !== tree.root || drawnTargetSize != (bounds.width, bounds.height)

        swap(&list, &previous)
        list.removeAll()
        currentClip = -1
        currentLevel = 0
        recordingBounds = bounds
        let root = tree.root
        let p = root.renderedProperties
        let toTarget = Layer.homographyToSuperlayer(p, superlayer: nil).concatenating(pixelScale)
        // The clear is the first operation: a full-target opaque fill (so it occludes, and a changed
        // clear colour damages everything).
        appendClear(bounds)
        try record(root, p, toTarget, alpha: 1)
        signBackdrops()
        let cpuAfterRecord = measuresThreadCPU ? FrameStepCPU.threadSeconds() : 0

        if full {
            damage.set(bounds)
        } else {
            computeDamage(bounds)
            damageContentBlurSpread()
            damageBackdropsToBlur()
            damage.formIntersection(bounds)
        }
        lastFrame.operations = list.ops.count
        if measuresThreadCPU {
            lastFrame.recordCPUSeconds = cpuAfterRecord - cpuAtStart
            lastFrame.damageCPUSeconds = FrameStepCPU.threadSeconds() - cpuAfterRecord
        }
        lastFrame.damagedPixels = damage.area
        drawnGeneration = root.subtreeGeneration
        drawnRoot = root
        drawnTargetSize = (bounds.width, bounds.height)
        needsFullRedraw = false
        return renderList(damage: damage, bounds: bounds)
    }

    /// The end of a recorded frame, once its executor drew it: drops the pictures not drawn for a while.
    func endFrame() {
        evictPictures()
        sweepAutoRaster()
        sweepBackdrops()
    }

    /// The map from points to pixels.
    var pixelScale: Homography {
        Homography(m11: scale, m12: 0, m13: 0, m21: 0, m22: scale, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    // MARK: Damage

    /// Compares this frame's operations with the last frame's (matched by `Compositor+OperationMatching`).
    private func computeDamage(_ targetBounds: PixelRect) {
        let new = list.ops, old = previous.ops
        guard matchOperations(new, old) else {
            damage.set(targetBounds)
            return
        }
        findCoversInBothFrames(old: old, targetBounds: targetBounds)
        for i in new.indices {
            let a = new[i], j = Int(matching.oldIndex[i])
            guard j >= 0 else {
                damageOneFrameOnly(a.bounds, newIndex: i, oldIndex: nil, old: old)
                continue
            }
            let b = old[j]
            if !a.drawsSame(as: b) || !sameClip(a.clip, b.clip) {
                // A group's pixels are damaged by the operations inside it, or as a whole when its
                // opacity changed (its end operation carries the bounds). See Compositor+MovedPictureDamage.
                damageChangedOperation(a, b, at: i, oldIndex: j, old: old)
            }
        }
        for j in old.indices where !matching.isMatched[j] {
            damageOneFrameOnly(old[j].bounds, newIndex: nil, oldIndex: j, old: old)
        }
        damage.formIntersection(targetBounds)
    }

    func sameClip(_ a: Int32, _ b: Int32) -> Bool {
        if a < 0 || b < 0 { return a == b }
        return list.clips[Int(a)].points.elementsEqual(previous.clips[Int(b)].points) { $0.x == $1.x && $0.y == $1.y }
    }
}

/// A frame's operations and the clip polygons they refer to; reused from frame to frame.
final class CompositorOpList {
    @exclusivity(unchecked) var ops: [CompositorOp] = []
    @exclusivity(unchecked) var clips: [ClipPolygon] = []

    func removeAll() {
        ops.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
    }
}
