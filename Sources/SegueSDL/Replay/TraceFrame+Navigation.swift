import Foundation
import SegueAnimation
import SegueUI

extension TraceFrame {
    /// The frame of a scene built on a navigation controller: `stack` is its controllers (named by `id`),
    /// `transition` its running transition (kind, whether it is or started interactive, the coordinator's
    /// percent, the phase), and `views` every page whose view is in the window (its children, plus the two
    /// sides of a running transition), back to front as they are drawn.
    @MainActor
    public init(navigation: NavigationController, in window: Window, tab: Int? = nil, modal: [String]? = nil,
                id: (ViewController) -> String) {
        var shown: [ViewController] = navigation.children
        if let t = navigation.currentTransition {
            for key in [TransitionContextViewControllerKey.from, .to] {
                if let page = t.viewController(forKey: key), page !== navigation, !shown.contains(where: { $0 === page }) {
                    shown.append(page)
                }
            }
        }
        let order = navigation.transitionView.subviews
        shown.sort { a, b in
            (order.firstIndex { $0 === a.viewIfLoaded } ?? 0) < (order.firstIndex { $0 === b.viewIfLoaded } ?? 0)
        }
        let views = shown.compactMap { page -> TraceView? in
            guard let view = page.viewIfLoaded else { return nil }
            return TraceView(id: id(page), view: view, in: window)
        }
        let transition = navigation.currentTransition.flatMap(TraceTransition.init)
        self.init(tab: tab, stack: navigation.viewControllers.map(id), modal: modal, transition: transition, views: views)
        (bar, scroll) = Self.largeTitleState(of: navigation, in: window)
    }

    /// `bar` and `scroll` for `navigation`'s top page when its bar prefers large titles and the page's mode
    /// is not `.never`: the bar's drawn bottom edge, the large and inline titles' effective opacities, the
    /// page's scroll view's offset and adjusted top inset; nil otherwise.
    @MainActor
    static func largeTitleState(of navigation: NavigationController, in window: Window) -> (TraceBar?, TraceScroll?) {
        let bar = navigation.navigationBar
        guard let top = navigation.topViewController, bar.prefersLargeTitles,
              bar.resolvedLargeTitleMode(of: top) != .never, !navigation.isNavigationBarHidden,
              let placed = TraceView.placement(of: bar, in: window, values: { $0.renderedProperties }) else { return (nil, nil) }
        func opacity(_ view: View?) -> Double {
            guard let view else { return 0 }
            return TraceView.placement(of: view, in: window, values: { $0.renderedProperties })?.opacity ?? 0
        }
        let traced = TraceBar(bottom: Double(placed.frame.maxY), largeTitle: opacity(bar.largeTitleLabel), title: opacity(bar.titleLabel))
        let scroll = bar.contentScrollView(of: top).map {
            TraceScroll(y: Double($0.contentOffset.y), top: Double($0.adjustedContentInset.top))
        }
        return (traced, scroll)
    }
}

extension TraceTransition {
    /// What the trace says of a running transition: its kind, whether a finger drives or drove it, the
    /// coordinator's percent and its phase; nil for a kind or phase the trace has no word for (`custom`,
    /// `ended`).
    @MainActor
    public init?(_ transition: ContainerTransition) {
        guard let kind = Kind(rawValue: transition.kind.rawValue), let phase = Phase(rawValue: transition.phase.rawValue) else {
            return nil
        }
        self.init(kind: kind, interactive: transition.initiallyInteractive || transition.isInteractive,
                  percent: Double(transition.percentComplete), phase: phase)
    }
}
