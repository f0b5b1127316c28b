import SegueUIKit
import Testing

// What UIKit declares `open` is open here too: apps override these, calling super. Each class below
// overrides every such member Segue has, with UIKit's spellings (it compiles only if they are open), and the
// tests check that Segue's own machinery goes through the overrides.

@MainActor
final class OverridingViewController: UIViewController {
    var log: [String] = []
    override func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        log.append("present")
        super.present(viewControllerToPresent, animated: flag, completion: completion)
    }
    override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        log.append("dismiss")
        super.dismiss(animated: flag, completion: completion)
    }
    override func transition(from fromViewController: UIViewController, to toViewController: UIViewController, duration: Double,
                             options: UIView.AnimationOptions = [], animations: (() -> Void)?, completion: ((Bool) -> Void)?) {
        log.append("transition")
        super.transition(from: fromViewController, to: toViewController, duration: duration, options: options,
                         animations: animations, completion: completion)
    }
    override var presentedViewController: UIViewController? { super.presentedViewController }
    override var presentingViewController: UIViewController? { super.presentingViewController }
    override var presentationController: UIPresentationController? { super.presentationController }
    override var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { super.transitionCoordinator }
    override var navigationController: UINavigationController? { super.navigationController }
    override var tabBarController: UITabBarController? { super.tabBarController }
    override func setNeedsStatusBarAppearanceUpdate() { log.append("statusBar"); super.setNeedsStatusBarAppearanceUpdate() }
    override var view: UIView! { get { super.view } set { super.view = newValue } }
    override var viewIfLoaded: UIView? { super.viewIfLoaded }
    override var isViewLoaded: Bool { super.isViewLoaded }
    override func loadViewIfNeeded() { super.loadViewIfNeeded() }
    override func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        super.beginAppearanceTransition(isAppearing, animated: animated)
    }
    override func endAppearanceTransition() { super.endAppearanceTransition() }
    override func addChild(_ childController: UIViewController) { log.append("addChild"); super.addChild(childController) }
    override func removeFromParent() { super.removeFromParent() }
    override var children: [UIViewController] { super.children }
    override var parent: UIViewController? { super.parent }
    override var modalPresentationStyle: UIModalPresentationStyle { didSet { log.append("style") } }
    override var modalPresentationCapturesStatusBarAppearance: Bool { didSet {} }
    override var tabBarItem: UITabBarItem { didSet {} }
    override var navigationItem: UINavigationItem { super.navigationItem }
    override var isBeingPresented: Bool { super.isBeingPresented }
    override var isBeingDismissed: Bool { super.isBeingDismissed }
    override var isMovingToParent: Bool { super.isMovingToParent }
    override var isMovingFromParent: Bool { super.isMovingFromParent }
}

@MainActor
final class OverridingNavigationController: UINavigationController {
    override var viewControllers: [UIViewController] { get { super.viewControllers } set { super.viewControllers = newValue } }
    override var topViewController: UIViewController? { super.topViewController }
    override var visibleViewController: UIViewController? { super.visibleViewController }
    override var delegate: (any UINavigationControllerDelegate)? { get { super.delegate } set { super.delegate = newValue } }
    override var isNavigationBarHidden: Bool { didSet {} }
}

@MainActor
final class OverridingTabBarController: UITabBarController {
    override var delegate: (any UITabBarControllerDelegate)? { get { super.delegate } set { super.delegate = newValue } }
}

@MainActor
final class OverridingPresentationController: UIPresentationController {
    override var presentingViewController: UIViewController { super.presentingViewController }
    override var containerView: UIView? { super.containerView }
}

@MainActor
final class OverridingInteraction: UIPercentDrivenInteractiveTransition {
    override var percentComplete: CGFloat { super.percentComplete }
    override var duration: CGFloat { super.duration }
}

