#include "CSeguePixels.h"
#include <stdlib.h>
#include <stdint.h>

// Three box passes over `n` values of 4 channels in `a` (valid over [0, n)), each pass's sums written over the
// next buffer: pass k gives out[i] = the sum of in[i - left[k] ... i + right[k]]; the valid range shrinks by the
// reaches. The result (valid over [L, n - R)) is left in whichever buffer the last pass wrote, returned.
static int64_t *three_passes(int64_t *a, int64_t *b, long n, const int left[3], const int right[3]) {
    long lo = 0, hi = n;
    int64_t *in = a, *out = b;
    for (int k = 0; k < 3; k++) {
        long l = left[k], r = right[k];
        long first = lo + l, last = hi - r; // output range [first, last)
        int64_t sum[4] = {0, 0, 0, 0};
        for (long j = first - l; j <= first + r; j++)
            for (int c = 0; c < 4; c++) sum[c] += in[j * 4 + c];
        for (int c = 0; c < 4; c++) out[first * 4 + c] = sum[c];
        for (long i = first + 1; i < last; i++) {
            const int64_t *add = in + (i + r) * 4, *sub = in + (i - l - 1) * 4;
            int64_t *o = out + i * 4;
            for (int c = 0; c < 4; c++) {
                sum[c] += add[c] - sub[c];
                o[c] = sum[c];
            }
        }
        lo = first;
        hi = last;
        int64_t *t = in; in = out; out = t;
    }
    return in;
}

/// Values of scratch memory `segue_box_blur` needs (see the header).
long segue_box_blur_scratch_count(long outWidth, long outHeight, const int left[3], const int right[3]) {
    long L = left[0] + left[1] + left[2], R = right[0] + right[1] + right[2];
    long strip = SEGUE_BOX_BLUR_STRIP * 4;
    // The row sums (32-bit, two to a value), two row buffers, two strip planes.
    return (outWidth * 4 * (outHeight + L + R) + 1) / 2 + 2 * 4 * (outWidth + L + R) + 2 * strip * (outHeight + L + R);
}

int segue_box_blur(const uint32_t *source, long sourceStride, long width, long height, uint32_t *destination,
                   long destinationStride, long outX, long outY, long outWidth, long outHeight,
                   const int left[3], const int right[3], int64_t *scratch) {
    if (outWidth <= 0 || outHeight <= 0) return 1;
    long L = left[0] + left[1] + left[2], R = right[0] + right[1] + right[2];
    int64_t divisor = 1;
    for (int k = 0; k < 3; k++) divisor *= (int64_t)(left[k] + right[k] + 1);
    if ((int64_t)255 * divisor > INT32_MAX) return 0;
    long n = outWidth * 4;                      // values a row of sums
    long extended = outHeight + L + R;          // rows the first vertical pass may read
    long strip = SEGUE_BOX_BLUR_STRIP * 4;      // values a strip of columns
    // The source rows the output rows reach (outside the source, its edge rows stand for them).
    long ry0 = outY - L < 0 ? 0 : outY - L, ry1 = outY + outHeight + R > height ? height : outY + outHeight + R;
    int32_t *plane = (int32_t *)scratch;
    int64_t *a = scratch + (n * extended + 1) / 2;
    int64_t *b = a + 4 * (outWidth + L + R);
    int64_t *p = b + 4 * (outWidth + L + R);
    int64_t *q = p + strip * extended;
    // Rows: the output's columns and as far as the kernel reaches, the source's edge pixels beyond it,
    // blurred; sums (scaled by `divisor`, below 2^31) into the plane.
    for (long y = ry0; y < ry1; y++) {
        const uint32_t *row = source + y * sourceStride;
        long m = outWidth + L + R;
        for (long i = 0; i < m; i++) {
            long x = outX - L + i;
            uint32_t v = row[x < 0 ? 0 : (x >= width ? width - 1 : x)];
            a[i * 4 + 0] = v >> 24; a[i * 4 + 1] = (v >> 16) & 0xFF;
            a[i * 4 + 2] = (v >> 8) & 0xFF; a[i * 4 + 3] = v & 0xFF;
        }
        int64_t *out = three_passes(a, b, m, left, right);
        int32_t *to = plane + (y - ry0) * n;
        for (long i = 0; i < n; i++) to[i] = (int32_t)out[L * 4 + i];
    }
    // Columns, a strip of columns at a time (its planes stay in the cache) and a whole strip row at once: pass
    // k's rows are running sums of its input's rows; the plane's rows are extended by the source's edge rows.
    int64_t whole = divisor * divisor, half = whole / 2;
    double inverse = 1.0 / (double)whole;
#define PLANE_ROW(j) (plane + (((j) < 0 ? 0 : ((j) >= height ? height - 1 : (j))) - ry0) * n + x0)
    for (long x0 = 0; x0 < n; x0 += strip) {
        long w = n - x0 < strip ? n - x0 : strip;
        long lo = outY - L, hi = outY + outHeight + R, inY0 = 0;
        int64_t *outs[2] = {p, q};
        const int64_t *in = NULL;
        for (int k = 0; k < 3; k++) {
            long l = left[k], r = right[k];
            long first = lo + l, last = hi - r;
            int64_t *out = outs[k & 1];
            for (long i = 0; i < w; i++) out[i] = 0;
            for (long y = first; y < last; y++) {
                int64_t *cur = out + (y - first) * strip;
                if (k == 0) {
                    if (y == first) {
                        for (long j = y - l; j <= y + r; j++) {
                            const int32_t *s = PLANE_ROW(j);
                            for (long i = 0; i < w; i++) cur[i] += s[i];
                        }
                    } else {
                        const int32_t *add = PLANE_ROW(y + r), *sub = PLANE_ROW(y - l - 1);
                        const int64_t *prev = cur - strip;
                        for (long i = 0; i < w; i++) cur[i] = prev[i] + add[i] - sub[i];
                    }
                } else if (y == first) {
                    for (long j = y - l; j <= y + r; j++) {
                        const int64_t *s = in + (j - inY0) * strip;
                        for (long i = 0; i < w; i++) cur[i] += s[i];
                    }
                } else {
                    const int64_t *add = in + (y + r - inY0) * strip, *sub = in + (y - l - 1 - inY0) * strip;
                    const int64_t *prev = cur - strip;
                    for (long i = 0; i < w; i++) cur[i] = prev[i] + add[i] - sub[i];
                }
            }
            in = out;
            inY0 = first;
            lo = first;
            hi = last;
        }
        // The output rows of the last pass: each channel divided once, rounding half up (the quotient from a
        // double's product, corrected to the exact integer one).
        for (long y = 0; y < outHeight; y++) {
            const int64_t *s = in + (outY + y - inY0) * strip;
            uint32_t *to = destination + y * destinationStride + x0 / 4;
            for (long x = 0; x < w / 4; x++) {
                uint32_t v[4];
                for (int c = 0; c < 4; c++) {
                    int64_t t = s[x * 4 + c] + half;
                    int64_t d = (int64_t)((double)t * inverse);
                    if (d * whole > t) d--;
                    else if ((d + 1) * whole <= t) d++;
                    v[c] = (uint32_t)d;
                }
                to[x] = v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3];
            }
        }
    }
#undef PLANE_ROW
    return 1;
}
