import Foundation
import SegueAnimation
import SegueUI

/// The scene ``SegueApp`` runs: a `Window` showing the app's root view controller, the host's two
/// keys, and a trace of any app for `--replay` (``TraceableScene``).
///
/// Keys: `S` toggles slow animations and `Escape` quits, as in `segue`; they are the host's and do not
/// reach the app. Everything else goes to the window.
///
/// The trace (spec: replay-and-trace.md) of an app Segue knows nothing about reports:
/// - `tab`: null (Segue has no tab bar controller yet); `modal`: null (no modal presentation yet).
/// - `stack`: the view controllers of the first `NavigationController` found from the root
///   (the root itself, else its children breadth first), root first; null when there is none.
/// - `transition`: that navigation controller's running transition (kind, interactive, percent, phase).
/// - `views`: the pages of that stack whose views are in the window, back to front, including the page
///   leaving in a pop; with no navigation controller, the root controller alone.
/// - ids: a page's `title` when it has one that no other page of the stack has,
///   else its type's name and its index in the stack (`DetailViewController1`; a page being popped has the
///   index it had, the stack's count).
/// - `log`: `transition.begin:<kind>`, `transition.finish:<kind>`, `transition.cancel:<kind>` of that
///   navigation controller (through its `transitionObserver`, which is
///   chained: an observer the app set still runs), and the appearance callbacks of the pages the trace
///   names (`<id>.viewWillAppear`, `viewDidAppear`, `viewWillDisappear`, `viewDidDisappear`, through the
///   window's `appearanceObserver`; a page keeps the id it had when it began to appear or
///   disappear). Containment callbacks (`willMoveToParent`, `didMoveToParent`) are not logged: they are
///   methods of the app's own classes, which the scene cannot observe.
@MainActor
public final class AppScene: TraceableScene {
    /// The window the app's root controller is shown in.
    public let window: Window
    /// The navigation controller the trace follows, if any.
    public let navigation: NavigationController?
    private var log: [String] = []

    /// Toggles slow animations (the host's key).
    public static let slowMotionKey = Key("S")
    /// Quits (the host's key).
    public static let quitKey = Key.escape

    /// A window of `size` points on `clock` whose root controller is `rootViewController` (none: an empty
    /// window, whose trace names the root controller set later, with no navigation controller to follow).
    public init(clock: FrameClock, size: CGSize, rootViewController: ViewController?) {
        window = Window(clock: clock, size: size)
        navigation = rootViewController.flatMap(Self.firstNavigationController(from:))
        // Before the root controller is shown: its first viewWillAppear is logged too.
        window.appearanceObserver = { [weak self] controller, callback in
            self?.logAppearance(of: controller, callback)
        }
        window.rootViewController = rootViewController
        if let navigation {
            let appObserver = navigation.transitionObserver
            navigation.transitionObserver = { [weak self] transition, event in
                appObserver?(transition, event)
                self?.log.append("transition.\(Self.logName(of: event)):\(transition.kind.rawValue)")
            }
        }
    }

    // MARK: HostedScene

    /// The window's layer tree.
    public var layerTree: LayerTree { window.layerTree }

    /// The window's request (its layer tree and queued work).
    public var nextFrameRequest: FrameRequest { window.nextFrameRequest }

    /// Slow motion and quit for `S` and `Escape` presses; every other event goes to the window. While
    /// recording, every event but the quit key is recorded first.
    public func handle(_ event: InputEvent) {
        if let recording {
            if case .key(let key) = event, key.key == Self.quitKey {} else {
                recording.recorder.record(event, clockTime: layerTree.clock.now)
                // Written before the event is handled: if handling it crashes the app, the session still
                // holds it, and `segue watch` reopens the fixed app at that moment, the event replayed.
                writeRecording()
            }
        }
        if case .key(let key) = event, key.isDown, !key.isRepeat {
            switch key.key {
            case Self.slowMotionKey:
                window.isSlowAnimationsEnabled.toggle()
                return
            case Self.quitKey:
                window.requestQuit()
                return
            default:
                break
            }
        }
        window.handle(event)
    }

    /// The window's queued work.
    public func runQueuedWork() { window.runQueuedWork() }

    // MARK: Recording and status (segue watch)

    private struct Recording {
        let recorder: InputRecorder
        let path: String
        var writtenEvents = -1
        var framesSinceWrite = 0
    }
    private var recording: Recording?
    /// Frames between rewrites of the recording when nothing new was recorded (its duration moves on).
    static let recordingRefreshFrames = 30

    /// Records the input from now on to `path` as a replay script, rewritten (atomically) as each event
    /// comes (before it is handled) and twice a second otherwise, so that the file always holds the session up to about
    /// now. `continuing`: the script of the session this one resumed (replayed from clock time 0): the
    /// recording starts with its events.
    public func startRecording(to path: String, continuing script: ReplayScript? = nil) {
        let recorder = script.map { InputRecorder(size: $0.size, startTime: 0, continuing: $0.events) }
            ?? InputRecorder(size: window.bounds.size, startTime: layerTree.clock.now)
        recording = Recording(recorder: recorder, path: path)
    }

    /// Where `segue watch` writes what it is doing (building, a build's errors); shown in a banner over the
    /// app while the file is not empty. Read every `statusPollFrames` frames.
    public var statusFile: String?
    static let statusPollFrames = 15
    private var framesSinceStatusPoll = statusPollFrames
    private var statusModified: Date?
    private lazy var banner: Layer = {
        let banner = Layer()
        banner.name = "status banner"
        banner.isHidden = true
        return banner
    }()

