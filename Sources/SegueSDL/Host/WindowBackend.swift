import SegueAnimation

/// A window's back-end (``RenderBackend``) and the few things a window asks of it besides drawing: its
/// pixel size after a resize, a redraw after an exposure, and how its frames reach the screen.
@MainActor
protocol WindowBackend: RenderBackend {
    /// What draws: "cpu compositor (pixman, x11 shared memory)", "cpu compositor (pixman)", or the GPU
    /// executor's SDL render driver ("opengl", "software"...).
    var rendererName: String { get }
    /// How frames are shown: "x11 shared memory", "sdl window surface" and why, or "sdl renderer".
    var presenterDescription: String { get }
    /// Pixels presented since the window opened (the damaged rectangles' areas).
    var presentedPixels: Int { get }
    /// Of ``presentedPixels``, those the back-end wrote itself (the rest the X server filled or copied).
    var writtenPixels: Int { get }
    /// Whether the frames' render lists read the thread's CPU time around their steps.
    var measuresThreadCPU: Bool { get set }
    /// Measures the window's pixels again for a window `pointWidth` points wide (it was resized or just
    /// made): sets the scale, and the next frame redraws everything.
    func windowResized(pointWidth: Int32)
    /// The window was uncovered: the next present shows the whole window.
    func exposed()
    /// The start of a frame, before SDL's events are read; false when SDL's event pump may be skipped
    /// (no X event waits: the X11 presenter reads the connection itself).
    func beginFrame() -> Bool
}
