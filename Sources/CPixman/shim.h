#ifndef SEGUE_CPIXMAN_SHIM_H
#define SEGUE_CPIXMAN_SHIM_H
#include <pixman.h>

// Function-like macros Swift cannot import, wrapped as inline functions.
static inline pixman_fixed_t segue_pixman_double_to_fixed(double d) { return pixman_double_to_fixed(d); }
static inline double segue_pixman_fixed_to_double(pixman_fixed_t f) { return pixman_fixed_to_double(f); }

// A hint to fetch the cache line at `p` for reading (no effect on results; never faults). The
// compositor's resampler reads a turned picture along more rows at once than the memory prefetchers follow.
static inline void segue_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }

#endif
