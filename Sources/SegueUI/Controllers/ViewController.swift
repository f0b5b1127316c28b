import Foundation
import SegueAnimation

/// Manages a view and its place among other controllers (`UIViewController`): the lazily loaded view,
/// appearance callbacks, containment, and the per-page items that containers show.
///
/// Differs from UIKit:
/// - `init()` replaces `init(nibName:bundle:)`; there are no nibs or storyboards: override ``loadView()``
///   or build the view in ``viewDidLoad()``.
/// - The default view is the size of the window it is loaded for (UIKit: the screen's bounds): the window
///   of the nearest parent or presenter shown in one, or the window it becomes the root controller of;
///   ``defaultViewFrame`` when it is loaded for no window. A presented controller's view in no superview
///   also takes the window's bounds when its presentation starts (custom animators read it as the page's
///   frame). Differs from UIKit: the size comes from the controller's own window, not from a global
///   screen or key window, so a page's first layout never depends on other windows.
/// - Appearance callbacks are balanced: a controller goes disappeared -> appearing -> appeared ->
///   disappearing -> disappeared (or back from appearing/disappearing when a transition is cancelled).
///   An explicit call that would repeat a phase (``beginAppearanceTransition(_:animated:)`` twice in the
///   same direction, ``endAppearanceTransition()`` without a begin) is ignored and, as in UIKit, logged
///   once per controller: "Unbalanced calls to begin/end appearance transitions for <Type>." (libraries
///   such as BubbleTransition make such calls on every presentation); the window counts them
///   (``Window/unbalancedAppearanceCallCount``).
/// - Appearance is forwarded automatically when the controller's view enters or leaves a ``Window`` (for
///   a root controller, or a child of a parent whose ``shouldAutomaticallyForwardAppearanceMethods`` is
///   true), and from a parent to its children whose views are in its view, unless a container drives it
///   with ``beginAppearanceTransition(_:animated:)``.
/// - Illegal containment (a controller as its own child or an ancestor's child) fails loudly.
@MainActor
open class ViewController: Responder, ContentContainer {
    /// Where a controller is in its appearance cycle.
    enum AppearanceState: CustomStringConvertible {
        case disappeared, appearing, appeared, disappearing

        var description: String {
            switch self {
            case .disappeared: "disappeared"
            case .appearing: "appearing"
            case .appeared: "appeared"
            case .disappearing: "disappearing"
            }
        }
    }

    /// The frame of the view ``loadView()`` makes, in points: an iPhone 8-sized portrait page, so layout
    /// done in `viewDidLoad` has a sensible size before a container, the window or a presentation sizes the
    /// view. Differs from UIKit (the screen's bounds): a size that depended on whichever window is key
    /// would make a page's first layout depend on other windows.
    public static let defaultViewFrame = CGRect(x: 0, y: 0, width: 375, height: 667)

    private var loadedView: View?
    /// The window making this controller its root while it loads the controller's view: the window that
    /// view (and every view its loading loads) is loaded for (the view of ``loadView()``).
    weak var windowInstallingAsRoot: Window?
    /// The container this controller is a child of (set by ``addChild(_:)``, held weakly).
    open private(set) weak var parent: ViewController?
    /// The child controllers, in the order they were added.
    open private(set) var children: [ViewController] = []

