#include "CSeguePixels.h"
#include "simd.h"
#if SEGUE_PIXELS_SSE2
#include <emmintrin.h>
#include <immintrin.h>
#endif

#pragma STDC FP_CONTRACT OFF

enum { FRACTION_BITS = 16, WEIGHT_BITS = 8 };

// Each function mirrors the Swift reference in AffineResampler.swift (the same integer arithmetic, so the
// same pixels). Four pixels are filtered as two pairs, each pixel's two horizontal taps in one 64-bit load.

static inline uint64_t spread(uint32_t p) {
    uint64_t v = p;
    return (v & 0x00FF00FFu) | ((v & 0xFF00FF00u) << 24);
}

static inline uint32_t bilinear(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t fx, uint32_t fy) {
    const uint64_t mask = 0x00FF00FF00FF00FFull;
    uint64_t x1 = fx, x0 = 256 - x1, y1 = fy, y0 = 256 - y1;
    uint64_t top = ((spread(a) * x0 + spread(b) * x1) >> 8) & mask;
    uint64_t bottom = ((spread(c) * x0 + spread(d) * x1) >> 8) & mask;
    uint64_t v = ((top * y0 + bottom * y1) >> 8) & mask;
    return (uint32_t)((v & 0x00FF00FFu) | ((v >> 24) & 0xFF00FF00u));
}

static inline uint32_t scale(uint32_t p, uint32_t f) {
    uint32_t rb = ((p & 0x00FF00FFu) * f >> 8) & 0x00FF00FFu;
    uint32_t ag = (((p >> 8) & 0x00FF00FFu) * f >> 8) & 0x00FF00FFu;
    return ag << 8 | rb;
}

