#include "CSeguePixels.h"
#include "simd.h"
#if SEGUE_PIXELS_SSE2
#include <emmintrin.h>
#endif
#include <string.h>

// Mirrors SolidTint.apply (SolidTint.swift): each channel × inverse / 255 rounded to nearest, plus the tint.
static inline uint32_t tinted_pixel(uint32_t p, uint32_t tint, uint32_t inverse) {
    uint32_t rb = (p & 0x00FF00FFu) * inverse + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * inverse + 0x00800080u;
    ag = ((ag + ((ag >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return (rb | ag << 8) + tint;
}

#if SEGUE_PIXELS_SSE2
// Four pixels tinted in 16-bit lanes (the same arithmetic as tinted_pixel).
static inline __m128i tinted_four(__m128i v, __m128i tint, __m128i factor) {
    const __m128i low = _mm_set1_epi32(0x00FF00FF), half = _mm_set1_epi16(0x80);
    __m128i rb = _mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(v, low), factor), half);
    rb = _mm_srli_epi16(_mm_add_epi16(rb, _mm_srli_epi16(rb, 8)), 8);
    __m128i ag = _mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(_mm_srli_epi32(v, 8), low), factor), half);
    ag = _mm_srli_epi16(_mm_add_epi16(ag, _mm_srli_epi16(ag, 8)), 8);
    return _mm_add_epi32(_mm_or_si128(rb, _mm_slli_epi32(ag, 8)), tint);
}

static inline void fill(uint32_t *to, long n, uint32_t c) {
    long i = 0;
    __m128i v = _mm_set1_epi32((int)c);
    if (n >= 64) {
        while (((uintptr_t)(to + i) & 63) != 0) to[i++] = c;
        for (; i + 16 <= n; i += 16) {
            _mm_stream_si128((__m128i *)(to + i), v);
            _mm_stream_si128((__m128i *)(to + i + 4), v);
            _mm_stream_si128((__m128i *)(to + i + 8), v);
            _mm_stream_si128((__m128i *)(to + i + 12), v);
        }
    }
    for (; i + 8 <= n; i += 8) {
        _mm_storeu_si128((__m128i *)(to + i), v);
        _mm_storeu_si128((__m128i *)(to + i + 4), v);
    }
    for (; i < n; i++) to[i] = c;
}

static inline void copy_tinted(uint32_t *to, const uint32_t *from, long n, uint32_t tint, uint32_t inverse) {
    long i = 0;
    __m128i t = _mm_set1_epi32((int)tint), f = _mm_set1_epi16((short)inverse);
    for (; i + 4 <= n; i += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(from + i));
        _mm_storeu_si128((__m128i *)(to + i), tinted_four(v, t, f));
    }
    for (; i < n; i++) to[i] = tinted_pixel(from[i], tint, inverse);
}
#else
// The same without x86 vectors (another CPU, or SEGUE_SCALAR_PIXELS): the compiler vectorizes what it can.
static inline void fill(uint32_t *to, long n, uint32_t c) {
    for (long i = 0; i < n; i++) to[i] = c;
}

static inline void copy_tinted(uint32_t *to, const uint32_t *from, long n, uint32_t tint, uint32_t inverse) {
    for (long i = 0; i < n; i++) to[i] = tinted_pixel(from[i], tint, inverse);
}
#endif

// Rows ahead whose content is prefetched: a row's content is a short run of cache lines in a new page of
// memory, which the hardware prefetchers do not see coming.
enum { PREFETCH_ROWS = 3 };

static inline void prefetch_content(const segue_span_copy_job *job, long y, int x0, int x1) {
    long sy = y + job->dy;
    long lo = x0 + job->dx, hi = x1 + job->dx;
    if (job->rowLo) {
        long a = job->rowLo[sy], b = job->rowHi[sy];
        if (a >= b) return;
        lo = a > lo ? a : lo;
        hi = b < hi ? b : hi;
    }
    const char *row = (const char *)(job->source + sy * job->sourceStride);
    for (long x = lo * 4; x < hi * 4; x += 64) __builtin_prefetch(row + x, 0, 0);
}

// Rows ahead whose destination pixels are prefetched for writing, for spans of at most
// DESTINATION_PREFETCH_WIDTH pixels: a narrow span's rows (a strip under an edge shadow, a page's content
// columns) are each a cache line or two in a page of their own, cold after the pacing sleep, and the loop
// otherwise waits for each row's line to be read before it writes it. Wide spans stream (fills) or are
// followed by the hardware prefetchers. 16 rows: measured on the push/pop workload (2-core Intel VM),
// ~0.01-0.02 ms a frame less than none, and 24 or 32 rows no better; 256 pixels: a span of at most 16 lines.
enum { DESTINATION_PREFETCH_ROWS = 16, DESTINATION_PREFETCH_WIDTH = 256 };

