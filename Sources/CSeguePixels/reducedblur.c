#include "CSeguePixels.h"
#include "simd.h"
#include <stdint.h>
#if SEGUE_PIXELS_SSE2
#include <emmintrin.h>
#include <immintrin.h>
#endif

// The reduced-resolution backdrop blur's cells (BackdropBlur.swift holds its definition): cells of f x f
// pixels averaged, the cells blurred by the three boxes. The pixels are interpolated back from the blurred
// cells by pixman's bilinear scaling (in Swift, or in the X server through XRender). The averages run on all
// four channels at once, each in a 16-bit lane of a 64-bit integer (a cell's sum of 16 pixels is at most
// 16 x 255 = 4,080: no lane overflows).

#if !SEGUE_PIXELS_SSE2
/// The pixel's four 8-bit channels in the four 16-bit lanes of a 64-bit value (b, r, g, a from the low end).
static inline uint64_t spread(uint32_t v) {
    return (uint64_t)(v & 0x00FF00FFu) | ((uint64_t)(v & 0xFF00FF00u) << 24);
}

/// The pixel of four lanes each holding a value of at most 255 (the inverse of `spread`).
static inline uint32_t gather(uint64_t t) {
    return (uint32_t)(t & 0x00FF00FFu) | ((uint32_t)(t >> 24) & 0xFF00FF00u);
}

static const uint64_t laneLowBytes = 0x00FF00FF00FF00FFull;
#endif

