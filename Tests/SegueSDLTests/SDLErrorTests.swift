import CSDL2
import Testing
@testable import SegueSDL

@Suite struct SDLErrorTests {
    @Test func carriesSDLsMessage() {
        _ = segue_SDL_SetErrorMessage("the renderer is gone")
        let error = SDLError("SDL_CreateRenderer")
        #expect(error.description == "SDL_CreateRenderer failed: the renderer is gone")
    }
}
