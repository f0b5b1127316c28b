import Foundation
import CSDL2
import SegueAnimation
import SegueUI

/// A resizable, HiDPI-aware SDL window that runs a ``HostedScene`` at 60 frames per second.
///
/// One frame: the clock is at the frame's nominal time (the pacer's schedule); the one frame function
/// runs with the input SDL delivered (translated to Segue's events: input -> queued work -> layout ->
/// callbacks -> presentation -> render); then present; then the pacer waits for the next deadline. Escape handling is the scene's (``HostedScene/wantsToQuit``); a close request always quits.
@MainActor
public final class SDLWindowHost {
    /// The smallest and largest window side accepted, in points.
    public nonisolated static let windowSideRange = 1...8192

    /// The pacer whose schedule the clock follows.
    public let pacer: FramePacer
    /// The clock scenes must give their layer tree.
    public let clock: PacedClock
    /// The renderer drawing the scene.
    public let layerRenderer: LayerRenderer
    /// The SDL render driver in use ("opengl", "software"...).
    public let rendererName: String
    /// Timings of the recent frames.
    public private(set) var statistics = FrameStatistics()
    /// The window's size in points.
    public private(set) var pointSize: CGSize

    private let context: SDLContext
    private let window: OpaquePointer
    private let sdlRenderer: OpaquePointer
    private let time = SDLTimeSource()
    private var translator: InputTranslator
    private var isOpen = true

    /// SDL's video drivers that open no visible window (SDL falls back to them when there is no display).
    static let invisibleVideoDrivers: Set<String> = ["dummy", "offscreen", "evdev"]

    /// A window that cannot be made.
    public enum HostError: Error, CustomStringConvertible {
        /// A side of the requested size is outside ``SDLWindowHost/windowSideRange`` points.
        case invalidSize(CGSize)
        /// SDL has no render driver named after the choice; `available` lists the drivers it has.
        case rendererUnavailable(RendererChoice, available: [String])
        /// SDL found no display to open a window on and fell back to a video driver that shows nothing.
        case noDisplay(driver: String)

        public var description: String {
            switch self {
            case .invalidSize(let s):
                "A window must be between \(windowSideRange.lowerBound) and \(windowSideRange.upperBound) points on each side, got \(s.width)x\(s.height)"
            case .rendererUnavailable(let choice, let available):
                "The \(choice.rawValue) renderer is not available (SDL has: \(available.joined(separator: ", ")))"
            case .noDisplay(let driver):
                "No display to open a window on (SDL chose its \"\(driver)\" video driver, which shows nothing): "
                    + "run under X11 or Wayland, or under Xvfb (Xvfb :99 & DISPLAY=:99 segue)"
            }
        }
    }

    /// Opens a window of `size` points titled `title`, with the chosen renderer.
    public init(title: String, size: CGSize, renderer choice: RendererChoice = .automatic,
                fonts: FontLocator.Fonts? = nil) throws {
        guard size.width.rounded() == size.width, size.height.rounded() == size.height,
              Self.windowSideRange.contains(Int(exactly: size.width) ?? 0),
              Self.windowSideRange.contains(Int(exactly: size.height) ?? 0) else {
            throw HostError.invalidSize(size)
        }
        let fonts = try fonts ?? FontLocator().locate()
        context = try SDLContext(video: true)
        if let name = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), Self.invisibleVideoDrivers.contains(name) {
            context.close()
            throw HostError.noDisplay(driver: name)
        }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow(title, segue_SDL_WINDOWPOS_CENTERED(), segue_SDL_WINDOWPOS_CENTERED(),
                                            Int32(size.width), Int32(size.height), flags) else {
            context.close()
            throw SDLError("SDL_CreateWindow")
        }
        self.window = window
        do {
            sdlRenderer = try Self.makeRenderer(window, choice)
        } catch {
            SDL_DestroyWindow(window)
            context.close()
            throw error
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(sdlRenderer, &info)
        rendererName = String(cString: info.name)
        pointSize = size
        translator = InputTranslator(windowSize: size)
        layerRenderer = try LayerRenderer(sdlRenderer: sdlRenderer, fonts: fonts)
        pacer = FramePacer(time: time)
        clock = PacedClock(pacer: pacer)
        updateSize()
    }

