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
        for (int c = 0; c < 4; c++) {
            int64_t sum = 0;
            for (long j = first - l; j <= first + r; j++) sum += in[j * 4 + c];
            out[first * 4 + c] = sum;
            for (long i = first + 1; i < last; i++) {
                sum += in[(i + r) * 4 + c] - in[(i - l - 1) * 4 + c];
                out[i * 4 + c] = sum;
            }
        }
        lo = first;
        hi = last;
        int64_t *t = in; in = out; out = t;
    }
    return in;
}

int segue_box_blur(const uint32_t *source, long sourceStride, uint32_t *destination, long destinationStride,
                   long width, long height, const int left[3], const int right[3]) {
    if (width <= 0 || height <= 0) return 1;
    long L = left[0] + left[1] + left[2], R = right[0] + right[1] + right[2];
    int64_t divisor = 1;
    for (int k = 0; k < 3; k++) divisor *= (int64_t)(left[k] + right[k] + 1);
    long longest = (width > height ? width : height) + L + R;
    int64_t *plane = malloc(sizeof(int64_t) * 4 * (size_t)width * (size_t)height);
    int64_t *a = malloc(sizeof(int64_t) * 4 * (size_t)longest);
    int64_t *b = malloc(sizeof(int64_t) * 4 * (size_t)longest);
    if (!plane || !a || !b) {
        free(plane); free(a); free(b);
        return 0;
    }
    // Rows: each extended by its edge pixels, blurred; sums (scaled by `divisor`) into the plane.
    for (long y = 0; y < height; y++) {
        const uint32_t *row = source + y * sourceStride;
        long n = width + L + R;
        for (long i = 0; i < n; i++) {
            long x = i - L;
            uint32_t p = row[x < 0 ? 0 : (x >= width ? width - 1 : x)];
            a[i * 4 + 0] = p >> 24; a[i * 4 + 1] = (p >> 16) & 0xFF;
            a[i * 4 + 2] = (p >> 8) & 0xFF; a[i * 4 + 3] = p & 0xFF;
        }
        int64_t *out = three_passes(a, b, n, left, right);
        for (long x = 0; x < width; x++)
            for (int c = 0; c < 4; c++) plane[(y * width + x) * 4 + c] = out[(x + L) * 4 + c];
    }
    // Columns of the row sums, extended by the edge rows' sums (the edge pixels extended in both directions).
    int64_t whole = divisor * divisor;
    for (long x = 0; x < width; x++) {
        long n = height + L + R;
        for (long i = 0; i < n; i++) {
            long y = i - L;
            long yy = y < 0 ? 0 : (y >= height ? height - 1 : y);
            for (int c = 0; c < 4; c++) a[i * 4 + c] = plane[(yy * width + x) * 4 + c];
        }
        int64_t *out = three_passes(a, b, n, left, right);
        for (long y = 0; y < height; y++) {
            uint32_t v[4];
            for (int c = 0; c < 4; c++) v[c] = (uint32_t)((out[(y + L) * 4 + c] + whole / 2) / whole);
            destination[y * destinationStride + x] = v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3];
        }
    }
    free(plane); free(a); free(b);
    return 1;
}
