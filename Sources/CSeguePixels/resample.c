#include "CSeguePixels.h"
#include <emmintrin.h>

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

void segue_resample_column(const segue_resample_job *job, int x0, int y0, int x1, int y1) {
    const double one = (double)(1 << FRACTION_BITS);
    long du = (long)(job->m11 * one), dv = (long)(job->m12 * one);
    long w = job->sourceWidth, h = job->sourceHeight;
    long lastX = x1;
    for (long y = y0; y < y1; y++) {
        double cx = (double)x0 + 0.5, cy = (double)y + 0.5;
        long u = (long)(((cx * job->m11 + cy * job->m21 + job->m31) - 0.5) * one);
        long v = (long)(((cx * job->m12 + cy * job->m22 + job->m32) - 0.5) * one);
        long aheadU = u + (long)((double)job->prefetchRows * job->m21 * one);
        long aheadV = v + (long)((double)job->prefetchRows * job->m22 * one);
        uint32_t *row = job->destination + y * job->destinationStride;
        long x = x0;
        while (x < lastX) {
            if (job->vectorized && x + 4 <= lastX) {
                long u3 = u + 3 * du, v3 = v + 3 * dv;
                long sx0 = u >> FRACTION_BITS, sy0 = v >> FRACTION_BITS, sx3 = u3 >> FRACTION_BITS, sy3 = v3 >> FRACTION_BITS;
                if (sx0 >= 0 && sy0 >= 0 && sx3 >= 0 && sy3 >= 0 && sx0 < w - 1 && sy0 < h - 1 && sx3 < w - 1 && sy3 < h - 1) {
                    long ax = aheadU >> FRACTION_BITS, ay = aheadV >> FRACTION_BITS;
                    ax = ax < 0 ? 0 : (ax > w - 1 ? w - 1 : ax);
                    ay = ay < 0 ? 0 : (ay > h - 2 ? h - 2 : ay);
                    const uint32_t *ahead = job->source + ay * job->sourceStride + ax;
                    __builtin_prefetch(ahead, 0, 3);
                    __builtin_prefetch(ahead + job->sourceStride, 0, 3);
                    draw_four(job, row + x, u, v, du, dv);
                    u += 4 * du;
                    v += 4 * dv;
                    aheadU += 4 * du;
                    aheadV += 4 * dv;
                    x += 4;
                    continue;
                }
            }
            draw_one(job, row + x, u, v);
            u += du;
            v += dv;
            aheadU += du;
            aheadV += dv;
            x += 1;
        }
    }
}