/// ⌊a / b⌋ for b > 0.
static inline long floor_div(long a, long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

static inline long clamp(long v, long lo, long hi) { return v < lo ? lo : (v > hi ? hi : v); }

/// The cells the pixels of [start, start + count) interpolate between, at factor f: cells [first, first + n).
static inline void needed_cells(long start, long count, long f, long *first, long *n) {
    long c0 = floor_div(2 * start + 1 - f, 2 * f);
    long c1 = floor_div(2 * (start + count - 1) + 1 - f, 2 * f) + 1;
    *first = c0;
    *n = c1 - c0 + 1;
}

#if SEGUE_PIXELS_SSE2
/// Three box passes over `n` pixels of four 32-bit lanes in `a` (valid over [0, n)), as `three_passes` in
/// boxblur.c: pass k gives out[i] = the sum of in[i - left[k] ... i + right[k]]. The result (valid over
/// [L, n - R)) is left in whichever buffer the last pass wrote, returned.
static __m128i *three_passes_sse2(__m128i *a, __m128i *b, long n, const int left[3], const int right[3]) {
    long lo = 0, hi = n;
    __m128i *in = a, *out = b;
    for (int k = 0; k < 3; k++) {
        long l = left[k], r = right[k];
        long first = lo + l, last = hi - r;
        __m128i sum = _mm_setzero_si128();
        for (long j = first - l; j <= first + r; j++) sum = _mm_add_epi32(sum, in[j]);
        out[first] = sum;
        for (long i = first + 1; i < last; i++) {
            sum = _mm_add_epi32(sum, _mm_sub_epi32(in[i + r], in[i - l - 1]));
            out[i] = sum;
        }
        lo = first;
        hi = last;
        __m128i *t = in; in = out; out = t;
    }
    return in;
}

/// `three_passes_sse2` over two sequences at once (`a0` and `a1`, scratch `b0` and `b1`), their running sums
/// interleaved: each pass is a chain of dependent additions, and two chains keep the core busier. Returns
/// 0 when the results are in `a0` and `a1`, 1 when in `b0` and `b1`.
static int three_passes_sse2_pair(__m128i *a0, __m128i *b0, __m128i *a1, __m128i *b1, long n, const int left[3],
                                  const int right[3]) {
    long lo = 0, hi = n;
    __m128i *in0 = a0, *out0 = b0, *in1 = a1, *out1 = b1;
    for (int k = 0; k < 3; k++) {
        long l = left[k], r = right[k];
        long first = lo + l, last = hi - r;
        __m128i s0 = _mm_setzero_si128(), s1 = _mm_setzero_si128();
        for (long j = first - l; j <= first + r; j++) {
            s0 = _mm_add_epi32(s0, in0[j]);
            s1 = _mm_add_epi32(s1, in1[j]);
        }
        out0[first] = s0;
        out1[first] = s1;
        for (long i = first + 1; i < last; i++) {
            s0 = _mm_add_epi32(s0, _mm_sub_epi32(in0[i + r], in0[i - l - 1]));
            s1 = _mm_add_epi32(s1, _mm_sub_epi32(in1[i + r], in1[i - l - 1]));
            out0[i] = s0;
            out1[i] = s1;
        }
        lo = first;
        hi = last;
        __m128i *t = in0; in0 = out0; out0 = t;
        t = in1; in1 = out1; out1 = t;
    }
    return in0 == a0 ? 0 : 1;
}

/// Whether `cells_box_blur_sse2` can blur with those boxes: its sums (and the rounding half added) must stay
/// below 2^31 in 32-bit lanes: 256 × the product of the boxes' sizes, squared (rows, then columns). Boxes of
/// up to 13 cells (σ' up to about 7 cells: σ up to about 28 px at f = 4) fit; wider ones (a 2x screen's
/// 20 pt) take `segue_box_blur`'s 64-bit sums on the cells, the same pixels, about 3x slower.
static int cells_box_blur_fits(const int left[3], const int right[3]) {
    int64_t product = 1;
    for (int k = 0; k < 3; k++) product *= (int64_t)(left[k] + right[k] + 1);
    return product <= 2896 && 256 * product * product < ((int64_t)1 << 31);
}

/// `segue_box_blur` of the cells (`width` x `height`, packed pixels) into `destination` (`outWidth` x
/// `outHeight` cells from (`outX`, `outY`), `destinationStride` a row), the same sums and the same rounding, four
/// channels at once in 32-bit lanes. `scratch`: `cells_box_blur_sse2_count` values, 16-byte aligned.
///
/// Columns first: each extended column (edge cells beyond the cells) is gathered from the packed cells (a few
/// kilobytes, in the cache) and blurred down, its `outHeight` output rows kept; then those rows are blurred
/// across. The sums are exact integers, so the order does not change them (`segue_box_blur` goes rows first);
/// going down first keeps only the output rows between the passes (a bar's 13 rows of cells, not the 37 its
/// blur reads) and reads no plane of sums column by column.
static void cells_box_blur_sse2(const uint32_t *cells, long width, long height, uint32_t *destination,
                                long destinationStride, long outX, long outY, long outWidth, long outHeight,
                                const int left[3], const int right[3], __m128i *scratch) {
    long L = left[0] + left[1] + left[2], R = right[0] + right[1] + right[2];
    long rows = outHeight + L + R, m = outWidth + L + R, longest = m > rows ? m : rows;
    // The plane: `outHeight` rows of the `m` extended columns blurred down.
    __m128i *plane = scratch, *a = plane + outHeight * m, *b = a + longest, *a1 = b + longest, *b1 = a1 + longest;
    const __m128i zero = _mm_setzero_si128();
    // Columns: each distinct source column blurred down once (two at a time); columns beyond the cells repeat
    // an edge column, copied after.
    long i = 0;
    while (i < m) {
        long is[2], n = 0;
        for (; i < m && n < 2; i++) {
            if (i > 0 && clamp(outX - L + i, 0, width - 1) == clamp(outX - L + i - 1, 0, width - 1)) continue;
            is[n++] = i;
        }
        __m128i *ins[2] = {a, a1};
        for (long k = 0; k < n; k++) {
            const uint32_t *column = cells + clamp(outX - L + is[k], 0, width - 1);
            for (long y = 0; y < rows; y++) {
                __m128i v = _mm_cvtsi32_si128((int)column[clamp(outY - L + y, 0, height - 1) * width]);
                ins[k][y] = _mm_unpacklo_epi16(_mm_unpacklo_epi8(v, zero), zero);
            }
        }
        __m128i *done[2];
        if (n == 2) {
            int inB = three_passes_sse2_pair(a, b, a1, b1, rows, left, right);
            done[0] = inB ? b : a;
            done[1] = inB ? b1 : a1;
        } else if (n == 1) {
            done[0] = three_passes_sse2(a, b, rows, left, right);
        }
        for (long k = 0; k < n; k++) {
            for (long y = 0; y < outHeight; y++) plane[y * m + is[k]] = done[k][L + y];
        }
    }
    for (long ii = 1; ii < m; ii++) {
        if (clamp(outX - L + ii, 0, width - 1) != clamp(outX - L + ii - 1, 0, width - 1)) continue;
        for (long y = 0; y < outHeight; y++) plane[y * m + ii] = plane[y * m + ii - 1];
    }
    // Rows: each blurred across in place of the plane's row (two at a time), then divided by the kernel's total
    // W, rounding half up: ⌊t / W⌋ for t = sum + ⌊W/2⌋, taken as the truncation of (t + ½)·(1/W) in doubles.
    // That is exact: (t + ½)/W lies at least ½/W ≥ 2^-24 from an integer (W < 2^23), and below 256, so the two
    // roundings of the product (each at most 2^-53 relative, ~2^-44 absolute) cannot carry it across one.
    int64_t divisor = 1;
    for (int k = 0; k < 3; k++) divisor *= (int64_t)(left[k] + right[k] + 1);
    const __m128i half = _mm_set1_epi32((int)(divisor * divisor / 2));
    const __m128d inverses = _mm_set1_pd(1.0 / (double)(divisor * divisor)), halves = _mm_set1_pd(0.5);
    for (long y = 0; y < outHeight; y += 2) {
        int pair = y + 1 < outHeight;
        __m128i *done[2];
        if (pair) {
            int inB = three_passes_sse2_pair(plane + y * m, a, plane + (y + 1) * m, a1, m, left, right);
            done[0] = inB ? a : plane + y * m;
            done[1] = inB ? a1 : plane + (y + 1) * m;
        } else {
            done[0] = three_passes_sse2(plane + y * m, a, m, left, right);
        }
        for (int r = 0; r <= pair; r++) {
            uint32_t *to = destination + (y + r) * destinationStride;
            for (long x = 0; x < outWidth; x++) {
                __m128i t = _mm_add_epi32(done[r][L + x], half);
                __m128i q[2];
                for (int h = 0; h < 2; h++) {
                    __m128d v = _mm_add_pd(_mm_cvtepi32_pd(h ? _mm_shuffle_epi32(t, 0x0E) : t), halves);
                    q[h] = _mm_cvttpd_epi32(_mm_mul_pd(v, inverses));
                }
                __m128i lanes = _mm_unpacklo_epi64(q[0], q[1]);
                __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(lanes, zero), zero);
                to[x] = (uint32_t)_mm_cvtsi128_si32(bytes);
            }
        }
    }
}

