import SegueAnimation

/// Pages side by side, one shown at a time, chosen with a ``TabBar`` at the bottom
/// (`UITabBarController`), switched by the shared transition engine (``ContainerTransition``).
///
/// Selecting:
/// - In code (``selectedIndex``, ``selectedViewController``): the delegate is not asked or told
///   (UIKit's rule). Without an animator from the delegate the switch happens at once, as in UIKit; with
///   one (and an interaction controller, if it gives one) it is animated, as in UIKit, which is how the
///   seed articles drive interactive switches by assigning `selectedIndex` in a pan handler.
/// - By the user: a click on a tab item, the Left/Right keys (``selectsWithArrowKeys``), a horizontal
///   swipe in the content (``allowsSwipeBetweenTabs``). The delegate's
///   ``TabBarControllerDelegate/tabBarController(_:shouldSelect:)`` may refuse; its `didSelect` is called
///   when the switch has completed. The keys and the swipe use the stock ``TabSlideTransitionAnimator``
///   when the delegate gives no animator; a click does too with ``animatesItemSelection``.
/// - A switch asked for while a transition runs anywhere in the window (this one's, an interactive pop in
///   the selected tab, a presentation) is queued and performed after it, in order, by the window's one
///   rule (``TransitionRequests``): two quick Right presses end two tabs on. A released swipe's switch can
///   be caught on either page while it finishes or cancels.
///
/// The swipe: direction from the pan at `began` (a rightward pan selects the tab on the left), progress
/// `p = dx / W` towards that tab (0 if the finger crosses back), release by a flick's sign or else
/// `p > commitFraction` (``TransitionSettings``), completing with the interactive-release spring; no
/// swipe begins towards a missing tab. A tab holding a navigation controller that can pop: its pop
/// gestures are tried first (the edge pan wins); at the root the pan swipes tabs.
///
/// Differs from UIKit: no "More" tab, no customizing, no `tabBar` hiding on push; the pages lie above
/// the bar (not under it); ``selectedIndex`` is 0 with no tabs (UIKit's is `NSNotFound`); the keys and the
/// swipe are Segue's opt-in additions (off by default, since UIKit has neither and an app's own pan on
/// the view must not compete with them).
@MainActor
open class TabBarController: ViewController, GestureRecognizerDelegate, TransitionLifecycleOwner {
    /// Asked whether the user may select a tab, told when the user did, asked for animators.
    open weak var delegate: (any TabBarControllerDelegate)?
    /// The bar at the bottom.
    public let tabBar = TabBar()
    /// The view the pages (and their transitions) live in, above the bar.
    public let transitionView = View()
    /// The numbers of the stock slide and of the swipe's release rule.
    public var transitionSettings = TransitionSettings()
    /// The lifecycle its transitions run through (shared by every container; ``currentTransition`` and
    /// ``transitionObserver`` come from it).
    public let lifecycle = TransitionLifecycle()

    /// Whether the Left and Right arrow keys select the previous and next tab with the stock slide (off
    /// by default; Segue's addition). Keys reach the controller when it is the window's root controller
    /// or in the first responder's chain.
    public var selectsWithArrowKeys = false
    /// Whether a horizontal pan in the content swipes between tabs, interactively (off by default;
    /// Segue's addition).
    public var allowsSwipeBetweenTabs = false {
        didSet { swipeGestureRecognizer.isEnabled = allowsSwipeBetweenTabs }
    }
    /// Whether a click on a tab item slides to its page with the stock slide when the delegate gives no
    /// animator (off by default: UIKit switches at once).
    public var animatesItemSelection = false
    /// The effect every tab switch plays, in one line (`tabs.transitionEffect = .slide()`): forwards to a
    /// later tab, backwards to an earlier one. Set, every switch is animated with it (a click, the arrow
    /// keys, the swipe, which scrubs it, and a selection made in code while the tabs are shown); nil (the
    /// default): UIKit's rule and the stock slide. A delegate's own animator still wins. Segue's addition.
    public var transitionEffect: TransitionEffect?
    /// An interaction controller of your own that drives ``transitionEffect``'s switches: it is handed to
    /// the transition when its gesture has begun one (``GestureDrivenInteraction/interactionInProgress``).
    /// A delegate's own interaction controller still wins. Segue's addition.
    public var effectInteractionController: (any GestureDrivenInteraction)?
    /// The pan that swipes between tabs (enabled by ``allowsSwipeBetweenTabs``), on ``transitionView``.
    public let swipeGestureRecognizer = PanGestureRecognizer()

