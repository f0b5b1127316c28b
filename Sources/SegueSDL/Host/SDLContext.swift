import CSDL2
import CSDL2Image
import CSDL2TTF

/// The SDL libraries, initialised for as long as this object lives: SDL itself (with the video and
/// events subsystems for a window, or none for headless rendering), SDL2_ttf and SDL2_image (PNG).
///
/// Create one per host (window or headless renderer) and keep it alive while rendering; SDL's own
/// reference counting lets several exist one after another (tests do), but every SDL call must stay on
/// the main actor: SDL is not thread-safe.
@MainActor
package final class SDLContext {
    /// Whether the video and event subsystems were started (false for headless rendering).
    package let hasVideo: Bool
    private var isOpen = true

    /// Initialises SDL (`video` true: the video and events subsystems too), TTF and IMG (PNG).
    package init(video: Bool) throws {
        let flags: UInt32 = video ? (SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_TIMER) : 0
        guard SDL_Init(flags) == 0 else { throw SDLError("SDL_Init") }
        guard TTF_Init() == 0 else {
            SDL_Quit()
            throw SDLError("TTF_Init")
        }
        let png = Int32(IMG_INIT_PNG.rawValue)
        guard IMG_Init(png) & png == png else {
            TTF_Quit()
            SDL_Quit()
            throw SDLError("IMG_Init(PNG)")
        }
        hasVideo = video
    }

    /// Shuts the libraries down (also done when the context is released).
    package func close() {
        guard isOpen else { return }
        isOpen = false
        IMG_Quit()
        TTF_Quit()
        SDL_Quit()
    }

    isolated deinit { close() }
}