    private static func makeRenderer(_ window: OpaquePointer, _ choice: RendererChoice) throws -> OpaquePointer {
        var names: [String] = []
        for i in 0..<SDL_GetNumRenderDrivers() {
            var info = SDL_RendererInfo()
            if SDL_GetRenderDriverInfo(i, &info) == 0 { names.append(String(cString: info.name)) }
        }
        // Vsync is not requested: the pacer keeps time (Xvfb only simulates vsync).
        switch choice {
        case .automatic:
            if let r = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue) {
                return r
            }
            guard let r = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
                throw SDLError("SDL_CreateRenderer(software)")
            }
            return r
        default:
            guard let index = names.firstIndex(of: choice.rawValue) else {
                throw HostError.rendererUnavailable(choice, available: names)
            }
            let flags = choice == .software ? SDL_RENDERER_SOFTWARE.rawValue
                : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue
            guard let r = SDL_CreateRenderer(window, Int32(index), flags) else {
                throw SDLError("SDL_CreateRenderer(\(choice.rawValue))")
            }
            return r
        }
    }

    /// Reads the window's size in points and its drawable size in pixels; sets the renderer's scale.
    private func updateSize() {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
        if w > 0 && h > 0 {
            pointSize = CGSize(width: Double(w), height: Double(h))
            translator.windowSize = pointSize
            if pw > 0 { layerRenderer.scale = Double(pw) / Double(w) }
        }
    }

    /// Closes the window and SDL (also done when released).
    public func close() {
        guard isOpen else { return }
        isOpen = false
        layerRenderer.close()
        SDL_DestroyRenderer(sdlRenderer)
        SDL_DestroyWindow(window)
        context.close()
    }

    isolated deinit { close() }

    /// Runs frames until the scene wants to quit, the window is closed, or `frameLimit` frames ran.
    /// Each frame is the one frame function (``SegueUI/HostedScene/runFrame(input:render:observer:)``)
    /// with the input SDL delivered since the last frame (the first frame's input is the window's size),
    /// rendered by ``layerRenderer`` and presented. `afterFrame` is called after each frame's present
    /// with its index (from 0).
    public func run(_ scene: HostedScene, frameLimit: Int? = nil, afterFrame: ((Int) -> Void)? = nil) throws {
        var frame = 0
        var event = SDL_Event()
        var input: [InputEvent] = [.window(.resized(pointSize))]
        pacer.waitForNextFrame()   // start on a fresh schedule: setting up the scene may have taken a while
        while true {
            let start = time.now()
            var closeRequested = false
            while SDL_PollEvent(&event) != 0 {
                for translated in translator.translate(event) {
                    switch translated {
                    case .window(.resized):
                        // The one resize path: the host measures the window, the scene gets the size as input.
                        updateSize()
                        input.append(.window(.resized(pointSize)))
                    case .window(.closeRequested):
                        closeRequested = true
                        input.append(translated)
                    default:
                        input.append(translated)
                    }
                }
            }
            if closeRequested { return }
            var updated = start, rendered = start
            try scene.runFrame(input: input) { tree in
                updated = time.now()
                try layerRenderer.render(tree)
                rendered = time.now()
            }
            input.removeAll(keepingCapacity: true)
            if scene.wantsToQuit { return }
            SDL_RenderPresent(sdlRenderer)
            let end = time.now()
            afterFrame?(frame)
            let outcome = pacer.waitForNextFrame()
            statistics.record(start: start, work: end - start, late: outcome != .onTime,
                              phases: .init(update: updated - start, render: rendered - updated, present: end - rendered))
            frame += 1
            if let frameLimit, frame >= frameLimit { return }
        }
    }

    /// Forgets the frame timings (e.g. after a warm-up).
    public func resetStatistics() { statistics = FrameStatistics(capacity: statistics.capacity) }

    /// Sets the capacity of the frame timings kept (and forgets them).
    public func resetStatistics(capacity: Int) { statistics = FrameStatistics(capacity: capacity) }
}
