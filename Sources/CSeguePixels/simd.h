#ifndef SEGUE_PIXELS_SIMD_H
#define SEGUE_PIXELS_SIMD_H

// Which vector code the pixel kernels compile: x86's SSE2 (and AVX2, chosen at run time) where the CPU is
// x86, else none, only the scalar code, which gives the same pixels (every kernel's vector path mirrors
// its scalar one, lane for lane). Defining SEGUE_SCALAR_PIXELS (SEGUE_SCALAR_PIXELS=1 in the environment
// of `swift build`/`swift test`: Package.swift passes it on) forces the scalar code on x86 too, as on
// aarch64, so that the tests can run it there.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(SEGUE_SCALAR_PIXELS)
#define SEGUE_PIXELS_SSE2 1
#else
#define SEGUE_PIXELS_SSE2 0
#endif

#endif