static inline uint32_t times(uint32_t v, uint32_t inverse) {
    uint32_t t = v * inverse + 0x00800080u;
    return ((t + ((t >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
}

static inline uint32_t over(uint32_t s, uint32_t d, int hasAlpha) {
    uint32_t inverse = 255 - (s >> 24);
    uint32_t dd = hasAlpha ? d : (d | 0xFF000000u);
    return s + (times((dd >> 8) & 0x00FF00FFu, inverse) << 8 | times(dd & 0x00FF00FFu, inverse));
}

static inline void store(uint32_t filtered, const segue_resample_job *job, uint32_t *pixel) {
    uint32_t s = filtered;
    if (job->alpha < 256) s = scale(s, job->alpha);
    uint32_t a = s >> 24;
    if (a == 0xFF) {
        *pixel = s;
    } else if (a != 0 || s != 0) {
        *pixel = over(s, *pixel, job->destinationHasAlpha);
    }
}

static inline uint32_t texel(const segue_resample_job *job, long x, long y) {
    if (x < 0 || y < 0 || x >= job->sourceWidth || y >= job->sourceHeight) return 0;
    return job->source[y * job->sourceStride + x];
}

static inline void draw_one(const segue_resample_job *job, uint32_t *pixel, long u, long v) {
    long w = job->sourceWidth, h = job->sourceHeight;
    long sx = u >> FRACTION_BITS, sy = v >> FRACTION_BITS;
    if (!(sx >= -1 && sy >= -1 && sx < w && sy < h)) return;
    uint32_t fx = (uint32_t)((u >> (FRACTION_BITS - WEIGHT_BITS)) & 0xFF);
    uint32_t fy = (uint32_t)((v >> (FRACTION_BITS - WEIGHT_BITS)) & 0xFF);
    uint32_t s;
    if (sx >= 0 && sy >= 0 && sx < w - 1 && sy < h - 1) {
        const uint32_t *top = job->source + sy * job->sourceStride + sx;
        const uint32_t *bottom = top + job->sourceStride;
        s = bilinear(top[0], top[1], bottom[0], bottom[1], fx, fy);
    } else {
        s = bilinear(texel(job, sx, sy), texel(job, sx + 1, sy), texel(job, sx, sy + 1), texel(job, sx + 1, sy + 1), fx, fy);
    }
    store(s, job, pixel);
}

#if SEGUE_PIXELS_SSE2
// Two pixels' horizontally filtered row of taps: `p` and `q` each hold a pixel's two taps [left, right]
// (one 64-bit load); the weights `w` hold [x0 x0 x0 x0 x1 x1 x1 x1] of p's pixel, `z` of q's.
// Result: 8 16-bit lanes, p's four channels then q's, each (left * x0 + right * x1) >> 8.
static inline __m128i horizontal(__m128i p, __m128i q, __m128i wp, __m128i wq) {
    const __m128i zero = _mm_setzero_si128();
    __m128i pw = _mm_mullo_epi16(_mm_unpacklo_epi8(p, zero), wp);   // [left·x0 | right·x1] of p
    __m128i qw = _mm_mullo_epi16(_mm_unpacklo_epi8(q, zero), wq);
    __m128i left = _mm_unpacklo_epi64(pw, qw), right = _mm_unpackhi_epi64(pw, qw);
    return _mm_srli_epi16(_mm_add_epi16(left, right), 8);
}

// Vertical: (top · y0 + bottom · y1) >> 8, y weights per pixel as 4 lanes each.
static inline __m128i vertical(__m128i top, __m128i bottom, __m128i y0, __m128i y1) {
    return _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(top, y0), _mm_mullo_epi16(bottom, y1)), 8);
}

static inline __m128i weights(uint32_t f) {   // [256-f ×4, f ×4]
    return _mm_set_epi16((short)f, (short)f, (short)f, (short)f,
                         (short)(256 - f), (short)(256 - f), (short)(256 - f), (short)(256 - f));
}

static inline __m128i pair(uint32_t f0, uint32_t f1) {   // [f0 ×4, f1 ×4]
    return _mm_set_epi16((short)f1, (short)f1, (short)f1, (short)f1, (short)f0, (short)f0, (short)f0, (short)f0);
}

// Two neighbouring pixels (positions (u, v) and (u + du, v + dv)) whose taps all lie inside the picture:
// 8 16-bit lanes, the first pixel's four channels, then the second's.
static inline __m128i draw_two(const uint32_t *source, long stride, long u, long v, long du, long dv) {
    long u1 = u + du, v1 = v + dv;
    const uint32_t *p = source + (v >> FRACTION_BITS) * stride + (u >> FRACTION_BITS);
    const uint32_t *q = source + (v1 >> FRACTION_BITS) * stride + (u1 >> FRACTION_BITS);
    uint32_t fxp = (uint32_t)((u >> (FRACTION_BITS - WEIGHT_BITS)) & 0xFF), fxq = (uint32_t)((u1 >> (FRACTION_BITS - WEIGHT_BITS)) & 0xFF);
    uint32_t fyp = (uint32_t)((v >> (FRACTION_BITS - WEIGHT_BITS)) & 0xFF), fyq = (uint32_t)((v1 >> (FRACTION_BITS - WEIGHT_BITS)) & 0xFF);
    __m128i wp = weights(fxp), wq = weights(fxq);
    __m128i t = horizontal(_mm_loadl_epi64((const __m128i *)p), _mm_loadl_epi64((const __m128i *)q), wp, wq);
    __m128i b = horizontal(_mm_loadl_epi64((const __m128i *)(p + stride)), _mm_loadl_epi64((const __m128i *)(q + stride)), wp, wq);
    __m128i y1 = pair(fyp, fyq);
    __m128i y0 = _mm_sub_epi16(_mm_set1_epi16(256), y1);
    return vertical(t, b, y0, y1);
}

// Four pixels whose taps all lie inside the picture.
static inline void draw_four(const segue_resample_job *job, uint32_t *pixels, long u, long v, long du, long dv) {
    __m128i s = _mm_packus_epi16(draw_two(job->source, job->sourceStride, u, v, du, dv),
                                 draw_two(job->source, job->sourceStride, u + 2 * du, v + 2 * dv, du, dv));
    const __m128i alphaMask = _mm_set1_epi32((int)0xFF000000u);
    if (job->alpha == 256 && _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s, alphaMask), alphaMask)) == 0xFFFF) {
        _mm_storeu_si128((__m128i *)pixels, s);
    } else {
        uint32_t q[4];
        _mm_storeu_si128((__m128i *)q, s);
        for (int k = 0; k < 4; k++) store(q[k], job, pixels + k);
    }
}

