import Foundation
import CPixman
import CSDL2
import SegueAnimation

/// A window drawn by the CPU executor (pixman), redrawing and presenting only the pixels that changed:
/// on X11 through its own presenter (``X11Presenter``: fills and copies from pictures the X server does
/// itself, ``PresentPlan``), elsewhere through SDL's window surface (unaccelerated framebuffer).
@MainActor
final class CPUWindowBackend: WindowBackend {
    let compositor: Compositor
    private let window: OpaquePointer
    /// The window surface's pixels as the compositor's target; remade after a resize.
    private var surfaceBuffer: PixelBuffer?
    /// The X11 presenter (nil: SDL's window surface).
    private var presenter: X11Presenter?
    /// SDL rectangles of the last damage, reused from frame to frame.
    private var presentRects: [SDL_Rect] = []
    /// Whether the window must be presented whole at the next frame (it was exposed).
    private var needsFullPresent = false
    private(set) var presentedPixels = 0
    private(set) var writtenPixels = 0
    private(set) var presenterDescription: String

    /// A back-end for `window`, made with SDL's framebuffer unaccelerated; `SEGUE_PRESENTER=sdl` keeps
    /// SDL's window surface even on X11.
    init(window: OpaquePointer, fonts: FontLocator.Fonts) {
        self.window = window
        compositor = Compositor(fonts: fonts)
        if ProcessInfo.processInfo.environment["SEGUE_PRESENTER"] == "sdl" {
            presenterDescription = "sdl window surface (SEGUE_PRESENTER=sdl)"
            return
        }
        do {
            let presenter = try X11Presenter(window: window)
            self.presenter = presenter
            compositor.cpu.presentPlan = PresentPlan(scalesCells: presenter.scalesCells)
            compositor.cpu.makePresentable = { presenter.makePresentable($0) }
            presenterDescription = "x11 shared memory"
        } catch {
            presenterDescription = "sdl window surface (no X11 presenter: \(error))"
        }
    }

    var rendererName: String { presenter != nil ? "cpu compositor (pixman, x11 shared memory)" : "cpu compositor (pixman)" }
    var scale: Double { compositor.scale }
    var lastFrame: CompositorCounters { compositor.lastFrame }
    var cacheSizes: RendererCacheSizes { compositor.cacheSizes }
    var measuresThreadCPU: Bool {
        get { compositor.measuresThreadCPU }
        set { compositor.measuresThreadCPU = newValue }
    }
    func trimCaches() { compositor.trimCaches() }
    func invalidate() { compositor.invalidate() }

    func windowResized(pointWidth: Int32) {
        surfaceBuffer = nil
        var pw: Int32 = 0, ph: Int32 = 0
        if presenter != nil {
            SDL_GetWindowSizeInPixels(window, &pw, &ph)
        } else if let surface = SDL_GetWindowSurface(window) {
            pw = surface.pointee.w
        }
        if pointWidth > 0 && pw > 0 { compositor.scale = Double(pw) / Double(pointWidth) }
        compositor.invalidate()
    }

    func exposed() {
        // The X11 presenter's back buffer is stale where fills and copies stood: redraw it all.
        if presenter != nil { compositor.invalidate() } else { needsFullPresent = true }
    }

    func beginFrame() -> Bool { presenter?.beginFrame() ?? true }

    func render(_ tree: LayerTree) throws -> Bool {
        let damage = try compositor.render(tree, into: try windowSurfaceBuffer())
        if presenter != nil { return !damage.isEmpty }
        presentRects.removeAll(keepingCapacity: true)
        if needsFullPresent {
            presentRects.append(SDL_Rect(x: 0, y: 0, w: surfaceBuffer?.width ?? 0, h: surfaceBuffer?.height ?? 0))
        } else {
            for r in damage.rectangles { presentRects.append(SDL_Rect(x: r.x0, y: r.y0, w: r.width, h: r.height)) }
        }
        return !presentRects.isEmpty
    }

    func present() {
        needsFullPresent = false
        if let presenter, let plan = compositor.cpu.presentPlan {
            presenter.present(plan)
            presentedPixels += compositor.lastFrame.damagedPixels
            writtenPixels += plan.backBuffer.area
            return
        }
        for r in presentRects { presentedPixels += Int(r.w) * Int(r.h) }
        writtenPixels = presentedPixels
        presentRects.withUnsafeBufferPointer {
            _ = SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count))
        }
    }

    func close() {
        compositor.close()
        surfaceBuffer = nil
        presenter?.close()
        presenter = nil
    }

    /// The window surface as the compositor's target (taken once per size).
    private func windowSurfaceBuffer() throws -> PixelBuffer {
        if let surfaceBuffer { return surfaceBuffer }
        if let presenter {
            var pw: Int32 = 0, ph: Int32 = 0
            SDL_GetWindowSizeInPixels(window, &pw, &ph)
            if let buffer = presenter.backBuffer(width: max(pw, 1), height: max(ph, 1)) {
                surfaceBuffer = buffer
                compositor.invalidate()
                return buffer
            }
            // The server refused an image of this size: SDL's window surface from now on.
            dropPresenter(because: "the X server refused a \(pw)x\(ph) shared image")
        }
        guard let surface = SDL_GetWindowSurface(window) else { throw SDLError("SDL_GetWindowSurface") }
        let s = surface.pointee
        let format: pixman_format_code_t
        switch s.format.pointee.format {
        case SDL_PIXELFORMAT_RGB888.rawValue: format = PIXMAN_x8r8g8b8
        case SDL_PIXELFORMAT_ARGB8888.rawValue: format = PIXMAN_a8r8g8b8
        default:
            throw SDLWindowHost.HostError.unsupportedSurfaceFormat(String(cString: SDL_GetPixelFormatName(s.format.pointee.format)))
        }
        guard let pixels = s.pixels else { throw SDLError("SDL_GetWindowSurface (no pixels)") }
        let buffer = PixelBuffer(wrapping: pixels, width: s.w, height: s.h, stride: s.pitch, format: format)
        surfaceBuffer = buffer
        compositor.invalidate()
        return buffer
    }

    /// Leaves the X11 presenter for SDL's window surface (the next frame redraws everything).
    private func dropPresenter(because reason: String) {
        compositor.cpu.stopPresentPlan()
        compositor.invalidate()
        presenter?.close()
        presenter = nil
        presenterDescription = "sdl window surface (\(reason))"
    }
}
