import Foundation
import SegueAnimation
import SegueUI

/// The scene ``SegueApp`` runs: a ``SegueUI/Window`` showing the app's root view controller, the host's two
/// keys, and a trace of any app for `--replay` (``TraceableScene``).
///
/// Keys: `S` toggles slow animations and `Escape` quits, as in `segue`; they are the host's and do not
/// reach the app. Everything else goes to the window.
///
/// The trace (spec: replay-and-trace.md) of an app Segue knows nothing about reports:
/// - `tab`: null (Segue has no tab bar controller yet); `modal`: null (no modal presentation yet).
/// - `stack`: the view controllers of the first ``SegueUI/NavigationController`` found from the root
///   (the root itself, else its children breadth first), root first; null when there is none.
/// - `transition`: that navigation controller's running transition (kind, interactive, percent, phase).
/// - `views`: the pages of that stack whose views are in the window, back to front, including the page
///   leaving in a pop; with no navigation controller, the root controller alone.
/// - ids: a page's ``SegueUI/ViewController/title`` when it has one that no other page of the stack has,
///   else its type's name and its index in the stack (`DetailViewController1`; a page being popped has the
///   index it had, the stack's count).
/// - `log`: `transition.begin:<kind>`, `transition.finish:<kind>`, `transition.cancel:<kind>` of that
///   navigation controller (through its ``SegueUI/NavigationController/transitionObserver``, which is
///   chained: an observer the app set still runs). Appearance and containment callbacks are not logged:
///   they are methods of the app's own classes, which the scene cannot observe.
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

    /// A window of `size` points on `clock` whose root controller is `rootViewController`.
    public init(clock: FrameClock, size: CGSize, rootViewController: ViewController) {
        window = Window(clock: clock, size: size)
        window.rootViewController = rootViewController
        navigation = Self.firstNavigationController(from: rootViewController)
        if let navigation {
            let appObserver = navigation.transitionObserver
            navigation.transitionObserver = { [weak self] transition, event in
                appObserver?(transition, event)
                self?.log.append("transition.\(Self.logName(of: event)):\(transition.kind.rawValue)")
            }
        }
    }

    // MARK: HostedScene

    public var layerTree: LayerTree { window.layerTree }

    /// Slow motion and quit for `S` and `Escape` presses; every other event goes to the window.
    public func handle(_ event: InputEvent) {
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

    public func runQueuedWork() { window.runQueuedWork() }
    public func layoutIfNeeded() { window.layoutIfNeeded() }
    public var wantsToQuit: Bool { window.wantsToQuit }

    // MARK: TraceableScene

    public func traceSnapshot() -> TraceFrame {
        guard let navigation else {
            let root = window.rootViewController
            let views = root.flatMap { vc in vc.viewIfLoaded.flatMap { TraceView(id: Self.typeName(vc) + "0", view: $0, in: window) } }
            return TraceFrame(views: views.map { [$0] } ?? [])
        }
        let stack = navigation.viewControllers
        return TraceFrame(navigation: navigation, in: window) { Self.id(of: $0, in: stack) }
    }

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