    /// A title for the controller; setting it also sets ``navigationItem``'s and ``tabBarItem``'s titles,
    /// as in UIKit.
    open var title: String? {
        didSet {
            navigationItem.title = title
            tabBarItem.title = title
        }
    }
    /// What a navigation bar shows for this page.
    open private(set) lazy var navigationItem = NavigationItem(title: title)
    /// What a tab bar shows for this page.
    open var tabBarItem = TabBarItem(title: nil)
    /// Provides the animators for presenting and dismissing this controller.
    /// Open, as in UIKit: tutorials override its getter to hand out a delegate they keep.
    open weak var transitioningDelegate: (any ViewControllerTransitioningDelegate)?
    /// How the controller is presented: `.automatic` by default, a page sheet (UIKit's default since iOS 13).
    open var modalPresentationStyle = ModalPresentationStyle.automatic
    /// Whether a presentation with `.currentContext` or `.overCurrentContext` from this controller or a
    /// descendant covers this controller's view (false: the root's), as in UIKit. False by default, true
    /// for a ``NavigationController`` (UIKit's documented exception; its tab bar and split view
    /// controllers keep false, so a tab bar stays above such a presentation made in one of its tabs).
    open var definesPresentationContext = false
    /// Whether the user may not dismiss this presented controller by swiping its sheet down (UIKit's
    /// `isModalInPresentation`): a refused swipe rubber-bands and tells the presentation controller's
    /// delegate (``AdaptivePresentationControllerDelegate/presentationControllerDidAttemptToDismiss(_:)``).
    /// Dismissing in code is not affected.
    open var isModalInPresentation = false
    /// The ready delegate ``modalTransitionEffect`` made, held strongly (``transitioningDelegate`` is weak).
    var retainedEffectTransitioningDelegate: EffectTransitioningDelegate?
    /// The transition this controller prefers when it is pushed, presented or shown (UIKit 18's
    /// `preferredTransition`); see ``Transition``. A navigation controller's delegate animator and a
    /// ``transitioningDelegate``'s animator still win over it, as in UIKit. Setting a zoom sets
    /// ``modalPresentationStyle`` to ``ModalPresentationStyle/fullScreen`` (UIKit presents a zoom full
    /// screen whatever the style) and attaches the zoom's interactive dismissal to this controller's view.
    open var preferredTransition: Transition? {
        didSet { preferredTransitionDidChange() }
    }
    /// The zoom made for ``preferredTransition`` when it is a zoom (held here: it drives this page's
    /// interactive dismissal).
    var preferredZoom: ZoomTransition?

    // MARK: Presentation, containment and transitions: open as in UIKit (the bodies are in extensions)

    /// Presents `viewController` modally over this controller's outermost ancestor, in
    /// `viewController.modalPresentationStyle`, with its transitioning delegate's animator (or the stock
    /// ``CoverVerticalAnimator``). `presentedViewController` is set, and the transition coordinator exists,
    /// when this returns; the transition starts in this frame. `completion` runs after the presented
    /// controller's `viewDidAppear` (not when an interactive presentation is cancelled).
    ///
    /// Presenting from a presented controller stacks a presentation on it (its container view above the
    /// earlier one). A request made while a presentation or dismissal runs is queued and performed after
    /// it, in order.
    ///
    /// Presenting from a controller that already presents one, or from a controller whose view is not in
    /// the window hierarchy (never shown, or dismissed: neither it nor a controller presenting it is in a
    /// window), does nothing and logs UIKit's line to standard error ("Attempt to present ... whose view is
    /// not in the window hierarchy." / "... which is already presenting ..."), as UIKit does; `completion`
    /// is not called. Both are checked when the request is performed as well (a request queued behind a
    /// dismissal of its presenter).
    ///
    /// Differs from UIKit: presenting a controller that is already presented or is a child fails loudly
    /// (UIKit logs a warning and does nothing). Presenting from a controller whose own presentation is
    /// still queued waits behind it.
    open func present(_ viewController: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        performPresent(viewController, animated: animated, completion: completion)
    }