/// `three_passes_sse2_pair` with the two sequences in the halves of 256-bit values (AVX2): the same sums.
__attribute__((target("avx2")))
static __m256i *three_passes_avx2(__m256i *a, __m256i *b, long n, const int left[3], const int right[3]) {
    long lo = 0, hi = n;
    __m256i *in = a, *out = b;
    for (int k = 0; k < 3; k++) {
        long l = left[k], r = right[k];
        long first = lo + l, last = hi - r;
        __m256i sum = _mm256_setzero_si256();
        for (long j = first - l; j <= first + r; j++) sum = _mm256_add_epi32(sum, in[j]);
        out[first] = sum;
        for (long i = first + 1; i < last; i++) {
            sum = _mm256_add_epi32(sum, _mm256_sub_epi32(in[i + r], in[i - l - 1]));
            out[i] = sum;
        }
        lo = first;
        hi = last;
        __m256i *t = in; in = out; out = t;
    }
    return in;
}

/// `cells_box_blur_sse2` two columns, then two rows, at a time in the halves of 256-bit values (AVX2): the
/// same sums and the same division, so the same cells. The plane between the passes holds rows y and y + 1
/// of a column side by side (`__m128i` index ((y / 2)·m + i)·2 + y mod 2), so that a pair of rows is read
/// as one 256-bit value a column. `scratch`: 32-byte aligned, `cells_box_blur_sse2_count` + m values.
__attribute__((target("avx2")))
static void cells_box_blur_avx2(const uint32_t *cells, long width, long height, uint32_t *destination,
                                long destinationStride, long outX, long outY, long outWidth, long outHeight,
                                const int left[3], const int right[3], __m128i *scratch) {
    long L = left[0] + left[1] + left[2], R = right[0] + right[1] + right[2];
    long rows = outHeight + L + R, m = outWidth + L + R, longest = m > rows ? m : rows;
    long pairs = (outHeight + 1) / 2;
    __m128i *plane = scratch;
    __m256i *a = (__m256i *)(plane + 2 * pairs * m), *b = a + longest;
    // Columns: two distinct source columns at a time (one when one is left), blurred down.
    long i = 0;
    while (i < m) {
        long is[2], n = 0;
        for (; i < m && n < 2; i++) {
            if (i > 0 && clamp(outX - L + i, 0, width - 1) == clamp(outX - L + i - 1, 0, width - 1)) continue;
            is[n++] = i;
        }
        if (n == 0) break;
        const uint32_t *c0 = cells + clamp(outX - L + is[0], 0, width - 1);
        const uint32_t *c1 = cells + clamp(outX - L + is[n - 1], 0, width - 1);
        for (long y = 0; y < rows; y++) {
            long row = clamp(outY - L + y, 0, height - 1) * width;
            __m128i v = _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)c0[row]), _mm_cvtsi32_si128((int)c1[row]));
            a[y] = _mm256_cvtepu8_epi32(v);
        }
        __m256i *done = three_passes_avx2(a, b, rows, left, right);
        for (long k = 0; k < n; k++) {
            for (long y = 0; y < outHeight; y++) {
                __m256i v = done[L + y];
                __m128i half = k ? _mm256_extracti128_si256(v, 1) : _mm256_castsi256_si128(v);
                plane[((y >> 1) * m + is[k]) * 2 + (y & 1)] = half;
            }
        }
    }
    for (long ii = 1; ii < m; ii++) {
        if (clamp(outX - L + ii, 0, width - 1) != clamp(outX - L + ii - 1, 0, width - 1)) continue;
        for (long y = 0; y < outHeight; y++) {
            plane[((y >> 1) * m + ii) * 2 + (y & 1)] = plane[((y >> 1) * m + ii - 1) * 2 + (y & 1)];
        }
    }
    if (outHeight & 1) {
        // The last pair's second row: a copy of its first (blurred, then dropped).
        long y = outHeight - 1;
        for (long ii = 0; ii < m; ii++) plane[((y >> 1) * m + ii) * 2 + 1] = plane[((y >> 1) * m + ii) * 2];
    }
    // Rows, a pair at a time, then divided as `cells_box_blur_sse2` divides.
    int64_t divisor = 1;
    for (int k = 0; k < 3; k++) divisor *= (int64_t)(left[k] + right[k] + 1);
    const __m256i half = _mm256_set1_epi32((int)(divisor * divisor / 2));
    const __m256d inverses = _mm256_set1_pd(1.0 / (double)(divisor * divisor)), halves = _mm256_set1_pd(0.5);
    const __m128i zero = _mm_setzero_si128();
    for (long p = 0; p < pairs; p++) {
        __m256i *done = three_passes_avx2((__m256i *)(plane + 2 * p * m), a, m, left, right);
        int second = 2 * p + 1 < outHeight;
        uint32_t *to0 = destination + 2 * p * destinationStride, *to1 = to0 + destinationStride;
        for (long x = 0; x < outWidth; x++) {
            __m256i t = _mm256_add_epi32(done[L + x], half);
            __m256d v0 = _mm256_add_pd(_mm256_cvtepi32_pd(_mm256_castsi256_si128(t)), halves);
            __m256d v1 = _mm256_add_pd(_mm256_cvtepi32_pd(_mm256_extracti128_si256(t, 1)), halves);
            __m128i q0 = _mm256_cvttpd_epi32(_mm256_mul_pd(v0, inverses));
            __m128i q1 = _mm256_cvttpd_epi32(_mm256_mul_pd(v1, inverses));
            __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(q0, q1), zero);
            to0[x] = (uint32_t)_mm_cvtsi128_si32(bytes);
            if (second) to1[x] = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(bytes, 4));
        }
    }
}

