import SegueAnimation

/// A stack of controllers with push and pop transitions (`UINavigationController`), run by the shared
/// transition engine (``ContainerTransition``): the delegate may supply any animator and interaction
/// controller; otherwise the stock push/pop (``NavigationTransitionAnimator``) runs, and an edge pan
/// from the leading edge (``interactivePopGestureRecognizer``) scrubs a pop that finishes or cancels by
/// the release rule of ``TransitionSettings``. As on iOS 26, a leading-to-trailing pan anywhere on the
/// page's content pops the same way (``interactiveContentPopGestureRecognizer``, on by default), and the
/// back button tapped while a push animates reverses it into a pop from where the page is drawn.
///
/// `viewControllers` changes when a push or pop is asked for (as in UIKit); a cancelled interactive pop
/// puts the page back, and a cancelled animated `setViewControllers` the whole stack. A push or pop asked
/// for while a transition runs in the window is queued and performed after it, in order, by the window's
/// one rule (``TransitionRequests``). Popping the root returns nil and does nothing.
///
/// Between two ``CollectionViewController``s where the pushed one sets
/// ``CollectionViewController/useLayoutToLayoutNavigationTransitions``, the push and the pop (the edge pan's
/// too) share one collection view and animate its layout (``CollectionLayoutNavigationAnimator``); the
/// delegate is not asked for an animator for them.
///
/// As in UIKit, a navigation controller defines the presentation context
/// (``ViewController/definesPresentationContext`` is true unless an app or subclass sets it): a
/// `.currentContext` or `.overCurrentContext` presentation from a page inside it covers the navigation
/// controller's view.
///
/// Differs from UIKit: no toolbar, no large titles, no search; the navigation bar is a plain
/// ``NavigationBar``; a pop asked for while another transition runs returns nil (it is queued).
@MainActor
open class NavigationController: ViewController, GestureRecognizerDelegate, TransitionLifecycleOwner {
    /// What a transition does to the stack (`UINavigationController.Operation`).
    public enum Operation: Sendable, Hashable {
        case none, push, pop
    }

    /// The height of the navigation bar, in points (UIKit's compact bar: 44).
    public static let navigationBarHeight: CGFloat = 44

