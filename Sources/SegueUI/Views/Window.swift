import Foundation
import SegueAnimation

/// The root of a view hierarchy on screen, and the scene a host drives (`UIWindow` + the parts of
/// `UIApplication` that dispatch events).
///
/// - It owns the `LayerTree` of its layer, on the host's clock.
/// - Pointers: a down is hit-tested (``View/hitTest(_:with:)``: model geometry, except views moved by a
///   property animator, hit where they are drawn); the touch goes to the gesture recognizers of the
///   hit view and its ancestors (by ``GestureRecognizer/arenaPriority``, then from the hit view outwards:
///   see the gesture arena's rules; ``gestureArenaTrace`` reports the decisions), then to the hit view's
///   `touchesBegan/Moved/Ended/Cancelled`, which pass up the responder chain by default. A recognizer
///   that recognizes with `cancelsTouchesInView` takes the touch from the view (`touchesCancelled`).
///   Focus loss, or a pointer `cancelled` event, cancels the active touch and every recognizer on it.
/// - Keys: a press goes to the first key command matching it along the responder chain from the first
///   responder (or, when there is none, from the root view controller); if none matches, to
///   `pressesBegan` of that first responder.
/// - Layout: the root controller's view fills the window and follows resizes (flexible width and
///   height); every frame lays out the views that need it (``HostedScene/runFrame(input:render:observer:)``).
///
/// - Back: the key ``Key/back`` (the host's mouse back button and Alt+Left), when no key command takes it,
///   pops the top page of the navigation stack shown on top, animated, through ``transitionRequests``
///   (queued while a transition runs), as GNOME applications and browsers go back.
/// - Reduce Motion: ``isReduceMotionEnabled`` (UIKit's system setting, here the window's).
///
/// Differs from UIKit: no screens, scenes or levels; one window per host (the key window is the one
/// `CACurrentMediaTime()` reads: see `makeKeyAndVisible()`). Segue tracks one pointer (the mouse, a
/// trackpad's scroll, a finger) and a touchscreen's second finger, which goes to the gesture recognizers
/// of the first finger's sequence only (views get the first finger's touches).
@MainActor
open class Window: View, HostedScene {
    /// The tree of the window's layer, on the clock given to ``init(clock:size:)``.
    public let layerTree: LayerTree
    /// The controller whose view fills the window. Setting it removes the old controller's view (it
    /// disappears) and adds the new one (it appears).
    public var rootViewController: ViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let old = oldValue?.viewIfLoaded, old.superview === self { old.removeFromSuperview() }
            guard let root = rootViewController else { return }
            // Its view loads at this window's size (UIKit: the screen's), as do views its loading loads;
            // what its loading queues belongs to this window's tree.
            layerTree.runAsCurrent {
                root.windowInstallingAsRoot = self
                let view = root.view!
                root.windowInstallingAsRoot = nil
                view.frame = bounds
                view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                addSubview(view)
            }
        }
    }
    /// The container transitions started in this window and not ended (``ContainerTransition``).
    var runningTransitions: [ContainerTransition] = []
    /// The modal presentations shown in this window: the one running, and its observer.
    public let modalPresentations = ModalPresentations()
    /// The one queue of transition requests of every container in this window (its rule:
    /// ``TransitionRequests``).
    public private(set) lazy var transitionRequests = TransitionRequests(layer: layer)
    /// Where key presses start along the responder chain.
    public internal(set) weak var firstResponder: Responder?
    /// How many unbalanced `beginAppearanceTransition(_:animated:)` / `endAppearanceTransition()` calls
    /// were made on controllers in this window (each ignored and logged as UIKit logs it; see
    /// ``ViewController/beginAppearanceTransition(_:animated:)``). Segue's addition: Segue's own containers
    /// never make one, which tests and the monkey assert; a library may (BubbleTransition does).
    public internal(set) var unbalancedAppearanceCallCount = 0
    /// Told of every appearance callback a controller in this window gets (`viewWillAppear(_:)`,
    /// `viewDidAppear(_:)`, `viewWillDisappear(_:)`, `viewDidDisappear(_:)`), after the controller's own
    /// method ran. Segue's addition, for traces and tests (SegueTesting's host logs them): UIKit has no
    /// such hook. A controller whose view is not in a window is reported to its parent's or presenter's.
    public var appearanceObserver: ((ViewController, AppearanceCallback) -> Void)?
    /// The status bar style the window's controllers ask for, resolved as UIKit resolves it: the top-most
    /// presented controller that covers the screen (full screen) or captures the status bar
    /// (``ViewController/modalPresentationCapturesStatusBarAppearance``), else the root controller,
    /// following ``ViewController/childForStatusBarStyle``. Segue's addition: the desktop has no status
    /// bar, so this is what would be shown, for code and tests that read it; nothing draws it.
    public var statusBarStyle: StatusBarStyle {
        guard var c = statusBarAppearanceController else { return .default }
        while let child = c.childForStatusBarStyle { c = child }
        return c.preferredStatusBarStyle
    }

    /// Whether the window's controllers ask for the status bar hidden, resolved as ``statusBarStyle`` is
    /// (following ``ViewController/childForStatusBarHidden``).
    public var isStatusBarHidden: Bool {
        guard var c = statusBarAppearanceController else { return false }
        while let child = c.childForStatusBarHidden { c = child }
        return c.prefersStatusBarHidden
    }

    /// The controller whose status bar preferences count: the top-most presented one that is full screen
    /// or captures the status bar's appearance, else the root.
    private var statusBarAppearanceController: ViewController? {
        var chosen = rootViewController
        var c = rootViewController?.presentedViewController
        while let presented = c {
            if presented.modalPresentationStyle == .fullScreen || presented.modalPresentationCapturesStatusBarAppearance {
                chosen = presented
            }
            c = presented.presentedViewController
        }
        return chosen
    }

    /// Whether the scene asked the host to quit.
    public private(set) var wantsToQuit = false

    /// Whether Reduce Motion is on (`UIAccessibility.isReduceMotionEnabled`, here a setting of the window;
    /// `segue --reduce-motion`). While on, the containers' stock transitions and the catalogue's effects
    /// that animate on their own are replaced by a cross-fade of the same duration, as iOS replaces its
    /// sliding and zooming system transitions by cross-fades (Apple: `UIAccessibility.prefersCrossFadeTransitions`,
    /// "UI should avoid Slide animations and prefer Cross-Fade transitions instead"; SwiftUI's
    /// `TransitionProperties.hasMotion`: a transition with motion "will be replaced by opacity when Reduce
    /// Motion is enabled"). A transition a finger drives (an edge pan's pop, a tab swipe, a sheet's drag)
    /// still follows the finger. Animators a delegate returns decide for themselves, as on iOS.
    public var isReduceMotionEnabled = false

    /// The device of the latest pointer down or key press the window handled (nil: none yet): what
    /// started, or caught, what runs now. The demo's HUD names it beside the running transition. Segue's
    /// addition (UIKit exposes no such thing).
    public private(set) var lastInputSource: InputSource?

    /// Told of every view a layout pass visits (the views that need layout and their ancestors), in
    /// order; nil by default. A test hook: an idle frame must visit none.
    var layoutVisitObserver: ((View) -> Void)?

    private var queuedWork: [@MainActor () -> Void] = []

    /// The gesture recognizers of the touch sequence in progress that have recognized and track it now
    /// (state `.began` or `.changed`): a
    /// finger that holds a sheet between its detents, drags a list or pans a page. Empty with no pointer
    /// down or while every recognizer is still possible. Segue's addition (UIKit exposes no such list): a
    /// frame is only at rest when it is empty, as the monkey's invariants read it.
    public var trackingGestureRecognizers: [GestureRecognizer] {
        arena?.recognizers.filter { $0.state == .began || $0.state == .changed } ?? []
    }

    private var activeTouch: Touch?
    /// A touchscreen's second finger while the first is down (recognizers only).
    private var secondaryTouch: Touch?
    private var arena: GestureArena?
    /// Whether the hit view still receives the active touch (false once a recognizer took it).
    private var viewReceivesTouch = false
    /// The phases of the active touch held back from its view while a recognizer that delays touches
    /// began is undecided (``GestureRecognizer/delaysTouchesBegan``).
    private var heldViewPhases: [Touch.Phase] = []
    private var currentEvent: Event?
    /// The modifier keys of the latest pointer event (the touch events built from it carry them).
    private var pointerModifierFlags: KeyModifierFlags = []

    /// A window of `size` points whose layer tree runs on `clock`.
    public init(clock: FrameClock, size: CGSize) {
        let root = Layer()
        layerTree = LayerTree(root: root, clock: clock)
        super.init(layer: root, frame: CGRect(origin: .zero, size: size))
        layerTree.owner = self
        root.name = "window"
        becomeKeyIfThereIsNone()
    }

    // MARK: HostedScene

    /// Makes the window `size` points at the origin and lays out at once. The controllers are told first
    /// (``ContentContainer/viewWillTransition(to:with:)``: the desktop's rotation); the coordinator's
    /// alongside blocks run once the window has its size.
    public func resize(to size: CGSize) {
        resizeTellingControllers(to: size) {
            frame = CGRect(origin: .zero, size: size)
            layoutIfNeeded()
        }
    }

    /// Dispatches one input: pointers to recognizers and views, presses to key commands or `pressesBegan`,
    /// releases to `pressesEnded`; a resize calls ``resize(to:)``, focus loss cancels the active touch, and a
    /// close request sets ``wantsToQuit``. Handled as part of this window's tree (`LayerTree.current`)
    /// also between frames (a test or a headless host handing input directly), so what the input queues
    /// (a completion, a callback) runs in this window's next frame, never in another window's.
    open func handle(_ event: InputEvent) {
        layerTree.runAsCurrent {
            switch event {
            case .pointer(let pointer): dispatchPointer(pointer)
            case .key(let key): dispatchKey(key)
            case .window(.resized(let size)): resize(to: size)
            case .window(.focusLost): cancelActiveTouch(at: activeTouch?.timestamp ?? 0)
            case .window(.focusGained): break
            case .window(.closeRequested): wantsToQuit = true
            }
        }
    }

    /// Does nothing; override to update overlays from this frame's presentation (see
    /// ``HostedScene/willRender()``).
    open func willRender() {}

    /// The next frame while work is queued (``enqueue(_:)``) or the layer tree needs one (an animation, a
    /// display link, queued callbacks); otherwise none until input arrives. Subclasses that show time
    /// passing without animations add their own request (``FrameRequest/earliest(_:)``).
    open var nextFrameRequest: FrameRequest {
        !queuedWork.isEmpty || layerTree.needsNextFrame ? .nextFrame : .onInput
    }

    /// Runs the work queued with ``enqueue(_:)`` before this call (work queued meanwhile waits for the
    /// next frame).
    open func runQueuedWork() {
        let work = queuedWork
        queuedWork.removeAll()
        for item in work { item() }
    }

    // MARK: Slow animations

    /// How much slower animations run with ``isSlowAnimationsEnabled`` (the iOS Simulator's "Slow
    /// Animations" is 10 times slower).
    public static let slowAnimationsFactor = 10.0

    /// Whether animation time runs ``slowAnimationsFactor`` times slower than the clock (the `S` key in
    /// `segue`). Toggling it mid-animation keeps everything on screen continuous; gesture velocities and
    /// event times are unaffected. See `LayerTree.timeScale` (SegueAnimation).
    public var isSlowAnimationsEnabled: Bool {
        get { layerTree.timeScale < 1 }
        set { layerTree.timeScale = newValue ? 1 / Self.slowAnimationsFactor : 1 }
    }

    /// Queues `work` to run in this frame's ``runQueuedWork()``, after the input.
    public func enqueue(_ work: @escaping @MainActor () -> Void) {
        queuedWork.append(work)
    }

    /// Asks the host to quit (Escape in a demo).
    public func requestQuit() {
        wantsToQuit = true
    }

    /// Nil: the chain ends at the window (UIKit continues to the application).
    open override var next: Responder? { nil }

    // MARK: Pointers

    /// Receives each decision of the gesture arbitration, in order, while set: who took part in a touch,
    /// who was put ahead by its priority, who waited, recognized, failed or was cancelled, and why. Nil by
    /// default (nothing is traced or printed). Read when a pointer goes down.
    ///
    /// Segue's own, for debugging (UIKit's arbitration cannot be observed), e.g.
    /// `window.gestureArenaTrace = { print($0) }`.
    public var gestureArenaTrace: (@MainActor (GestureArenaDecision) -> Void)?
    /// The gesture recognizers of the touch sequence in progress that have begun and not ended (`began` or
    /// `changed`), in the order they get the touch. Two of them are active together only when a delegate
    /// lets them (``GestureRecognizer/mayRecognizeSimultaneously(with:)``). Segue's own, for tools and
    /// tests (the monkey checks that no input leaves two recognizers driving one transition).
    public var activeGestureRecognizers: [GestureRecognizer] {
        arena?.recognizers.filter { $0.state == .began || $0.state == .changed } ?? []
    }

    /// The running interactive transitions that recognizers of the touch sequence in progress have moved
    /// (their actions called `updateInteractiveTransition`, directly or through an interaction
    /// controller), each with the recognizers among them still active (`.began` or `.changed`). More than
    /// one recognizer for a transition means two gestures drive it at once: only possible when a delegate
    /// lets them recognize together. Segue's own, for tools and tests (the monkey checks it).
    public var gestureDrivenTransitions: [(transition: ContainerTransition, recognizers: [GestureRecognizer])] {
        arena?.activeDrivers ?? []
    }

    /// `transition` moved: the arena notes which recognizer's actions moved it.
    func interactiveTransitionMoved(_ transition: ContainerTransition) {
        arena?.transitionMoved(transition)
    }

    private func dispatchPointer(_ pointer: PointerEvent) {
        pointerModifierFlags = pointer.modifierFlags
        guard pointer.pointerID == 0 else {
            dispatchSecondary(pointer)
            return
        }
        switch pointer.phase {
        case .down:
            if activeTouch != nil { cancelActiveTouch(at: pointer.timestamp) }
            lastInputSource = pointer.source
            beginTouch(pointer)
        case .moved:
            guard let touch = activeTouch else { return }
            update(touch, with: pointer, phase: .moved)
            deliver(touch, phase: .moved)
        case .up:
            guard let touch = activeTouch else { return }
            liftSecondary(at: pointer.timestamp, phase: .ended)
            update(touch, with: pointer, phase: .ended)
            deliver(touch, phase: .ended)
            endSequence()
        case .cancelled:
            cancelActiveTouch(at: pointer.timestamp)
        }
    }

    /// A touchscreen's second finger: it joins the first finger's sequence, for its recognizers only.
    private func dispatchSecondary(_ pointer: PointerEvent) {
        switch pointer.phase {
        case .down:
            guard let primary = activeTouch, secondaryTouch == nil, arena != nil else { return }
            let touch = Touch(location: pointer.location, timestamp: pointer.timestamp, window: self)
            touch.view = primary.view
            touch.source = pointer.source
            touch.gestureRecognizers = primary.gestureRecognizers
            secondaryTouch = touch
            deliverToRecognizers(touch, phase: .began)
        case .moved:
            guard let touch = secondaryTouch else { return }
            update(touch, with: pointer, phase: .moved)
            deliverToRecognizers(touch, phase: .moved)
        case .up, .cancelled:
            guard let touch = secondaryTouch else { return }
            update(touch, with: pointer, phase: pointer.phase == .up ? .ended : .cancelled)
            deliverToRecognizers(touch, phase: touch.phase)
            secondaryTouch = nil
        }
    }

    /// Lifts (or cancels) the second finger with the first: the sequence ends with both.
    private func liftSecondary(at timestamp: Double, phase: Touch.Phase) {
        guard let touch = secondaryTouch else { return }
        touch.timestamp = max(touch.timestamp, timestamp)
        touch.previousWindowLocation = touch.windowLocation
        touch.phase = phase
        deliverToRecognizers(touch, phase: phase)
        secondaryTouch = nil
    }

    /// The touches down now: the first finger's (or the pointer's), then the second finger's.
    private var touchesDown: Set<Touch> {
        Set([activeTouch, secondaryTouch].compactMap { $0 })
    }

    private func deliverToRecognizers(_ touch: Touch, phase: Touch.Phase) {
        let event = Event(timestamp: touch.timestamp, touches: touchesDown.union([touch]), modifierFlags: pointerModifierFlags)
        arena?.deliver(phase, [touch], with: event)
    }

    private func beginTouch(_ pointer: PointerEvent) {
        let touch = Touch(location: pointer.location, timestamp: pointer.timestamp, window: self)
        touch.source = pointer.source
        let hit = hitTest(pointer.location, with: nil)
        touch.view = hit
        var recognizers: [GestureRecognizer] = []
        var view = hit
        while let v = view {
            for r in v.gestureRecognizers where r.isEnabled && (r.delegate?.gestureRecognizer(r, shouldReceive: touch) ?? true) {
                recognizers.append(r)
            }
            view = v.superview
        }
        let arena = GestureArena(recognizers: recognizers, trace: gestureArenaTrace) { [weak self] in
            self?.cancelTouchInView()
        }
        touch.gestureRecognizers = arena.recognizers
        activeTouch = touch
        self.arena = arena
        viewReceivesTouch = hit != nil
        deliver(touch, phase: .began)
    }

    private func update(_ touch: Touch, with pointer: PointerEvent, phase: Touch.Phase) {
        touch.previousWindowLocation = touch.windowLocation
        touch.windowLocation = pointer.location
        touch.timestamp = pointer.timestamp
        touch.phase = phase
    }

    private func deliver(_ touch: Touch, phase: Touch.Phase) {
        let event = Event(timestamp: touch.timestamp, touches: touchesDown.union([touch]), modifierFlags: pointerModifierFlags)
        let touches: Set<Touch> = [touch]
        // The up reaches the view first when no recognizer still deciding wants it to wait.
        let deciding = arena?.interested.filter { $0.state == .possible } ?? []
        let viewFirst = phase == .ended && heldViewPhases.isEmpty
            && deciding.contains { !$0.delaysTouchesEnded } && !deciding.contains { $0.delaysTouchesEnded }
        if !viewFirst { arena?.deliver(phase, touches, with: event) }
        defer { if viewFirst { arena?.deliver(phase, touches, with: event) } }
        guard viewReceivesTouch, let view = touch.view else { return }
        let delaying = arena?.interested.contains { $0.state == .possible && $0.delaysTouchesBegan } ?? false
        if delaying, phase == .began || phase == .moved || phase == .stationary {
            heldViewPhases.append(phase)
            return
        }
        // Nothing delays any more: what was held reaches the view first, in order.
        for held in heldViewPhases { send(held, touches, to: view, with: event) }
        heldViewPhases.removeAll()
        if phase == .ended || phase == .cancelled { viewReceivesTouch = false }
        send(phase, touches, to: view, with: event)
    }

    private func send(_ phase: Touch.Phase, _ touches: Set<Touch>, to view: View, with event: Event) {
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved, .stationary: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        }
    }

    /// A recognizer took the touch: the view gets `touchesCancelled` and nothing more.
    private func cancelTouchInView() {
        guard viewReceivesTouch, let touch = activeTouch, let view = touch.view else { return }
        viewReceivesTouch = false
        // A view whose touch was all held back never saw it: nothing to cancel.
        if heldViewPhases.contains(.began) {
            heldViewPhases.removeAll()
            return
        }
        let event = Event(timestamp: touch.timestamp, touches: [touch], modifierFlags: pointerModifierFlags)
        view.touchesCancelled([touch], with: event)
    }

    /// Cancels the active touch: recognizers go to cancelled (or failed), the view gets `touchesCancelled`.
    private func cancelActiveTouch(at timestamp: Double) {
        guard let touch = activeTouch else { return }
        liftSecondary(at: timestamp, phase: .cancelled)
        touch.timestamp = max(touch.timestamp, timestamp)
        touch.phase = .cancelled
        deliver(touch, phase: .cancelled)
        endSequence()
    }

    private func endSequence() {
        arena?.finish()
        arena = nil
        activeTouch = nil
        secondaryTouch = nil
        viewReceivesTouch = false
        heldViewPhases.removeAll()
    }

    // MARK: Keys

    private func dispatchKey(_ event: KeyEvent) {
        let start: Responder = firstResponder ?? rootViewController ?? self
        if event.isDown, !event.isRepeat { lastInputSource = event.source }
        guard event.isDown else {
            start.pressesEnded(event)
            return
        }
        var responder: Responder? = start
        while let r = responder {
            if let command = r.keyCommands.first(where: { $0.matches(event) }) {
                command.action()
                return
            }
            responder = r.next
        }
        start.pressesBegan(event)
    }

    // MARK: Back

    /// Pops on ``Key/back`` (the mouse's back button, Alt+Left) when no key command took it: see
    /// ``goBack()``. Other presses end the chain here.
    open override func pressesBegan(_ event: KeyEvent) {
        if event.key == .back {
            goBack()
            return
        }
        super.pressesBegan(event)
    }

    /// Pops the top page of the navigation stack shown on top (``backNavigationController``), animated,
    /// through ``transitionRequests``: at once when no transition runs, else queued and performed (with
    /// the stack shown then) when the running ones end. Nothing happens where no stack can pop (a root
    /// page, a sheet with no stack): Back never dismisses a sheet, as in GNOME applications. Segue's addition:
    /// UIKit has no Back input (iPadOS maps no mouse button to it).
    public func goBack() {
        transitionRequests.submit { [weak self] in
            _ = self?.backNavigationController?.popViewController(animated: true)
        }
    }

    /// The navigation controller Back pops now: in the top-most presented controller (else the root),
    /// the innermost stack shown (through selected tabs, top pages and other children) that holds more
    /// than one page; nil when none does. Segue's addition (see ``goBack()``).
    public var backNavigationController: NavigationController? {
        var top = rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top.flatMap(Self.innermostPoppableStack)
    }

    private static func innermostPoppableStack(in controller: ViewController) -> NavigationController? {
        let shown: [ViewController]
        if let tabs = controller as? TabBarController {
            shown = tabs.selectedViewController.map { [$0] } ?? []
        } else if let nav = controller as? NavigationController {
            shown = nav.topViewController.map { [$0] } ?? []
        } else {
            shown = controller.children
        }
        for child in shown {
            if let inner = innermostPoppableStack(in: child) { return inner }
        }
        if let nav = controller as? NavigationController, nav.viewControllers.count > 1 { return nav }
        return nil
    }
}
