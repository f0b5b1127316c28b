// Xlib's RENDER extension (libXrender), for the X11 presenter's C code (Sources/CSegueX11) only: the blurred
// cells of a backdrop scaled up by the X server.
#include <X11/Xlib.h>
#include <X11/extensions/Xrender.h>