    /// Dismisses the controller presented by this one; called on a presented controller (or a child of
    /// one), dismisses that presented controller. Controllers presented above the one dismissed are
    /// dismissed first. Nothing happens when nothing is presented. `completion` runs after the presenter's
    /// `viewDidAppear` (or, for a presenter whose view stayed, after the dismissal's bookkeeping), not when
    /// an interactive dismissal is cancelled. Queued like ``present(_:animated:completion:)``.
    ///
    /// Differs from UIKit: controllers presented above the dismissed one are dismissed first, unanimated,
    /// one by one (UIKit animates the top-most one away and drops the ones between).
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        performDismiss(animated: animated, completion: completion)
    }

    /// Swaps two child controllers' views with an animation: the iOS 5 container API
    /// (`transition(from:to:duration:options:animations:completion:)`).
    ///
    /// Both controllers must already be children of the receiver (the caller calls
    /// `from.willMove(toParent: nil)` and `addChild(to)` before, and `to.didMove(toParent: self)` and
    /// `from.removeFromParent()` in the completion), and `from`'s view must be in a superview. This method
    /// adds `to`'s view above `from`'s in that superview, runs `animations` as an animation block of
    /// `duration` with the options' curve (and the options' legacy transition, e.g. `.transitionCrossDissolve` or
    /// `.transitionFlipFromLeft`, played between the two views as `View.transition(from:to:...)` does),
    /// then removes `from`'s view and calls `completion` with whether the animations ran to their end. When
    /// the receiver forwards appearance automatically and the views are in a window, the appearance
    /// callbacks come in the spec's order: `from.viewWillDisappear`, `to.viewWillAppear` before,
    /// `from.viewDidDisappear`, `to.viewDidAppear` after (animated = `duration > 0`), then `completion`.
    ///
    /// Differs from UIKit: with a zero duration, or when the block changes nothing animatable, the
    /// completion runs before this method returns (UIKit waits for the next run-loop turn).
    open func transition(from fromViewController: ViewController, to toViewController: ViewController,
                         duration: Double, options: ViewAnimationOptions = [],
                         animations: (() -> Void)?, completion: ((Bool) -> Void)?) {
        performChildTransition(from: fromViewController, to: toViewController, duration: duration, options: options,
                               animations: animations, completion: completion)
    }

    /// The controller presented by this controller or its nearest ancestor that presents one.
    open var presentedViewController: ViewController? { presentedByThisOrAncestor }

    /// The controller that presented this controller or its nearest presented ancestor.
    open var presentingViewController: ViewController? { presentingThisOrAncestor }

    /// The presentation controller of this controller's presentation (or its nearest presented ancestor's).
    /// For a controller neither presented nor inside a presented one, as in UIKit, one is made on first
    /// reading for the current ``modalPresentationStyle`` (set the style first) and the next presentation
    /// uses it, so it can be configured before `present` is called; its presenting controller is chosen
    /// when the presentation starts. For `.custom`, the transitioning delegate is asked at the presentation
    /// (it needs the presenter), so what is read before is the base class's.
    open var presentationController: PresentationController? { presentationOfThisOrAncestor ?? earlyPresentationController }

    /// The sheet presentation controller of this controller's presentation (`.pageSheet`, `.formSheet`,
    /// `.automatic`), or nil for another style; read before presenting, it is the one the presentation will
    /// use (configure its detents first), as ``presentationController``.
    open var sheetPresentationController: SheetPresentationController? {
        presentationController as? SheetPresentationController
    }

    /// The coordinator of the transition this controller takes part in, or its parent's (nil when none
    /// runs). It exists as soon as the call that started the transition returns, so
    /// `transitionCoordinator?.animate(alongsideTransition:completion:)` works right after a push.
    open var transitionCoordinator: (any ViewControllerTransitionCoordinator)? { coordinatorOfThisOrAncestor }

    /// The nearest navigation controller among this controller and its ancestors.
    open var navigationController: NavigationController? { nearestNavigationController }

    /// The nearest tab bar controller among this controller's ancestors (`UIViewController.tabBarController`);
    /// nil for a controller in no tab bar controller.
    open var tabBarController: TabBarController? { nearestTabBarController }

    /// Tells the system this controller's status bar preferences changed (UIKit's
    /// `setNeedsStatusBarAppearanceUpdate()`). Differs from UIKit: there is no status bar on the desktop,
    /// so there is nothing to update or animate; ``Window/statusBarStyle`` always reads the preferences as
    /// they are now.
    open func setNeedsStatusBarAppearanceUpdate() {}

    // MARK: The status bar (none on the desktop)

    /// The status bar style this controller prefers (default `.default`). Differs from UIKit: the desktop
    /// has no status bar; the window resolves the preference (``Window/statusBarStyle``) without drawing
    /// anything.
    open var preferredStatusBarStyle: StatusBarStyle { .default }
    /// Whether this controller prefers the status bar hidden (default false); resolved as
    /// ``preferredStatusBarStyle`` is (``Window/isStatusBarHidden``).
    open var prefersStatusBarHidden: Bool { false }
    /// How a change of the status bar would animate (default `.fade`); nothing animates on the desktop.
    open var preferredStatusBarUpdateAnimation: StatusBarAnimation { .fade }
    /// The child whose ``preferredStatusBarStyle`` counts instead of this controller's (default nil), as
    /// containers hand it to their visible child.
    open var childForStatusBarStyle: ViewController? { nil }
    /// The child whose ``prefersStatusBarHidden`` counts instead of this controller's (default nil).
    open var childForStatusBarHidden: ViewController? { nil }
    /// Whether this controller, presented not full screen, takes over the status bar's appearance from its
    /// presenter (default false; a full-screen presentation always does), as in UIKit.
    open var modalPresentationCapturesStatusBarAppearance = false

    /// Whether appearance callbacks are forwarded to children automatically (default true). Custom
    /// containers that drive their children with ``beginAppearanceTransition(_:animated:)`` return false.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// The coordinator of a transition this controller is part of (set by its container while it runs).
    weak var ownTransitionCoordinator: ContainerTransition?
    /// The lifecycle of the transitions run with `transition(from:to:in:animator:...)` in this container.
    private(set) lazy var customTransitions = TransitionLifecycle()

    /// Whether this page opts out of a navigation controller's full-width pop gesture (Segue's addition;
    /// see ``NavigationController/allowsFullWidthPopGesture``).
    open var prefersFullWidthPopGestureDisabled: Bool { false }

    /// True from ``present(_:animated:completion:)`` until its presentation transition ends.
    open internal(set) var isBeingPresented = false
    /// True from the start of its dismissal until the dismissal transition ends.
    open internal(set) var isBeingDismissed = false
    /// Its place in a chain of modal presentations (ViewController+Presentation.swift).
    var modal = ModalLinks()
    /// True from ``addChild(_:)`` until ``didMove(toParent:)``.
    open private(set) var isMovingToParent = false
    /// True from `willMove(toParent: nil)` until ``removeFromParent()`` (or a `didMove(toParent:)` back to
    /// the same parent, when a removal was cancelled).
    open private(set) var isMovingFromParent = false

    var appearanceState = AppearanceState.disappeared
    private var appearanceAnimated = false
    /// A container (or the transition API) drives this controller's appearance explicitly.
    private var appearanceDrivenExplicitly = false
    /// The parent forwarded the current appearance transition.
    private var appearanceForwardedByParent = false
    /// Whether UIKit's line for an unbalanced appearance call was logged for this controller (once).
    private var hasLoggedUnbalancedAppearance = false

    /// A controller whose view is not loaded yet; it loads on first access to ``view``.
    /// Replaces UIKit's `init(nibName:bundle:)`.
    public override init() {
        super.init()
    }

    // MARK: The view

    /// The controller's root view, loaded on first access (``loadView()`` then ``viewDidLoad()``).
    open var view: View! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// The view if it is loaded, without loading it.
    open var viewIfLoaded: View? { loadedView }
    /// Whether the view is loaded.
    open var isViewLoaded: Bool { loadedView != nil }

    /// The frame of a view this controller makes for itself (``loadView()`` and the containers' own): the
    /// bounds of the window it is loaded for ("the screen" of UIKit's `loadView`), else
    /// ``defaultViewFrame``.
    var loadedViewFrame: CGRect { windowBoundsForLoading ?? ViewController.defaultViewFrame }

    /// The bounds of the window this controller's view is loaded for: that of the nearest parent or
    /// presenter whose view is in a window, or of the window installing this controller as its root; nil
    /// when there is none.
    private var windowBoundsForLoading: CGRect? {
        var controller: ViewController? = self
        while let c = controller {
            if let window = c.viewIfLoaded?.window { return window.bounds }
            if let window = c.modal.presentationController?.containerView?.window { return window.bounds }
            controller = c.parent ?? c.modal.presenting
        }
        if let window = rootOfChain.windowInstallingAsRoot { return window.bounds }
        return nil
    }

    /// The outermost parent of this controller.
    private var rootOfChain: ViewController {
        var c = self
        while let p = c.parent { c = p }
        return c
    }

    /// Loads the view now if it is not loaded.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        precondition(loadedView != nil, "\(type(of: self)).loadView() must set view")
        viewDidLoad()
    }

    /// Makes the view. The default makes a plain ``View`` of ``ViewController/defaultViewFrame`` that resizes
    /// with its container (flexible width and height, as UIKit's default root view); override to set
    /// ``ViewController/view`` yourself (do not call super then).
    open func loadView() {
        let root = View(frame: loadedViewFrame)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view = root
    }

    /// Called once the view is loaded.
    open func viewDidLoad() {}
    /// Called before the view appears.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view disappears.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view disappeared.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the view's `layoutSubviews`.
    open func viewWillLayoutSubviews() {}

    // MARK: Content container

    /// The size this controller's content would like, in points (zero: none). Setting it tells the
    /// container: the presentation controller when the controller is presented (which lays the
    /// presentation out again), else the parent.
    open var preferredContentSize: CGSize = .zero {
        didSet {
            guard preferredContentSize != oldValue else { return }
            if let presentation = modal.presentationController {
                presentation.preferredContentSizeDidChange(forChildContentContainer: self)
            } else {
                parent?.preferredContentSizeDidChange(forChildContentContainer: self)
            }
        }
    }
    /// A child's ``preferredContentSize`` changed (default: nothing, as in UIKit).
    open func preferredContentSizeDidChange(forChildContentContainer container: any ContentContainer) {}
    /// A child's fitting size changed (default: nothing).
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any ContentContainer) {}
    /// The size given to a child inside `parentSize` (default: `parentSize`).
    open func size(forChildContentContainer container: any ContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }
    /// The controller's view goes to `size` (the window is resized). The default passes it on to the
    /// children, each with ``size(forChildContentContainer:withParentContainerSize:)`` (as UIKit's does);
    /// call super when overriding.
    open func viewWillTransition(to size: CGSize, with coordinator: any ViewControllerTransitionCoordinator) {
        for child in children {
            child.viewWillTransition(to: self.size(forChildContentContainer: child, withParentContainerSize: size), with: coordinator)
        }
    }

    // MARK: Safe area and extended layout

    /// Insets added to the safe area its container gives this controller's view (`additionalSafeAreaInsets`):
    /// a container of your own reserves room for chrome of its own with it.
    open var additionalSafeAreaInsets = EdgeInsets.zero {
        didSet { if additionalSafeAreaInsets != oldValue { updateSafeAreaInsets() } }
    }
    /// Called when the safe area of the controller's view changed (a bar shown or hidden, a container's
    /// layout, ``additionalSafeAreaInsets``), before its next layout.
    open func viewSafeAreaInsetsDidChange() {}
    /// The edges along which the view extends under a translucent bar of its container (default all, as
    /// in UIKit): the top under a navigation bar, the bottom under a tab bar. Without `.top`, a page of a
    /// navigation controller starts below its bar.
    open var edgesForExtendedLayout: RectEdge = .all
    /// Whether the view also extends under opaque bars (default false, as in UIKit).
    open var extendedLayoutIncludesOpaqueBars = false
    /// What the container's bars cover of the view (set by the container as it places the view).
    var barInsetsFromContainer = EdgeInsets.zero
    /// The safe area last told to the controller (``viewSafeAreaInsetsDidChange()``).
    var lastSafeAreaInsets = EdgeInsets.zero
    /// Called after the view's `layoutSubviews`.
    open func viewDidLayoutSubviews() {}

    // MARK: Segues and showing (ViewController+Segues.swift)

    /// The segues registered with ``registerSegue(withIdentifier:kind:destination:)``, by identifier.
    var segueTemplates: [String: SegueTemplate] = [:]

    /// Performs the segue registered as `identifier`: makes it (and a new destination), calls
    /// ``prepare(for:sender:)`` with it and `sender`, then its ``StoryboardSegue/perform()``, all before
    /// this returns. Does not ask ``shouldPerformSegue(withIdentifier:sender:)``, as in UIKit (use
    /// ``triggerSegue(withIdentifier:sender:)`` for that).
    ///
    /// An identifier that is not registered stops the program with UIKit's message, "Receiver
    /// (<Type: address>) has no segue with identifier '...'" (UIKit raises NSInvalidArgumentException);
    /// ``makeSegue(withIdentifier:)`` returns nil instead.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        performRegisteredSegue(identifier, sender: sender)
    }

    /// Whether the segue `identifier` should be performed now (default true). Asked only by
    /// ``triggerSegue(withIdentifier:sender:)``, the way a storyboard control wired to a segue asks it;
    /// ``performSegue(withIdentifier:sender:)`` does not ask, as in UIKit.
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// Called on the source with a segue that is about to be performed, before its
    /// ``StoryboardSegue/perform()``: configure `segue.destination` here (its view is not loaded yet,
    /// unless the registered closure loaded it). The default does nothing.
    open func prepare(for segue: StoryboardSegue, sender: Any?) {}

    /// Shows `vc` in the primary context, the way the container this controller is in likes: the nearest
    /// controller that handles ``ShowAction/show`` (``targetViewController(forAction:sender:)``) shows it
    /// — a ``NavigationController`` pushes it, animated. Without one, this controller presents it modally,
    /// animated (``present(_:animated:completion:)``). The Show segue (``StoryboardSegue/Kind/show``)
    /// calls it.
    ///
    /// Differs from UIKit: UIKit's documentation has the window's root controller present it when no
    /// container handles it; here this controller does, which is the same unless it is itself presented
    /// (then the presentation is stacked on it). A container of your own that overrides this also
    /// overrides ``handlesShowAction(_:sender:)``.
    open func show(_ vc: ViewController, sender: Any?) {
        showByRoute(vc, action: .show, sender: sender)
    }

    /// Shows `vc` in the secondary (detail) context: the nearest controller that handles
    /// ``ShowAction/showDetail`` shows it; without one (Segue has no split view controller, and the
    /// navigation controller does not handle it, as in UIKit), this controller presents it modally,
    /// animated. The Show Detail segue (``StoryboardSegue/Kind/showDetail``) calls it.
    open func showDetailViewController(_ vc: ViewController, sender: Any?) {
        showByRoute(vc, action: .showDetail, sender: sender)
    }

    /// The controller that handles `action`: this one if ``handlesShowAction(_:sender:)`` says so, else its
    /// parent's answer (nil when no ancestor handles it). The walk follows parents only, not the
    /// presenting controller: a controller presented modally over a navigation stack presents what it
    /// shows rather than pushing it under itself. Differs from UIKit: the action is a ``ShowAction``, not
    /// a selector.
    open func targetViewController(forAction action: ShowAction, sender: Any?) -> ViewController? {
        handlesShowAction(action, sender: sender) ? self : parent?.targetViewController(forAction: action, sender: sender)
    }

    /// Whether this controller shows controllers for `action` itself (default false;
    /// ``NavigationController``: true for ``ShowAction/show``). UIKit finds this out from whether the
    /// class overrides `show(_:sender:)` or `showDetailViewController(_:sender:)` (narrowed by
    /// `canPerformAction(_:withSender:)`); Swift cannot see an override, so a container of your own that
    /// overrides one of them returns true here for its action. Segue's addition.
    open func handlesShowAction(_ action: ShowAction, sender: Any?) -> Bool { false }

    // MARK: The chain

    /// The view's superview (UIKit's rule).
    open override var next: Responder? { loadedView?.superview }

    override var responderWindow: Window? { loadedView?.window }

    // MARK: Appearance

    /// Tells the controller its view is about to appear (`true`) or disappear: custom containers call it
    /// for their children when they do not forward appearance automatically, and pair it with
    /// ``endAppearanceTransition()``.
    ///
    /// A begin in the opposite direction while one is in progress reverses it (a cancelled transition:
    /// `B.beginAppearanceTransition(true)`, then `B.beginAppearanceTransition(false)`, then one
    /// `endAppearanceTransition()`). A begin towards where the controller already is or is going (twice
    /// in the same direction without an end; appearing when it has appeared; disappearing when it has
    /// disappeared) is unbalanced.
    ///
    /// An unbalanced call is ignored and logged as UIKit logs it, once per controller, to standard error:
    /// "Unbalanced calls to begin/end appearance transitions for <Type>." Differs from UIKit: the line has
    /// no address, and the controller's window counts the call (``Window/unbalancedAppearanceCallCount``).
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .appearing), (false, .disappearing):
            return unbalancedAppearanceCall("beginAppearanceTransition(\(isAppearing), animated:) called again "
                + "while \(appearanceState) (each begin needs an endAppearanceTransition() before the next "
                + "begin in the same direction)")
        case (true, .appeared):
            return unbalancedAppearanceCall("beginAppearanceTransition(true, animated:) on a controller that "
                + "has already appeared (it appears only from disappeared or disappearing)")
        case (false, .disappeared):
            return unbalancedAppearanceCall("beginAppearanceTransition(false, animated:) on a controller that "
                + "is not shown (it disappears only from appeared or appearing)")
        default:
            break
        }
        appearanceDrivenExplicitly = true
        // The explicit driver owns the transition from here: the parent's forwarded one (a tab switch
        // showing this page's stack while the page is pushed away) must not end it behind the driver's back.
        appearanceForwardedByParent = false
        beginAppearance(isAppearing, animated: animated)
    }

    /// Tells the controller the appearance transition begun with ``beginAppearanceTransition(_:animated:)``
    /// is over (didAppear or didDisappear).
    ///
    /// Without a transition in progress (an end without a begin, or a second end) the call is unbalanced:
    /// ignored and logged as ``beginAppearanceTransition(_:animated:)`` says.
    open func endAppearanceTransition() {
        switch appearanceState {
        case .appeared, .disappeared:
            return unbalancedAppearanceCall("endAppearanceTransition() with no appearance transition in "
                + "progress (it has \(appearanceState); each end needs a beginAppearanceTransition(_:animated:) "
                + "before it)")
        case .appearing, .disappearing:
            break
        }
        endAppearance()
        appearanceDrivenExplicitly = false
    }

    /// An unbalanced begin or end: ignored, counted by the controller's window, and logged as UIKit logs it
    /// the first time for this controller ("Unbalanced calls to begin/end appearance transitions for
    /// <Type>.", without UIKit's address), followed by the rule it broke.
    private func unbalancedAppearanceCall(_ rule: String) {
        let window = loadedView?.window ?? presentingViewController?.viewIfLoaded?.window ?? parent?.viewIfLoaded?.window
        window?.unbalancedAppearanceCallCount += 1
        guard !hasLoggedUnbalancedAppearance else { return }
        hasLoggedUnbalancedAppearance = true
        FileHandle.standardError.write(Data("Segue: \(Self.unbalancedAppearanceLine(for: self)) (\(rule))\n".utf8))
    }

    /// UIKit's log line for an unbalanced appearance call on `controller`, without the address.
    static func unbalancedAppearanceLine(for controller: ViewController) -> String {
        "Unbalanced calls to begin/end appearance transitions for <\(type(of: controller))>."
    }

    /// `window`: the window the view is entering or leaving, when that is why (the view is not in it yet,
    /// or no longer), for ``Window/appearanceObserver``.
    private func beginAppearance(_ isAppearing: Bool, animated: Bool, window: Window? = nil) {
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            loadViewIfNeeded()
            appearanceState = .appearing
            appearanceAnimated = animated
            viewWillAppear(animated)
            reportAppearance(.willAppear, window: window)
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
            reportAppearance(.willDisappear, window: window)
        default:
            return
        }
        guard shouldAutomaticallyForwardAppearanceMethods, let myView = loadedView else { return }
        for child in children where child.viewIfLoaded?.isDescendant(of: myView) == true {
            child.appearanceForwardedByParent = true
            child.beginAppearance(isAppearing, animated: animated, window: window)
        }
    }

    /// Tells the window's ``Window/appearanceObserver`` of a callback: `window` when given, else the window
    /// of this controller's view, else of its parent's or presenter's (a page about to be pushed is not in
    /// the window yet).
    private func reportAppearance(_ callback: AppearanceCallback, window: Window? = nil) {
        if let window {
            window.appearanceObserver?(self, callback)
            return
        }
        var controller: ViewController? = self
        while let c = controller {
            if let window = c.loadedView?.window {
                window.appearanceObserver?(self, callback)
                return
            }
            controller = c.parent ?? c.presentingViewController
        }
    }

    private func endAppearance() {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(appearanceAnimated)
            reportAppearance(.didAppear)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(appearanceAnimated)
            reportAppearance(.didDisappear)
        default:
            break
        }
        for child in children where child.appearanceForwardedByParent {
            child.endAppearance()
            child.appearanceForwardedByParent = false
        }
    }

    /// Whether entering or leaving a window drives this controller's appearance now.
    private var receivesAutomaticAppearance: Bool {
        !appearanceDrivenExplicitly && !appearanceForwardedByParent
            && (parent?.shouldAutomaticallyForwardAppearanceMethods ?? true)
    }

    /// The view is about to enter (`window` non-nil) or leave a window.
    func viewWillMove(toWindow window: Window?) {
        guard receivesAutomaticAppearance else { return }
        beginAppearance(window != nil, animated: false, window: window ?? loadedView?.window)
    }

    /// The view entered or left a window.
    func viewDidMoveToWindow() {
        guard receivesAutomaticAppearance else { return }
        endAppearance()
    }

    // MARK: Containment

    /// Adds `child` as a child controller and calls its `willMove(toParent: self)`; the caller adds its view
    /// and then calls its ``didMove(toParent:)``. A child of another container is removed from it first.
    /// Adding a controller as its own child, or an ancestor as a child, fails loudly.
    open func addChild(_ child: ViewController) {
        precondition(child !== self, "addChild: a view controller cannot be its own child")
        var ancestor = parent
        while let a = ancestor {
            precondition(a !== child, "addChild: adding an ancestor as a child would make a cycle")
            ancestor = a.parent
        }
        if child.parent === self { return }
        if child.parent != nil { child.removeFromParent() }
        children.append(child)
        child.parent = self
        child.isMovingToParent = true
        child.willMove(toParent: self)
    }

    /// Removes the controller from its parent and calls its `didMove(toParent: nil)`; the caller calls
    /// `willMove(toParent: nil)` before and removes the view. Does nothing without a parent.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
        isMovingFromParent = false
    }

    /// Called before the controller is added to (`parent` non-nil) or removed from a parent. Overrides
    /// must call super.
    open func willMove(toParent parent: ViewController?) {
        if parent == nil, self.parent != nil { isMovingFromParent = true }
    }

    /// Called after the controller was added to or removed from a parent. Overrides must call super.
    open func didMove(toParent parent: ViewController?) {
        isMovingToParent = false
        if parent != nil, parent === self.parent { isMovingFromParent = false }
    }
}