/// The 16-byte values of scratch memory `cells_box_blur_sse2` needs.
static long cells_box_blur_sse2_count(long outWidth, long outHeight, const int left[3], const int right[3]) {
    long L = left[0] + left[1] + left[2], R = right[0] + right[1] + right[2];
    long rows = outHeight + L + R, m = outWidth + L + R, longest = m > rows ? m : rows;
    return outHeight * m + 4 * longest;
}
#endif

static inline int log2_of(long f) { return f == 1 ? 0 : (f == 2 ? 1 : 2); }

void segue_reduced_blur_cell_grid(long readX, long readY, long readWidth, long readHeight, long factor,
                                  long *cellX, long *cellY, long *cellWidth, long *cellHeight) {
    long f = factor;
    *cellX = floor_div(readX, f);
    *cellY = floor_div(readY, f);
    *cellWidth = floor_div(readX + readWidth - 1, f) + 1 - *cellX;
    *cellHeight = floor_div(readY + readHeight - 1, f) + 1 - *cellY;
}

long segue_reduced_blur_of_cells_scratch_count(long outWidth, long outHeight, long factor, const int left[3],
                                               const int right[3]) {
    long f = factor;
    long nx, ny, first;
    needed_cells(0, outWidth, f, &first, &nx);
    needed_cells(0, outHeight, f, &first, &ny);
    nx += 1; ny += 1; // the phase of `out` moves the needed cells by at most one
    long box = segue_box_blur_scratch_count(nx, ny, left, right);
#if SEGUE_PIXELS_SSE2
    // The cells' blur: 16-byte values (two 64-bit ones each), aligned to 32 bytes (up to 24 bytes skipped);
    // the AVX2 path's plane has one row more when the rows are odd (nx + L + R values at most).
    long extra = nx + left[0] + left[1] + left[2] + right[0] + right[1] + right[2];
    long cells = 2 * (cells_box_blur_sse2_count(nx, ny, left, right) + extra) + 4;
    if (cells > box) box = cells;
#endif
    return box;
}

void segue_reduced_blur_cells_needed(long outX, long outY, long outWidth, long outHeight, long factor,
                                     long *cellX, long *cellY, long *cellWidth, long *cellHeight) {
    needed_cells(outX, outWidth, factor, cellX, cellWidth);
    needed_cells(outY, outHeight, factor, cellY, cellHeight);
}

