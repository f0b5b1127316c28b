import CSDL2
import Testing
@testable import SegueSDL

@Suite struct SDLErrorTests {
    @Test func carriesSDLsMessage() {
        let file = SDL_RWFromFile("/nonexistent/segue-test-file", "rb")
        #expect(file == nil)
        let error = SDLError("SDL_RWFromFile")
        #expect(error.description.hasPrefix("SDL_RWFromFile failed: Couldn't open /nonexistent/segue-test-file"))
    }
}
