/// What one frame of the render pipeline did, for the HUD, the benchmark and tests: one type for the
/// recorder (`Compositor`) and both executors. The recorder fills its counts (operations, layers,
/// damage, raster caches, CPU seconds), an executor the draws both executors make (drawn operations,
/// offscreen passes, folded tints), and each executor its own extras: the CPU executor's
/// ``spanCopies``, the GPU executor's ``gpu``. A counter a frame's executor does not make stays at zero.
public struct CompositorCounters: Sendable, Equatable, CustomStringConvertible {
    /// Operations recorded (0 when the frame was skipped: nothing changed).
    public var operations = 0
    /// Operations drawn (they touched the damage).
    public var drawnOperations = 0
    /// Layers walked.
    public var layers = 0
    /// Layers skipped because their back faces the viewer and they are not double-sided.
    public var culledLayers = 0
    /// Pixels redrawn.
    public var damagedPixels = 0
    /// Rasterized layers redrawn into their cache this frame.
    public var rasterMisses = 0
    /// Rasterized layers drawn from their cache.
    public var rasterHits = 0
    /// Subtrees the automatic raster cache drew into a picture this frame (no `shouldRasterize`: their
    /// content stayed the same while they moved, scaled, faded or turned).
    public var autoRasterMisses = 0
    /// Subtrees drawn from the automatic raster cache's pictures.
    public var autoRasterHits = 0
    /// Automatic pictures evicted this frame to stay within the budget.
    public var autoRasterEvictions = 0
    /// Offscreen passes (group opacity).
    public var offscreenPasses = 0
    /// Translucent solid fills folded into the opaque picture below them (the CPU executor applies them as
    /// it copies the picture; the GPU executor draws the picture tinted and leaves the dimming out there).
    public var foldedTints = 0
    /// Backdrop blurs drawn from the pixels kept while their backdrop is still (`BackdropBlur`).
    public var backdropBlurHits = 0
    /// Backdrop blurs blurred this frame (their backdrop changed, or they were not drawn before).
    public var backdropBlurMisses = 0
    /// Wall-clock seconds the executor spent blurring backdrops this frame (reading back, blurring; the
    /// blur's own cost, which the HUD reports).
    public var backdropBlurSeconds = 0.0
    /// The CPU executor's reduced backdrop blurs' cells averaged this frame: from the kept averages of the
    /// opaque picture that alone covers them (`PictureCellAverages`), and from the target's pixels.
    public var backdropCellsFromPictures = 0, backdropCellsFromPixels = 0
    /// Of the cells from pictures, those under a tint laid over the picture (the dimming over the page below
    /// a push), averaged from the picture's pixels with the tint laid over each.
    public var backdropCellsFromTintedPictures = 0
    /// Content-blurred groups (`Layer.contentBlurRadius`) blurred this frame (`ContentBlur`): each one drawn
    /// (damaged) is blurred again.
    public var contentBlurs = 0
    /// Wall-clock seconds the executor spent blurring groups this frame (reading back, blurring).
    public var contentBlurSeconds = 0.0
    /// The CPU executor's extra: opaque pictures on whole pixels written span by span (their rows'
    /// background filled, not read).
    public var spanCopies = 0
    /// The CPU executor's extra: the pixels those span copies wrote into the target whole, all of a copy's
    /// pixels without a present plan; with one, those left out of it (neither the window's presenter's fills
    /// and copies nor the content columns the plan copies when the picture has no presentable copy). Under a
    /// blurring bar, only the pixels the blur reads are written (`CPUExecutor+BackdropReads.swift`).
    public var spanCopiedPixels = 0
    /// The thread's CPU seconds spent recording, comparing with the last frame, and drawing (0 unless
    /// `Compositor.measuresThreadCPU`; the record includes the frame's preamble).
    public var recordCPUSeconds = 0.0, damageCPUSeconds = 0.0, drawCPUSeconds = 0.0
    /// The GPU executor's extras (all zero in a frame the CPU executor drew).
    public var gpu = GPUExtras()

    /// Every counter at zero.
    public init() {}

    /// Adds what a CPU executor's draw counted (drawn operations, folded tints, span copies) to these
    /// counters, the recorder's: its frames and the nested passes that make pictures.
    mutating func addDraws(of draw: CompositorCounters) {
        drawnOperations += draw.drawnOperations
        foldedTints += draw.foldedTints
        spanCopies += draw.spanCopies
        spanCopiedPixels += draw.spanCopiedPixels
    }

    /// Adds the backdrop blurs an executor's draw (either executor's) counted to these counters, the
    /// recorder's (``FrameSequence`` does for each frame, the recorder for its nested passes).
    mutating func addBackdropBlurs(of draw: CompositorCounters) {
        backdropBlurHits += draw.backdropBlurHits
        backdropBlurMisses += draw.backdropBlurMisses
        backdropBlurSeconds += draw.backdropBlurSeconds
        backdropCellsFromPictures += draw.backdropCellsFromPictures
        backdropCellsFromPixels += draw.backdropCellsFromPixels
        backdropCellsFromTintedPictures += draw.backdropCellsFromTintedPictures
    }

    /// Adds the content blurs an executor's draw (either executor's) counted to these counters, the
    /// recorder's (``FrameSequence`` does for each frame, the recorder for its nested passes).
    mutating func addContentBlurs(of draw: CompositorCounters) {
        contentBlurs += draw.contentBlurs
        contentBlurSeconds += draw.contentBlurSeconds
    }

    /// What the GPU executor alone counts in a frame.
    public struct GPUExtras: Sendable, Equatable {
        /// Operations not drawn because an opaque operation drawn after them covers all of their damaged
        /// pixels.
        public var occludedOperations = 0
        /// `SDL_RenderGeometry` calls.
        public var drawCalls = 0
        /// Triangles submitted.
        public var triangles = 0
        /// Polygons cut or dropped because an opaque operation drawn later covers them.
        public var occludedPolygons = 0
        /// Opaque pictures drawn as their background's fills and their content's texture (by spans).
        public var spanPictures = 0
        /// Pixels read back from the target for backdrop blurs that missed their kept pixels.
        public var backdropReadBackPixels = 0
        /// Pixels read back from group textures for content blurs (`ContentBlur`).
        public var contentBlurReadBackPixels = 0

        /// Every counter at zero.
        public init() {}
    }

    /// The counters as Swift prints a structure, without the GPU executor's extras (the benchmark's and
    /// the HUD's lines, as they were before the extras joined this type).
    public var description: String {
        let fields = Mirror(reflecting: self).children.compactMap { child -> String? in
            guard let label = child.label, label != "gpu" else { return nil }
            return "\(label): \(String(reflecting: child.value))"
        }
        return "CompositorCounters(" + fields.joined(separator: ", ") + ")"
    }
}