#endif

// The pixels k of a row whose position a + k·d (16.16 fixed point) has its two taps inside 0..<limit
// pixels, i.e. 0 <= a + k·d < (limit - 1) << FRACTION_BITS: an interval (the position is linear in k), which
// narrows [*first, *end) (within 0 ... n, and left so).
static inline long floor_div(long a, long b) {   // b > 0
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

static inline void narrow_inside(long a, long d, long limit, long *first, long *end) {
    long hi = (limit - 1) << FRACTION_BITS;   // positions must be below this
    long lo, top;                             // the k with a + k·d in 0 ... hi - 1: lo ... top
    if (d == 0) {
        if (a >= 0 && a < hi) return;
        *end = *first;
        return;
    }
    if (d > 0) {
        lo = -floor_div(a, d);                // ceil(-a / d)
        top = floor_div(hi - 1 - a, d);
    } else {
        long e = -d;
        top = floor_div(a, e);
        lo = -floor_div(hi - 1 - a, e);       // ceil((a - (hi - 1)) / e)
    }
    if (lo > *first) *first = lo;
    if (top + 1 < *end) *end = top + 1;
    if (*end < *first) *first = *end = 0;   // none (and both still within 0 ... n)
}

// The prefetch of the taps `prefetchRows` rows further down, for a block starting at (u, v).
static inline void prefetch_ahead(const segue_resample_job *job, long u, long v) {
    long w = job->sourceWidth, h = job->sourceHeight;
    long ax = u >> FRACTION_BITS, ay = v >> FRACTION_BITS;
    ax = ax < 0 ? 0 : (ax > w - 1 ? w - 1 : ax);
    ay = ay < 0 ? 0 : (ay > h - 2 ? h - 2 : ay);
    const uint32_t *ahead = job->source + ay * job->sourceStride + ax;
    __builtin_prefetch(ahead, 0, 3);
    __builtin_prefetch(ahead + job->sourceStride, 0, 3);
}

#if SEGUE_PIXELS_SSE2
// horizontal() on four pixels: `p` holds the taps of pixels [0 1 | 2 3] (64-bit pairs), `wl` the weights of
// pixels 0 and 2, `wh` of 1 and 3. Result: 16-bit lanes, the pixels' four channels each, [0 1 | 2 3].
__attribute__((target("avx2")))
static inline __m256i horizontal8(__m256i p, __m256i wl, __m256i wh) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i l = _mm256_mullo_epi16(_mm256_unpacklo_epi8(p, zero), wl);
    __m256i h = _mm256_mullo_epi16(_mm256_unpackhi_epi8(p, zero), wh);
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_unpacklo_epi64(l, h), _mm256_unpackhi_epi64(l, h)), 8);
}

// Four pixels' horizontal pairs of taps (64-bit loads at `row` + a, b | c, d).
__attribute__((target("avx2")))
static inline __m256i taps4(const uint32_t *row, int32_t a, int32_t b, int32_t c, int32_t d) {
    __m128i low = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(row + a)), _mm_loadl_epi64((const __m128i *)(row + b)));
    __m128i high = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(row + c)), _mm_loadl_epi64((const __m128i *)(row + d)));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1);
}