    private var storedViewControllers: [ViewController] = []
    private var storedSelectedIndex = 0
    /// The interaction the swipe drives, while it does, and the direction it goes (+1: the next tab).
    private var swipeInteraction: PercentDrivenInteractiveTransition?
    private var swipeSign: CGFloat = 1
    /// Catches a released swipe's switch while it finishes or cancels, with a pointer down on either page.
    private let catcher = TransitionCatcher()
    /// Follows the swipe and the catch: begin, follow, release by the swipe's rule (a flick by its sign, else
    /// strictly past ``TransitionSettings/commitFraction``: the seeds' threshold; the pop's rule finishes at
    /// the fraction itself).
    private let swipeDriver = InteractionDriver()
    private lazy var arrowKeyCommands = [
        KeyCommand(input: .left, title: "Previous Tab") { [unowned self] in self.userSelectAdjacent(-1) },
        KeyCommand(input: .right, title: "Next Tab") { [unowned self] in self.userSelectAdjacent(+1) },
    ]

    /// A tab bar controller with no tabs (set ``viewControllers``).
    public override init() {
        super.init()
    }

    // MARK: Tabs and selection

    /// The pages, one per tab, in order (`nil` or empty: none). Setting it makes them children, removes
    /// the old ones, and keeps the selected page if it is still there (else selects the first);
    /// queued while a transition runs.
    open var viewControllers: [ViewController]? {
        get { storedViewControllers.isEmpty ? nil : storedViewControllers }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the pages (`animated` is ignored, as the switch it causes is not animated).
    open func setViewControllers(_ controllers: [ViewController]?, animated: Bool) {
        lifecycle.request(in: viewIfLoaded) { [weak self] in self?.performSetViewControllers(controllers) }
    }

    private func performSetViewControllers(_ controllers: [ViewController]?) {
        let new = controllers ?? []
        let oldSelected = selectedViewController
        let newIndex = oldSelected.flatMap { s in new.firstIndex { $0 === s } } ?? 0
        let newSelected = new.isEmpty ? nil : new[newIndex]
        let leaving = storedViewControllers.filter { old in !new.contains { $0 === old } }
        let arriving = new.filter { c in !storedViewControllers.contains { $0 === c } }
        let shown = isViewLoaded && view.window != nil
        let swaps = oldSelected !== newSelected
        var began = false
        if shown && swaps, let oldSelected, let newSelected {
            began = beginChildSwitchAppearance(from: oldSelected, to: newSelected, animated: false)
        } else if shown && swaps {
            oldSelected?.beginAppearanceTransition(false, animated: false)
            newSelected?.beginAppearanceTransition(true, animated: false)
            began = true
        }
        for c in leaving { c.willMove(toParent: nil) }
        for c in arriving { addChild(c) }
        storedViewControllers = new
        storedSelectedIndex = newIndex
        if isViewLoaded && swaps {
            oldSelected?.viewIfLoaded?.removeFromSuperview()
            if let newSelected { show(newSelected) }
        }
        if shown && swaps, let oldSelected, let newSelected {
            endChildSwitchAppearance(began: began, from: oldSelected, to: newSelected, completed: true, animated: false)
        } else if began {
            oldSelected?.endAppearanceTransition()
            newSelected?.endAppearanceTransition()
        }
        for c in leaving { c.removeFromParent() }
        for c in arriving { c.didMove(toParent: self) }
        tabBar.setItems(new.map(\.tabBarItem), selected: new.isEmpty ? nil : newIndex)
    }

    /// The index of the selected page. Assigning it switches pages at once, or with the delegate's
    /// animator if it gives one; the delegate is not asked or told (a selection in code). Out of range
    /// fails loudly. Queued while a transition runs.
    open var selectedIndex: Int {
        get { storedSelectedIndex }
        set {
            precondition(storedViewControllers.indices.contains(newValue),
                         "TabBarController.selectedIndex: \(newValue) is not the index of a tab (\(storedViewControllers.count) tabs)")
            lifecycle.request(in: viewIfLoaded) { [weak self] in self?.select(newValue, byUser: false, stockAnimation: false) }
        }
    }

    /// The selected page. Assigning it (it must be one of ``viewControllers``) selects it, as
    /// ``selectedIndex``.
    open var selectedViewController: ViewController? {
        get { storedViewControllers.indices.contains(storedSelectedIndex) ? storedViewControllers[storedSelectedIndex] : nil }
        set {
            guard let newValue, let index = storedViewControllers.firstIndex(where: { $0 === newValue }) else {
                preconditionFailure("TabBarController.selectedViewController: the controller is not one of the tabs")
            }
            selectedIndex = index
        }
    }

    /// The user selects the tab `offset` away from the selected one (a key): nothing past the ends;
    /// queued behind running transitions (by the window's rule, ``TransitionRequests``) and evaluated when
    /// it runs.
    private func userSelectAdjacent(_ offset: Int) {
        lifecycle.request(in: viewIfLoaded) { [weak self] in
            guard let self else { return }
            let index = self.storedSelectedIndex + offset
            guard self.storedViewControllers.indices.contains(index) else { return }
            self.select(index, byUser: true, stockAnimation: true)
        }
    }

    /// The user clicked the item at `index`.
    private func userSelectItem(_ index: Int) {
        lifecycle.request(in: viewIfLoaded) { [weak self] in
            guard let self, self.storedViewControllers.indices.contains(index) else { return }
            self.select(index, byUser: true, stockAnimation: self.animatesItemSelection)
        }
    }

    // MARK: View

    open override func loadView() {
        let root = TabBarContainerView(frame: loadedViewFrame)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.tabBarController = self
        view = root
        transitionView.clipsToBounds = true
        root.addSubview(transitionView)
        root.addSubview(tabBar)
        tabBar.tabBarController = self
        tabBar.onSelect = { [weak self] index in self?.userSelectItem(index) }
        swipeGestureRecognizer.axis = .horizontal
        swipeGestureRecognizer.delegate = self
        swipeGestureRecognizer.isEnabled = allowsSwipeBetweenTabs
        swipeGestureRecognizer.addAction { [weak self] pan in self?.handleSwipe(pan) }
        transitionView.addGestureRecognizer(swipeGestureRecognizer)
        swipeDriver.rule = { [weak self] in
            InteractionDriver.ReleaseRule(settings: self?.transitionSettings ?? TransitionSettings(), strictlyPastCommitFraction: true)
        }
        swipeDriver.tracking = { [weak self] in (self?.transitionSettings ?? TransitionSettings()).trackingSpring }
        configureCatcher()
        transitionView.addGestureRecognizer(catcher.recognizer)
        layoutContainer()
        if let selected = selectedViewController { show(selected) }
    }

    /// The Left/Right commands when ``selectsWithArrowKeys`` is on, after any of the responder's own.
    open override var keyCommands: [KeyCommand] {
        super.keyCommands + (selectsWithArrowKeys ? arrowKeyCommands : [])
    }

    /// Places the bar and the transition view.
    func layoutContainer() {
        guard let root = viewIfLoaded else { return }
        let b = root.bounds
        tabBar.frame = CGRect(x: b.minX, y: b.maxY - TabBar.height, width: b.width, height: TabBar.height)
        let above = containerIsUnderBar ? 0 : TabBar.height
        transitionView.frame = CGRect(x: b.minX, y: b.minY, width: b.width, height: max(b.height - above, 0))
        if currentTransition == nil, let selected = selectedViewController, let page = selected.viewIfLoaded,
           page.superview === transitionView {
            page.frame = pageFrame(for: selected)
        }
        updatePageSafeAreas()
    }

    /// Whether the transition view extends under the bar (a translucent or hidden bar, or a selected page
    /// that extends under opaque bars too).
    private var containerIsUnderBar: Bool {
        guard !tabBar.isHidden, !tabBar.isTranslucent else { return true }
        guard let selected = selectedViewController else { return false }
        return selected.extendedLayoutIncludesOpaqueBars && selected.edgesForExtendedLayout.contains(.bottom)
    }

    /// How much of the transition view the bar covers from its bottom, in points: its height when the
    /// transition view extends under a shown bar (from the layout's rule, not from the frames of the
    /// moment, which autoresizing may have left inconsistent while the view was out of the window).
    private var barOverlap: CGFloat {
        tabBar.isHidden || !containerIsUnderBar ? 0 : TabBar.height
    }

    /// Where `controller`'s view rests in the transition view: all of it when the page extends under the bar
    /// (`edgesForExtendedLayout` has `.bottom`, and the bar is translucent or the page extends under
    /// opaque bars), else above the bar.
    func pageFrame(for controller: ViewController) -> CGRect {
        controller.restingFrame(in: transitionView.bounds, barAt: .bottom, covering: barOverlap, translucent: tabBar.isTranslucent)
    }

    /// The size a page gets in a tab bar controller of `parentSize`: all of it under a translucent or hidden
    /// bar (or for a page extending under opaque bars), else less the bar's height.
    open override func size(forChildContentContainer container: any ContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        BarLayout(edge: .bottom, height: tabBar.isHidden ? 0 : TabBar.height, containerUnderBar: containerIsUnderBar,
                  translucent: tabBar.isTranslucent).size(of: container, among: storedViewControllers, inParentOf: parentSize)
    }

    /// Tells each page what the bar covers of it at rest (its safe area's bottom), and the pages and their
    /// children whose safe area changed.
    private func updatePageSafeAreas() {
        let overlap = barOverlap
        for page in storedViewControllers {
            let rest = pageFrame(for: page)
            page.barInsetsFromContainer = EdgeInsets(top: 0, left: 0,
                                                     bottom: max(0, overlap - (transitionView.bounds.maxY - rest.maxY)), right: 0)
        }
        updateSafeAreaInsets()
    }

    /// Puts `controller`'s view in the transition view, at rest.
    private func show(_ controller: ViewController) {
        let page = controller.view!
        View.performWithoutAnimation { page.frame = pageFrame(for: controller) }
        page.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        transitionView.addSubview(page)
    }

    // MARK: The transition

    /// Switches to the tab at `index` (a request that runs now: ``lifecycle`` decided). `byUser`: the
    /// delegate is asked first and told at the end. `stockAnimation`: the stock slide runs when the
    /// delegate gives no animator.
    @discardableResult
    private func select(_ index: Int, byUser: Bool, stockAnimation: Bool) -> ContainerTransition? {
        guard let from = selectedViewController, index != storedSelectedIndex else { return nil }
        let to = storedViewControllers[index]
        if byUser, delegate?.tabBarController(self, shouldSelect: to) == false { return nil }
        let fromIndex = storedSelectedIndex
        storedSelectedIndex = index
        let shown = isViewLoaded && view.window != nil
        let animator = shown ? lifecycle.chooseAnimator(
            delegate: delegate?.tabBarController(self, animationControllerForTransitionFrom: from, to: to),
            effect: transitionEffect == nil && !stockAnimation ? nil : TransitionLifecycle.effect(
                transitionEffect, in: view.window,
                drivenByGesture: swipeInteraction != nil || effectInteractionController?.interactionInProgress == true),
            reverse: index < fromIndex,
            stock: { stockAnimation ? TabSlideTransitionAnimator(direction: index > fromIndex ? .forward : .backward,
                                                                 settings: transitionSettings) : nil }) : nil
        guard let animator else {
            // At once, with the appearance callbacks (not animated).
            let began = beginChildSwitchAppearance(from: from, to: to, animated: false)
            if isViewLoaded {
                from.viewIfLoaded?.removeFromSuperview()
                show(to)
            }
            endChildSwitchAppearance(began: began, from: from, to: to, completed: true, animated: false)
            tabBar.select(index)
            if byUser { delegate?.tabBarController(self, didSelect: to) }
            return nil
        }
        let interaction = lifecycle.chooseInteraction(
            delegate: delegate?.tabBarController(self, interactionControllerFor: animator), animator: animator,
            effectInteraction: effectInteractionController, builtIn: swipeInteraction, builtInDrives: true)
        to.loadViewIfNeeded()
        let t = lifecycle.runPageSwitch(
            .tab, of: self, in: transitionView, from: from, to: to,
            fromFrame: pageFrame(for: from), toFrame: pageFrame(for: to), animator: animator,
            interactionController: interaction,
            bookkeeping: { [weak self] completed, appearanceBegan in
                self?.finishTransition(completed: completed, from: from, to: to, fromIndex: fromIndex,
                                       appearanceBegan: appearanceBegan)
            },
            afterEnd: { [weak self] completed in
                guard let self else { return }
                self.swipeInteraction = nil
                if completed, byUser { self.delegate?.tabBarController(self, didSelect: to) }
            })
        moveIndicator(to: index, with: t)
        return t
    }

    /// Moves the tab bar's indicator to the item at `index` alongside `t` (scrubbed with it; put back by
    /// a cancel, as every change made alongside is).
    private func moveIndicator(to index: Int, with t: ContainerTransition) {
        tabBar.isIndicatorMoving = true
        let target = tabBar.indicatorFrame(at: index)
        t.animateAlongsideTransition(in: tabBar, animation: { [weak self] _ in
            self?.tabBar.selectionIndicator.frame = target
        }, completion: nil)
    }

    /// The container's work at the end: view removal, appearance, the selection (put back on a cancel),
    /// the bar.
    private func finishTransition(completed: Bool, from: ViewController, to: ViewController, fromIndex: Int,
                                  appearanceBegan: Bool) {
        if completed {
            from.viewIfLoaded?.removeFromSuperview()
            if let page = from.viewIfLoaded { View.performWithoutAnimation { page.frame = pageFrame(for: from) } }
            if let page = to.viewIfLoaded {
                page.frame = pageFrame(for: to)
                page.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            }
            endChildSwitchAppearance(began: appearanceBegan, from: from, to: to, completed: true)
        } else {
            to.viewIfLoaded?.removeFromSuperview()
            // The page that stays is at rest in the container as it is now (the window may have been
            // resized since the transition began; the revert put back the frame from then).
            if let page = from.viewIfLoaded {
                page.frame = pageFrame(for: from)
                page.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            }
            storedSelectedIndex = fromIndex
            endChildSwitchAppearance(began: appearanceBegan, from: from, to: to, completed: false)
        }
        tabBar.isIndicatorMoving = false
        tabBar.select(storedSelectedIndex)
    }

    // MARK: The swipe

    /// The catch (spec: gestures-and-timing, "Tab swipes"): a switch the swipe let go, finishing or
    /// cancelling, caught on either moving page where it is drawn; it follows the pointer 1:1 along x in the
    /// swipe's direction, and the next release decides again by the swipe's rule.
    private func configureCatcher() {
        catcher.transition = { [weak self] in self?.currentTransition }
        catcher.interaction = { [weak self] in self?.swipeInteraction }
        catcher.movingViews = { t in [t.view(forKey: .to), t.view(forKey: .from)].compactMap { $0 } }
        catcher.progressPerPoint = { [weak self] in
            guard let self else { return CGPoint(x: 0, y: 0) }
            return CGPoint(x: -self.swipeSign / max(self.transitionView.bounds.width, 1), y: 0)
        }
        catcher.driver = swipeDriver
    }

    /// +1 for a pan towards the left (it brings the next tab), -1 towards the right: the pan's velocity
    /// at `began`, or its translation if it has none.
    private func swipeDirection(of pan: PanGestureRecognizer) -> Int {
        let v = pan.velocity(in: nil).x
        let dx = v != 0 ? v : pan.translation(in: nil).x
        return dx < 0 ? 1 : -1
    }

    /// The tab swipe begins horizontally, towards a tab that exists, when no transition runs.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer === swipeGestureRecognizer, TransitionLifecycle.isIdle(in: viewIfLoaded) else { return false }
        return storedViewControllers.indices.contains(storedSelectedIndex + swipeDirection(of: swipeGestureRecognizer))
    }

