#include "CSeguePixels.h"
#include <emmintrin.h>
#include <string.h>

// Mirrors SolidTint.apply (SolidTint.swift): each channel × inverse / 255 rounded to nearest, plus the tint.
static inline uint32_t tinted_pixel(uint32_t p, uint32_t tint, uint32_t inverse) {
    uint32_t rb = (p & 0x00FF00FFu) * inverse + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * inverse + 0x00800080u;
    ag = ((ag + ((ag >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return (rb | ag << 8) + tint;
}

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

void segue_span_copy(const segue_span_copy_job *job, int x0, int y0, int x1, int y1) {
    for (long y = y0; y < y1; y++) {
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
}
