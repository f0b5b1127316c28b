#ifndef SEGUE_CSEGUEPIXELS_H
#define SEGUE_CSEGUEPIXELS_H
// The CPU compositor's innermost pixel loop, in C with SSE2 and AVX2 intrinsics: the bilinear resampler of
// turned pictures (AffineResampler.swift holds its documentation and the Swift reference it must equal, bit
// for bit; a test compares them). Swift's SIMD types left that loop gathering taps lane by lane with its
// registers spilled: the same arithmetic here takes ~2.9 ns a pixel with SSE2 (x86-64's baseline) and ~1.4
// with AVX2 (eight pixels at once, chosen at run time) against ~3.8 (a C port written as the Swift was) on
// this machine. Used by SegueSDL's compositor only.
#include <stdint.h>

/// One resampling pass: a premultiplied a8r8g8b8 picture sampled bilinearly (8-bit weights) through an
/// affine map (target pixel -> source pixel, continuous coordinates), blended OVER 32-bit destination
/// pixels at `alpha` (0...256).
typedef struct {
    const uint32_t *source;
    /// The picture's size and row stride, in pixels.
    long sourceWidth, sourceHeight, sourceStride;
    uint32_t *destination;
    /// The destination's row stride, in pixels.
    long destinationStride;
    /// Whether the destination has an alpha channel (a8r8g8b8) rather than x8r8g8b8.
    int destinationHasAlpha;
    /// The map: source = (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32).
    double m11, m12, m21, m22, m31, m32;
    uint32_t alpha;
    /// The widest path used for the pixels whose taps are all inside (`SEGUE_RESAMPLE_*`; every path gives
    /// the same pixels, narrower ones are there to test that): capped at `segue_resample_widest_path()`.
    int path;
    /// Rows ahead whose taps are prefetched.
    int prefetchRows;
} segue_resample_job;

/// The resampler's paths for the pixels whose taps all lie inside the picture: one pixel at a time, four
/// with SSE2 (x86-64's baseline), eight with AVX2 (chosen at run time where the CPU has it).
#define SEGUE_RESAMPLE_SCALAR 0
#define SEGUE_RESAMPLE_SSE2 1
#define SEGUE_RESAMPLE_AVX2 2

/// Whether the kernels were built without x86 vector code (another CPU, or SEGUE_SCALAR_PIXELS): 1 or 0.
int segue_pixels_scalar_only(void);

/// The widest path this CPU runs (`SEGUE_RESAMPLE_AVX2` where it has AVX2, else `SEGUE_RESAMPLE_SSE2`).
int segue_resample_widest_path(void);

/// Resamples the destination pixels x0..<x1, y0..<y1 (one column of a rectangle).
void segue_resample_column(const segue_resample_job *job, int x0, int y0, int x1, int y1);

/// One copy of an opaque 32-bit picture placed on whole pixels, optionally under a translucent solid
/// tint (SpanCopy.swift holds its documentation): each row's pixels outside its content span are its
/// background colour, written without reading the picture.
typedef struct {
    const uint32_t *source;
    /// The picture's row stride, in pixels.
    long sourceStride;
    uint32_t *destination;
    /// The destination's row stride, in pixels.
    long destinationStride;
    /// Per picture row: the first and one past the last column that is not the row's background colour
    /// (lo >= hi: the whole row is background), and that colour; null: every pixel is copied.
    const int32_t *rowLo, *rowHi;
    const uint32_t *rowBackground;
    /// A destination pixel (x, y) shows the picture's pixel (x + dx, y + dy).
    long dx, dy;
    /// Whether the tint applies: each channel becomes tint + channel × inverseAlpha / 255, rounded to
    /// nearest (pixman's OVER of the premultiplied colour).
    int tinted;
    uint32_t tint, inverseAlpha;
} segue_span_copy_job;

/// Writes the destination pixels x0..<x1, y0..<y1.
void segue_span_copy(const segue_span_copy_job *job, int x0, int y0, int x1, int y1);

/// A rectangle of target pixels x0..<x1, y0..<y1, with a colour (a fill's, as the target stores it).
typedef struct {
    int32_t x0, y0, x1, y1;
    uint32_t color;
} segue_plan_rect;

/// Where a planned span copy's pixels go (SpanCopy.swift, PresentPlan.swift): rectangles of one solid
/// colour, which the window fills itself, and rectangles of the picture's content, which it copies straight
/// from the picture. The caller owns the arrays.
typedef struct {
    segue_plan_rect *fills;
    int fillCapacity, fillCount;
    segue_plan_rect *contents;
    int contentCapacity, contentCount;
} segue_span_plan;

/// Rows per run of a plan: a picture's rows are taken in bands of this many (its content columns are the
/// union of the band's rows'), so a page of 800 rows gives a few dozen rectangles, not one per row.
#define SEGUE_SPAN_PLAN_BAND_ROWS 32

