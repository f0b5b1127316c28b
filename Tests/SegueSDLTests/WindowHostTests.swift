import Foundation
import SegueAnimation
import SegueUI
import Testing
import CSDL2
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

    /// No `DISPLAY` and no `WAYLAND_DISPLAY`, and SDL's X11 driver asked for: the error says so, with SDL's reason.
    @Test func noDisplayVariableIsAClearError() async {
        await #expect(processExitsWith: .exitCode(WindowHostTests.sawNoDisplay)) {
            unsetenv("DISPLAY")
            unsetenv("WAYLAND_DISPLAY")
            setenv("SDL_VIDEODRIVER", "x11", 1)
            let outcome: Int32 = await MainActor.run {
                do {
                    let host = try SDLWindowHost(title: "segue test", size: CGSize(width: 320, height: 240))
                    host.close()
                    return WindowHostTests.openedAWindow
                } catch let error as SDLWindowHost.HostError {
                    guard case .noDisplayVariable = error else { return WindowHostTests.sawOtherError }
                    return "\(error)".hasPrefix("No display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set; SDL: ")
                        ? WindowHostTests.sawNoDisplay : WindowHostTests.sawOtherError
                } catch {
                    return WindowHostTests.sawOtherError
                }
            }
            exit(outcome)
        }
    }

    /// A GPU renderer that cannot be created (here: SDL_CreateRenderer's failure, simulated):
    /// chosen automatically, the window recovers onto the CPU compositor and says why; asked for with
    /// `--renderer gpu`, it is a clear error.
    @Test func aGPURendererThatFailsFallsBackWhenChosenAutomatically() async {
        await #expect(processExitsWith: .exitCode(WindowHostTests.openedAWindow)) {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
            let outcome: Int32 = await MainActor.run {
                let gpu = BackEndSelection(kind: .gpu, reason: "OpenGL is a test GPU")
                let failing: SDLWindowHost.RendererFactory = { _, _ in
                    throw SDLError("SDL_CreateRenderer", message: "no GPU today")
                }
                do {
                    let host = try SDLWindowHost(testingTitle: "segue test", size: CGSize(width: 320, height: 240),
                                                 renderer: .automatic, selection: gpu, allowsInvisibleDriver: true,
                                                 makeRenderer: failing)
                    defer { host.close() }
                    // SDL's offscreen driver is no X11: the CPU compositor presents through SDL's window
                    // surface, and says why.
                    guard host.backEnd.kind == .cpu,
                          host.backEnd.reason == "automatic: OpenGL is a test GPU, but its renderer could not be created "
                            + "(SDL_CreateRenderer failed: no GPU today); the CPU compositor draws instead",
                          host.rendererName == "cpu compositor (pixman)",
                          host.presenterDescription.hasPrefix("sdl window surface (no X11 presenter: ")
                    else { return WindowHostTests.sawOtherError }
                    try host.run(EmptyScene(clock: host.clock), frameLimit: 3)   // it draws
                } catch {
                    return WindowHostTests.sawOtherError
                }
                do {
                    let host = try SDLWindowHost(testingTitle: "segue test", size: CGSize(width: 320, height: 240),
                                                 renderer: .gpu, selection: gpu, allowsInvisibleDriver: true,
                                                 makeRenderer: failing)
                    host.close()
                    return WindowHostTests.sawOtherError
                } catch let error as SDLError {
                    return "\(error)" == "SDL_CreateRenderer failed: no GPU today" ? WindowHostTests.openedAWindow : WindowHostTests.sawOtherError
                } catch {
                    return WindowHostTests.sawOtherError
                }
            }
            exit(outcome)
        }
    }

    /// Frames on demand: a scene that asks for a frame a tenth of a second later is not run in between
    /// (its clock reads jump by at least that much), and the host says it slept.
    @Test func theHostSleepsUntilTheFrameASceneAsksFor() async {
        await #expect(processExitsWith: .exitCode(WindowHostTests.openedAWindow)) {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
            let outcome: Int32 = await MainActor.run {
                do {
                    let host = try SDLWindowHost(testingTitle: "segue test", size: CGSize(width: 320, height: 240),
                                                 renderer: .cpu, selection: nil, allowsInvisibleDriver: true)
                    defer { host.close() }
                    let scene = DeadlineScene(clock: host.clock, wait: 0.1, frames: 4)
                    try host.run(scene)
                    let gaps = zip(scene.times.dropFirst(), scene.times).map { $0 - $1 }
                    guard scene.times.count == 4, gaps.allSatisfy({ $0 >= 0.1 }), host.idleWaits == 3 else {
                        return WindowHostTests.sawOtherError
                    }
                    return WindowHostTests.openedAWindow
                } catch {
                    return WindowHostTests.sawOtherError
                }
            }
            exit(outcome)
        }
    }

    /// GPU damage: once a small square alone changes, the GPU back-end redraws only its pixels (into the
    /// window's kept texture) and the window still shows every pixel right.
    @Test func theGPUBackEndRedrawsOnlyWhatChangedAndShowsItRight() async {
        await #expect(processExitsWith: .exitCode(WindowHostTests.openedAWindow)) {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
            let outcome: Int32 = await MainActor.run {
                do {
                    let gpu = BackEndSelection(kind: .gpu, reason: "test")
                    let host = try SDLWindowHost(testingTitle: "segue test", size: CGSize(width: 320, height: 240),
                                                 renderer: .software, selection: gpu, allowsInvisibleDriver: true)
                    defer { host.close() }
                    guard let backend = host.backend as? GPUWindowBackend else { return WindowHostTests.sawOtherError }
                    let scene = BlinkingScene(clock: host.clock)
                    @MainActor func pixel(_ x: Int32, _ y: Int32) -> UInt32 {
                        var rect = SDL_Rect(x: x, y: y, w: 1, h: 1)
                        var value: UInt32 = 0
                        SDL_RenderReadPixels(backend.sdlRenderer, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, &value, 4)
                        return value & 0xFFFFFF
                    }
                    // After every present, the window shows the square's colour of that frame and the rest.
                    var shownRight = true
                    let check: (Int) -> Void = { _ in
                        let expected: UInt32 = scene.square.backgroundColor == .red ? 0xFF0000 : 0x0000FF
                        shownRight = shownRight && pixel(50, 50) == expected && pixel(200, 150) == 0x00FF00
                            && pixel(5, 5) == 0xFFFFFF
                    }
                    try host.run(scene, frameLimit: 2, afterFrame: check)   // the first frame draws everything
                    let written = backend.writtenPixels
                    // The square alone changes: the first of these frames redraws the kept texture whole.
                    try host.run(scene, frameLimit: 4, afterFrame: check)
                    let square = 20 * 20
                    guard shownRight, backend.writtenPixels - written <= 320 * 240 + 3 * square,
                          backend.writtenPixels - written >= 4 * square
                    else { return WindowHostTests.sawOtherError }
                    return WindowHostTests.openedAWindow
                } catch {
                    return WindowHostTests.sawOtherError
                }
            }
            exit(outcome)
        }
    }

    @Test func theLostDisplayLineNamesTheDisplay() {
        #expect(DisplayConnection.lostMessage(display: ":77")
                == "error: lost the connection to the display \":77\" (the X server was closed or killed); segue exits\n")
        #expect(DisplayConnection.lostMessage(display: nil)
                == "error: lost the connection to the display (DISPLAY not set) (the X server was closed or killed); segue exits\n")
    }

    @MainActor
    @Test func impossibleSizeIsRefusedBeforeSDLStarts() {
        #expect(throws: SDLWindowHost.HostError.self) {
            _ = try SDLWindowHost(title: "segue test", size: CGSize(width: 0, height: 240))
        }
    }
}