void segue_reduced_blur_average(const uint32_t *source, long sourceStride, long readX, long readY, long readWidth,
                                long readHeight, long factor, uint32_t setBits, long x0, long y0, long x1, long y1,
                                uint32_t *cells, long cellsStride, uint64_t *sums) {
    long f = factor;
    if (x1 <= x0 || y1 <= y0 || readWidth <= 0 || readHeight <= 0) return;
    int shift = log2_of(f);
    long lw = x1 - x0;
    long lastX = readX + readWidth - 1, lastY = readY + readHeight - 1;
    // Each cell: the rounded average of its f x f pixels, those outside the pixels read standing for the
    // nearest one inside.
    long half = (f * f) / 2;
    // Cells whose f columns all lie inside the pixels read: [ix0, ix1).
    long ix0 = floor_div(readX + f - 1, f), ix1 = floor_div(lastX + 1, f);
    if (ix0 < x0) ix0 = x0;
    if (ix0 > x1) ix0 = x1;
    if (ix1 > x1) ix1 = x1;
    if (ix1 < ix0) ix1 = ix0;
#if SEGUE_PIXELS_SSE2
    // Each cell's sums in four 16-bit lanes in memory order (b, g, r, a), a cell a 64-bit value.
    const __m128i zero8 = _mm_setzero_si128(), roundCells = _mm_set1_epi16((short)half);
    const __m128i shiftCells = _mm_cvtsi32_si128(2 * shift);
    const __m128i bitsCells = _mm_set1_epi32((int)setBits), round4 = _mm_set1_epi16(8);
    // At f = 4, the cells whose 4 columns lie inside the pixels read, in pairs, are summed straight from
    // their 4 rows: [fx0, fx1). The others through `sums`, row by row.
    long fx0 = ix0, fx1 = f == 4 ? ix0 + ((ix1 - ix0) & ~1L) : ix0;
    for (long cy = y0; cy < y1; cy++) {
        for (long i = 0; i < lw; i++) sums[i] = 0;
        for (long r = 0; r < f; r++) {
            long y = clamp(cy * f + r, readY, lastY);
            const uint32_t *row = source + (y - readY) * sourceStride - readX;
            for (long cx = x0; cx < x1; cx++) {
                if (cx == fx0) cx = fx1;
                if (cx >= x1) break;
                __m128i acc = _mm_loadl_epi64((const __m128i *)(sums + (cx - x0)));
                if (cx >= ix0 && cx < ix1 && f == 4) {
                    __m128i p = _mm_loadu_si128((const __m128i *)(row + cx * 4));
                    __m128i t = _mm_add_epi16(_mm_unpacklo_epi8(p, zero8), _mm_unpackhi_epi8(p, zero8));
                    acc = _mm_add_epi16(acc, _mm_add_epi16(t, _mm_srli_si128(t, 8)));
                } else if (cx >= ix0 && cx < ix1 && f == 2) {
                    __m128i t = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(row + cx * 2)), zero8);
                    acc = _mm_add_epi16(acc, _mm_add_epi16(t, _mm_srli_si128(t, 8)));
                } else {
                    for (long q = 0; q < f; q++) {
                        __m128i p = _mm_cvtsi32_si128((int)row[clamp(cx * f + q, readX, lastX)]);
                        acc = _mm_add_epi16(acc, _mm_unpacklo_epi8(p, zero8));
                    }
                }
                _mm_storel_epi64((__m128i *)(sums + (cx - x0)), acc);
            }
        }
        uint32_t *to = cells + (cy - y0) * cellsStride;
        for (long i = 0; i < lw; i++) {
            if (i == fx0 - x0) i = fx1 - x0;
            if (i >= lw) break;
            __m128i t = _mm_srl_epi16(_mm_add_epi16(_mm_loadl_epi64((const __m128i *)(sums + i)), roundCells), shiftCells);
            to[i] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(t, zero8)) | setBits;
        }
        if (fx1 > fx0) {
            const uint32_t *rows[4];
            for (long r = 0; r < 4; r++) rows[r] = source + (clamp(cy * 4 + r, readY, lastY) - readY) * sourceStride - readX;
            for (long cx = fx0; cx < fx1; cx += 2) {
                // Per cell, pixels 0 + 2 and 1 + 3 of its 4 rows in 16-bit lanes; then the two halves added.
                __m128i a = _mm_setzero_si128(), b = _mm_setzero_si128();
                for (int r = 0; r < 4; r++) {
                    __m128i p = _mm_loadu_si128((const __m128i *)(rows[r] + cx * 4));
                    __m128i q = _mm_loadu_si128((const __m128i *)(rows[r] + cx * 4 + 4));
                    a = _mm_add_epi16(a, _mm_add_epi16(_mm_unpacklo_epi8(p, zero8), _mm_unpackhi_epi8(p, zero8)));
                    b = _mm_add_epi16(b, _mm_add_epi16(_mm_unpacklo_epi8(q, zero8), _mm_unpackhi_epi8(q, zero8)));
                }
                __m128i t = _mm_add_epi16(_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b));
                t = _mm_srli_epi16(_mm_add_epi16(t, round4), 4);
                _mm_storel_epi64((__m128i *)(to + (cx - x0)), _mm_or_si128(_mm_packus_epi16(t, zero8), bitsCells));
            }
        }
    }