    /// The stack, root first. Setting it is ``setViewControllers(_:animated:)`` unanimated, as in UIKit
    /// (queued while a transition runs in the window, as every change of the stack is).
    open var viewControllers: [ViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    /// The stack as it is now (what ``viewControllers`` reads).
    private(set) var stack: [ViewController] = []
    /// The top of the stack.
    open var topViewController: ViewController? { stack.last }
    /// The controller shown (the top one; Segue's modal controllers are not counted here).
    open var visibleViewController: ViewController? { topViewController }
    /// Supplies animators and interaction controllers, and is told about shown controllers.
    open weak var delegate: (any NavigationControllerDelegate)?
    /// The edge pan that pops interactively (from the leading edge, ``TransitionSettings/edgeWidth``
    /// wide, beginning after ``TransitionSettings/popSlop``): ``edgePopGestureRecognizer``, typed as
    /// UIKit types it (`UIGestureRecognizer?`, never nil here), so that UIKit code such as
    /// `navigationController?.interactivePopGestureRecognizer?.delegate = self` compiles unchanged.
    public var interactivePopGestureRecognizer: GestureRecognizer? { edgePopGestureRecognizer }
    /// The edge pan behind ``interactivePopGestureRecognizer``, with its own type (Segue's name).
    public let edgePopGestureRecognizer = ScreenEdgePanGestureRecognizer()
    /// The pan that pops from anywhere on the top page's content (iOS 26's
    /// `interactiveContentPopGestureRecognizer`): a leading-to-trailing pan (|dx| > |dy|, rightward) that
    /// begins anywhere on the page drives the same pop as the edge pan, with the same progress
    /// (`p = clamp((dx - popSlop) / width, 0, 1)`), tracking spring, release rule and release spring. On by
    /// default, as on iOS 26; an app turns it off with `isEnabled = false`, as UIKit apps do.
    ///
    /// It takes part in the touch at the normal priority, on the view the pages live in
    /// (``transitionView``), so the page's own recognizers come first: a scroll view that can scroll the
    /// way the finger goes, or a pan of the app's, takes the drag (a horizontal ``CollectionView`` at its
    /// leading edge leaves a rightward drag to it). It requires the edge pan
    /// (``interactivePopGestureRecognizer``) to fail, so the edge pan keeps precedence at the edge. It does
    /// not begin on a page with a zoom ``ViewController/preferredTransition``: that page's own content
    /// swipe (``ZoomInteraction``) dismisses it, as UIKit's zoom does, with the page under the finger.
    ///
    /// Typed as UIKit types it (`UIGestureRecognizer?`, never nil here): the recognizer itself is
    /// ``contentPopGestureRecognizer``. Differs from UIKit: ``allowsFullWidthPopGesture``, Segue's older
    /// option, is a different recognizer: it takes precedence over the page's own pans, where this one
    /// yields to them.
    public var interactiveContentPopGestureRecognizer: GestureRecognizer? { contentPopGestureRecognizer }
    /// The pan behind ``interactiveContentPopGestureRecognizer``, with its own type (Segue's name).
    public let contentPopGestureRecognizer = PanGestureRecognizer()
    /// Whether a rightward pan anywhere in the content pops, ahead of the page's own pans (off by default;
    /// a page opts out with ``ViewController/prefersFullWidthPopGestureDisabled``). Segue's addition, older
    /// than iOS 26's ``interactiveContentPopGestureRecognizer`` and kept beside it: that one yields to a
    /// scroll view or a pan in the page, this one (at the edge pan's ``GestureArenaPriority/high``
    /// priority) wins over them, as the full-width pop libraries of earlier iOS versions did.
    public var allowsFullWidthPopGesture = false {
        didSet { fullWidthPopGestureRecognizer.isEnabled = allowsFullWidthPopGesture }
    }
    /// Whether the built-in edge pan also scrubs a pop whose animator the delegate gave (and for which it
    /// gave no interaction controller), percent-driven, by the same release rule and catchable mid-flight
    /// as the stock pop. Off by default, as in UIKit, where a custom animator's pop is interactive only
    /// through an interaction controller of the app's own; the demo app turns it on, so that every effect
    /// it offers can be scrubbed.
    public var edgePanDrivesCustomAnimators = false
    /// The effect every animated push plays forwards and every animated pop backwards, in one line
    /// (`nav.transitionEffect = .slide(.up)`); nil (the default): the stock push and pop. A delegate's own
    /// animator still wins. The edge pan scrubs the effect's pops (as with
    /// ``edgePanDrivesCustomAnimators``), with the same release rule. Segue's addition: UIKit needs a
    /// delegate returning an animator per operation.
    public var transitionEffect: TransitionEffect?
    /// An interaction controller of your own (a swipe, a pinch) that drives ``transitionEffect``'s pushes
    /// and pops: it is handed to the transition when its gesture has begun one
    /// (``GestureDrivenInteraction/interactionInProgress``), so the same push is animated from a button
    /// and interactive from the gesture. A delegate's own interaction controller still wins. Segue's addition.
    public var effectInteractionController: (any GestureDrivenInteraction)?

    /// The numbers of the built-in push, pop and release rule.
    public var transitionSettings = TransitionSettings() {
        didSet { configurePopRecognizers() }
    }
    /// The bar at the top.
    public let navigationBar = NavigationBar()
    /// Whether the navigation bar is hidden.
    open var isNavigationBarHidden = false {
        didSet { navigationBar.isHidden = isNavigationBarHidden; viewIfLoaded?.setNeedsLayout() }
    }
    /// The view the pages (and their transitions) live in, below the bar.
    public let transitionView = View()
    /// The lifecycle its transitions run through (shared by every container; ``currentTransition`` and
    /// ``transitionObserver`` come from it).
    public let lifecycle = TransitionLifecycle()

    private let fullWidthPopGestureRecognizer = PanGestureRecognizer()
    /// Catches a finishing or cancelling interactive pop (or a stock push or pop animating on its own) with
    /// a pointer down on the moving page.
    private let catcher = TransitionCatcher()
    /// The interaction the edge pan (or a catch) drives, while its pop runs.
    private var popInteraction: PercentDrivenInteractiveTransition?
    /// Follows the pop pans and the catch: begin, follow, release by ``transitionSettings``' rule.
    private let popDriver = InteractionDriver()

    /// A stack with `rootViewController` at its root.
    public init(rootViewController: ViewController) {
        super.init()
        definesPresentationContext = true
        setRoot(rootViewController)
    }

    /// An empty stack (set ``setViewControllers(_:animated:)`` before showing it).
    public override init() {
        super.init()
        definesPresentationContext = true
    }

    private func setRoot(_ root: ViewController) {
        addChild(root)
        stack = [root]
        if isViewLoaded { show(root); updatePageSafeAreas() }
        root.didMove(toParent: self)
    }

    // MARK: View

    open override func loadView() {
        let root = NavigationContainerView(frame: loadedViewFrame)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.navigationController = self
        view = root
        transitionView.clipsToBounds = true
        root.addSubview(transitionView)
        root.addSubview(navigationBar)
        navigationBar.navigationController = self
        edgePopGestureRecognizer.delegate = self
        edgePopGestureRecognizer.addAction { [weak self] pan in self?.handlePopPan(pan) }
        root.addGestureRecognizer(edgePopGestureRecognizer)
        fullWidthPopGestureRecognizer.delegate = self
        fullWidthPopGestureRecognizer.arenaPriority = .high
        fullWidthPopGestureRecognizer.isEnabled = allowsFullWidthPopGesture
        fullWidthPopGestureRecognizer.addAction { [weak self] pan in self?.handlePopPan(pan) }
        transitionView.addGestureRecognizer(fullWidthPopGestureRecognizer)
        contentPopGestureRecognizer.name = "NavigationController.contentPop"
        contentPopGestureRecognizer.delegate = self
        contentPopGestureRecognizer.axis = .horizontal
        // The edge keeps precedence: the content pop waits for the edge pan, which fails at once on a
        // down outside its strip.
        contentPopGestureRecognizer.require(toFail: edgePopGestureRecognizer)
        contentPopGestureRecognizer.addAction { [weak self] pan in self?.handlePopPan(pan) }
        transitionView.addGestureRecognizer(contentPopGestureRecognizer)
        popDriver.rule = { [weak self] in
            InteractionDriver.ReleaseRule(settings: self?.transitionSettings ?? TransitionSettings(), boostsEdgeFlicks: true)
        }
        popDriver.tracking = { [weak self] in (self?.transitionSettings ?? TransitionSettings()).trackingSpring }
        configureCatcher()
        transitionView.addGestureRecognizer(catcher.recognizer)
        configurePopRecognizers()
        layoutContainer()
        if let top = topViewController { show(top) }
        navigationBar.update(for: stack)
    }

    private func configurePopRecognizers() {
        edgePopGestureRecognizer.settings.edgeWidth = Double(transitionSettings.edgeWidth)
        edgePopGestureRecognizer.settings.slop = Double(transitionSettings.popSlop)
        fullWidthPopGestureRecognizer.settings.slop = Double(transitionSettings.popSlop)
        contentPopGestureRecognizer.settings.slop = Double(transitionSettings.popSlop)
    }

    /// Places the bar and the transition view. The transition view (the transitions' container view) spans
    /// the whole view, under the bar whatever the bar is, as UIKit's `UINavigationTransitionView` does; a
    /// page that does not extend under the bar rests below it inside the transition view
    /// (``pageFrame(for:)``), so pages that do and pages that do not can share one transition.
    func layoutContainer() {
        guard let root = viewIfLoaded else { return }
        let b = root.bounds
        // The bar's height is its top page's (row and large title); a transition animates it and leaves it alone.
        let barHeight = currentTransition == nil ? topViewController.map(navigationBar.height(for:)) ?? Self.navigationBarHeight
                                                 : navigationBar.frame.height
        let barFrame = CGRect(x: b.minX, y: b.minY, width: b.width, height: barHeight)
        if navigationBar.frame != barFrame { navigationBar.frame = barFrame }
        transitionView.frame = b
        if currentTransition == nil, let top = topViewController, let page = top.viewIfLoaded, page.superview === transitionView {
            page.frame = pageFrame(for: top)
        }
        updatePageSafeAreas()
    }

    /// How much of the transition view the bar covers from its top for `page` at rest, in points: its
    /// height for that page (the row and the part of its large title shown) when the bar is shown.
    private func barOverlap(for page: ViewController) -> CGFloat {
        isNavigationBarHidden ? 0 : navigationBar.height(for: page)
    }

    /// The bar's height for a page changed (its large title collapsed or came back): the pages' safe areas
    /// follow (and the scroll views' adjusted insets with them).
    func barHeightDidChange() {
        updatePageSafeAreas()
        if !navigationBar.isTranslucent { viewIfLoaded?.setNeedsLayout() }
    }

    /// Where `controller`'s view rests in the transition view: all of it when the page extends under the bar
    /// (`edgesForExtendedLayout` has `.top`, and the bar is translucent or the page's
    /// ``ViewController/extendedLayoutIncludesOpaqueBars`` is true), else below the bar: under an opaque bar
    /// a page's view starts at the bar's bottom, as in UIKit.
    func pageFrame(for controller: ViewController) -> CGRect {
        controller.restingFrame(in: transitionView.bounds, barAt: .top, covering: barOverlap(for: controller),
                                translucent: navigationBar.isTranslucent)
    }

    /// The size a page gets in a navigation controller of `parentSize`: all of it under a translucent or
    /// hidden bar (or for a page extending under opaque bars), else less the bar's height.
    open override func size(forChildContentContainer container: any ContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        BarLayout(edge: .top, height: isNavigationBarHidden ? 0 : Self.navigationBarHeight, containerUnderBar: true,
                  translucent: navigationBar.isTranslucent).size(of: container, among: stack, inParentOf: parentSize)
    }

    /// Tells each page what the bar covers of it at rest (its safe area's top), and the pages and their
    /// children whose safe area changed.
    private func updatePageSafeAreas() {
        for page in stack {
            page.barInsetsFromContainer = EdgeInsets(top: max(0, barOverlap(for: page) - pageFrame(for: page).minY),
                                                     left: 0, bottom: 0, right: 0)
        }
        updateSafeAreaInsets()
    }

    /// Puts `controller`'s view in the transition view, at rest.
    private func show(_ controller: ViewController) {
        let page = controller.view!
        page.frame = pageFrame(for: controller)
        page.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        transitionView.addSubview(page)
    }

    // MARK: Push and pop

    /// Pushes `viewController` on the stack (queued while a transition runs in the window, by the rule of
    /// ``TransitionRequests``).
    open func pushViewController(_ viewController: ViewController, animated: Bool) {
        lifecycle.request(in: viewIfLoaded) { [weak self] in self?.performPush(viewController, animated: animated) }
    }

    private func performPush(_ viewController: ViewController, animated: Bool) {
        precondition(!stack.contains { $0 === viewController },
                     "pushViewController: \(type(of: viewController)) is already in the stack")
        guard let from = topViewController else {
            setRoot(viewController)
            return
        }
        let previous = stack
        addChild(viewController)
        stack.append(viewController)
        transition(.push, from: from, to: viewController, leaving: [], animated: animated, previousStack: previous)
    }

    /// Pushes `vc`, animated, as ``pushViewController(_:animated:)`` does (queued while a transition runs):
    /// UIKit's navigation controller handles `show(_:sender:)` this way, for itself and for every
    /// controller inside it (the Show segue).
    open override func show(_ vc: ViewController, sender: Any?) {
        pushViewController(vc, animated: true)
    }

    /// True for ``ViewController/ShowAction/show`` (a push), false for the detail context, which a
    /// navigation controller does not handle (UIKit's rule).
    open override func handlesShowAction(_ action: ShowAction, sender: Any?) -> Bool {
        action == .show
    }

    /// Pops the top controller (queued while a transition runs in the window: returns nil then); nil at
    /// the root.
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        var popped: ViewController?
        lifecycle.request(in: viewIfLoaded) { [weak self] in
            guard let self, self.stack.count > 1 else { return }
            popped = self.popTo(self.stack[self.stack.count - 2], animated: animated).first
        }
        return popped
    }