// Eight pixels at a time with AVX2, the pixels k ... end - 1 of a row (all their taps inside) from k while
// eight are left; returns the next k. Positions, tap offsets and weights in 32-bit lanes (inside the
// picture: below 1 << 30), computed with vector adds; each pixel's two horizontal taps one 64-bit load
// (the AVX2 gathers measured ~15% slower), pixels 0 1 4 5 in one register and 2 3 6 7 in another so that
// the last pack puts them in order. The arithmetic of draw_two, lane for lane.
__attribute__((target("avx2")))
static long run_avx2(const segue_resample_job *job, uint32_t *row, long k, long end, long u0, long v0, long du,
                     long dv, long aheadDu, long aheadDv) {
    if (k + 8 > end) return k;
    const uint32_t *top = job->source, *bottom = job->source + job->sourceStride;
    long u = u0 + k * du, v = v0 + k * dv;
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i U = _mm256_add_epi32(_mm256_set1_epi32((int)u), _mm256_mullo_epi32(lane, _mm256_set1_epi32((int)du)));
    __m256i V = _mm256_add_epi32(_mm256_set1_epi32((int)v), _mm256_mullo_epi32(lane, _mm256_set1_epi32((int)dv)));
    const __m256i stepU = _mm256_set1_epi32((int)(8 * du)), stepV = _mm256_set1_epi32((int)(8 * dv));
    const __m256i stride = _mm256_set1_epi32((int)job->sourceStride);
    const __m256i byte = _mm256_set1_epi32(0xFF), full = _mm256_set1_epi16(256);
    // Per pixel j of a 128-bit half (4 bytes each): [x0 x0 x0 x0 x1 x1 x1 x1] of pixel 0..3 of the half
    // from its [x0 | x1 << 16], and [y y y y] of pixels 0 1 / 2 3 from its y.
#define SPREAD(j) _mm256_setr_epi8(4*j, 4*j+1, 4*j, 4*j+1, 4*j, 4*j+1, 4*j, 4*j+1, 4*j+2, 4*j+3, 4*j+2, 4*j+3, 4*j+2, 4*j+3, 4*j+2, 4*j+3, \
                                   4*j, 4*j+1, 4*j, 4*j+1, 4*j, 4*j+1, 4*j, 4*j+1, 4*j+2, 4*j+3, 4*j+2, 4*j+3, 4*j+2, 4*j+3, 4*j+2, 4*j+3)
#define PAIR(j) _mm256_setr_epi8(4*j, 4*j+1, 4*j, 4*j+1, 4*j, 4*j+1, 4*j, 4*j+1, 4*j+4, 4*j+5, 4*j+4, 4*j+5, 4*j+4, 4*j+5, 4*j+4, 4*j+5, \
                                 4*j, 4*j+1, 4*j, 4*j+1, 4*j, 4*j+1, 4*j, 4*j+1, 4*j+4, 4*j+5, 4*j+4, 4*j+5, 4*j+4, 4*j+5, 4*j+4, 4*j+5)
    const __m256i spread0 = SPREAD(0), spread1 = SPREAD(1), spread2 = SPREAD(2), spread3 = SPREAD(3);
    const __m256i pair01 = PAIR(0), pair23 = PAIR(2);
#undef SPREAD
#undef PAIR
    const __m256i alphaMask = _mm256_set1_epi32((int)0xFF000000u);
    for (; k + 8 <= end; k += 8) {
        prefetch_ahead(job, u + aheadDu, v + aheadDv);
        __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srai_epi32(V, FRACTION_BITS), stride),
                                         _mm256_srai_epi32(U, FRACTION_BITS));
        __m256i fx = _mm256_and_si256(_mm256_srli_epi32(U, FRACTION_BITS - WEIGHT_BITS), byte);
        __m256i fy = _mm256_and_si256(_mm256_srli_epi32(V, FRACTION_BITS - WEIGHT_BITS), byte);
        __m256i wx = _mm256_or_si256(_mm256_sub_epi32(_mm256_set1_epi32(256), fx), _mm256_slli_epi32(fx, 16));
        int32_t at[8];   // each pixel's top-left tap, as an offset in the picture
        _mm256_storeu_si256((__m256i *)at, index);
        __m256i tA = taps4(top, at[0], at[1], at[4], at[5]), bA = taps4(bottom, at[0], at[1], at[4], at[5]);
        __m256i tB = taps4(top, at[2], at[3], at[6], at[7]), bB = taps4(bottom, at[2], at[3], at[6], at[7]);
        __m256i w0 = _mm256_shuffle_epi8(wx, spread0), w1 = _mm256_shuffle_epi8(wx, spread1);
        __m256i w2 = _mm256_shuffle_epi8(wx, spread2), w3 = _mm256_shuffle_epi8(wx, spread3);
        __m256i topA = horizontal8(tA, w0, w1), bottomA = horizontal8(bA, w0, w1);
        __m256i topB = horizontal8(tB, w2, w3), bottomB = horizontal8(bB, w2, w3);
        __m256i yA1 = _mm256_shuffle_epi8(fy, pair01), yB1 = _mm256_shuffle_epi8(fy, pair23);
        __m256i yA0 = _mm256_sub_epi16(full, yA1), yB0 = _mm256_sub_epi16(full, yB1);
        __m256i a = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(topA, yA0), _mm256_mullo_epi16(bottomA, yA1)), 8);
        __m256i b = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(topB, yB0), _mm256_mullo_epi16(bottomB, yB1)), 8);
        __m256i s = _mm256_packus_epi16(a, b);   // [0 1 2 3 | 4 5 6 7]
        if (job->alpha == 256 && _mm256_testc_si256(s, alphaMask)) {
            _mm256_storeu_si256((__m256i *)(row + k), s);
        } else {
            uint32_t q[8];
            _mm256_storeu_si256((__m256i *)q, s);
            for (int j = 0; j < 8; j++) store(q[j], job, row + k + j);
        }
        U = _mm256_add_epi32(U, stepU);
        V = _mm256_add_epi32(V, stepV);
        u += 8 * du;
        v += 8 * dv;
    }
    return k;
}