#else
    uint64_t round = (uint64_t)half * 0x0001000100010001ull;
    for (long cy = y0; cy < y1; cy++) {
        for (long i = 0; i < lw; i++) sums[i] = 0;
        for (long r = 0; r < f; r++) {
            long y = clamp(cy * f + r, readY, lastY);
            const uint32_t *row = source + (y - readY) * sourceStride - readX;
            for (long cx = x0; cx < ix0; cx++) {
                uint64_t s = 0;
                for (long q = 0; q < f; q++) s += spread(row[clamp(cx * f + q, readX, lastX)]);
                sums[cx - x0] += s;
            }
            uint64_t *to = sums + (ix0 - x0);
            const uint32_t *p = row + ix0 * f;
            if (f == 4) {
                for (long cx = ix0; cx < ix1; cx++, p += 4)
                    *to++ += spread(p[0]) + spread(p[1]) + spread(p[2]) + spread(p[3]);
            } else if (f == 2) {
                for (long cx = ix0; cx < ix1; cx++, p += 2) *to++ += spread(p[0]) + spread(p[1]);
            } else {
                for (long cx = ix0; cx < ix1; cx++, p++) *to++ += spread(p[0]);
            }
            for (long cx = ix1; cx < x1; cx++) {
                uint64_t s = 0;
                for (long q = 0; q < f; q++) s += spread(row[clamp(cx * f + q, readX, lastX)]);
                sums[cx - x0] += s;
            }
        }
        uint32_t *to = cells + (cy - y0) * cellsStride;
        for (long i = 0; i < lw; i++) to[i] = gather(((sums[i] + round) >> (2 * shift)) & laneLowBytes) | setBits;
    }
#endif
}

// The tint over one channel: tint + c × ia / 255 rounded to nearest (pixman's MUL_UN8: t = c·ia + 128,
// (t + t / 256) / 256), ia = 255 − the tint's alpha.
static inline uint32_t tinted_channel(uint32_t c, uint32_t ia, uint32_t tintChannel) {
    uint32_t t = c * ia + 0x80;
    return ((t + (t >> 8)) >> 8) + tintChannel;
}

void segue_reduced_blur_average_tinted(const uint32_t *picture, long pictureStride, long dx, long dy, long factor,
                                       uint32_t tint, int opaqueSource, uint32_t setBits, long x0, long y0, long x1,
                                       long y1, uint32_t *cells, long cellsStride) {
    long f = factor;
    if (x1 <= x0 || y1 <= y0 || (f != 2 && f != 4)) return;
    int shift = log2_of(f);
    uint32_t ia = 255 - (tint >> 24), alpha = opaqueSource ? 0xFF000000u : 0;
#if SEGUE_PIXELS_SSE2
    // Two pixels' channels in 16-bit lanes at a time. MUL_UN8 as ((c·ia + 128) × 257) >> 16, the same value
    // (c·ia + 128 < 2^16); the tint, the same for every pixel, added once a cell (f² times).
    const __m128i zero8 = _mm_setzero_si128(), alpha4 = _mm_set1_epi32((int)alpha);
    const __m128i ia8 = _mm_set1_epi16((short)ia), r128 = _mm_set1_epi16(0x80), m257 = _mm_set1_epi16(257);
    const __m128i tintLanes = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)tint), zero8);
    const __m128i tints = _mm_mullo_epi16(tintLanes, _mm_set1_epi16((short)(f * f)));
    const __m128i round = _mm_add_epi16(tints, _mm_set1_epi16((short)(f * f / 2)));
    const __m128i bits = _mm_cvtsi32_si128((int)setBits);
    const __m128i shiftCells = _mm_cvtsi32_si128(2 * shift);
    for (long cy = y0; cy < y1; cy++) {
        uint32_t *to = cells + (cy - y0) * cellsStride;
        const uint32_t *rows = picture + (cy * f + dy) * pictureStride + dx;
        for (long cx = x0; cx < x1; cx++) {
            __m128i sum = _mm_setzero_si128();
            const uint32_t *p = rows + cx * f;
            for (long r = 0; r < f; r++, p += pictureStride) {
                if (f == 4) {
                    __m128i v = _mm_or_si128(_mm_loadu_si128((const __m128i *)p), alpha4);
                    __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(v, zero8), ia8), r128);
                    __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(v, zero8), ia8), r128);
                    sum = _mm_add_epi16(sum, _mm_add_epi16(_mm_mulhi_epu16(lo, m257), _mm_mulhi_epu16(hi, m257)));
                } else {
                    __m128i v = _mm_or_si128(_mm_loadl_epi64((const __m128i *)p), alpha4);
                    __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(v, zero8), ia8), r128);
                    sum = _mm_add_epi16(sum, _mm_mulhi_epu16(lo, m257));
                }
            }
            // The two pixels' lanes added: each channel's sum over the cell (at most f² × 255), then the tints.
            sum = _mm_add_epi16(sum, _mm_srli_si128(sum, 8));
            __m128i avg = _mm_srl_epi16(_mm_add_epi16(sum, round), shiftCells);
            to[cx - x0] = (uint32_t)_mm_cvtsi128_si32(_mm_or_si128(_mm_packus_epi16(avg, zero8), bits));
        }
    }
