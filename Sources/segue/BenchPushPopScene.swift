import Foundation
import SegueAnimation
import SegueUI

/// The peers' workload (../shared/peers/README.md): two full-window pages (``BenchPushPopPage``: a column
/// of 100 rows, a 24x24 rounded swatch view and a label "Page n · Row i", 32 points a row), pushed and
/// popped back to back, with the harness's marker lines around a measurement window and an idle window,
/// so that `peers/measure.py` measures Segue the way it measures Qt and GTK.
///
/// What a user's app would run: a ``SegueUI/Window`` whose root view controller is a
/// ``SegueUI/NavigationController`` with page 1 at its root and its bar hidden (the peers show only the
/// pages); page 2 is pushed with `pushViewController(_:animated: true)` and popped with
/// `popViewController(animated: true)`, so the stock push and pop run (``SegueUI/NavigationTransitionAnimator``:
/// the top page from +W, the lower one to -0.3 W under a dimming, an edge shadow, on the stock spring;
/// uikit-semantics.md §6). A navigation ends when the navigation controller tells its delegate (this
/// scene) that it showed the page; the next one starts in the next frame's queued work, so there is only
/// ever one transition. The scene forwards the host's calls to the window (Escape quits).
@MainActor
final class BenchPushPopScene: HostedScene, NavigationControllerDelegate {
    /// Seconds between the end of the measurement and the idle window (the peers' 300 ms settle).
    static let settleBeforeIdle = 0.3

    /// The window the pages are shown in.
    let window: Window
    /// The stack: page 1 at the root, page 2 pushed and popped.
    let navigation: NavigationController
    /// Page 1 (the root) and page 2.
    let pages: [BenchPushPopPage]
    private let rasterized: Bool

    /// The harness's phases.
    enum Phase { case warmUp, measure, drain, settle, idle, done }
    private(set) var phase = Phase.warmUp
    private let warmUp: Double, duration: Double, idle: Double
    private let presentedFrames: () -> Int
    private let describeRenderer: () -> [String: String]
    private let wallClock: () -> Double
    private let emitLine: (String) -> Void
    private var phaseStart = 0.0
    private var framesAtStart = 0
    private var navigations = 0
    private var navigationDurations: [Double] = []
    private var navigationStart = 0.0
    /// Whether a push or pop runs (asked for and not yet shown).
    private(set) var transitionRunning = false
    private var transitionEnded = false
    private var started = false