#endif

static int widest_path(void) {
#if SEGUE_PIXELS_SSE2
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? SEGUE_RESAMPLE_AVX2 : SEGUE_RESAMPLE_SSE2;
#else
    return SEGUE_RESAMPLE_SCALAR;   // no x86 vector path on this CPU or in this build: the scalar code alone
#endif
}

int segue_pixels_scalar_only(void) {
    return !SEGUE_PIXELS_SSE2;
}

int segue_resample_widest_path(void) {
    static int widest = -1;   // a race only writes the same value twice
    int w = __atomic_load_n(&widest, __ATOMIC_RELAXED);
    if (w < 0) {
        w = widest_path();
        __atomic_store_n(&widest, w, __ATOMIC_RELAXED);
    }
    return w;
}

void segue_resample_column(const segue_resample_job *job, int x0, int y0, int x1, int y1) {
    const double one = (double)(1 << FRACTION_BITS);
    long du = (long)(job->m11 * one), dv = (long)(job->m12 * one);
    long n = (long)x1 - x0;
    int widest = segue_resample_widest_path();
    int path = job->path < widest ? job->path : widest;
    long aheadDu = (long)((double)job->prefetchRows * job->m21 * one);
    long aheadDv = (long)((double)job->prefetchRows * job->m22 * one);
    for (long y = y0; y < y1; y++) {
        double cx = (double)x0 + 0.5, cy = (double)y + 0.5;
        long u = (long)(((cx * job->m11 + cy * job->m21 + job->m31) - 0.5) * one);
        long v = (long)(((cx * job->m12 + cy * job->m22 + job->m32) - 0.5) * one);
        uint32_t *row = job->destination + y * job->destinationStride + x0;
        // The run of pixels whose taps are all inside, found once per row.
        long first = 0, end = 0;
        if (path > SEGUE_RESAMPLE_SCALAR) {
            end = n;
            narrow_inside(u, du, job->sourceWidth, &first, &end);
            narrow_inside(v, dv, job->sourceHeight, &first, &end);
        }
        long k = 0;
        for (; k < first; k++) draw_one(job, row + k, u + k * du, v + k * dv);
#if SEGUE_PIXELS_SSE2
        if (path >= SEGUE_RESAMPLE_AVX2) k = run_avx2(job, row, k, end, u, v, du, dv, aheadDu, aheadDv);
        if (k + 4 <= end) {
            long bu = u + k * du, bv = v + k * dv;
            for (; k + 4 <= end; k += 4) {
                prefetch_ahead(job, bu + aheadDu, bv + aheadDv);
                draw_four(job, row + k, bu, bv, du, dv);
                bu += 4 * du;
                bv += 4 * dv;
            }
        }
#else
        (void)aheadDu;
        (void)aheadDv;
#endif
        for (; k < n; k++) draw_one(job, row + k, u + k * du, v + k * dv);
    }
}
