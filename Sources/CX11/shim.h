// Xlib (libX11), for the X11 presenter's C code (Sources/CSegueX11) only.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
