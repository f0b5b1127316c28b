import Foundation
import SegueAnimation
@testable import SegueUI
import SegueTestSupport

/// An ordered record of callbacks, shared by the objects under test.
@MainActor
final class CallLog {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func clear() { entries.removeAll() }
}

/// A controller that logs its lifecycle and containment callbacks.
@MainActor
class LoggingViewController: ViewController {
    let name: String
    let log: CallLog

    init(_ name: String, log: CallLog) {
        self.name = name
        self.log = log
        super.init()
    }

    /// A controller to present with `style`.
    convenience init(_ name: String, log: CallLog, style: ModalPresentationStyle) {
        self.init(name, log: log)
        modalPresentationStyle = style
    }

    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear(\(animated))") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear(\(animated))") }
    override func willMove(toParent parent: ViewController?) {
        log.add("\(name).willMove(toParent: \(Self.name(of: parent)))")
        super.willMove(toParent: parent)
    }
    override func didMove(toParent parent: ViewController?) {
        log.add("\(name).didMove(toParent: \(Self.name(of: parent)))")
        super.didMove(toParent: parent)
    }

    static func name(of controller: ViewController?) -> String {
        guard let controller else { return "nil" }
        return (controller as? LoggingViewController)?.name ?? "\(type(of: controller))"
    }
}

/// SegueUI's headless host (``HeadlessHost``) with this suite's shorthands: pointer input by coordinates,
/// and showing a stack or a root controller with the log cleared.
@MainActor
struct Harness: WindowInputHarness {
    static let size = CGSize(width: 400, height: 600)
    let host: HeadlessHost<Window>
    var clock: VirtualClock { host.clock }
    var window: Window { host.window }

    init(size: CGSize = Harness.size) {
        host = HeadlessHost(size: size)
        // The key window is the one the UIKit shims (UIScreen, CACurrentMediaTime) read.
        window.makeKey()
    }


    /// Shows a navigation controller with `pages` pushed (unanimated) in the window, runs one frame and clears
    /// `log`, so a test's log starts at the operation under test.
    func showStack(_ pages: [LoggingViewController], delegate: (any NavigationControllerDelegate)? = nil,
                   clearing log: CallLog) -> NavigationController {
        let nav = NavigationController(rootViewController: pages[0])
        nav.delegate = delegate
        window.rootViewController = nav
        for p in pages.dropFirst() { nav.pushViewController(p, animated: false) }
        frames(1)
        log.clear()
        return nav
    }

    /// Makes `controller` the window's root controller, runs one frame and clears `log`, so a test's log
    /// starts at the operation under test.
    @discardableResult
    func showRoot<Controller: ViewController>(_ controller: Controller, clearing log: CallLog) -> Controller {
        window.rootViewController = controller
        frames(1)
        log.clear()
        return controller
    }

    /// Runs `count` frames (``HeadlessHost/frames(_:)``).
    func frames(_ count: Int) { host.frames(count) }
}

func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
func isClose(_ a: CGPoint, _ b: CGPoint, tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

