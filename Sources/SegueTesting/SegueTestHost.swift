import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// Your app's root view controller in a window with no display, on Segue's virtual 60 Hz clock: the
/// test double of `SegueApp.run(title:makeRootViewController:)`. Give it input
/// (`tap(_:)`, ``drag(along:duration:release:continuing:)``,
/// ``edgeSwipe(from:at:distance:duration:releaseVelocity:release:)``, ``press(_:)``…),
/// move time (``advance(frames:)``, ``runUntilIdle(timeout:)``, ``run(untilTransitionPercent:timeout:)``),
/// and read what happened: the running ``transition``, where each view is drawn
/// (``presentationFrame(of:)``, ``opacity(of:)``), the ``log`` and the replay ``trace``. Render it with
/// ``image(scale:)`` for `assertSnapshot(of:)`.
///
/// Everything goes through the machinery of `segue replay` (`ReplayDriver`): a verb becomes
/// replay events at the frames to come (``script`` is the session so far as a replay script, for
/// `segue replay` or `--resume`), which become SDL events and go through the window's own
/// `InputTranslator`; every frame is stepped by SegueUI's `HeadlessHost` (``host``), the one frame
/// function; the scene is `AppScene`,
/// the one `SegueApp` runs, so the ``trace`` is the one `--replay … --trace` writes for the same input.
///
/// Frame `k` is at `k / 60` s. Making the host runs frame 0 (the window's size reaches the root
/// controller's view); each verb runs the frames its input takes and returns after the frame that got its
/// last event (a `tap(_:)` after the up), so animations it starts have begun but not moved on.
///
/// Differs from a device: no real time passes (a test of a 10-second animation takes milliseconds), and a
/// gesture's events arrive one a frame, at the frames' times (`k / 60` s), as on a 60 Hz display.
@MainActor
public final class SegueTestHost {
    /// The window size of an iPhone 15 in points, the default.
    public static let defaultSize = CGSize(width: 393, height: 852)
    /// The scene: the window with the root controller, its trace and log (the one `SegueApp` runs).
    public var scene: AppScene { host.scene }
    /// SegueUI's headless host of the scene, on ``clock``: the replay driver steps each frame with it.
    public let host: HeadlessHost<AppScene>
    /// The window showing the root view controller.
    public var window: Window { scene.window }
    /// The root view controller.
    public var rootViewController: ViewController? { window.rootViewController }

    let driver: ReplayDriver
    /// The trace lines of the frames run so far.
    public private(set) var trace: [TraceLine] = []
    /// Told of each frame after it ran (its index) while a film strip or a motion curve is recorded.
    var frameRecorder: ((Int) throws -> Void)?
    /// Renders the window (made on first use, remade at a new size).
    private var compositor: HeadlessCompositor?

    /// A window of `size` points showing the controller `rootViewController` makes, after its first frame.
    /// `slowMotion`: the window's slow animations (`Window.isSlowAnimationsEnabled`: every
    /// animation 10 times slower, as `--slow` and the `S` key).
    ///
    /// Throws ``SegueTestHostError/impossibleSize(_:)`` unless each side is a whole number of points in
    /// `ReplayScript.windowSideRange` (the sizes `segue replay` accepts).
    public convenience init(size: CGSize = SegueTestHost.defaultSize, slowMotion: Bool = false,
                            rootViewController: @MainActor () -> ViewController) throws {
        try Self.check(size)   // before the controller is made, as SegueApp checks its options
        SDLTextMeasurer.install()
        try self.init(size: size, slowMotion: slowMotion, root: rootViewController())
    }

    /// An empty window of `size` points, after its first frame: set ``window``'s `rootViewController` or
    /// add views to it (Segue's own tests of single views do). The trace then names the root controller
    /// alone: the navigation controller whose transitions ``transition`` reports is found when the host is
    /// made with a root controller.
    public convenience init(size: CGSize = SegueTestHost.defaultSize, slowMotion: Bool = false) throws {
        try self.init(size: size, slowMotion: slowMotion, root: nil)
    }

    private init(size: CGSize, slowMotion: Bool, root: ViewController?) throws {
        try Self.check(size)
        SDLTextMeasurer.install()
        driver = ReplayDriver(script: ReplayScript(size: size, duration: 0, events: []))
        host = HeadlessHost(clock: driver.clock,
                            scene: AppScene(clock: driver.clock, size: size, rootViewController: root))
        scene.window.makeKeyAndVisible()
        scene.window.isSlowAnimationsEnabled = slowMotion
        runFrames(through: 0)
    }

    /// A window at `script`'s size showing the controller `rootViewController` makes, with the script's
    /// events to come: ``advance(frames:)`` and the other time verbs deliver them at their times;
    /// ``runScript()`` runs to the script's end (as `segue replay` would).
    public convenience init(script: ReplayScript, slowMotion: Bool = false,
                            rootViewController: @MainActor () -> ViewController) throws {
        try self.init(size: script.size, slowMotion: slowMotion, rootViewController: rootViewController)
        try play(script)
    }