static inline void prefetch_destination(const segue_span_copy_job *job, long y, int x0, int x1) {
    char *row = (char *)(job->destination + y * job->destinationStride);
    for (long x = (long)x0 * 4; x < (long)x1 * 4; x += 64) __builtin_prefetch(row + x, 1, 3);
    __builtin_prefetch(row + (long)x1 * 4 - 1, 1, 3);
}

void segue_span_copy(const segue_span_copy_job *job, int x0, int y0, int x1, int y1) {
    long ahead = x1 - x0 <= DESTINATION_PREFETCH_WIDTH ? DESTINATION_PREFETCH_ROWS : 0;
    for (long y = y0; y < y0 + ahead && y < y1; y++) prefetch_destination(job, y, x0, x1);
    for (long y = y0; y < y0 + PREFETCH_ROWS && y < y1; y++) prefetch_content(job, y, x0, x1);
    for (long y = y0; y < y1; y++) {
        if (y + ahead < y1) prefetch_destination(job, y + ahead, x0, x1);
        if (y + PREFETCH_ROWS < y1) prefetch_content(job, y + PREFETCH_ROWS, x0, x1);
        long sy = y + job->dy;
        uint32_t *row = job->destination + y * job->destinationStride;
        const uint32_t *from = job->source + sy * job->sourceStride + job->dx;
        long lo = x0, hi = x1;
        uint32_t background = 0;
        if (job->rowLo) {
            lo = (long)job->rowLo[sy] - job->dx;
            hi = (long)job->rowHi[sy] - job->dx;
            if (lo >= hi) lo = hi = x1;
            background = job->rowBackground[sy];
            if (job->tinted) background = tinted_pixel(background, job->tint, job->inverseAlpha);
        }
        lo = lo < x0 ? x0 : (lo > x1 ? x1 : lo);
        hi = hi < lo ? lo : (hi > x1 ? x1 : hi);
        fill(row + x0, lo - x0, background);
        if (job->tinted) {
            copy_tinted(row + lo, from + lo, hi - lo, job->tint, job->inverseAlpha);
        } else {
            memcpy(row + lo, from + lo, (size_t)(hi - lo) * 4);
        }
        fill(row + hi, x1 - hi, background);
    }
#if SEGUE_PIXELS_SSE2
    _mm_sfence();   // the streaming stores of fill() are seen before anything that follows
#endif
}

// Adds a rectangle to a list, or grows the one it continues downwards (same columns and colour, starting
// where that one ends; only the last `lookback` are searched: a band's left and right fills alternate).
static int add_rect(segue_plan_rect *list, int *count, int capacity, int lookback, int x0, int y0, int x1, int y1,
                    uint32_t color) {
    if (x0 >= x1 || y0 >= y1) return 1;
    for (int k = *count - 1; k >= 0 && k >= *count - lookback; k--) {
        segue_plan_rect *r = &list[k];
        if (r->x0 == x0 && r->x1 == x1 && r->y1 == y0 && r->color == color) {
            r->y1 = y1;
            return 1;
        }
    }
    if (*count >= capacity) return 0;
    list[*count] = (segue_plan_rect){x0, y0, x1, y1, color};
    *count += 1;
    return 1;
}

int segue_span_copy_plan(const segue_span_copy_job *job, int x0, int y0, int x1, int y1, int draw_contents,
                         segue_span_plan *plan) {
    if (!job->rowLo) return 0;
    const long band = SEGUE_SPAN_PLAN_BAND_ROWS;
    long y = y0;
    while (y < y1) {
        long sy = y + job->dy;
        // A run: the rest of the picture's band, cut where the rows' background changes.
        long end = (sy / band + 1) * band - job->dy;
        if (end > y1) end = y1;
        uint32_t background = job->rowBackground[sy];
        long lo = x1, hi = x0;
        long r = y;
        for (; r < end; r++) {
            long s = r + job->dy;
            if (job->rowBackground[s] != background) break;
            if (job->rowLo[s] < job->rowHi[s]) {
                long a = job->rowLo[s] - job->dx, b = job->rowHi[s] - job->dx;
                if (a < lo) lo = a;
                if (b > hi) hi = b;
            }
        }
        end = r;
        if (lo < x0) lo = x0;
        if (hi > x1) hi = x1;
        if (lo >= hi) lo = hi = x1;
        uint32_t color = job->tinted ? tinted_pixel(background, job->tint, job->inverseAlpha) : background;
        if (!add_rect(plan->fills, &plan->fillCount, plan->fillCapacity, 2, x0, (int)y, (int)lo, (int)end, color)
            || !add_rect(plan->fills, &plan->fillCount, plan->fillCapacity, 2, (int)hi, (int)y, x1, (int)end, color))
            return 0;
        if (lo < hi) {
            if (draw_contents) {
                segue_span_copy(job, (int)lo, (int)y, (int)hi, (int)end);
            } else if (!add_rect(plan->contents, &plan->contentCount, plan->contentCapacity, 1, (int)lo, (int)y,
                                 (int)hi, (int)end, 0)) {
                return 0;
            }
        }
        y = end;
    }
    return 1;
}