@MainActor
final class OverridingView: UIView {
    var frames: [CGRect] = []
    override var frame: CGRect { didSet { frames.append(frame) } }
    override var bounds: CGRect { didSet {} }
    override var center: CGPoint { didSet {} }
    override var transform: CGAffineTransform { didSet {} }
    override var alpha: CGFloat { didSet {} }
    override var backgroundColor: UIColor? { didSet {} }
    override var isHidden: Bool { didSet {} }
    override var clipsToBounds: Bool { didSet {} }
    override var autoresizingMask: UIView.AutoresizingMask { didSet {} }
    override var autoresizesSubviews: Bool { didSet {} }
    override var accessibilityIdentifier: String? { didSet {} }
    override var subviews: [UIView] { super.subviews }
    override var gestureRecognizers: [UIGestureRecognizer] { super.gestureRecognizers }
    override var window: UIWindow? { super.window }
    override func addSubview(_ view: UIView) { super.addSubview(view) }
    override func insertSubview(_ view: UIView, at index: Int) { super.insertSubview(view, at: index) }
    override func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) { super.insertSubview(view, aboveSubview: siblingSubview) }
    override func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) { super.insertSubview(view, belowSubview: siblingSubview) }
    override func bringSubviewToFront(_ view: UIView) { super.bringSubviewToFront(view) }
    override func sendSubviewToBack(_ view: UIView) { super.sendSubviewToBack(view) }
    override func removeFromSuperview() { super.removeFromSuperview() }
    override func isDescendant(of view: UIView) -> Bool { super.isDescendant(of: view) }
    override func setNeedsLayout() { super.setNeedsLayout() }
    override func layoutIfNeeded() { super.layoutIfNeeded() }
    override func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { super.addGestureRecognizer(gestureRecognizer) }
    override func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { super.removeGestureRecognizer(gestureRecognizer) }
}

@MainActor
final class OverridingPan: UIPanGestureRecognizer {
    override var delegate: (any UIGestureRecognizerDelegate)? { get { super.delegate } set { super.delegate = newValue } }
    override var isEnabled: Bool { didSet {} }
    override var name: String? { didSet {} }
    override var cancelsTouchesInView: Bool { didSet {} }
    override var state: UIGestureRecognizer.State { get { super.state } set { super.state = newValue } }
    override func require(toFail otherGestureRecognizer: UIGestureRecognizer) { super.require(toFail: otherGestureRecognizer) }
    override var numberOfTouches: Int { super.numberOfTouches }
    override func removeTarget(_ target: AnyObject?) { super.removeTarget(target) }
}

@MainActor
@Suite struct OpenMembersPortTests {
    /// Segue's own presentation and dismissal go through an app's overrides: a sheet dragged down calls
    /// the presented controller's `dismiss(animated:completion:)`, as UIKit's does.
    @Test func theBuiltInSheetDragCallsTheOverriddenDismiss() {
        let h = PortHarness()
        let root = OverridingViewController()
        h.window.rootViewController = root
        let sheet = OverridingViewController()
        sheet.modalPresentationStyle = .pageSheet
        root.present(sheet, animated: true)
        h.frames(60)
        #expect(root.presentedViewController === sheet)
        let top = sheet.view.convert(CGPoint(x: 200, y: 40), to: nil)
        h.down(top.x, top.y, at: 2)
        for i in 1...10 { h.move(top.x, top.y + CGFloat(40 * i), at: 2 + Double(i) / 60); h.frames(1) }
        h.up(top.x, top.y + 400, at: 2.3)
        h.frames(60)
        #expect(root.presentedViewController == nil)
        #expect(root.log == ["present"])
        #expect(sheet.log == ["style", "dismiss"])
    }

    @Test func overriddenViewPropertiesAndContainmentAreReached() {
        let h = PortHarness()
        let parent = OverridingViewController()
        h.window.rootViewController = parent
        let child = UIViewController()
        parent.addChild(child)
        child.didMove(toParent: parent)
        #expect(parent.log == ["addChild"])
        #expect(parent.children.count == 1 && child.parent === parent)
        let view = OverridingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.frame.origin.x = 5
        #expect(view.frames.last == CGRect(x: 5, y: 0, width: 10, height: 10))
        let nav = OverridingNavigationController(rootViewController: UIViewController())
        #expect(nav.viewControllers.count == 1 && nav.topViewController === nav.visibleViewController)
        parent.setNeedsStatusBarAppearanceUpdate()
        #expect(parent.log.last == "statusBar")
    }
}
