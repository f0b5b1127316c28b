#include "CSeguePixels.h"
#include <stdlib.h>

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

// Row `y` of a plane of `rows` rows starting at row `y0` (rows outside it are its edge rows), `n` values a row.
static inline const int64_t *row_at(const int64_t *plane, long y0, long rows, long n, long y) {
    long i = y - y0;
    if (i < 0) i = 0;
    if (i >= rows) i = rows - 1;
    return plane + i * n;
}

int segue_box_blur(const uint32_t *source, long sourceStride, uint32_t *destination, long destinationStride,
                   long width, long height, const int left[3], const int right[3]) {
    if (width <= 0 || height <= 0) return 1;
    long L = left[0] + left[1] + left[2], R = right[0] + right[1] + right[2];
    int64_t divisor = 1;
    for (int k = 0; k < 3; k++) divisor *= (int64_t)(left[k] + right[k] + 1);
    long n = width * 4;                    // values a row
    long extended = height + L + R;        // rows the first vertical pass may read
    int64_t *plane = malloc(sizeof(int64_t) * (size_t)n * (size_t)height);
    int64_t *p = malloc(sizeof(int64_t) * (size_t)n * (size_t)extended);
    int64_t *q = malloc(sizeof(int64_t) * (size_t)n * (size_t)extended);
    long longest = width + L + R;
    int64_t *a = malloc(sizeof(int64_t) * 4 * (size_t)longest);
    int64_t *b = malloc(sizeof(int64_t) * 4 * (size_t)longest);
    if (!plane || !p || !q || !a || !b) {
        free(plane); free(p); free(q); free(a); free(b);
        return 0;
    }
    // Rows: each extended by its edge pixels, blurred; sums (scaled by `divisor`) into the plane.
    for (long y = 0; y < height; y++) {
        const uint32_t *row = source + y * sourceStride;
        long m = width + L + R;
        for (long i = 0; i < m; i++) {
            long x = i - L;
            uint32_t v = row[x < 0 ? 0 : (x >= width ? width - 1 : x)];
            a[i * 4 + 0] = v >> 24; a[i * 4 + 1] = (v >> 16) & 0xFF;
            a[i * 4 + 2] = (v >> 8) & 0xFF; a[i * 4 + 3] = v & 0xFF;
        }
        int64_t *out = three_passes(a, b, m, left, right);
        int64_t *to = plane + y * n;
        for (long i = 0; i < n; i++) to[i] = out[L * 4 + i];
    }
    // Columns, a whole row at a time (the plane's rows extended by its edge rows): pass k's rows are running
    // sums of its input's rows. Input rows [lo, hi) in target row numbers; the plane covers [0, height).
    const int64_t *in = plane;
    long inY0 = 0, inRows = height, lo = -L, hi = height + R;
    int64_t *outs[2] = {p, q};
    for (int k = 0; k < 3; k++) {
        long l = left[k], r = right[k];
        long first = lo + l, last = hi - r;
        int64_t *out = outs[k & 1];
        int64_t *o = out; // row `first`
        for (long i = 0; i < n; i++) o[i] = 0;
        for (long j = first - l; j <= first + r; j++) {
            const int64_t *s = row_at(in, inY0, inRows, n, j);
            for (long i = 0; i < n; i++) o[i] += s[i];
        }
        for (long y = first + 1; y < last; y++) {
            const int64_t *add = row_at(in, inY0, inRows, n, y + r), *sub = row_at(in, inY0, inRows, n, y - l - 1);
            const int64_t *prev = out + (y - 1 - first) * n;
            int64_t *cur = out + (y - first) * n;
            for (long i = 0; i < n; i++) cur[i] = prev[i] + add[i] - sub[i];
        }
        in = out;
        inY0 = first;
        inRows = last - first;
        lo = first;
        hi = last;
    }
    // Rows [0, height) of the last pass: each channel divided once, rounding half up. The quotient comes from
    // a double's product and is then corrected to the exact integer one.
    int64_t whole = divisor * divisor, half = whole / 2;
    double inverse = 1.0 / (double)whole;
    for (long y = 0; y < height; y++) {
        const int64_t *s = in + (y - inY0) * n;
        uint32_t *to = destination + y * destinationStride;
        for (long x = 0; x < width; x++) {
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
    free(plane); free(p); free(q); free(a); free(b);
    return 1;
}