#else
    uint32_t half = (uint32_t)(f * f / 2);
    for (long cy = y0; cy < y1; cy++) {
        uint32_t *to = cells + (cy - y0) * cellsStride;
        for (long cx = x0; cx < x1; cx++) {
            uint32_t sums[4] = {0, 0, 0, 0};
            for (long r = 0; r < f; r++) {
                const uint32_t *p = picture + (cy * f + r + dy) * pictureStride + cx * f + dx;
                for (long q = 0; q < f; q++) {
                    uint32_t v = p[q] | alpha;
                    for (int k = 0; k < 4; k++) {
                        sums[k] += tinted_channel((v >> (8 * k)) & 0xFF, ia, (tint >> (8 * k)) & 0xFF);
                    }
                }
            }
            uint32_t out = 0;
            for (int k = 0; k < 4; k++) out |= ((sums[k] + half) >> (2 * shift)) << (8 * k);
            to[cx - x0] = out | setBits;
        }
    }
#endif
}

int segue_reduced_blur_of_cells(const uint32_t *cells, long cellX, long cellY, long cellWidth, long cellHeight,
                                long outX, long outY, long outWidth, long outHeight, long factor, const int left[3],
                                const int right[3], uint32_t *blurred, long blurredStride, int64_t *scratch, int path) {
    long f = factor;
    if (outWidth <= 0 || outHeight <= 0 || cellWidth <= 0 || cellHeight <= 0) return 1;
    if (f != 2 && f != 4) return 0;
    // The blurred cells the pixels written interpolate between.
    long nx0, nw, ny0, nh;
    needed_cells(outX, outWidth, f, &nx0, &nw);
    needed_cells(outY, outHeight, f, &ny0, &nh);
    // The cells blurred (beyond the cells given, their edge cells extend them).
#if SEGUE_PIXELS_SSE2
    if (cells_box_blur_fits(left, right) && path >= SEGUE_RESAMPLE_SSE2) {
        __m128i *aligned = (__m128i *)(((uintptr_t)scratch + 31) & ~(uintptr_t)31);
        if (path >= SEGUE_RESAMPLE_AVX2) {
            cells_box_blur_avx2(cells, cellWidth, cellHeight, blurred, blurredStride, nx0 - cellX, ny0 - cellY, nw, nh,
                                left, right, aligned);
        } else {
            cells_box_blur_sse2(cells, cellWidth, cellHeight, blurred, blurredStride, nx0 - cellX, ny0 - cellY, nw, nh,
                                left, right, aligned);
        }
        return 1;
    }
#endif
    return segue_box_blur(cells, cellWidth, cellWidth, cellHeight, blurred, blurredStride, nx0 - cellX, ny0 - cellY, nw,
                          nh, left, right, scratch);
}

// The pixels from the blurred cells (step 3 of the definition), as pixman's bilinear scaling gives them: pixel
// x's centre lies at cell coordinate u = (x + 1/2) / f - 1/2 (cells numbered in the target); it mixes cells
// ⌊u⌋ and ⌊u⌋ + 1 by weights 2f - a and a (in 2f-ths), a = 2f (u - ⌊u⌋), likewise in y, and the sum is
// truncated (pixman's 7-bit weights are these exactly for f = 2 and 4, and it rounds down). Rows are mixed
// first, each channel in a 16-bit lane (at most 2f x 255 = 2,040), then columns (at most 16,320 for f = 4).
// Cells beyond the picture's edges stand for its edge cells (pixman's PAD). Done in chunks of columns.
#define SCALE_CHUNK 256