    /// The swipe waits for the pop gestures of the navigation controllers in the selected tab (their
    /// edge pan, full-width pan and catch): when one of them begins it wins; when they fail (a root page,
    /// a down outside the edge strip) the swipe goes ahead.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        guard gestureRecognizer === swipeGestureRecognizer, let nav = other.delegate as? NavigationController,
              let selected = selectedViewController else { return false }
        var c: ViewController? = nav
        while let current = c {
            if current === selected { return true }
            c = current.parent
        }
        return false
    }

    /// The swipe, through the driver: `p = clamp(|dx| / width, 0, 1)` in the direction it began with; its
    /// began selects the neighbouring tab with a new built-in interaction, started where the finger already
    /// is (the pan began past its slop).
    private func handleSwipe(_ pan: PanGestureRecognizer) {
        let width = max(transitionView.bounds.width, 1)
        let progress = { min(max(pan.translation(in: nil).x * -self.swipeSign / width, 0), 1) }
        swipeDriver.drive(pan.state, progress: progress(), velocity: pan.releaseVelocity(in: nil).x * -swipeSign / width) {
            let direction = swipeDirection(of: pan)
            swipeSign = CGFloat(direction)
            let interaction = PercentDrivenInteractiveTransition()
            swipeInteraction = interaction
            interaction.startProgress = progress()
            let target = storedSelectedIndex + direction
            let selected = swipeDriver.begin(interaction) {
                let started = lifecycle.request(in: viewIfLoaded) { [weak self] in
                    self?.select(target, byUser: true, stockAnimation: true)
                }
                return started ? currentTransition : nil
            }
            if !selected { swipeInteraction = nil }
        }
    }
}

/// The tab bar controller's root view: lays out the bar and the transition view.
@MainActor
final class TabBarContainerView: View {
    weak var tabBarController: TabBarController?
    override func layoutSubviews() {
        super.layoutSubviews()
        tabBarController?.layoutContainer()
    }
}
