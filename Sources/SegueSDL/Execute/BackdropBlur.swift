import CPixman
import CSeguePixels
import Foundation
import SegueAnimation

/// The backdrop blur (`Layer.backdropBlurRadius`): its kernel, shared by both executors, and the blurred
/// pixels they keep while the backdrop is still.
///
/// **The kernel.** A Gaussian of standard deviation σ (target pixels) approximated by three successive box
/// blurs per axis, rows then columns, as the W3C's Filter Effects (`feGaussianBlur`) define it: boxes of
/// d = ⌊σ·3·√(2π)/4 + 0.5⌋ pixels; for an odd d, three boxes of d centred on the pixel; for an even d, two of d
/// (one centred on the pixel's left edge, one on its right edge) and one of d + 1 centred. Outside the area
/// read, the edge pixels extend it. The convolution of the three boxes is a piecewise quadratic close to the
/// Gaussian (over sharp full-contrast stripes at σ = 4 px the two differ by at most 9.6 levels of 255); each channel (premultiplied) is summed exactly in 64-bit
/// integers and divided once, rounding half up (`segue_box_blur`), so both executors give the same pixels
/// from the same backdrop. A box pass costs the same for any σ: a few additions a pixel for each of the six
/// passes (rows, then strips of 32 columns whose sums stay in the cache), for the pixels written only:
/// about 3 ms of one core for the push/pop bench's 1280 x 44 px bar at σ = 20 px on this machine (2 shared
/// cores), which is why a large σ is blurred at a reduced resolution (below).
///
/// **At a reduced resolution.** A σ of ``minimumCellsPerSigma`` × 2 pixels or more is blurred at a reduced
/// resolution, as iOS's backdrop layers are understood to do (they blur a downscaled copy of what is behind
/// them; that is inferred from their look and cost, not documented): with f = ``reduction(sigma:)`` (2 or 4),
/// 1. the target is cut in cells of f x f pixels aligned on its pixels (cell (i, j) covers pixels f·i ..< f·i + f,
///    f·j ..< f·j + f), and each cell that meets the pixels read gets the average of its pixels, each channel
///    rounded half up (pixels outside those read stand for the nearest one inside);
/// 2. those cells are blurred by the kernel above at σ' = ``reducedSigma(_:factor:)`` cells (√(σ² − f²/4) / f:
///    the averaging and the interpolation widen the blur by about f/2 pixels, taken out), edge cells extending
///    them;
/// 3. each pixel written is interpolated bilinearly between the four blurred cells around its centre: pixel
///    x's centre lies at cell coordinate u = (x + ½)/f − ½, mixing cells ⌊u⌋ and ⌊u⌋ + 1 by weights
///    1 − (u − ⌊u⌋) and u − ⌊u⌋ (multiples of 1/2f), likewise in y; each channel's weighted sum truncated
///    (rounded down). That is pixman's bilinear scaling of the cells by f (``Cells/scaledView``: its 7-bit
///    weights hold the multiples of 1/2f exactly for f = 2 and 4, and it truncates), so the X server
///    can do this step itself (XRender, whose pixels are pixman's: ``PresentPlan``).
///
/// Every step is exact integer arithmetic (`segue_reduced_blur_average`, then `segue_reduced_blur_of_cells`,
/// with SSE2 on x86: four channels at once; pixman for step 3), so both executors still give the same pixels
/// from the same backdrop. Against the same blur at full resolution, the cells fold the finest detail a
/// little (see ``minimumCellsPerSigma``; 3.3 levels of 255 at most over the pixel tests' sharp stripes at
/// σ = 16 px). The cost is the cells' averages (every pixel read added once), their blur (1/f² of the
/// pixels; the kernel goes down the columns first, keeping only the output rows between the passes: the
/// same exact sums) and the interpolation (every pixel written): about 0.1 ms in a frame for the bar above
/// (it reads 1280 x 96 px), against about 3 ms at full resolution. A smaller σ stays at full resolution,
/// exact: its kernel is too narrow to hide the cells.
///
/// **Cells from the pictures under it.** Step 1 reads every pixel of the area read, every frame the backdrop
/// changes: under a bar over a sliding page, every frame. The CPU executor reads fewer (straight into the
/// target, group level 0): a cell whose pixels all come, unchanged, from one opaque 32-bit picture placed
/// on whole pixels (looking back from the blur, the first operation touching the cell is that picture,
/// covering it whole inside its clip, if any, on whole pixels; a rasterized layer's picture at its store's
/// version, a bitmap or a snapshot) is the average of the picture's own f x f pixels at the same offset, which
/// ``PictureCellAverages`` keeps per picture and placement phase, made by the same kernel
/// (`segue_reduced_blur_average`: the same sums, the same rounding, alpha 255 from a target without alpha)
/// the first time it is asked and reused while the picture only moves. A cell under a translucent tint fill
/// on whole pixels (the dimming over the page below a push) over such a picture is averaged from the
/// picture's pixels with the tint laid over each (`segue_reduced_blur_average_tinted`, each frame). The other
/// cells (across two pictures, under a shadow, at the edge of the pixels read, where pixels outside stand
/// for the nearest inside) are averaged from the target's pixels as before; then all are blurred
/// (`segue_reduced_blur_of_cells`). The same cells bit for bit (`CPUExecutor+PictureCells.swift`; off with
/// ``Compositor/averagesCellsFromPictures``). Those cells are found before the frame is drawn, so the pages
/// under the blur draw only the pixels it still reads (`CPUExecutor+BackdropReads.swift`).
///
/// **What is read.** The operation's ``CompositorOp/bounds``: the pixels it writes (its shape's box inside
/// its clips, ``CompositorOp/written``) grown by the blur's reach (``backdropReach(sigma:)``) and kept inside
/// the target, so the blur of the pixels it writes sees the backdrop as far as the kernel reaches; in a group
/// (drawn offscreen) the pixels it writes alone (the group's target holds nothing else that is known).
/// Only the pixels it writes are blurred and kept.
enum BackdropBlur {
    /// The largest σ blurred, in target pixels (a larger one is blurred by this): the kernel's 32-bit row
    /// sums hold 255 × d³ for boxes of up to d = 188 pixels. UIKit's largest style radius, 30 pt, is 90 px
    /// on a 3x screen.
    static let maximumSigma = 100.0

