#ifndef SEGUE_CZLIB_SHIM_H
#define SEGUE_CZLIB_SHIM_H
#include <zlib.h>
#endif