    static func check(_ size: CGSize) throws {
        let range = ReplayScript.windowSideRange
        for side in [size.width, size.height] {
            guard side.isFinite, side == side.rounded(), range.contains(Int(side)) else {
                throw SegueTestHostError.impossibleSize(size)
            }
        }
    }

    // MARK: Clock

    /// The virtual clock the window runs on (60 frames a second; moved only by the host's time verbs).
    public var clock: VirtualClock { driver.clock }
    /// The index of the last frame run (0 after the host is made).
    public var frame: Int { driver.nextFrame - 1 }
    /// The time of the last frame run, in seconds (`frame / 60`).
    public var time: TimeInterval { ReplayTimeline.time(ofFrame: frame) / 1000 }
    /// The window's size in points (changed by ``resize(to:)``).
    public var windowSize: CGSize { driver.windowSize }
    /// Slow animations (`Window.isSlowAnimationsEnabled`), as `--slow` or the `S` key.
    public var isSlowMotionEnabled: Bool {
        get { window.isSlowAnimationsEnabled }
        set { window.isSlowAnimationsEnabled = newValue }
    }
    /// The session so far as a replay script (the host's input, at its times): run it with
    /// `swift run my-app --replay SCRIPT.json` to see the test in a window, or load it with ``play(_:)``.
    public var script: ReplayScript {
        var script = driver.script
        script.duration = max(script.duration, ReplayTimeline.time(ofFrame: frame))
        return script
    }

    /// Runs frames until frame `last` has run (none when it has).
    func runFrames(through last: Int) {
        guard last > frame else { return }
        driver.append([], through: ReplayTimeline.time(ofFrame: last))
        while frame < last {
            // The scene is a window that does not quit on its own; a step only fails for a render error,
            // and this render phase draws nothing.
            guard let index = try? driver.step(host) else {
                preconditionFailure("The host's driver stopped before frame \(last)")
            }
            trace.append(TraceLine(frame: index, time: ReplayTimeline.time(ofFrame: index),
                                   snapshot: scene.traceSnapshot(), log: scene.drainLog()))
            if let frameRecorder {
                // A recorder's render error is rethrown where recording ends.
                do { try frameRecorder(index) } catch { recorderError = recorderError ?? error }
            }
        }
    }
    var recorderError: Error?
    /// The last frame of the scripts given to ``play(_:)``.
    var scriptEnd = 0

    /// The time of frame `index` in milliseconds, the unit of replay events.
    static func milliseconds(ofFrame index: Int) -> Double { ReplayTimeline.time(ofFrame: index) }

    // MARK: Rendering

    /// The window as drawn in the last frame, by the CPU compositor (`HeadlessCompositor`), at
    /// `scale` pixels per point. The same pixels as `segue replay --frames` writes for that frame.
    public func image(scale: Double = 1) throws -> SnapshotImage {
        let size = windowSize
        if compositor == nil || compositor?.size != size || compositor?.scale != scale {
            compositor?.close()
            compositor = try HeadlessCompositor(size: size, scale: scale)
        }
        let compositor = compositor!
        try compositor.render(scene.layerTree)
        return SnapshotImage(compositor)
    }
}

/// What ``SegueTestHost`` cannot do with what it was given.
public enum SegueTestHostError: Error, Equatable, CustomStringConvertible {
    /// A window size that is not whole points within `ReplayScript.windowSideRange`.
    case impossibleSize(CGSize)
    /// A key name SDL does not know (`SDL_GetKeyName`'s spellings: "Return", "Escape", "Left", "P").
    case unknownKey(String)
    /// A point that is not finite, or a duration or distance that is not positive.
    case badInput(String)
    /// A time verb ran `frames` frames without getting what it waited for.
    case timedOut(waitingFor: String, frames: Int)
    /// A view that is not in the window (or cannot be placed in it).
    case viewNotInWindow(String)

    /// One sentence for a failure message that says what was wrong.
    public var description: String {
        switch self {
        case .impossibleSize(let size):
            let range = ReplayScript.windowSideRange
            return "impossible window size \(size.width)x\(size.height): each side must be a whole number of points between \(range.lowerBound) and \(range.upperBound)"
        case .unknownKey(let name):
            return "SDL knows no key named \"\(name)\" (use SDL_GetKeyName's spelling: Return, Escape, Backspace, Left, Right, P)"
        case .badInput(let problem):
            return problem
        case .timedOut(let what, let frames):
            return "gave up after \(frames) frames (\(String(format: "%.3f", Double(frames) / ReplayTimeline.framesPerSecond)) s) waiting for \(what)"
        case .viewNotInWindow(let what):
            return "\(what) is not in the window"
        }
    }
}