    /// The box reaches of the three passes for σ pixels: pass k sums from `left[k]` pixels before to
    /// `right[k]` after. Nil when the boxes are one pixel wide (σ below about 0.47 px): no blur.
    static func boxes(sigma: Double) -> (left: [Int32], right: [Int32])? {
        guard sigma.isFinite, sigma > 0 else { return nil }
        let d = Int32((min(sigma, maximumSigma) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return nil }
        if d % 2 == 1 {
            let h = (d - 1) / 2
            return ([h, h, h], [h, h, h])
        }
        let h = d / 2
        return ([h, h - 1, h], [h - 1, h, h])
    }

    /// How far the kernel reaches from a pixel at full resolution, in pixels (0: no blur).
    static func reach(sigma: Double) -> Int32 {
        guard let (left, right) = boxes(sigma: sigma) else { return 0 }
        return max(left.reduce(0, +), right.reduce(0, +))
    }

    /// The pixels `out` of a picture (`source`, `stride` bytes a row) blurred by σ at full resolution, reading
    /// its pixels `read` (which holds `out`; the kernel reads as far around `out` as it reaches, the edge pixels
    /// of `read` standing for any beyond it), into a new picture of `out`'s size; nil when there is nothing to
    /// blur (no pixels, σ too small) — the caller then leaves the backdrop as it is. The kernel alone: a
    /// backdrop goes through ``blurBackdrop(_:stride:origin:read:out:sigma:opaqueAlpha:reusing:scratch:)``.
    static func blur(_ source: UnsafeRawPointer, stride: Int32, read: PixelRect, out: PixelRect, sigma: Double,
                     scratch: Scratch) -> PixelBuffer? {
        guard !out.isEmpty, read.contains(out), let (left, right) = boxes(sigma: sigma) else { return nil }
        let blurred = PixelBuffer(width: out.width, height: out.height)
        let from = (source + Int(read.y0) * Int(stride) + Int(read.x0) * 4).assumingMemoryBound(to: UInt32.self)
        let to = blurred.pixels.assumingMemoryBound(to: UInt32.self)
        let done = left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
                let values = segue_box_blur_scratch_count(Int(out.width), Int(out.height), l.baseAddress, r.baseAddress)
                return segue_box_blur(from, Int(stride / 4), Int(read.width), Int(read.height), to, Int(blurred.stride / 4),
                                      Int(out.x0 - read.x0), Int(out.y0 - read.y0), Int(out.width), Int(out.height),
                                      l.baseAddress, r.baseAddress, scratch.values(values))
            }
        }
        precondition(done != 0, "The blur's boxes are wider than σ = \(maximumSigma) px allows")
        return blurred
    }

    /// The largest reduction factor (cells of 4 x 4 pixels): beyond it the cost is mostly the pixels read and
    /// written at full resolution, which a larger factor does not lower (at f = 4 the cells' blur is already
    /// about a third of the cost), while the cells would fold coarser detail at a given σ.
    static let maximumReduction: Int32 = 4

    /// The fewest cells σ spans at a reduction (σ / f). Averaging f pixels folds patterns of a period near f
    /// pixels into slow waves the blur of the cells must flatten: a full-contrast pattern folded to δ cycles
    /// a cell keeps about (π/(f·sin(π/f)))·δ·e^(−2π²σ²δ²/f²) of its contrast, at most about 2.7 % of it at 4
    /// cells (f = 4; 3.8 % at f = 2), against 5.4 % at 2 cells.
    static let minimumCellsPerSigma = 4.0

    /// The reduction factor f for σ pixels: the largest of 1, 2 and 4 with σ / f ≥ ``minimumCellsPerSigma``
    /// (σ = 20 px: 4; σ = 12 px: 2; σ below 8 px: 1, the blur at full resolution).
    static func reduction(sigma: Double) -> Int32 {
        var f = maximumReduction
        while f > 1 && !(min(sigma, maximumSigma) / Double(f) >= minimumCellsPerSigma) { f /= 2 }
        return f
    }

    /// The σ the cells are blurred by, in cells, at reduction f: averaging f x f pixels (variance f²/12 per
    /// axis) and interpolating between cells f pixels apart (f²/6) widen the blur by variance f²/4, taken
    /// out: √(σ² − f²/4) / f. At f = 1, σ.
    static func reducedSigma(_ sigma: Double, factor f: Int32) -> Double {
        let s = min(sigma, maximumSigma)
        guard f > 1 else { return s }
        let r = Double(f)
        return (s * s - r * r / 4).squareRoot() / r
    }

    /// How far the backdrop blur of σ pixels reads from a pixel it writes, in target pixels (0: no blur):
    /// at f = 1 the kernel's ``reach(sigma:)``; at f > 1, f × (the reach in cells of the reduced σ + 1) (the
    /// lower of the two cells a pixel mixes starts up to f pixels before it).
    static func backdropReach(sigma: Double) -> Int32 {
        let f = reduction(sigma: sigma)
        guard f > 1 else { return reach(sigma: sigma) }
        let cells = reach(sigma: reducedSigma(sigma, factor: f))
        return cells > 0 ? f * (cells + 1) : 0
    }

    /// The backdrop blur of σ pixels (see the type's comment) of the pixels `out`, reading the pixels `read`
    /// (which hold `out`; both in target pixels), from `source` (`stride` bytes a row) whose first pixel is
    /// target pixel `origin`, into a picture of `out`'s size; nil when there is nothing to blur. The cells are
    /// aligned on the target's pixels (multiples of f), wherever the pixels were read into. `opaqueAlpha`: the
    /// source has no alpha (`x8r8g8b8`), the pixels made get alpha 255. `reusing`: a picture no longer used,
    /// written over when it has `out`'s size (a blur a frame into fresh memory costs the system's zeroing
    /// of its pages).
    static func blurBackdrop(_ source: UnsafeRawPointer, stride: Int32, origin: (x: Int32, y: Int32), read: PixelRect,
                             out: PixelRect, sigma: Double, opaqueAlpha: Bool = false, reusing spare: PixelBuffer? = nil,
                             scratch: Scratch) -> PixelBuffer? {
        guard !out.isEmpty, read.contains(out) else { return nil }
        let f = reduction(sigma: sigma)
        guard f > 1 else {
            func local(_ r: PixelRect) -> PixelRect {
                PixelRect(x0: r.x0 - origin.x, y0: r.y0 - origin.y, x1: r.x1 - origin.x, y1: r.y1 - origin.y)
            }
            let blurred = blur(source, stride: stride, read: local(read), out: local(out), sigma: sigma, scratch: scratch)
            if opaqueAlpha { blurred?.setOpaqueAlpha() }
            return blurred
        }
        guard let cells = blurCells(source, stride: stride, origin: origin, read: read, out: out, factor: f, sigma: sigma,
                                    opaqueAlpha: opaqueAlpha, scratch: scratch) else { return nil }
        let blurred = spare.flatMap { $0.width == out.width && $0.height == out.height && $0.format == PIXMAN_a8r8g8b8 ? $0 : nil }
            ?? PixelBuffer(width: out.width, height: out.height)
        // The picture's pixel (0, 0) is target pixel `out`'s corner.
        cells.scale(into: blurred.pixels - Int(out.y0) * Int(blurred.stride) - Int(out.x0) * 4, stride: blurred.stride,
                    rect: out)
        return blurred
    }

    /// The blurred cells of a reduction `factor` > 1 (steps 1 and 2 of the type's comment) the pixels `out`
    /// lie between, reading `read` of `source` (as ``blurBackdrop(_:stride:origin:read:out:sigma:opaqueAlpha:reusing:scratch:)``);
    /// nil when there is nothing to blur. Step 3, the pixels, is ``Cells/scaledView`` composited over them.
    /// `knownCells`: given the cells to average (``CellGrid``), writes those whose averages it knows without
    /// reading `source` (the CPU executor's, from the pictures drawn there: ``PictureCellAverages``) and returns
    /// the cells left to average from `source`, in cell coordinates; nil from it, or no `knownCells`: all of them.
    /// `path`: the widest vector path the cells' blur may take (a wider one than the CPU has runs as the CPU's
    /// widest; every path gives the same cells).
    static func blurCells(_ source: UnsafeRawPointer, stride: Int32, origin: (x: Int32, y: Int32), read: PixelRect,
                          out: PixelRect, factor f: Int32, sigma: Double, opaqueAlpha: Bool, reusing spare: PixelBuffer? = nil,
                          scratch: Scratch, path: AffineResampler.Path = .avx2,
                          knownCells: ((CellGrid) -> PixelRegion?)? = nil) -> Cells? {
        guard !out.isEmpty, read.contains(out), f > 1, let (left, right) = boxes(sigma: reducedSigma(sigma, factor: f)) else {
            return nil
        }
        var cx = 0, cy = 0, cw = 0, ch = 0
        segue_reduced_blur_cells_needed(Int(out.x0), Int(out.y0), Int(out.width), Int(out.height), Int(f), &cx, &cy, &cw, &ch)
        let pixels = spare.flatMap { $0.width == Int32(cw) && $0.height == Int32(ch) && $0.format == PIXMAN_a8r8g8b8 ? $0 : nil }
            ?? PixelBuffer(width: Int32(cw), height: Int32(ch))
        let from = (source + Int(read.y0 - origin.y) * Int(stride) + Int(read.x0 - origin.x) * 4).assumingMemoryBound(to: UInt32.self)
        let to = pixels.pixels.assumingMemoryBound(to: UInt32.self)
        let setBits: UInt32 = opaqueAlpha ? 0xFF00_0000 : 0
        let grid = cellGrid(read: read, factor: f)
        let done = left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
                // The scratch: the cells (two to a value), a row of their sums, the blur's own.
                let cellValues = (grid.area + 1) / 2, sumValues = Int(grid.width)
                let blurValues = segue_reduced_blur_of_cells_scratch_count(Int(out.width), Int(out.height), Int(f),
                                                                           l.baseAddress, r.baseAddress)
                let memory = scratch.values(cellValues + sumValues + blurValues)
                let cells = UnsafeMutableRawPointer(memory).assumingMemoryBound(to: UInt32.self)
                let sums = UnsafeMutableRawPointer(memory + cellValues).assumingMemoryBound(to: UInt64.self)
                func average(_ c: PixelRect) {
                    segue_reduced_blur_average(from, Int(stride / 4), Int(read.x0), Int(read.y0), Int(read.width),
                                               Int(read.height), Int(f), setBits, Int(c.x0), Int(c.y0), Int(c.x1), Int(c.y1),
                                               cells + Int(c.y0 - grid.y0) * Int(grid.width) + Int(c.x0 - grid.x0),
                                               Int(grid.width), sums)
                }
                if let left = knownCells?(CellGrid(cells: grid, factor: f, read: read, values: cells)) {
                    left.forEachRectangle { c in average(c.intersection(grid)) }
                } else {
                    average(grid)
                }
                return segue_reduced_blur_of_cells(cells, Int(grid.x0), Int(grid.y0), Int(grid.width), Int(grid.height),
                                                   Int(out.x0), Int(out.y0), Int(out.width), Int(out.height), Int(f),
                                                   l.baseAddress, r.baseAddress, to, Int(pixels.stride / 4),
                                                   memory + cellValues + sumValues,
                                                   min(path.rawValue, AffineResampler.widestPath.rawValue))
            }
        }
        precondition(done != 0, "The backdrop blur's reduction \(f) or boxes are out of range")
        return Cells(pixels: pixels, factor: f, x: Int32(cx), y: Int32(cy))
    }

    /// The cells of reduction `f` that meet the pixels `read` (step 1 of the type's comment averages them), in
    /// cell coordinates: cell (i, j) covers target pixels f·i ..< f·i + f, f·j ..< f·j + f.
    static func cellGrid(read: PixelRect, factor f: Int32) -> PixelRect {
        var x = 0, y = 0, w = 0, h = 0
        segue_reduced_blur_cell_grid(Int(read.x0), Int(read.y0), Int(read.width), Int(read.height), Int(f), &x, &y, &w, &h)
        return PixelRect(x0: Int32(x), y0: Int32(y), x1: Int32(x + w), y1: Int32(y + h))
    }

    /// The cells being averaged (step 1 of the type's comment) while
    /// ``blurCells(_:stride:origin:read:out:factor:sigma:opaqueAlpha:reusing:scratch:knownCells:)`` blurs: each
    /// cell's average, as a pixel (premultiplied, alpha ORed with 0xFF000000 from a target
    /// without alpha), row by row.
    struct CellGrid {
        /// The cells, in cell coordinates (``cellGrid(read:factor:)``).
        let cells: PixelRect
        /// The reduction factor f: a cell is f x f target pixels.
        let factor: Int32
        /// The target pixels read.
        let read: PixelRect
        /// Cell (`cells.x0`, `cells.y0`)'s value; `cells.width` values a row.
        let values: UnsafeMutablePointer<UInt32>

        /// Where cell (x, y)'s value goes.
        func value(x: Int32, y: Int32) -> UnsafeMutablePointer<UInt32> {
            values + Int(y - cells.y0) * Int(cells.width) + Int(x - cells.x0)
        }

        /// The cells all of whose pixels are read: the only ones whose averages may come from elsewhere
        /// (at the edges of the pixels read, a cell's pixels outside them stand for the nearest inside).
        var whole: PixelRect { cellsInside(read) }

        /// The cells that lie wholly inside the target pixels `r`.
        func cellsInside(_ r: PixelRect) -> PixelRect { Self.cellsInside(r, factor: factor) }

        /// The cells that meet the target pixels `r`.
        func cellsMeeting(_ r: PixelRect) -> PixelRect { Self.cellsMeeting(r, factor: factor) }

        /// The cells of reduction `f` that lie wholly inside the target pixels `r`.
        static func cellsInside(_ r: PixelRect, factor f: Int32) -> PixelRect {
            guard !r.isEmpty else { return .empty }
            let c = PixelRect(x0: BackdropBlur.ceilDiv(r.x0, f), y0: BackdropBlur.ceilDiv(r.y0, f),
                              x1: BackdropBlur.floorDiv(r.x1, f), y1: BackdropBlur.floorDiv(r.y1, f))
            return c.isEmpty ? .empty : c
        }

        /// The cells of reduction `f` that meet the target pixels `r`.
        static func cellsMeeting(_ r: PixelRect, factor f: Int32) -> PixelRect {
            guard !r.isEmpty else { return .empty }
            return PixelRect(x0: BackdropBlur.floorDiv(r.x0, f), y0: BackdropBlur.floorDiv(r.y0, f),
                             x1: BackdropBlur.ceilDiv(r.x1, f), y1: BackdropBlur.ceilDiv(r.y1, f))
        }

        /// The target pixels of the cells `cells` of reduction `f`.
        static func pixels(of cells: PixelRect, factor f: Int32) -> PixelRect {
            PixelRect(x0: cells.x0 * f, y0: cells.y0 * f, x1: cells.x1 * f, y1: cells.y1 * f)
        }
    }

    /// ⌊a / b⌋ for b > 0.
    static func floorDiv(_ a: Int32, _ b: Int32) -> Int32 { a >= 0 ? a / b : -((-a + b - 1) / b) }
    /// ⌈a / b⌉ for b > 0.
    static func ceilDiv(_ a: Int32, _ b: Int32) -> Int32 { -floorDiv(-a, b) }

    /// Blurred cells (``blurCells(_:stride:origin:read:out:factor:sigma:opaqueAlpha:reusing:scratch:knownCells:)``): cell
    /// (`x` + i, `y` + j) at pixel (i, j) of `pixels`.
    struct Cells {
        let pixels: PixelBuffer
        let factor: Int32
        let x: Int32, y: Int32

        /// The map from target pixels to the cells' pixels (pixman's, applied to pixel centres): a scale by 1/f
        /// and a translation by the first cell, u = (x + ½)/f − `x` for pixel x, whose centre then lies at
        /// cell coordinate (x + ½)/f − ½ (pixman's bilinear filter samples between pixel centres).
        var transform: pixman_transform_t { BackdropBlur.cellTransform(factor: factor, x: x, y: y) }

        /// The cells as a picture sampled at target coordinates: step 3 of the type's comment, pixman's
        /// bilinear filter through ``transform``, the edge cells extending them (`PAD`).
        var scaledView: PixelImageView {
            PixelImageView(pixels, transform: transform, filter: PIXMAN_FILTER_BILINEAR, repeatMode: PIXMAN_REPEAT_PAD)
        }

        /// Writes the target pixels `rect` interpolated from the cells (step 3, as ``scaledView`` gives them, in
        /// C with SSE2: `segue_scale_cells`) into the target whose pixel (0, 0) is at `target` (`stride` bytes
        /// a row); with a `tint` (a premultiplied colour, 0: none), laid over them as pixman's `OVER`
        /// (``SolidTint``).
        func scale(into target: UnsafeMutableRawPointer, stride: Int32, rect: PixelRect, tint: UInt32 = 0) {
            guard !rect.isEmpty else { return }
            segue_scale_cells(pixels.pixels.assumingMemoryBound(to: UInt32.self), Int(pixels.stride / 4), Int(pixels.width),
                              Int(pixels.height), Int(factor), Int(x), Int(y), target.assumingMemoryBound(to: UInt32.self),
                              Int(stride / 4), Int(rect.x0), Int(rect.y0), Int(rect.width), Int(rect.height), tint)
        }
    }

    /// The map from target pixels to cells (f, first cell (`x`, `y`)), as pixman and XRender take it
    /// (16.16 fixed point; 1/f is exact for f = 2 and 4).
    static func cellTransform(factor f: Int32, x: Int32, y: Int32) -> pixman_transform_t {
        let one: pixman_fixed_t = 0x10000, scale = one / f
        var t = pixman_transform_t()
        t.matrix = ((scale, 0, -x * one), (0, scale, -y * one), (0, 0, one))
        return t
    }

    /// The kernel's scratch memory, kept from blur to blur (fresh pages each time cost as much as the blur:
    /// the kernel zeroes nothing, but the system zeroes new pages). One per recorder, shared by its executors.
    final class Scratch {
        private var memory: UnsafeMutablePointer<Int64>?
        private var capacity = 0

        /// At least `count` values.
        func values(_ count: Int) -> UnsafeMutablePointer<Int64> {
            if let memory, capacity >= count { return memory }
            memory?.deallocate()
            capacity = max(count, capacity * 2)
            let fresh = UnsafeMutablePointer<Int64>.allocate(capacity: capacity)
            memory = fresh
            return fresh
        }

        /// Gives the memory back (the next blur takes it again).
        func release() {
            memory?.deallocate()
            memory = nil
            capacity = 0
        }

        deinit { memory?.deallocate() }
    }

    /// The blurred pixels of one backdrop operation (a layer's, at a nesting depth of the recorder), kept
    /// while its backdrop is still.
    struct Entry {
        /// The operation's ``PictureSource/backdrop(_:)`` key they were made for.
        let key: Key
        /// The blurred pixels (those the operation writes), whose pixel (0, 0) lies over target pixel (`x`, `y`);
        /// or, with a `factor` above 1 (the CPU executor's), the blurred cells (``Cells``: cell (`x`, `y`) at
        /// pixel (0, 0)), interpolated wherever they are drawn.
        let pixels: PixelBuffer
        let x: Int32, y: Int32
        var factor: Int32 = 1
        /// Whether every blurred pixel is transparent (0) (known for cells only; false otherwise).
        var transparent = false

        /// The blurred cells, when the entry holds cells.
        var cells: Cells? { factor > 1 ? Cells(pixels: pixels, factor: factor, x: x, y: y) : nil }
    }

    /// Which entry a backdrop operation uses: its layer at a nesting depth of the recorder (a layer drawn in
    /// a frame and in a rasterized layer's picture has two).
    struct Slot: Hashable {
        let layer: ObjectIdentifier
        let depth: Int
    }

    /// What decides a backdrop operation's blurred pixels: its ``Slot`` and a signature of everything drawn
    /// before it over the pixels it reads (``Compositor/signBackdrops()``), of those pixels and of σ. The
    /// same key, the same blurred pixels.
    struct Key: Hashable {
        let slot: Slot
        let signature: UInt64
    }
}