    /// A window of `size` points on `clock`. `warmUp`, `duration`, `idle`: the harness's windows in
    /// seconds; `presentedFrames`: the host's count of frames shown; `describeRenderer`: fields for
    /// `PEER_MEASURE_END`; `wallClock`: seconds of the frame being run; `emit`: writes one marker line
    /// (default: standard output at once, unbuffered, since the harness samples CPU time when it reads it).
    /// `blurredBars`: the navigation bar shown, translucent, blurring the pages under it with its default
    /// (chrome material) background in every situation (issue 39's benchmark); else hidden, as the peers.
    init(clock: FrameClock, size: CGSize, rasterized: Bool, blurredBars: Bool = false, warmUp: Double, duration: Double, idle: Double,
         presentedFrames: @escaping () -> Int, describeRenderer: @escaping () -> [String: String],
         wallClock: @escaping () -> Double,
         emit: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }) {
        self.rasterized = rasterized
        self.warmUp = warmUp
        self.duration = duration
        self.idle = idle
        self.presentedFrames = presentedFrames
        self.describeRenderer = describeRenderer
        self.wallClock = wallClock
        self.emitLine = emit
        pages = [BenchPushPopPage(number: 1, rasterized: rasterized), BenchPushPopPage(number: 2, rasterized: rasterized)]
        navigation = NavigationController(rootViewController: pages[0])
        navigation.isNavigationBarHidden = !blurredBars
        if blurredBars {
            navigation.navigationBar.isTranslucent = true
            navigation.navigationBar.scrollEdgeAppearance = navigation.navigationBar.standardAppearance
        }
        window = Window(clock: clock, size: size)
        window.backgroundColor = .white
        window.rootViewController = navigation
        navigation.delegate = self
    }

    // MARK: HostedScene (forwarded to the window)

    var layerTree: LayerTree { window.layerTree }
    var wantsToQuit: Bool { window.wantsToQuit }
    func layoutIfNeeded() { window.layoutIfNeeded() }
    func willRender() { window.willRender() }

    /// The window's request, and the harness's: the frame after a navigation ended (the next one starts
    /// there), the ends of the settle and idle windows (frames on demand: nothing else wakes the host then).
    var nextFrameRequest: FrameRequest {
        let own: FrameRequest = switch phase {
        case _ where !started || transitionEnded: .nextFrame
        case .settle: .at(phaseStart + Self.settleBeforeIdle)
        case .idle: .at(phaseStart + idle)
        case .warmUp, .measure, .drain, .done: .onInput
        }
        return window.nextFrameRequest.earliest(own)
    }

    /// Escape quits; everything else (the host's resizes, a close request) goes to the window.
    func handle(_ event: InputEvent) {
        if case .key(let key) = event, key.isDown, key.key == .escape {
            window.requestQuit()
            return
        }
        window.handle(event)
    }

    /// The window's queued work, then the harness: warm-up navigations, the measurement window (which
    /// starts with a navigation), the drain of the last transition, a settle, then the idle window.
    func runQueuedWork() {
        window.runQueuedWork()
        let now = wallClock()
        if !started {
            started = true
            phaseStart = now
            navigate(now)
            return
        }
        let ended = transitionEnded
        transitionEnded = false
        switch phase {
        case .warmUp:
            guard ended else { return }
            if now - phaseStart >= warmUp {
                phase = .measure
                navigations = 0
                navigationDurations.removeAll()
                framesAtStart = presentedFrames()
                emit("PEER_MEASURE_START")
                phaseStart = wallClock()
            }
            navigate(now)
        case .measure:
            if ended {
                navigations += 1
                navigationDurations.append(now - navigationStart)
            }
            if now - phaseStart >= duration {
                endMeasurement(now)
                phase = transitionRunning ? .drain : .settle
                phaseStart = now
            } else if ended {
                navigate(now)
            }
        case .drain:
            if ended {
                phase = .settle
                phaseStart = now
            }
        case .settle:
            if now - phaseStart >= Self.settleBeforeIdle {
                phase = .idle
                framesAtStart = presentedFrames()
                emit("PEER_IDLE_START")
                phaseStart = wallClock()
            }
        case .idle:
            if now - phaseStart >= idle {
                let frames = presentedFrames() - framesAtStart
                emit("PEER_IDLE_END " + json(["frames": "\(frames)", "wall_s": String(format: "%.3f", now - phaseStart)]))
                phase = .done
                window.requestQuit()
            }
        case .done:
            break
        }
    }

    private func endMeasurement(_ now: Double) {
        let frames = presentedFrames() - framesAtStart
        let sorted = navigationDurations.sorted()
        var fields = ["frames": "\(frames)", "navigations": "\(navigations)",
                      "wall_s": String(format: "%.3f", now - phaseStart),
                      "nav_ms_median": sorted.isEmpty ? "null" : String(format: "%.1f", sorted[sorted.count / 2] * 1000),
                      "rasterized": rasterized ? "true" : "false"]
        for (key, value) in describeRenderer() { fields[key] = "\"\(value)\"" }
        emit("PEER_MEASURE_END " + json(fields))
    }

    /// One push (page 2 over page 1) or pop, with the stock animation; never while one runs.
    private func navigate(_ now: Double) {
        precondition(!transitionRunning && navigation.currentTransition == nil,
                     "BenchPushPopScene: a navigation was asked for while one runs")
        transitionRunning = true
        navigationStart = now
        if navigation.topViewController === pages[0] {
            navigation.pushViewController(pages[1], animated: true)
        } else {
            navigation.popViewController(animated: true)
        }
    }

    // MARK: NavigationControllerDelegate

    /// The push or pop completed: the next navigation starts in the next frame's queued work.
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController,
                              animated: Bool) {
        transitionRunning = false
        transitionEnded = true
    }

    private func json(_ fields: [String: String]) -> String {
        "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    }

    private func emit(_ line: String) { emitLine(line) }
}
