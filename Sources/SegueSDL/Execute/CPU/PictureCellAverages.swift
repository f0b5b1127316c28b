import CPixman
import CSeguePixels

/// The cell averages of opaque pictures, kept while the pictures only move: the reduced backdrop blur's
/// step 1 (``BackdropBlur``) for the cells of its backdrop that one such picture covers alone.
///
/// The blur averages the target's pixels in cells of f x f aligned on the target's pixels, every frame its
/// backdrop moves. Where a cell's pixels all come, unchanged, from one opaque picture placed on whole pixels
/// (a page sliding under a translucent bar), the cell is the average of f x f of the picture's own pixels:
/// those from (`dx` mod f, `dy` mod f), a multiple of f further. So a picture's averages are kept per
/// placement phase (f² of them), each a table of the picture's cells at that phase, a row of cells made the
/// first time a backdrop asks for it (by the same C kernel as the target's cells: the same sums, the same
/// rounding), and reused while the picture's version stays, wherever the picture moves by whole cells.
/// A sliding page needs its rows under the bar at 4 phases (f = 4): about 30 KB each for a 1280 px page.
final class PictureCellAverages {
    /// Frames a picture's averages are kept while no backdrop asks for them: about two seconds at 60 frames a
    /// second. A page at rest under a bar asks for none (the bar's blurred cells are kept while its backdrop
    /// is still), and its averages are wanted again by the next push or pop that slides it (at 2 frames they
    /// were made again for every navigation of the push/pop bench: ~1 % of its frame). The memory kept is
    /// about 30 KB a phase a 1280 px page, against the picture's own 4 MB.
    static let keptFrames: UInt64 = 120

    /// The averages of one picture.
    private final class Picture {
        /// The picture's pixels (a new buffer under the same source is another picture).
        weak var buffer: PixelBuffer?
        let factor: Int32
        var lastFrame: UInt64
        /// The tables by phase (y mod f)·f + (x mod f), made when first asked for.
        var phases: [Phase?]

        init(buffer: PixelBuffer, factor: Int32, frame: UInt64) {
            self.buffer = buffer
            self.factor = factor
            lastFrame = frame
            phases = Array(repeating: nil, count: Int(factor * factor))
        }
    }

    /// A picture's cells at one phase (px, py): cell (i, j) the average of its pixels px + f·i ..< px + f·i + f
    /// by py + f·j ..< py + f·j + f, each channel rounded half up (alpha 255 from a picture without alpha);
    /// the cells wholly inside the picture, a row made when first asked for.
    private final class Phase {
        let columns: Int
        var rows: [UnsafeMutablePointer<UInt32>?]

        init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = Array(repeating: nil, count: rows)
        }

        deinit { for row in rows { row?.deallocate() } }
    }

    private var pictures: [PictureSource: Picture] = [:]
    /// The averaging kernel's row of sums.
    private var sums: UnsafeMutablePointer<UInt64>?
    private var sumsCapacity = 0

    /// Cells made from the pictures' pixels so far (a test's evidence that the averages are reused while a
    /// picture only moves, and made again for a new version).
    private(set) var madeCells = 0

    deinit { sums?.deallocate() }

    /// The pictures whose averages are kept.
    var keptPictures: Int { pictures.count }

    /// Writes into `grid` the averages of its cells `cells` (cell coordinates) when the target's pixels there
    /// are `picture`'s (`source`'s; opaque, 32-bit) pixels moved by whole pixels: target pixel (x, y) holds
    /// its pixel (x + `dx`, y + `dy`), and every pixel of those cells lies inside it. `setBits` is ORed into
    /// each (0xFF000000 for a target without alpha, as the target's cells). `frame`: the recorder's frame,
    /// which keeps the averages.
    func write(_ cells: PixelRect, from source: PictureSource, picture: PixelBuffer, dx: Int32, dy: Int32,
               into grid: BackdropBlur.CellGrid, setBits: UInt32, frame: UInt64) {
        guard !cells.isEmpty else { return }
        let f = grid.factor
        let entry: Picture
        if let kept = pictures[source], kept.buffer === picture, kept.factor == f {
            entry = kept
        } else {
            entry = Picture(buffer: picture, factor: f, frame: frame)
            pictures[source] = entry
        }
        entry.lastFrame = frame
        // The phase, and the offset from the target's cells to the table's: table cell (i, j) starts at picture
        // pixel (px + f·i, py + f·j), target cell (x, y) at target pixel (f·x, f·y), picture pixel
        // (f·x + dx, f·y + dy): i = x + (dx − px)/f.
        let px = dx - BackdropBlur.floorDiv(dx, f) * f, py = dy - BackdropBlur.floorDiv(dy, f) * f
        let ox = BackdropBlur.floorDiv(dx, f), oy = BackdropBlur.floorDiv(dy, f)
        let index = Int(py * f + px)
        let phase = entry.phases[index] ?? Phase(columns: Int((picture.width - px) / f), rows: Int((picture.height - py) / f))
        entry.phases[index] = phase
        let i0 = Int(cells.x0 + ox), count = Int(cells.width)
        precondition(i0 >= 0 && i0 + count <= phase.columns && cells.y0 + oy >= 0 && Int(cells.y1 + oy) <= phase.rows.count,
                     "Cells \(cells) lie outside the \(picture.width)x\(picture.height) picture moved by (\(dx), \(dy))")
        for y in cells.y0..<cells.y1 {
            let from = self.row(Int(y + oy), of: phase, picture: picture, px: px, py: py, factor: f) + i0
            let to = grid.value(x: cells.x0, y: y)
            for i in 0..<count { to[i] = from[i] | setBits }
        }
    }

    /// Row `j` of the phase's table, made from the picture's pixels when first asked for.
    private func row(_ j: Int, of phase: Phase, picture: PixelBuffer, px: Int32, py: Int32,
                     factor f: Int32) -> UnsafeMutablePointer<UInt32> {
        if let row = phase.rows[j] { return row }
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: phase.columns)
        if sumsCapacity < phase.columns {
            sums?.deallocate()
            sums = .allocate(capacity: phase.columns)
            sumsCapacity = phase.columns
        }
        let stride = Int(picture.stride / 4)
        let origin = picture.pixels.assumingMemoryBound(to: UInt32.self) + Int(py) * stride + Int(px)
        // The picture's pixels from (px, py) read as the target's are: cell i of row j covers them from
        // (f·i, f·j), every one inside (no edge pixel stands for another).
        let bits: UInt32 = picture.format == PIXMAN_x8r8g8b8 ? 0xFF00_0000 : 0
        segue_reduced_blur_average(origin, stride, 0, 0, Int(picture.width - px), Int(picture.height - py), Int(f), bits,
                                   0, j, phase.columns, j + 1, row, phase.columns, sums)
        phase.rows[j] = row
        madeCells += phase.columns
        return row
    }

    /// Forgets the averages of pictures no backdrop asked for in the last ``keptFrames`` frames before
    /// `frame`, and of pictures released.
    func removeUnused(before frame: UInt64) {
        func kept(_ p: Picture) -> Bool { p.buffer != nil && frame &- p.lastFrame <= Self.keptFrames }
        guard pictures.values.contains(where: { !kept($0) }) else { return }
        pictures = pictures.filter { kept($0.value) }
    }

    /// Forgets every average.
    func removeAll() {
        pictures.removeAll()
    }
}