/// Plans the destination pixels x0..<x1, y0..<y1 of a span copy whose job has row summaries: band by band,
/// the background left and right of the band's content columns becomes fill rectangles (tinted when the job
/// is); the content columns are written into the destination when `draw_contents` is set (with their rows'
/// own background fills), else listed as content rectangles. Rectangles that continue one above with the
/// same columns and colour grow it. Returns 0 when a list is full (what was written or listed so far is
/// then incomplete) or the job has no row summaries, else 1.
int segue_span_copy_plan(const segue_span_copy_job *job, int x0, int y0, int x1, int y1, int draw_contents,
                         segue_span_plan *plan);

/// A shadow drawn over a span copy: a premultiplied solid `color` through an `a8` mask (`stride` bytes a
/// row, `width` x `height`, 0 outside it) whose pixel (x + dx, y + dy) lies over destination pixel (x, y).
typedef struct {
    const uint8_t *mask;
    long stride, width, height, dx, dy;
    uint32_t color;
} segue_shadow_over;

/// Plans the destination pixels x0..<x1, y0..<y1 of a span copy (tinted or not) with a shadow over them, as
/// fills: for each run of rows whose picture row is its background over x0..<x1 and whose mask values
/// there repeat the run's first row's, each column's colour is the shadow over the (tinted) background
/// (pixman's `OVER`, bit for bit), joined where it repeats. The rows that do not qualify (picture content
/// under x0..<x1) are listed in `rows` as ranges (y0, y1 pairs, `row_count` of them) for the caller to draw.
/// Returns 0 when a list is full or the job has no row summaries (what was listed is then incomplete).
int segue_span_shadow_plan(const segue_span_copy_job *job, int x0, int y0, int x1, int y1, const segue_shadow_over *shadow,
                           segue_span_plan *plan, int32_t *rows, int row_capacity, int *row_count);

/// Columns of pixels the backdrop blur's vertical passes take at a time (their rows of sums stay in the cache).
#define SEGUE_BOX_BLUR_STRIP 32

/// The backdrop blur's kernel (BackdropBlur.swift holds its definition): the source's `width` x `height`
/// premultiplied 32-bit pixels (`sourceStride` pixels a row) convolved, rows then columns, with three box
/// passes, pass k summing the pixels from `left[k]` before to `right[k]` after; outside the source its edge
/// pixels extend it. Only the output rectangle (`outX`, `outY`, `outWidth` x `outHeight` in the source's pixels)
/// is computed, into `destination` (`destinationStride` pixels a row; it must not overlap the source), reading
/// as far around it as the kernel reaches. Exact: sums in integers, one division per channel rounding half up
/// at the end. Uses `scratch` (`segue_box_blur_scratch_count` values). Returns 0 when the boxes are too wide
/// for 32-bit row sums (255 × the product of their sizes must stay below 2^31; nothing written), else 1.
int segue_box_blur(const uint32_t *source, long sourceStride, long width, long height, uint32_t *destination,
                   long destinationStride, long outX, long outY, long outWidth, long outHeight,
                   const int left[3], const int right[3], int64_t *scratch);

/// The 64-bit values of scratch memory `segue_box_blur` needs for an output of that size and those boxes.
long segue_box_blur_scratch_count(long outWidth, long outHeight, const int left[3], const int right[3]);

/// The backdrop blur at a reduced resolution (BackdropBlur.swift holds its definition) in two steps: the
/// cells that meet the pixels read (`segue_reduced_blur_cell_grid`) each averaged from the pixels
/// (`segue_reduced_blur_average`, a rectangle of cells at a time: a caller that knows some cells' averages
/// otherwise writes those itself), then blurred (`segue_reduced_blur_of_cells`).

/// The cells that meet the pixels read (`readWidth` x `readHeight` from target pixel (`readX`, `readY`)) at
/// `factor`: cells [`cellX`, `cellX` + `cellWidth`) by [`cellY`, `cellY` + `cellHeight`), cell (i, j) covering
/// target pixels f·i ..< f·i + f, f·j ..< f·j + f.
void segue_reduced_blur_cell_grid(long readX, long readY, long readWidth, long readHeight, long factor,
                                  long *cellX, long *cellY, long *cellWidth, long *cellHeight);

