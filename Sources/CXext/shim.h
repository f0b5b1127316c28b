// Xlib's MIT-SHM extension (libXext), for the X11 presenter's C code (Sources/CSegueX11) only.
#include <X11/Xlib.h>
#include <X11/extensions/XShm.h>