void segue_scale_cells(const uint32_t *cells, long cellsStride, long cellsWidth, long cellsHeight, long factor,
                       long cellX, long cellY, uint32_t *destination, long destinationStride, long x0, long y0,
                       long width, long height, uint32_t tint) {
    long f = factor;
    // The tint: each channel c becomes tint + c × (255 − tint alpha) / 255 rounded to nearest (pixman's
    // MUL_UN8: t = c·ia + 128, (t + t / 256) / 256), the OVER of the premultiplied colour (SolidTint.swift).
    uint32_t ia = tint ? 255 - (tint >> 24) : 255;
    if (width <= 0 || height <= 0 || cellsWidth <= 0 || cellsHeight <= 0 || (f != 2 && f != 4)) return;
    int shiftOut = 2 + 2 * log2_of(f); // 4f^2
    int32_t taps[2 * SCALE_CHUNK];
    uint64_t columns[SCALE_CHUNK / 2 + 4];
    long cellIndex[SCALE_CHUNK / 2 + 4];
#if SEGUE_PIXELS_SSE2
    __m128i weights[SCALE_CHUNK];
    const __m128i zero = _mm_setzero_si128();
    const __m128i inverse = _mm_set1_epi16((short)ia), half = _mm_set1_epi16(0x80);
    const __m128i tintLanes = _mm_unpacklo_epi8(_mm_set1_epi32((int)tint), zero);
#endif
    for (long xs = x0; xs < x0 + width; xs += SCALE_CHUNK) {
        long w = x0 + width - xs < SCALE_CHUNK ? x0 + width - xs : SCALE_CHUNK;
        long first = floor_div(2 * xs + 1 - f, 2 * f), last = floor_div(2 * (xs + w - 1) + 1 - f, 2 * f) + 1;
        long n = last - first + 1;
        for (long i = 0; i < n; i++) cellIndex[i] = clamp(first + i - cellX, 0, cellsWidth - 1);
        for (long x = 0; x < w; x++) {
            long t = 2 * (xs + x) + 1 - f, c = floor_div(t, 2 * f);
            taps[2 * x] = (int32_t)(c - first);
            taps[2 * x + 1] = (int32_t)(t - 2 * f * c);
        }
#if SEGUE_PIXELS_SSE2
        for (long x = 0; x + 2 <= w; x += 2) {
            short w0 = (short)taps[2 * x + 1], w1 = (short)taps[2 * x + 3], g = (short)(2 * f);
            weights[x] = _mm_set_epi16(g - w1, g - w1, g - w1, g - w1, g - w0, g - w0, g - w0, g - w0);
            weights[x + 1] = _mm_set_epi16(w1, w1, w1, w1, w0, w0, w0, w0);
        }
#endif
        for (long y = y0; y < y0 + height; y++) {
            long t = 2 * y + 1 - f, c = floor_div(t, 2 * f);
            long b = t - 2 * f * c, a = 2 * f - b;
            const uint32_t *upper = cells + clamp(c - cellY, 0, cellsHeight - 1) * cellsStride;
            const uint32_t *lower = cells + clamp(c + 1 - cellY, 0, cellsHeight - 1) * cellsStride;
            uint32_t *to = destination + y * destinationStride + xs;
#if SEGUE_PIXELS_SSE2
            const __m128i wa = _mm_set1_epi16((short)a), wb = _mm_set1_epi16((short)b);
            for (long i = 0; i < n; i++) {
                __m128i u = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)upper[cellIndex[i]]), zero);
                __m128i l = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)lower[cellIndex[i]]), zero);
                _mm_storel_epi64((__m128i *)(columns + i), _mm_add_epi16(_mm_mullo_epi16(u, wa), _mm_mullo_epi16(l, wb)));
            }
            long x = 0;
            for (; x + 2 <= w; x += 2) {
                long i0 = taps[2 * x], i1 = taps[2 * x + 2];
                __m128i left = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(columns + i0)),
                                                  _mm_loadl_epi64((const __m128i *)(columns + i1)));
                __m128i right = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(columns + i0 + 1)),
                                                   _mm_loadl_epi64((const __m128i *)(columns + i1 + 1)));
                __m128i sum = _mm_add_epi16(_mm_mullo_epi16(left, weights[x]), _mm_mullo_epi16(right, weights[x + 1]));
                __m128i v = _mm_srli_epi16(sum, shiftOut);
                if (tint) {
                    __m128i t = _mm_add_epi16(_mm_mullo_epi16(v, inverse), half);
                    v = _mm_add_epi16(_mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8), tintLanes);
                }
                _mm_storel_epi64((__m128i *)(to + x), _mm_packus_epi16(v, zero));
            }
            for (; x < w; x++) {
                long i0 = taps[2 * x];
                short w0 = (short)taps[2 * x + 1];
                __m128i left = _mm_loadl_epi64((const __m128i *)(columns + i0));
                __m128i right = _mm_loadl_epi64((const __m128i *)(columns + i0 + 1));
                __m128i sum = _mm_add_epi16(_mm_mullo_epi16(left, _mm_set1_epi16((short)(2 * f - w0))),
                                            _mm_mullo_epi16(right, _mm_set1_epi16(w0)));
                __m128i v = _mm_srli_epi16(sum, shiftOut);
                if (tint) {
                    __m128i t = _mm_add_epi16(_mm_mullo_epi16(v, inverse), half);
                    v = _mm_add_epi16(_mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8), tintLanes);
                }
                to[x] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(v, zero));
            }
#else
            for (long i = 0; i < n; i++)
                columns[i] = (uint64_t)a * spread(upper[cellIndex[i]]) + (uint64_t)b * spread(lower[cellIndex[i]]);
            for (long x = 0; x < w; x++) {
                long i = taps[2 * x];
                uint64_t wr = (uint64_t)taps[2 * x + 1];
                uint64_t s = ((uint64_t)(2 * f) - wr) * columns[i] + wr * columns[i + 1];
                uint32_t p = gather((s >> shiftOut) & laneLowBytes);
                if (tint) {
                    uint32_t out = 0;
                    for (int k = 0; k < 32; k += 8) {
                        uint32_t t = ((p >> k) & 0xFF) * ia + 0x80;
                        out |= (((t + (t >> 8)) >> 8) + ((tint >> k) & 0xFF)) << k;
                    }
                    p = out;
                }
                to[x] = p;
            }
#endif
        }
    }
}
