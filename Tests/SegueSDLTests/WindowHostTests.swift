import Foundation
import SegueAnimation
import Testing
@testable import SegueSDL

@Suite struct WindowHostTests {
    /// Exit codes the child process reports its outcome with.
    static let sawNoDisplay: Int32 = 3, sawOtherError: Int32 = 4, openedAWindow: Int32 = 5

    @Test func noDisplayIsAClearErrorNotAnInvisibleWindow() async {
        // In a child process: SDL's video state must not leak into the other tests.
        await #expect(processExitsWith: .exitCode(WindowHostTests.sawNoDisplay)) {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
            let outcome: Int32 = await MainActor.run {
                do {
                    let host = try SDLWindowHost(title: "segue test", size: CGSize(width: 320, height: 240))
                    host.close()
                    return WindowHostTests.openedAWindow
                } catch SDLWindowHost.HostError.noDisplay(let driver) {
                    return driver == "offscreen" ? WindowHostTests.sawNoDisplay : WindowHostTests.sawOtherError
                } catch {
                    return WindowHostTests.sawOtherError
                }
            }
            exit(outcome)
        }
    }

    @MainActor
    @Test func impossibleSizeIsRefusedBeforeSDLStarts() {
        #expect(throws: SDLWindowHost.HostError.self) {
            _ = try SDLWindowHost(title: "segue test", size: CGSize(width: 0, height: 240))
        }
    }
}
