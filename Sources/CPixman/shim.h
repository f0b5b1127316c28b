#ifndef SEGUE_CPIXMAN_SHIM_H
#define SEGUE_CPIXMAN_SHIM_H
#include <pixman.h>

// Function-like macros Swift cannot import, wrapped as inline functions.
static inline pixman_fixed_t segue_pixman_double_to_fixed(double d) { return pixman_double_to_fixed(d); }
static inline double segue_pixman_fixed_to_double(pixman_fixed_t f) { return pixman_fixed_to_double(f); }

#endif
