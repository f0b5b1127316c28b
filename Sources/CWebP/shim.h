#ifndef SEGUE_CWEBP_SHIM_H
#define SEGUE_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
#endif