    /// Shows `text` in a banner at the top of the window (nil hides it): red for a failed build.
    public func showStatus(_ text: String?) {
        if banner.superlayer == nil { window.layer.addSublayer(banner) }
        guard let text, !text.isEmpty else { banner.isHidden = true; return }
        let failed = text.hasPrefix("build failed")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        banner.isHidden = false
        banner.backgroundColor = failed ? Color(red: 0.75, green: 0.1, blue: 0.12, alpha: 0.95) : Color(white: 0.1, alpha: 0.85)
        banner.contents = .text(TextContents(text, fontSize: 13, color: .white, numberOfLines: 0))
        banner.frame = CGRect(x: 0, y: 0, width: window.bounds.width, height: min(window.bounds.height, Double(lines) * 17 + 12))
    }

    /// The banner's text as shown (nil when hidden).
    public var shownStatus: String? {
        guard !banner.isHidden, case .text(let text)? = banner.contents else { return nil }
        return text.string
    }

    /// Rewrites the recording's file with the session up to now (atomically: a reader never sees half a file).
    private func writeRecording() {
        guard var r = recording else { return }
        let script = r.recorder.script(endingAt: layerTree.clock.now)
        try? script.write(toFile: r.path)
        r.writtenEvents = r.recorder.eventCount
        r.framesSinceWrite = 0
        recording = r
    }

    /// The window's overlays, and a frame of the in-memory recording when one runs.
    public func willRender() {
        if var r = recording {
            r.framesSinceWrite += 1
            recording = r
            if r.recorder.eventCount != r.writtenEvents || r.framesSinceWrite >= Self.recordingRefreshFrames {
                writeRecording()
            }
        }
        if let statusFile {
            framesSinceStatusPoll += 1
            if framesSinceStatusPoll >= Self.statusPollFrames {
                framesSinceStatusPoll = 0
                let modified = (try? FileManager.default.attributesOfItem(atPath: statusFile))?[.modificationDate] as? Date
                if modified != statusModified {
                    statusModified = modified
                    showStatus(try? String(contentsOfFile: statusFile, encoding: .utf8))
                }
            }
        }
        if banner.superlayer != nil, window.layer.sublayers.last !== banner {
            banner.removeFromSuperlayer()
            window.layer.addSublayer(banner)
        }
    }
    /// Lays out the window.
    public func layoutIfNeeded() { window.layoutIfNeeded() }
    /// Whether the window asked to quit.
    public var wantsToQuit: Bool { window.wantsToQuit }

    // MARK: TraceableScene

    /// The trace of this frame: the first navigation controller found from the root (see the type).
    public func traceSnapshot() -> TraceFrame {
        guard let navigation else {
            let root = window.rootViewController
            let views = root.flatMap { vc in vc.viewIfLoaded.flatMap { TraceView(id: Self.typeName(vc) + "0", view: $0, in: window) } }
            return TraceFrame(views: views.map { [$0] } ?? [])
        }
        let stack = navigation.viewControllers
        return TraceFrame(navigation: navigation, in: window) { Self.id(of: $0, in: stack) }
    }

    /// The log since the last call (transitions, appearance callbacks), emptied.
    public func drainLog() -> [String] {
        defer { log.removeAll() }
        return log
    }

    // MARK: Ids

    /// The page's title if no other page of `stack` has it, else its type and index in `stack` (the stack's
    /// count for a page not in it: the one being popped).
    static func id(of page: ViewController, in stack: [ViewController]) -> String {
        if let title = page.title, !title.isEmpty,
           !stack.contains(where: { $0 !== page && $0.title == title }) {
            return title
        }
        let index = stack.firstIndex { $0 === page } ?? stack.count
        return typeName(page) + "\(index)"
    }

    private static func typeName(_ page: ViewController) -> String { "\(type(of: page))" }

    /// The ids of the pages whose appearance began while they had one (a page popped has left the stack
    /// by its `viewDidDisappear`).
    private var appearingIDs: [ObjectIdentifier: String] = [:]

    /// Logs `<id>.<callback>` for a page the trace names: a page of the navigation stack (or the page
    /// leaving it), or the root controller when there is no navigation controller.
    private func logAppearance(of controller: ViewController, _ callback: AppearanceCallback) {
        let key = ObjectIdentifier(controller)
        var id = appearingIDs[key]
        if let navigation {
            let stack = navigation.viewControllers
            if stack.contains(where: { $0 === controller }) || (controller.parent === navigation && id == nil) {
                id = Self.id(of: controller, in: stack)
            }
        } else if controller === window.rootViewController {
            id = Self.typeName(controller) + "0"
        }
        guard let id else { return }
        switch callback {
        case .willAppear, .willDisappear: appearingIDs[key] = id
        case .didAppear, .didDisappear: appearingIDs[key] = nil
        }
        log.append("\(id).\(callback.rawValue)")
    }

    private static func logName(of event: ContainerTransition.Event) -> String {
        switch event {
        case .began: "begin"
        case .finished: "finish"
        case .cancelled: "cancel"
        }
    }

    /// `root` if it is a navigation controller, else the first one among its descendants, breadth first.
    static func firstNavigationController(from root: ViewController) -> NavigationController? {
        var queue = [root]
        while !queue.isEmpty {
            let controller = queue.removeFirst()
            if let navigation = controller as? NavigationController { return navigation }
            queue.append(contentsOf: controller.children)
        }
        return nil
    }
}
