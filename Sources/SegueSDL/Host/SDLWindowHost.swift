import Foundation
import CPixman
import CSDL2
import SegueAnimation
import SegueUI

/// A resizable, HiDPI-aware SDL window that runs a `HostedScene` at 60 frames per second, drawn by one
/// back-end (``RenderBackend``): the frame's render list executed by pixman (the CPU; shown on X11 by its
/// own presenter, elsewhere through SDL's window surface) or by `SDL_RenderGeometry` (the GPU); see
/// ``RendererChoice``.
///
/// A frame whose layers did not change since the last one draws and presents nothing; otherwise only the
/// pixels that changed are redrawn (both back-ends).
///
/// One frame: the clock is at the frame's nominal time (the pacer's schedule); the one frame function
/// runs with the input SDL delivered (translated to Segue's events: input -> queued work -> layout ->
/// callbacks -> presentation -> render); then present; then the pacer waits for the next deadline.
///
/// Frames on demand: when the scene needs no next frame (`nextFrameRequest`: nothing
/// animates, no work is queued, no display link runs), the host sleeps in SDL's event wait until input
/// arrives or the time the scene asked for comes, with no wake-ups in between, and the schedule restarts
/// then. While something animates the pacing is the same as ever. Escape handling is the scene's (`HostedScene.wantsToQuit`); a close request always quits.
@MainActor
public final class SDLWindowHost {
    /// The smallest and largest window side accepted, in points.
    public nonisolated static let windowSideRange = 1...8192
    /// The smallest size the user can resize the window to, in points (the replay's smallest window; a
    /// window opened smaller keeps its own size as its minimum). A window manager may ignore it: the app
    /// lays out at any size down to 1x1 point.
    public nonisolated static let minimumWindowSize = CGSize(width: 200, height: 200)

    /// The pacer whose schedule the clock follows.
    public let pacer: FramePacer
    /// The clock scenes must give their layer tree.
    public let clock: PacedClock
    /// Which kind of back-end draws the scene, and why it was chosen.
    public let backEnd: BackEndSelection
    /// The back-end drawing the scene.
    public var renderBackend: RenderBackend { backend }
    /// What draws: "cpu compositor (pixman, x11 shared memory)" (presented by its own X11 presenter), "cpu
    /// compositor (pixman)" (presented through SDL's window surface), or the GPU executor's SDL render
    /// driver ("opengl", "software"...).
    public var rendererName: String { backend.rendererName }
    /// Frames that drew and presented something (a frame with nothing changed presents nothing).
    public private(set) var presentedFrames = 0
    /// Pixels presented since the window opened (the CPU back-end: the damaged rectangles' areas; the GPU
    /// back-end: whole windows).
    public var presentedPixels: Int { backend.presentedPixels }
    /// Of ``presentedPixels``, those the back-end wrote: the rest the X server filled or copied from
    /// pictures itself (the X11 presenter's plan).
    public var backBufferPixels: Int { backend.writtenPixels }
    /// How frames reach the screen: "x11 shared memory" (the CPU back-end's own presenter, with fills and
    /// copies from pictures), "sdl window surface" and why, or "sdl renderer" (the GPU back-end).
    public var presenterDescription: String { backend.presenterDescription }
    /// How many times the host slept until input arrived or a requested time came (frames on demand).
    public private(set) var idleWaits = 0
    /// The raster caches' hits and misses since the window opened (or ``resetRasterCacheTotals()``).
    public private(set) var rasterCache = RasterCacheTotals()
    /// Timings of the recent frames.
    public private(set) var statistics = FrameStatistics()
    /// When set, each frame adds its thread CPU time step by step (`segue bench --steps`); nil (the
    /// default) reads no clock. Setting it turns the compositor's own readings on or off with it.
    public var stepCPU: FrameStepCPU? {
        didSet { backend.measuresThreadCPU = stepCPU != nil }
    }
    /// Whether the pacer waits for each frame by spinning instead of sleeping (`segue bench --spin`: the
    /// thread never leaves the core, so a frame's CPU can be compared with the same frame after a sleep,
    /// with caches and TLBs emptied by whatever ran meanwhile). Off by default; it burns a core.
    public var waitsBySpinning = false {
        didSet { time.spinsAlways = waitsBySpinning }
    }
    /// The window's size in points.
    public private(set) var pointSize: CGSize