    /// Pops down to `viewController` (which must be in the stack when the request runs); returns the
    /// popped controllers (nil when queued or when nothing is popped).
    @discardableResult
    open func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController]? {
        var popped: [ViewController]?
        lifecycle.request(in: viewIfLoaded) { [weak self] in
            guard let self else { return }
            precondition(self.stack.contains { $0 === viewController },
                         "popToViewController: \(type(of: viewController)) is not in the stack")
            let list = self.popTo(viewController, animated: animated)
            popped = list.isEmpty ? nil : list
        }
        return popped
    }

    /// Pops down to the root; returns the popped controllers.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Replaces the stack. Animated: a push when the new top is not in the old stack, else a pop. A
    /// cancelled animated replacement (an interactive one let go short) puts the whole stack back as it
    /// was, as UIKit does.
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        lifecycle.request(in: viewIfLoaded) { [weak self] in self?.performSetViewControllers(controllers, animated: animated) }
    }

    private func performSetViewControllers(_ controllers: [ViewController], animated: Bool) {
        guard let newTop = controllers.last else { preconditionFailure("setViewControllers: the stack cannot be empty") }
        guard let oldTop = topViewController else {
            for c in controllers { addChild(c) }
            stack = controllers
            if isViewLoaded { show(newTop) }
            for c in controllers { c.didMove(toParent: self) }
            navigationBar.update(for: stack)
            return
        }
        let previous = stack
        let leaving = stack.filter { old in !controllers.contains { $0 === old } }
        let arriving = controllers.filter { new in !stack.contains { $0 === new } }
        let isPop = stack.contains { $0 === newTop }
        for c in leaving { c.willMove(toParent: nil) }
        for c in arriving { addChild(c) }
        stack = controllers
        if newTop === oldTop {
            for c in leaving { c.removeFromParent() }
            for c in arriving { c.didMove(toParent: self) }
            navigationBar.update(for: stack)
            return
        }
        transition(isPop ? .pop : .push, from: oldTop, to: newTop,
                   leaving: leaving.filter { $0 !== oldTop }, animated: animated,
                   arrivingBelow: arriving.filter { $0 !== newTop }, previousStack: previous)
    }

    private func popTo(_ target: ViewController, animated: Bool) -> [ViewController] {
        guard let index = stack.firstIndex(where: { $0 === target }), index < stack.count - 1 else {
            return []
        }
        let previous = stack
        let popped = Array(stack[(index + 1)...])
        let from = popped.last!
        for c in popped { c.willMove(toParent: nil) }
        stack.removeSubrange((index + 1)...)
        transition(.pop, from: from, to: target, leaving: popped.dropLast(), animated: animated, previousStack: previous)
        return popped
    }

    // MARK: The transition

    /// Runs a push or pop from `from` to `to`. `leaving` are other controllers leaving the stack (popped
    /// below the top); `arrivingBelow` other controllers arriving (set below the new top); `previousStack`
    /// the stack before the change (put back if the transition is cancelled).
    private func transition(_ operation: Operation, from: ViewController, to: ViewController,
                            leaving: [ViewController], animated: Bool, arrivingBelow: [ViewController] = [],
                            previousStack: [ViewController]) {
        // Out of a window nothing animates: the delegate hears of the change as unanimated.
        let animated = animated && isViewLoaded && view.window != nil
        delegate?.navigationController(self, willShow: to, animated: animated)
        let isPop = operation == .pop
        // Two collection view controllers sharing one collection view: its layout changes, no page moves.
        let layoutToLayout = LayoutToLayoutNavigation(operation: operation, from: from, to: to)
        layoutToLayout?.begin()
        /// The container's work at the end: view removal, appearance (`began`: whether the switch began
        /// it), containment.
        let finishBookkeeping: (_ completed: Bool, _ began: Bool) -> Void = { [weak self] completed, began in
            guard let self else { return }
            layoutToLayout?.end(completed: completed)
            if completed {
                from.viewIfLoaded?.removeFromSuperview()
                self.fill(with: to)
                self.endChildSwitchAppearance(began: began, from: from, to: to, completed: true, animated: animated)
                // The from page leaves its parent when it left the stack: a pop, or a replacement of the
                // top by setViewControllers (which may be a push).
                if !self.stack.contains(where: { $0 === from }) { from.removeFromParent() }
                for c in leaving { c.removeFromParent() }
                if !isPop { to.didMove(toParent: self) }
                for c in arrivingBelow { c.didMove(toParent: self) }
            } else {
                to.viewIfLoaded?.removeFromSuperview()
                // The stack as it was (a popped page is back on top; pushed pages leave again).
                self.stack = previousStack
                // The page that stays is at rest in the container as it is now (the window may have been
                // resized since the transition began; the revert put back the values from then).
                self.fill(with: from)
                self.endChildSwitchAppearance(began: began, from: from, to: to, completed: false)
                for c in [to] + arrivingBelow where !previousStack.contains(where: { $0 === c }) {
                    c.willMove(toParent: nil)
                    c.removeFromParent()
                }
            }
            self.navigationBar.update(for: self.stack)
            self.updatePageSafeAreas()
        }
        guard animated, isViewLoaded, view.window != nil else {
            // Unanimated: the swap happens at once, with the appearance callbacks.
            let began = beginChildSwitchAppearance(from: from, to: to, animated: false)
            if isViewLoaded { show(to) }
            layoutToLayout?.changeLayoutWithoutAnimation()
            finishBookkeeping(true, began)
            delegate?.navigationController(self, didShow: to, animated: false)
            return
        }
        // A layout-to-layout transition runs its own animator (the delegate is not asked for one); then the
        // delegate's, then the transition effect's, then the stock push or pop.
        let layoutAnimator = layoutToLayout?.makeAnimator()
        // Under Reduce Motion a push or pop no finger drives cross-fades (the bar's titles too).
        let drivenByGesture = (isPop && popInteraction != nil) || effectInteractionController?.interactionInProgress == true
        // The pushed (popped) page's preferredTransition comes after the delegate's animator, as in UIKit.
        let ownAnimator = layoutAnimator == nil
            ? delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to) : nil
        let preferredAnimator = layoutAnimator == nil && ownAnimator == nil
            ? (isPop ? from : to).preferredTransitionAnimator(reversed: isPop, in: view.window) : nil
        let delegateAnimator = ownAnimator ?? preferredAnimator
        let reducedMotion = layoutAnimator == nil && delegateAnimator == nil
            && TransitionLifecycle.effect(nil, in: view.window, drivenByGesture: drivenByGesture) != nil
        let animator = layoutAnimator ?? lifecycle.chooseAnimator(
            delegate: delegateAnimator,
            effect: reducedMotion ? TransitionLifecycle.effect(transitionEffect, in: view.window, drivenByGesture: false) : transitionEffect,
            reverse: isPop,
            stock: { NavigationTransitionAnimator(operation: operation, settings: transitionSettings) })!
        // The edge and content pops drive the stock pop, an effect's, and the popped page's own
        // preferredTransition (a zoomed page's edge or content swipe shrinks it back, as on iOS 26).
        let builtInDrives = animator is NavigationTransitionAnimator || animator is CollectionLayoutNavigationAnimator
            || edgePanDrivesCustomAnimators || lifecycle.effectAnimator != nil
            || (preferredAnimator != nil && animator as AnyObject === preferredAnimator as AnyObject)
        let interaction = lifecycle.chooseInteraction(
            delegate: delegate?.navigationController(self, interactionControllerFor: animator)
                ?? (isPop ? from.preferredTransitionInteraction(for: animator) : nil), animator: animator,
            effectInteraction: effectInteractionController, builtIn: isPop ? popInteraction : nil, builtInDrives: builtInDrives)
        to.loadViewIfNeeded()
        updatePageSafeAreas()
        let t = lifecycle.runPageSwitch(
            isPop ? .pop : .push, of: self, in: transitionView, from: from, to: to,
            fromFrame: pageFrame(for: from), toFrame: pageFrame(for: to), animator: animator,
            interactionController: interaction, bookkeeping: finishBookkeeping,
            afterEnd: { [weak self] completed in
                guard let self else { return }
                self.popInteraction = nil
                self.delegate?.navigationController(self, didShow: completed ? to : from, animated: true)
            })
        // The incoming page laid out (its scroll view's insets applied), so that the bar starts from its look
        // and large title as they will be at rest (at its scroll edge, not scrolled by its inset).
        to.viewIfLoaded?.layoutIfNeeded()
        // The bar cross-fades under Reduce Motion and during a page's own preferredTransition (a zoom: UIKit's
        // bar fades its titles and items in place while the page zooms).
        var pageZooms = false
        if preferredAnimator != nil, animator as AnyObject === preferredAnimator as AnyObject,
           case .zoom? = (isPop ? from : to).preferredTransition?.kind {
            pageZooms = true
        }
        navigationBar.transition(from: from, to: to, operation: operation, coordinator: t, crossFades: reducedMotion || pageZooms)
    }

    /// Puts `controller`'s view at rest in the transition view.
    private func fill(with controller: ViewController) {
        guard let page = controller.viewIfLoaded else { return }
        page.frame = pageFrame(for: controller)
        page.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    }

    // MARK: The interactive pop

    /// The pop pans begin only with more than one page on the stack and no transition running in the window.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard stack.count > 1, TransitionLifecycle.isIdle(in: viewIfLoaded) else { return false }
        if gestureRecognizer === fullWidthPopGestureRecognizer {
            guard let pan = gestureRecognizer as? PanGestureRecognizer else { return false }
            let v = pan.translation(in: nil)
            return v.x > 0 && abs(v.x) > abs(v.y) && !(topViewController?.prefersFullWidthPopGestureDisabled ?? false)
        }
        if gestureRecognizer === contentPopGestureRecognizer {
            return Self.isLeadingToTrailing(contentPopGestureRecognizer.translation(in: nil)) && !topPageOwnsContentSwipe
        }
        return true
    }

    /// Whether a pan's `translation` goes from the leading to the trailing edge (rightward, mostly
    /// horizontal): the direction the pops take.
    static func isLeadingToTrailing(_ translation: CGPoint) -> Bool {
        translation.x > 0 && abs(translation.x) > abs(translation.y)
    }

    /// Whether the content pop would take a drag of `translation` that a scroll view in the page is asked
    /// to begin with now: it is on, the stack can pop, no transition runs, and the drag goes leading to
    /// trailing. A horizontal ``CollectionView`` at its leading edge leaves such a drag to it.
    func contentPopTakesDrag(translation: CGPoint) -> Bool {
        contentPopGestureRecognizer.isEnabled && stack.count > 1 && !topPageOwnsContentSwipe
            && TransitionLifecycle.isIdle(in: viewIfLoaded) && Self.isLeadingToTrailing(translation)
    }

    /// Whether the top page dismisses itself by a content swipe: a page with a zoom
    /// ``ViewController/preferredTransition`` (its ``ZoomInteraction``'s pan, UIKit's
    /// `_UIContentSwipeDismissGestureRecognizer`, owns the leading-to-trailing swipe on its content, so
    /// that one recognizer drives the pop and the page roams under the finger; the content pop leaves it).
    private var topPageOwnsContentSwipe: Bool {
        topViewController?.preferredZoom != nil
    }

    // MARK: Interrupting

    /// The back button's tap: while a push of this stack animates on its own (the stock push, or one of
    /// ``transitionEffect``), it reverses into a pop from where its page is drawn (iOS 26's interruptible
    /// navigation): the push completes at once and an animated pop starts at the pushed page's drawn
    /// position and finishes with the release spring, so nothing jumps and the appearance callbacks stay
    /// balanced (the pushed page appears, then disappears). Otherwise the usual
    /// ``popViewController(animated:)`` (queued while another transition runs).
    func backButtonTapped() {
        if let t = currentTransition, t.kind == .push, t.phase == .animating, t.interactionController == nil,
           catcher.canTakeOver(t), !popDriver.isHolding, let (interaction, q) = catchAnimating(t) {
            interaction.release(at: q, velocity: 0, settings: transitionSettings, finishes: { _, _ in true },
                                boostsEdgeFlicks: false)
            return
        }
        popViewController(animated: true)
    }

    // MARK: Catching

    /// The catch (spec: gestures-and-timing, "Catching"): a pop finishing or cancelling under the built-in
    /// interaction, or a stock push or pop (or one of ``transitionEffect``) animating on its own, caught on
    /// its moving (top) page where it is drawn; it follows the pointer 1:1 along x.
    private func configureCatcher() {
        catcher.transition = { [weak self] in self?.currentTransition }
        catcher.interaction = { [weak self] in self?.popInteraction }
        catcher.movingViews = { t in [t.view(forKey: t.kind == .push ? .to : .from)].compactMap { $0 } }
        catcher.progressPerPoint = { [weak self] in CGPoint(x: 1 / max(self?.transitionView.bounds.width ?? 1, 1), y: 0) }
        catcher.driver = popDriver
        catcher.canTakeOver = { [weak self] t in
            t.animator is NavigationTransitionAnimator || t.animator as AnyObject === self?.lifecycle.effectAnimator
        }
        catcher.takeOver = { [weak self] t in self?.catchAnimating(t) }
    }

    /// Catches a stock push or pop, or one of ``transitionEffect``, that animates on its own. A pop becomes
    /// interactive where its page is drawn. A push is never cancelled: it completes at once and turns into
    /// an interactive pop from where its page is drawn (UIKit's rule for interrupted pushes), so stack and
    /// appearance stay balanced. The stock transition's progress is where its top page is (its spring is
    /// not linear in time); an effect's is the fraction of its duration played, which a pop scrubbed to
    /// the same fraction shows the same way (an effect's curve is symmetric: a push at f looks like a pop
    /// at 1 - f).
    private func catchAnimating(_ t: ContainerTransition) -> (PercentDrivenInteractiveTransition, CGFloat)? {
        let width = max(transitionView.bounds.width, 1)
        let interaction = PercentDrivenInteractiveTransition()
        let isStock = t.animator is NavigationTransitionAnimator
        if t.kind == .pop, let page = t.view(forKey: .from) {
            let p = isStock ? min(max(page.layer.renderedProperties.frame.minX / width, 0), 1) : t.percentComplete
            popInteraction = interaction
            t.takeOver(with: interaction, at: p)
            return (interaction, p)
        } else if t.kind == .push, let page = t.view(forKey: .to) {
            let q = isStock ? min(max(page.layer.renderedProperties.frame.minX / width, 0), 1) : 1 - t.percentComplete
            (t.animator as? NavigationTransitionAnimator)?.removeChrome()
            t.completeNow()
            interaction.startProgress = q
            popInteraction = interaction
            guard popViewController(animated: true) != nil, currentTransition?.interactionController === interaction else {
                popInteraction = nil
                return nil
            }
            return (interaction, q)
        }
        return nil
    }

    /// The edge, content or full-width pan, through the driver: `p = clamp((dx - popSlop) / width, 0, 1)`, the travel
    /// since the pan was recognized; its began pops with a new built-in interaction.
    private func handlePopPan(_ pan: PanGestureRecognizer) {
        let width = max(transitionView.bounds.width, 1)
        let travel = pan.translation(in: nil).x - transitionSettings.popSlop
        popDriver.drive(pan.state, progress: min(max(travel / width, 0), 1),
                        velocity: pan.releaseVelocity(in: nil).x / width) {
            let interaction = PercentDrivenInteractiveTransition()
            popInteraction = interaction
            // The pan may end in the frame it began in (move and up together), before the pop starts: the
            // release waits for it (PercentDrivenInteractiveTransition.release).
            let popped = popDriver.begin(interaction) { popViewController(animated: true) == nil ? nil : currentTransition }
            if !popped { popInteraction = nil }
        }
    }
}

/// The navigation controller's root view: lays out the bar and the transition view.
@MainActor
final class NavigationContainerView: View {
    weak var navigationController: NavigationController?
    override func layoutSubviews() {
        super.layoutSubviews()
        navigationController?.layoutContainer()
    }
}