/// A scene with one layer and nothing to do.
@MainActor
private final class EmptyScene: HostedScene {
    let layerTree: LayerTree
    var wantsToQuit: Bool { false }
    init(clock: FrameClock) { layerTree = LayerTree(root: Layer(), clock: clock) }
    func handle(_ event: InputEvent) {}
    func runQueuedWork() {}
    func layoutIfNeeded() {}
}

/// A still scene that asks for its next frame `wait` seconds after each one, and quits after `frames` frames.
@MainActor
private final class DeadlineScene: HostedScene {
    let layerTree: LayerTree
    let wait: Double, frames: Int
    private(set) var times: [Double] = []
    var wantsToQuit: Bool { times.count >= frames }
    var nextFrameRequest: FrameRequest { .at(layerTree.clock.now + wait) }
    init(clock: FrameClock, wait: Double, frames: Int) {
        layerTree = LayerTree(root: Layer(), clock: clock)
        self.wait = wait
        self.frames = frames
    }
    func handle(_ event: InputEvent) {}
    func runQueuedWork() { times.append(layerTree.clock.now) }
    func layoutIfNeeded() {}
}

/// A white scene with a green card and a 20x20 square that turns red and blue in turn, frame after frame.
@MainActor
private final class BlinkingScene: HostedScene {
    let layerTree: LayerTree
    let square = Layer()
    var wantsToQuit: Bool { false }
    init(clock: FrameClock) {
        let root = Layer()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        root.backgroundColor = .white
        let card = Layer()
        card.frame = CGRect(x: 150, y: 100, width: 120, height: 100)
        card.backgroundColor = .green
        root.addSublayer(card)
        square.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        square.backgroundColor = .blue
        root.addSublayer(square)
        layerTree = LayerTree(root: root, clock: clock)
    }
    func handle(_ event: InputEvent) {}
    func runQueuedWork() { square.backgroundColor = square.backgroundColor == .red ? .blue : .red }
    func layoutIfNeeded() {}
}