    private let context: SDLContext
    private let window: OpaquePointer
    private(set) var backend: any WindowBackend
    private let time: SDLTimeSource
    private var translator: InputTranslator
    /// How the window's input translator turns trackpad scrolls into swipes (``TrackpadSwipe``);
    /// ``TrackpadSwipe/assumesNaturalScrolling`` starts from `SEGUE_NATURAL_SCROLLING`.
    public var trackpadSwipe: TrackpadSwipe {
        get { translator.trackpad }
        set { translator.trackpad = newValue }
    }
    private var isOpen = true

    /// With the X11 presenter, frames between two runs of SDL's event pump when no X event waits (a quarter
    /// of a second: a Ctrl-C, which SDL turns into a quit event in its pump, is answered within it).
    static let fullPumpInterval = 15

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
        /// SDL's video could not start and neither `DISPLAY` nor `WAYLAND_DISPLAY` is set; `reason` is SDL's.
        case noDisplayVariable(reason: String)
        /// The window surface has a pixel format the CPU compositor does not draw into.
        case unsupportedSurfaceFormat(String)

        /// One line saying what went wrong and what to do.
        public var description: String {
            switch self {
            case .invalidSize(let s):
                "A window must be between \(windowSideRange.lowerBound) and \(windowSideRange.upperBound) points on each side, got \(s.width)x\(s.height)"
            case .rendererUnavailable(let choice, let available):
                "The \(choice.rawValue) renderer is not available (SDL has: \(available.joined(separator: ", ")))"
            case .noDisplay(let driver):
                "No display to open a window on (SDL chose its \"\(driver)\" video driver, which shows nothing): "
                    + "run under X11 or Wayland, or under Xvfb (Xvfb :99 & DISPLAY=:99 segue)"
            case .noDisplayVariable(let reason):
                "No display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set; SDL: \(reason)): "
                    + "run under X11 or Wayland, or under Xvfb (Xvfb :99 & DISPLAY=:99 segue)"
            case .unsupportedSurfaceFormat(let name):
                "The window surface is \(name); the CPU compositor draws into 32-bit XRGB or ARGB only (use --renderer gpu)"
            }
        }
    }

    /// Opens a window of `size` points titled `title`, with the chosen renderer.
    public convenience init(title: String, size: CGSize, renderer choice: RendererChoice = .automatic,
                fonts: FontLocator.Fonts? = nil) throws {
        try self.init(title: title, size: size, choice: choice, fonts: fonts, selection: nil, allowsInvisibleDriver: false,
                      makeRenderer: Self.makeRenderer)
    }

    /// Makes the GPU path's SDL renderer for a window.
    typealias RendererFactory = @MainActor (OpaquePointer, RendererChoice) throws -> OpaquePointer

    /// For tests: a window whose back-end is `selection` as if ``RendererChoice/automatic`` had picked it,
    /// on any video driver (SDL's `offscreen` driver makes windows with a framebuffer and no display), its
    /// GPU renderer made by `makeRenderer`.
    convenience init(testingTitle title: String, size: CGSize, renderer choice: RendererChoice,
                     selection: BackEndSelection?, allowsInvisibleDriver: Bool,
                     makeRenderer: @escaping RendererFactory = SDLWindowHost.makeRenderer) throws {
        try self.init(title: title, size: size, choice: choice, fonts: nil, selection: selection,
                      allowsInvisibleDriver: allowsInvisibleDriver, makeRenderer: makeRenderer)
    }

    /// The value of `SDL_HINT_FRAMEBUFFER_ACCELERATION` for the CPU back-end: "0", so that SDL shows the
    /// window surface through X11's shared-memory framebuffer (~0.2 ms per update at 1280x800) instead
    /// of uploading it through an accelerated renderer, which is llvmpipe here (~4.5 ms, 7 ms of CPU).
    static let unacceleratedFramebuffer = "0"

    private init(title: String, size: CGSize, choice: RendererChoice, fonts: FontLocator.Fonts?,
                 selection: BackEndSelection?, allowsInvisibleDriver: Bool, makeRenderer: RendererFactory) throws {
        guard size.width.rounded() == size.width, size.height.rounded() == size.height,
              Self.windowSideRange.contains(Int(exactly: size.width) ?? 0),
              Self.windowSideRange.contains(Int(exactly: size.height) ?? 0) else {
            throw HostError.invalidSize(size)
        }
        let fonts = try fonts ?? FontLocator().locate()
        do {
            context = try SDLContext(video: true)
        } catch let error as SDLError where !Self.hasDisplayVariable() {
            throw HostError.noDisplayVariable(reason: error.message)
        }
        DisplayConnection.exitWhenLost()
        if !allowsInvisibleDriver, let name = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }),
           Self.invisibleVideoDrivers.contains(name) {
            context.close()
            throw HostError.noDisplay(driver: name)
        }
        var backEnd = selection ?? Self.select(choice)
        var window: OpaquePointer
        var gpuRenderer: OpaquePointer?
        do {
            window = try Self.makeWindow(title, size, for: backEnd.kind)
            if backEnd.kind == .gpu {
                do {
                    gpuRenderer = try makeRenderer(window, choice)
                } catch where choice == .automatic {
                    // A clean recovery: the CPU compositor needs no renderer, only the window's framebuffer
                    // (unaccelerated: the window is made again with the hint set).
                    SDL_DestroyWindow(window)
                    backEnd = BackEndSelection(kind: .cpu, reason: "automatic: \(backEnd.reason), but its renderer "
                                                + "could not be created (\(error)); the CPU compositor draws instead")
                    window = try Self.makeWindow(title, size, for: .cpu)
                }
            }
        } catch {
            context.close()
            throw error
        }
        self.backEnd = backEnd
        SDL_SetWindowMinimumSize(window, Int32(min(size.width, Self.minimumWindowSize.width)),
                                 Int32(min(size.height, Self.minimumWindowSize.height)))
        self.window = window
        pointSize = size
        translator = InputTranslator(windowSize: size)
        translator.trackpad.assumesNaturalScrolling =
            ProcessInfo.processInfo.environment[TrackpadSwipe.naturalScrollingVariable] == "1"
        if let gpuRenderer {
            backend = GPUWindowBackend(sdlRenderer: gpuRenderer, fonts: fonts)
        } else {
            backend = CPUWindowBackend(window: window, fonts: fonts)
        }
        // Both back-ends sleep to the deadline (nanosleep, a few tens of microseconds late on Linux) instead
        // of spinning its last 1.5-2.5 ms: on the GPU path that spin was 11 % of the push/pop bench's CPU
        // (perf, llvmpipe, load 0.9), and the pacing needs no more precision than the CPU path gets.
        time = SDLTimeSource(spinMargin: 0)
        pacer = FramePacer(time: time)
        clock = PacedClock(pacer: pacer)
        updateSize()
    }

    /// Whether `DISPLAY` or `WAYLAND_DISPLAY` names a display.
    private static func hasDisplayVariable() -> Bool {
        ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(ProcessInfo.processInfo.environment[$0] ?? "").isEmpty }
    }

    /// A shown, resizable window of `size` points for a back-end (the CPU compositor's with SDL's
    /// framebuffer unaccelerated: the hint is read when the framebuffer is made, so it is set first).
    private static func makeWindow(_ title: String, _ size: CGSize, for kind: BackEndSelection.Kind) throws -> OpaquePointer {
        if kind == .cpu { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, unacceleratedFramebuffer) }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow(title, segue_SDL_WINDOWPOS_CENTERED(), segue_SDL_WINDOWPOS_CENTERED(),
                                            Int32(size.width), Int32(size.height), flags) else {
            throw SDLError("SDL_CreateWindow")
        }
        return window
    }

    /// The back-end for a choice; ``RendererChoice/automatic`` asks OpenGL what renders it.
    private static func select(_ choice: RendererChoice) -> BackEndSelection {
        switch choice {
        case .automatic: BackEndSelection.automatic(glRenderer: GLProbe.rendererName())
        case .cpu: BackEndSelection(kind: .cpu, reason: "asked for with --renderer cpu")
        default: BackEndSelection(kind: .gpu, reason: "asked for with --renderer \(choice.rawValue)")
        }
    }

    static func makeRenderer(_ window: OpaquePointer, _ choice: RendererChoice) throws -> OpaquePointer {
        var names: [String] = []
        for i in 0..<SDL_GetNumRenderDrivers() {
            var info = SDL_RendererInfo()
            if SDL_GetRenderDriverInfo(i, &info) == 0 { names.append(String(cString: info.name)) }
        }
        // Vsync is not requested: the pacer keeps time (Xvfb only simulates vsync).
        switch choice {
        case .automatic, .gpu, .cpu:
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

    /// Reads the window's size in points; the back-end measures its pixels (its scale) again.
    private func updateSize() {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        if w > 0 && h > 0 {
            pointSize = CGSize(width: Double(w), height: Double(h))
            translator.windowSize = pointSize
        }
        backend.windowResized(pointWidth: w)
    }

    /// Closes the window and SDL (also done when released).
    public func close() {
        guard isOpen else { return }
        isOpen = false
        backend.close()
        SDL_DestroyWindow(window)
        context.close()
    }

    isolated deinit { close() }

    /// Runs frames until the scene wants to quit, the window is closed, or `frameLimit` frames ran.
    /// Each frame is the one frame function (`runFrame(input:render:observer:)`)
    /// with the input SDL delivered since the last frame (the first frame's input is the window's size),
    /// rendered by the back-end and presented. `afterFrame` is called after each frame's present
    /// with its index (from 0). Between frames the host sleeps until input while the scene needs no
    /// frame (frames on demand); with a `frameLimit` every frame runs on the schedule, so the run ends.
    public func run(_ scene: HostedScene, frameLimit: Int? = nil, afterFrame: ((Int) -> Void)? = nil) throws {
        var frame = 0
        var event = SDL_Event()
        var input: [InputEvent] = [.window(.resized(pointSize))]
        pacer.waitForNextFrame()   // start on a fresh schedule: setting up the scene may have taken a while
        var cpuMark = stepCPU != nil ? FrameStepCPU.threadSeconds() : 0
        /// Adds the CPU since the last mark to `step` (when steps are measured; the first mark after
        /// `stepCPU` was set during the run only starts the count).
        func mark(_ step: FrameStepCPU.Step) {
            guard stepCPU != nil else { return }
            let now = FrameStepCPU.threadSeconds()
            if cpuMark > 0 { stepCPU?.add(step, now - cpuMark) }
            cpuMark = now
        }
        while true {
            let start = time.now()
            var closeRequested = false
            // With the X11 presenter, SDL's event pump (a read of the X connection and SDL's bookkeeping) runs
            // only when X events wait, and every `fullPumpInterval` frames (SDL's own duties: signals):
            // otherwise only SDL's queue is read.
            let pumps = backend.beginFrame() || frame % Self.fullPumpInterval == 0
            while (pumps ? SDL_PollEvent(&event) : SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue,
                                                                  SDL_LASTEVENT.rawValue)) > 0 {
                if event.type == SDL_WINDOWEVENT.rawValue && event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue) {
                    backend.exposed()
                }
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
            // SDL 2 sends nothing when the fingers leave the trackpad: a swipe ends after a pause (on SDL's clock,
            // the events' own).
            input += translator.endIdleSwipe(at: Double(SDL_GetTicks()) / 1000)
            if closeRequested { return }
            mark(.events)
            var updated = start, rendered = start, drew = false
            try scene.runFrame(input: input) { tree in
                updated = time.now()
                mark(.update)
                drew = try backend.render(tree)
                rasterCache.add(backend.lastFrame)
                rendered = time.now()
                if stepCPU != nil, cpuMark > 0 {
                    // The render list's own readings split the render: record, damage, draw.
                    let now = FrameStepCPU.threadSeconds()
                    let c = backend.lastFrame
                    stepCPU?.add(.damage, c.damageCPUSeconds)
                    stepCPU?.add(.draw, c.drawCPUSeconds)
                    stepCPU?.add(.record, now - cpuMark - c.damageCPUSeconds - c.drawCPUSeconds)
                    cpuMark = now
                }
            }
            mark(.update)
            input.removeAll(keepingCapacity: true)
            if scene.wantsToQuit { return }
            if drew {
                backend.present()
                presentedFrames += 1
            }
            mark(.present)
            time.spinsBeforeDeadline = drew
            let end = time.now()
            afterFrame?(frame)
            let outcome: FramePacer.Outcome
            // While a trackpad swipe is under way frames run on, so that its end (a pause) is seen in time.
            if waitForInput(frameLimit == nil && !translator.isSwiping ? scene.nextFrameRequest : .nextFrame) {
                pacer.resume()
                outcome = .onTime
            } else {
                outcome = pacer.waitForNextFrame()
            }
            mark(.wait)
            stepCPU?.countFrame()
            statistics.record(start: start, work: end - start, late: outcome != .onTime,
                              phases: .init(update: updated - start, render: rendered - updated, present: end - rendered))
            frame += 1
            if let frameLimit, frame >= frameLimit { return }
        }
    }

    /// Sleeps in SDL's event wait until input arrives or the requested time comes, when that time is
    /// after the next frame's deadline; false (nothing waited) when the next frame is due on the schedule.
    private func waitForInput(_ request: FrameRequest) -> Bool {
        switch request {
        case .nextFrame:
            return false
        case .at(let clockTime):
            // The clock reads the pacer's schedule from its origin.
            let due = pacer.origin + clockTime
            guard due > pacer.nextDeadline else { return false }
            idleWaits += 1
            // With a null event SDL leaves the event in its queue for the next frame's pump. SDL counts
            // whole milliseconds: a wait that ends a little early without input sleeps the rest.
            let milliseconds = Int32(clamping: Int(((due - time.now()) * 1000).rounded(.up)))
            if milliseconds <= 0 || SDL_WaitEventTimeout(nil, milliseconds) == 0 { time.sleep(until: due) }
        case .onInput:
            idleWaits += 1
            _ = SDL_WaitEvent(nil)
        }
        return true
    }

    /// Starts the raster caches' totals again (e.g. at the start of a measurement).
    public func resetRasterCacheTotals() { rasterCache = RasterCacheTotals() }

    /// Forgets the frame timings (e.g. after a warm-up).
    public func resetStatistics() { statistics = FrameStatistics(capacity: statistics.capacity) }

    /// Sets the capacity of the frame timings kept (and forgets them).
    public func resetStatistics(capacity: Int) { statistics = FrameStatistics(capacity: capacity) }
}

extension SDLWindowHost {
    /// Opens a window of `size` points titled `title`, runs the scene `makeScene` builds (on the host's
    /// clock, at that size) until it quits or `frameLimit` frames have run, and closes the window. The
    /// one window run of `segue` and ``SegueApp``.
    @MainActor
    public static func runWindow(title: String, size: CGSize, renderer: RendererChoice, frameLimit: Int? = nil,
                                 makeScene: @MainActor (SDLWindowHost, CGSize) -> HostedScene) throws {
        let host = try SDLWindowHost(title: title, size: size, renderer: renderer)
        defer { host.close() }
        try host.run(makeScene(host, size), frameLimit: frameLimit)
    }
}
