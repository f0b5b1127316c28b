import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// The scene `segue replay` runs until the navigation demo exists: the controls demo page
/// (``ControlsDemoViewController``) in a window, traced.
///
/// What it traces: `tab`, `stack` and `modal` are `null` (the page has no tab bar, navigation controller
/// or sheets) and `transition` is `null` (nothing in it transitions); `views` holds the page
/// (`controls.page`) and the draggable panel (`controls.panel`) as drawn; `log` the page's appearance
/// callbacks (`controls.page.viewWillAppear`, `...viewDidAppear` in frame 0).
@MainActor
final class ControlsReplayWindow: Window, TraceableScene {
    private let page = ControlsDemoViewController()
    private var log: [String] = []

    /// A window of `size` points on `clock` showing the controls page.
    override init(clock: FrameClock, size: CGSize) {
        super.init(clock: clock, size: size)
        page.appearanceObserver = { [unowned self] entry in self.log.append(entry) }
        rootViewController = page
    }

    func traceSnapshot() -> TraceFrame {
        let views = [(ControlsDemoViewController.pageID, page.view!), (ControlsDemoViewController.panelID, page.panelView)]
        return TraceFrame(views: views.compactMap { TraceView(id: $0.0, view: $0.1, in: self) })
    }

    func drainLog() -> [String] {
        defer { log.removeAll() }
        return log
    }
}
