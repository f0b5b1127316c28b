#ifndef SEGUE_CSDL2_SHIM_H
#define SEGUE_CSDL2_SHIM_H
#include <SDL2/SDL.h>

// Function-like macros Swift cannot import, wrapped as inline functions.
static inline int segue_SDL_WINDOWPOS_CENTERED(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline int segue_SDL_WINDOWPOS_UNDEFINED(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }
static inline Uint32 segue_SDL_BUTTON(Uint32 button) { return SDL_BUTTON(button); }
static inline int segue_SDL_SaveBMP(SDL_Surface *surface, const char *file) { return SDL_SaveBMP(surface, file); }
static inline int segue_SDL_MUSTLOCK(SDL_Surface *surface) { return SDL_MUSTLOCK(surface); }
static inline Uint32 segue_SDL_TOUCH_MOUSEID(void) { return SDL_TOUCH_MOUSEID; }
// SDL_SetError is variadic, which Swift cannot call.
static inline int segue_SDL_SetErrorMessage(const char *message) { return SDL_SetError("%s", message); }

#endif