// pixman's `OVER` of a premultiplied solid colour through one mask value onto a pixel (its fast paths'
// arithmetic, channel by channel: the colour times the mask, then the pixel times 255 minus that alpha, each
// rounded to nearest, added with saturation).
static inline uint32_t mul_un8x4(uint32_t x, uint32_t a) {
    uint32_t rb = (x & 0x00FF00FFu) * a + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((x >> 8) & 0x00FF00FFu) * a + 0x00800080u;
    ag = ((ag + ((ag >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return rb | ag << 8;
}

static inline uint32_t add_un8x4_saturating(uint32_t x, uint32_t y) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t c = ((x >> shift) & 0xFF) + ((y >> shift) & 0xFF);
        out |= (c > 255 ? 255 : c) << shift;
    }
    return out;
}

static inline uint32_t over_through_mask(uint32_t color, uint32_t m, uint32_t pixel) {
    if (m == 0) return pixel;
    uint32_t in = mul_un8x4(color, m);
    return add_un8x4_saturating(in, mul_un8x4(pixel, 255 - (in >> 24)));
}

static inline uint8_t mask_at(const segue_shadow_over *s, long x, long y) {
    long mx = x + s->dx, my = y + s->dy;
    if (mx < 0 || my < 0 || mx >= s->width || my >= s->height) return 0;
    return s->mask[my * s->stride + mx];
}

// Whether the mask's values over columns x0..<x1 are the same in rows ya and yb (zero outside the mask): the
// two rows' bytes inside it compared at once (down a page's edge shadow, every row but its corners').
static inline int mask_rows_equal(const segue_shadow_over *s, long x0, long x1, long ya, long yb) {
    long c0 = x0 + s->dx, c1 = x1 + s->dx, ma = ya + s->dy, mb = yb + s->dy;
    if (c0 < 0) c0 = 0;
    if (c1 > s->width) c1 = s->width;
    if (c0 >= c1) return 1;
    int ina = ma >= 0 && ma < s->height, inb = mb >= 0 && mb < s->height;
    if (ina && inb) return memcmp(s->mask + ma * s->stride + c0, s->mask + mb * s->stride + c0, (size_t)(c1 - c0)) == 0;
    if (!ina && !inb) return 1;
    const uint8_t *row = s->mask + (ina ? ma : mb) * s->stride;
    for (long x = c0; x < c1; x++) {
        if (row[x]) return 0;
    }
    return 1;
}

int segue_span_shadow_plan(const segue_span_copy_job *job, int x0, int y0, int x1, int y1, const segue_shadow_over *shadow,
                           segue_span_plan *plan, int32_t *rows, int row_capacity, int *row_count) {
    if (!job->rowLo) return 0;
    long y = y0;
    while (y < y1) {
        long sy = y + job->dy;
        // Does this row qualify: the picture's row is its background over x0..x1?
        long lo = job->rowLo[sy] - job->dx, hi = job->rowHi[sy] - job->dx;
        int background = lo >= hi || hi <= x0 || lo >= x1;
        if (!background) {
            // Drawn by the caller (with the shadow over it): runs of such rows become one range.
            if (*row_count > 0 && rows[2 * *row_count - 1] == y) {
                rows[2 * *row_count - 1] = (int32_t)(y + 1);
            } else {
                if (*row_count >= row_capacity) return 0;
                rows[2 * *row_count] = (int32_t)y;
                rows[2 * *row_count + 1] = (int32_t)(y + 1);
                *row_count += 1;
            }
            y++;
            continue;
        }
        // A run: the following rows of the same background, background over x0..x1, and the same mask values.
        uint32_t color = job->rowBackground[sy];
        long end = y + 1;
        for (; end < y1; end++) {
            long s = end + job->dy;
            if (job->rowBackground[s] != color) break;
            long a = job->rowLo[s] - job->dx, b = job->rowHi[s] - job->dx;
            if (!(a >= b || b <= x0 || a >= x1)) break;
            if (!mask_rows_equal(shadow, x0, x1, y, end)) break;
        }
        if (job->tinted) color = tinted_pixel(color, job->tint, job->inverseAlpha);
        // Column by column, joined where the colour repeats.
        long x = x0;
        while (x < x1) {
            uint32_t c = over_through_mask(shadow->color, mask_at(shadow, x, y), color);
            long run = x + 1;
            while (run < x1 && over_through_mask(shadow->color, mask_at(shadow, run, y), color) == c) run++;
            if (!add_rect(plan->fills, &plan->fillCount, plan->fillCapacity, (int)(x1 - x0), (int)x, (int)y, (int)run,
                          (int)end, c))
                return 0;
            x = run;
        }
        y = end;
    }
    return 1;
}