/// The averages of the cells [`x0`, `x1`) by [`y0`, `y1`) of target pixels that a translucent tint laid over an
/// opaque picture's pixels gives: target pixel (x, y) holds picture pixel (x + `dx`, y + `dy`) (`picture`,
/// `pictureStride` pixels a row; every pixel of the cells inside it) with the premultiplied colour `tint` laid
/// over it, each channel `tint + c × (255 − tint alpha) / 255` rounded to nearest (pixman's `OVER`, as
/// SolidTint.swift and the tinted span copy give it). `opaqueSource`: the picture has no alpha (`x8r8g8b8`), its
/// pixels' alpha counts as 255. Each cell's channels averaged over its `factor` x `factor` pixels (2 or 4),
/// rounded half up, ORed with `setBits`, as `segue_reduced_blur_average` averages the same pixels drawn into
/// a target; written with cell (`x0`, `y0`) at `cells` (`cellsStride` values a row).
void segue_reduced_blur_average_tinted(const uint32_t *picture, long pictureStride, long dx, long dy, long factor,
                                       uint32_t tint, int opaqueSource, uint32_t setBits, long x0, long y0, long x1,
                                       long y1, uint32_t *cells, long cellsStride);

/// The averages of the cells [`x0`, `x1`) by [`y0`, `y1`) (of those that meet the pixels read): the pixels
/// read (`readWidth` x `readHeight`, target pixel (`readX`, `readY`) at `source`, `sourceStride` pixels a row)
/// averaged in cells of `factor` x `factor` target pixels (pixels outside those read stand for the nearest
/// one inside), each channel rounded half up, each ORed with `setBits` (0xFF000000 for a target without
/// alpha); written with cell (`x0`, `y0`) at `cells` (`cellsStride` values a row). `factor` is 1, 2 or 4. Uses
/// `sums` (`x1` − `x0` values). A cell's average is the same whatever rectangle it is averaged in.
void segue_reduced_blur_average(const uint32_t *source, long sourceStride, long readX, long readY, long readWidth,
                                long readHeight, long factor, uint32_t setBits, long x0, long y0, long x1, long y1,
                                uint32_t *cells, long cellsStride, uint64_t *sums);

/// The averaged cells (`cellWidth` x `cellHeight`, packed, cell (`cellX`, `cellY`) first:
/// `segue_reduced_blur_cell_grid`'s) convolved by the three boxes `left`/`right` (as `segue_box_blur`, edge
/// cells extending them), written into `blurred` (`blurredStride` pixels a row): the blurred cells the pixels
/// of the output rectangle (`outX`, `outY`, `outWidth` x `outHeight`, target pixels) lie between
/// (`segue_reduced_blur_cells_needed`). `factor` is 2 or 4. Uses `scratch`
/// (`segue_reduced_blur_of_cells_scratch_count` values). `path`: the widest vector path to use
/// (`SEGUE_RESAMPLE_*`, as `segue_resample_widest_path` gives it; the same cells on every path). Returns 0
/// when the factor or the boxes are out of range (nothing written), else 1.
int segue_reduced_blur_of_cells(const uint32_t *cells, long cellX, long cellY, long cellWidth, long cellHeight,
                                long outX, long outY, long outWidth, long outHeight, long factor, const int left[3],
                                const int right[3], uint32_t *blurred, long blurredStride, int64_t *scratch, int path);

/// The 64-bit values of scratch memory `segue_reduced_blur_of_cells` needs for that output, factor and boxes.
long segue_reduced_blur_of_cells_scratch_count(long outWidth, long outHeight, long factor, const int left[3],
                                               const int right[3]);

/// The cells the pixels of the output rectangle lie between at `factor`: pixel x's centre lies at cell
/// coordinate (x + ½)/f − ½, between cells ⌊that⌋ and ⌊that⌋ + 1; cells [`cellX`, `cellX` + `cellWidth`) by
/// [`cellY`, `cellY` + `cellHeight`).
void segue_reduced_blur_cells_needed(long outX, long outY, long outWidth, long outHeight, long factor,
                                     long *cellX, long *cellY, long *cellWidth, long *cellHeight);

/// Step 3 of the backdrop blur at a reduced resolution (BackdropBlur.swift): the target pixels (`x0`, `y0`,
/// `width` x `height`) of `destination` (the target's pixel (0, 0), `destinationStride` pixels a row)
/// interpolated bilinearly from the blurred cells (`cellsWidth` x `cellsHeight` at `cells`, `cellsStride`
/// pixels a row, cell (`cellX`, `cellY`) the first; beyond them their edge cells), each channel's weighted
/// sum truncated: the pixels pixman's bilinear scaling by `factor` (2 or 4) gives, bit for bit, faster. With
/// a `tint` (a premultiplied `a8r8g8b8` colour; 0: none), each pixel is written with the colour laid over it
/// as pixman's `OVER` does (SolidTint.swift).
void segue_scale_cells(const uint32_t *cells, long cellsStride, long cellsWidth, long cellsHeight, long factor,
                       long cellX, long cellY, uint32_t *destination, long destinationStride, long x0, long y0,
                       long width, long height, uint32_t tint);

#endif
