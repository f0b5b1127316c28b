import Testing
@testable import SegueAnimation
@testable import SegueUI

/// A custom animator with linear timing: a push slides the to view in from +W over the from view; a pop
/// slides the from view out to +W over the to view. Linear, so that a scrubbed page is exactly at
/// `p x W` and the completion timing can be checked frame by frame.
@MainActor
final class LinearSlideAnimator: ViewControllerAnimatedTransitioning {
    let operation: NavigationController.Operation
    let duration: Double
    let log: CallLog?
    /// Calls `completeTransition` a second time right after the first (it must do nothing).
    var completesTwice = false

    init(_ operation: NavigationController.Operation, duration: Double, log: CallLog? = nil) {
        self.operation = operation
        self.duration = duration
        self.log = log
    }

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { duration }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let from = transitionContext.view(forKey: .from)!, to = transitionContext.view(forKey: .to)!
        let bounds = container.bounds
        let away = bounds.offsetBy(dx: bounds.width, dy: 0)
        View.performWithoutAnimation {
            if operation == .push {
                to.frame = away
                container.addSubview(to)
            } else {
                to.frame = bounds
                container.insertSubview(to, belowSubview: from)
            }
        }
        View.animate(withDuration: duration, delay: 0, options: [.curveLinear], animations: {
            if self.operation == .push { to.frame = bounds } else { from.frame = away }
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            if self.completesTwice { transitionContext.completeTransition(!transitionContext.transitionWasCancelled) }
        })
    }

    func animationEnded(_ transitionCompleted: Bool) { log?.add("animationEnded(\(transitionCompleted))") }
}

/// A navigation delegate that supplies a ``LinearSlideAnimator`` (or a given animator) and, while
/// `interactive`, an interaction controller.
@MainActor
final class SuppliedTransitionsDelegate: NavigationControllerDelegate {
    var duration = 0.5
    var log: CallLog?
    var makeAnimator: ((NavigationController.Operation) -> any ViewControllerAnimatedTransitioning)?
    var interaction: (any ViewControllerInteractiveTransitioning)?
    var interactive = false
    private(set) var suppliedAnimators: [any ViewControllerAnimatedTransitioning] = []

    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        let animator = makeAnimator?(operation) ?? LinearSlideAnimator(operation, duration: duration, log: log)
        suppliedAnimators.append(animator)
        return animator
    }

    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? {
        interactive ? interaction : nil
    }

    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController,
                              animated: Bool) {
        log?.add("didShow(\(LoggingViewController.name(of: viewController)))")
    }
}

/// An animator whose interruptible animator is declared with a non-optional return, as tutorials write
/// it (UIKit's Swift signature). Its pop slides the from view out to +W, linear.
@MainActor
final class NonOptionalInterruptibleAnimator: ViewControllerAnimatedTransitioning {
    let duration: Double
    private var animator: ViewPropertyAnimator?
    private(set) var animateTransitionCalls = 0

    init(duration: Double) { self.duration = duration }

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { duration }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        animateTransitionCalls += 1
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: any ViewControllerContextTransitioning) -> any ViewImplicitlyAnimating {
        if let animator { return animator }
        let container = transitionContext.containerView
        let from = transitionContext.view(forKey: .from)!, to = transitionContext.view(forKey: .to)!
        View.performWithoutAnimation {
            to.frame = container.bounds
            container.insertSubview(to, belowSubview: from)
        }
        let away = container.bounds.offsetBy(dx: container.bounds.width, dy: 0)
        let made = ViewPropertyAnimator(duration: duration, curve: .linear) { from.frame = away }
        made.addCompletion { position in transitionContext.completeTransition(position == .end) }
        animator = made
        return made
    }
}

/// The same with the optional return of Segue's protocol.
@MainActor
final class OptionalInterruptibleAnimator: ViewControllerAnimatedTransitioning {
    let inner: NonOptionalInterruptibleAnimator
    init(duration: Double) { inner = NonOptionalInterruptibleAnimator(duration: duration) }
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { inner.duration }
    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext)?.startAnimation()
    }
    func interruptibleAnimator(using transitionContext: any ViewControllerContextTransitioning) -> (any ViewImplicitlyAnimating)? {
        let made: any ViewImplicitlyAnimating = inner.interruptibleAnimator(using: transitionContext)
        return made
    }
}

/// One test per behaviour of `spec/uikit-semantics.md` (§2-§5) and `spec/gestures-and-timing.md` that
/// concerns the transition engine and the navigation controller, with the spec's numbers.
@MainActor
@Suite struct TransitionEngineConformanceTests {
    let h = Harness()
    let log = CallLog()
    /// Keeps the delegates alive (a navigation controller holds its delegate weakly, as in UIKit).
    let delegates = DelegateHolder()

    @MainActor final class DelegateHolder { var all: [SuppliedTransitionsDelegate] = [] }

    func page(_ name: String) -> LoggingViewController { LoggingViewController(name, log: log) }

    func makeStack(_ names: [String]) -> (NavigationController, [LoggingViewController]) {
        let pages = names.map(page)
        return (h.showStack(pages, clearing: log), pages)
    }

    /// A stack with a delegate supplying linear animators and a percent-driven interaction.
    func makeDelegatedStack(_ names: [String], duration: Double = 0.5)
        -> (NavigationController, [LoggingViewController], SuppliedTransitionsDelegate, PercentDrivenInteractiveTransition) {
        let (nav, pages) = makeStack(names)
        let delegate = SuppliedTransitionsDelegate()
        delegate.duration = duration
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        delegate.interactive = true
        nav.delegate = delegate
        delegates.all.append(delegate)
        return (nav, pages, delegate, interaction)
    }

    func settle(_ nav: NavigationController, limit: Int = 240) {
        for _ in 0..<limit where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
    }

    /// Runs frames until the transition ends; returns how many it took (nil: not within `limit`).
    func framesUntilEnded(_ nav: NavigationController, limit: Int = 240) -> Int? {
        for k in 1...limit {
            h.frames(1)
            if nav.currentTransition == nil { return k }
        }
        return nil
    }

    /// What must hold after every transition (``checkNavigationInvariants(_:in:sourceLocation:)``).
    func checkInvariants(_ nav: NavigationController, sourceLocation: SourceLocation = #_sourceLocation) {
        checkNavigationInvariants(nav, in: h.window, sourceLocation: sourceLocation)
    }

    /// Starts an interactive pop through the delegate's interaction controller (the transition starts in
    /// the next frame) and returns the running transition.
    func beginInteractivePop(_ nav: NavigationController) -> ContainerTransition {
        nav.popViewController(animated: true)
        h.frames(1)
        return nav.currentTransition!
    }

    /// The same controllers, in the same order (identity).
    func same(_ a: [ViewController]?, _ b: [ViewController]) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { $0 === $1 }
    }

    func x(_ controller: ViewController) -> CGFloat { controller.view.layer.renderedProperties.frame.minX }

    // MARK: completeTransition (§2)

    @Test func completeTransitionCalledTwiceDoesNothingTheSecondTime() {
        let (nav, pages, delegate, _) = makeDelegatedStack(["A"])
        delegate.interactive = false
        delegate.log = log
        delegate.makeAnimator = { op in
            let a = LinearSlideAnimator(op, duration: 0.25, log: self.log)
            a.completesTwice = true
            return a
        }
        let b = page("B")
        nav.pushViewController(b, animated: true)
        settle(nav)
        #expect(log.entries.filter { $0.hasPrefix("animationEnded") } == ["animationEnded(true)"])
        #expect(log.entries.filter { $0 == "B.didMove(toParent: NavigationController)" }.count == 1)
        #expect(log.entries.filter { $0 == "B.viewDidAppear(true)" }.count == 1)
        #expect(log.entries.filter { $0.hasPrefix("didShow") } == ["didShow(B)"])
        #expect(same(nav.viewControllers, [pages[0], b]))
        checkInvariants(nav)
    }

    @Test func animationEndedIsCalledLastAfterTheBookkeepingAndTheCoordinatorsCompletions() {
        let (nav, _, delegate, _) = makeDelegatedStack(["A"])
        delegate.interactive = false
        delegate.makeAnimator = { op in LinearSlideAnimator(op, duration: 0.25, log: self.log) }
        let b = page("B")
        nav.pushViewController(b, animated: true)
        b.transitionCoordinator?.animate(alongsideTransition: nil, completion: { _ in
            // The container's bookkeeping is done when the completion blocks run.
            self.log.add("coordinator.completion(stack: \(nav.viewControllers.count), inContainer: \(b.view.superview === nav.transitionView))")
        })
        settle(nav)
        #expect(Array(log.entries.suffix(5)) == ["A.viewDidDisappear(true)", "B.viewDidAppear(true)",
                                                  "B.didMove(toParent: NavigationController)",
                                                  "coordinator.completion(stack: 2, inContainer: true)",
                                                  "animationEnded(true)"])
        checkInvariants(nav)
    }

    // MARK: Updating (§2, §3.2)

    @Test func updateInteractiveTransitionClampsToZeroThroughOne() {
        let (nav, _, _, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
        let t = beginInteractivePop(nav)
        interaction.update(1.7)
        #expect(interaction.percentComplete == 1 && t.percentComplete == 1)
        #expect(nav.transitionView.layer.timing.timeOffset == 0.5)
        interaction.update(-0.4)
        #expect(interaction.percentComplete == 0 && t.percentComplete == 0)
        #expect(nav.transitionView.layer.timing.timeOffset == 0)
        t.updateInteractiveTransition(3)
        #expect(t.percentComplete == 1)
        interaction.cancel()
        settle(nav)
        checkInvariants(nav)
    }

    @Test func updateInteractiveTransitionIsIgnoredUnlessInteracting() {
        let (nav, pages, _, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
        let t = beginInteractivePop(nav)
        interaction.update(0.4)
        interaction.finish()
        interaction.update(0.1)   // finishing: ignored
        t.updateInteractiveTransition(0.1)
        #expect(interaction.percentComplete == 0.4)
        #expect(t.phase == .finishing)
        h.frames(1)
        #expect(x(pages[1]) >= 0.4 * 400)   // it did not jump back to 0.1
        settle(nav)
        interaction.update(0.2)   // ended: ignored
        #expect(interaction.percentComplete == 0.4)
        #expect(same(nav.viewControllers, [pages[0]]))
        checkInvariants(nav)
    }

    @Test func scrubbingFreezesTheContainersLayerTimeAtPercentTimesDurationAndLeavesItPlainAfterwards() {
        let (nav, pages, _, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
        _ = beginInteractivePop(nav)
        let layer = nav.transitionView.layer
        #expect(layer.timing.speed == 0 && layer.timing.timeOffset == 0)
        for p in [0.25, 0.6, 0.4] as [CGFloat] {
            interaction.update(p)
            h.frames(1)
            #expect(layer.timing.speed == 0)
            #expect(layer.timing.timeOffset == Double(p) * 0.5)
            #expect(abs(x(pages[1]) - p * 400) < 1e-9)   // linear timing: the page is at p x W
        }
        interaction.finish()
        settle(nav)
        #expect(layer.timing == MediaTimingValues())
        checkInvariants(nav)
    }

    // MARK: Finish and cancel timing (§3.3, §3.4)

    @Test func finishPlaysTheRestInOneMinusPTimesDurationOverCompletionSpeed() {
        let (nav, pages, _, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
        _ = beginInteractivePop(nav)
        interaction.update(0.4)
        interaction.completionSpeed = 0.5
        interaction.finish()
        interaction.completionSpeed = 4   // read when finish was called: no effect now
        // (1 - 0.4) x 0.5 s / 0.5 = 0.6 s = 36 frames, along ease-in-ease-out.
        let frames = 36
        h.frames(frames / 2)
        let f = MediaTimingFunction.easeInEaseOut.value(at: 0.5)
        #expect(abs(x(pages[1]) - (0.4 + 0.6 * f) * 400) < 1e-6)
        h.frames(frames / 2 - 1)
        #expect(nav.currentTransition != nil)
        h.frames(1)
        #expect(nav.currentTransition == nil)
        #expect(same(nav.viewControllers, [pages[0]]))
        checkInvariants(nav)
    }

    @Test func cancelPlaysBackInPTimesDurationOverCompletionSpeed() {
        let (nav, pages, _, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
        _ = beginInteractivePop(nav)
        interaction.update(0.6)
        interaction.completionSpeed = 2
        interaction.cancel()
        // 0.6 x 0.5 s / 2 = 0.15 s = 9 frames.
        #expect(framesUntilEnded(nav) == 9)
        #expect(same(nav.viewControllers, pages))
        h.frames(1)
        checkInvariants(nav)
    }

    @Test func completionSpeedOfZeroOrLessCountsAsOne() {
        for speed in [0, -2] as [CGFloat] {
            let (nav, _, _, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
            _ = beginInteractivePop(nav)
            interaction.update(0.5)
            interaction.completionSpeed = speed
            interaction.finish()
            // (1 - 0.5) x 0.5 s / 1 = 0.25 s = 15 frames.
            #expect(framesUntilEnded(nav) == 15, "completionSpeed \(speed)")
            h.frames(1)
            checkInvariants(nav)
        }
    }

    @Test func completionSpeedComputedFromPercentCompleteIsReadWhenFinishIsCalled() {
        /// VCTransitionsLibrary's rule: the rest plays at `1 - percentComplete`.
        final class Computed: PercentDrivenInteractiveTransition {
            override var completionSpeed: CGFloat {
                get { 1 - percentComplete }
                set {}
            }
        }
        let (nav, _, delegate, _) = makeDelegatedStack(["A", "B"], duration: 0.5)
        let interaction = Computed()
        delegate.interaction = interaction
        _ = beginInteractivePop(nav)
        interaction.update(0.5)
        interaction.finish()
        // (1 - 0.5) x 0.5 s / (1 - 0.5) = 0.5 s = 30 frames.
        #expect(framesUntilEnded(nav) == 30)
        h.frames(1)
        checkInvariants(nav)
    }

    @Test func progressExactlyZeroAndExactlyOneWork() {
        let (nav, pages, _, interaction) = makeDelegatedStack(["A", "B", "C"], duration: 0.5)
        _ = beginInteractivePop(nav)
        interaction.update(1)
        h.frames(1)
        #expect(x(pages[2]) == 400)            // exactly at the end, no 0.99 clamp
        interaction.finish()
        #expect(framesUntilEnded(nav) == 1)    // nothing left to play
        #expect(same(nav.viewControllers, [pages[0], pages[1]]))
        h.frames(1)
        checkInvariants(nav)
        _ = beginInteractivePop(nav)
        interaction.update(0)
        h.frames(1)
        #expect(x(pages[1]) == 0)
        interaction.cancel()
        #expect(framesUntilEnded(nav) == 1)
        #expect(same(nav.viewControllers, [pages[0], pages[1]]))
        h.frames(1)
        checkInvariants(nav)
    }

    // MARK: The coordinator (§4)

    @Test func coordinatorIsCancelledOnlyForACancelledInteractiveTransition() {
        let (nav, _, delegate, interaction) = makeDelegatedStack(["A", "B"], duration: 0.25)
        var seen: [Bool] = []
        // A completed interactive pop.
        _ = beginInteractivePop(nav)
        nav.transitionCoordinator?.animate(alongsideTransition: nil, completion: { seen.append($0.isCancelled) })
        #expect(nav.transitionCoordinator?.isCancelled == false)
        interaction.update(0.5)
        interaction.finish()
        settle(nav)
        // A completed non-interactive push.
        delegate.interactive = false
        nav.pushViewController(page("C"), animated: true)
        nav.transitionCoordinator?.animate(alongsideTransition: nil, completion: { seen.append($0.isCancelled) })
        settle(nav)
        // A cancelled interactive pop.
        delegate.interactive = true
        let t = beginInteractivePop(nav)
        t.animate(alongsideTransition: nil, completion: { seen.append($0.isCancelled) })
        interaction.update(0.5)
        #expect(t.isCancelled == false)
        interaction.cancel()
        settle(nav)
        #expect(seen == [false, false, true])
        checkInvariants(nav)
    }

    @Test func initiallyInteractiveNeverChangesWhileIsInteractiveDoes() {
        let (nav, _, _, interaction) = makeDelegatedStack(["A", "B", "C"], duration: 0.25)
        let t = beginInteractivePop(nav)
        #expect(t.initiallyInteractive && t.isInteractive)
        interaction.update(0.5)
        interaction.finish()
        #expect(t.initiallyInteractive && !t.isInteractive)
        settle(nav)
        // Started non-interactive, made interactive by a pause.
        interaction.wantsInteractiveStart = false
        let u = beginInteractivePop(nav)
        #expect(!u.initiallyInteractive && !u.isInteractive)
        interaction.pauseInteractiveTransition()
        #expect(!u.initiallyInteractive && u.isInteractive)
        interaction.finish()
        settle(nav)
        checkInvariants(nav)
    }

    @Test func notifyWhenInteractionChangesFiresOnEachChangeAndBeforeTheCancelsAppearanceCallbacks() {
        let (nav, _, _, interaction) = makeDelegatedStack(["A", "B"], duration: 0.25)
        interaction.wantsInteractiveStart = false
        let t = beginInteractivePop(nav)
        t.notifyWhenInteractionChanges { c in
            self.log.add("interactionChanged(isInteractive: \(c.isInteractive), isCancelled: \(c.isCancelled))")
        }
        interaction.pauseInteractiveTransition()   // animating -> interactive
        interaction.update(0.2)
        interaction.finish()                       // interactive -> finishing
        interaction.pauseInteractiveTransition()   // caught: interactive again
        interaction.cancel()                       // interactive -> cancelling
        settle(nav)
        #expect(log.entries == ["B.willMove(toParent: nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                                "interactionChanged(isInteractive: true, isCancelled: false)",
                                "interactionChanged(isInteractive: false, isCancelled: false)",
                                "interactionChanged(isInteractive: true, isCancelled: false)",
                                "interactionChanged(isInteractive: false, isCancelled: true)",
                                "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
                                "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
        checkInvariants(nav)
    }

    @Test func alongsideAnimationIsScrubbedWithTheInteractionAtTheSamePercent() {
        let (nav, _, _, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
        let marker = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        nav.view.addSubview(marker)
        nav.popViewController(animated: true)
        // Right after the pop returns, as Apple's samples do.
        let t = nav.transitionCoordinator!
        t.animateAlongsideTransition(in: marker, animation: { _ in marker.alpha = 0 }, completion: nil)
        t.animate(alongsideTransition: { _ in nav.navigationBar.alpha = 0.5 }, completion: nil)
        h.frames(1)
        for p in [0.2, 0.7, 0.45] as [CGFloat] {
            interaction.update(p)
            h.frames(1)
            #expect(abs(Double(marker.layer.renderedProperties.opacity) - Double(1 - p)) < 1e-6, "p = \(p)")
            #expect(abs(Double(nav.navigationBar.layer.renderedProperties.opacity) - (1 - 0.5 * p)) < 1e-6, "p = \(p)")
        }
        interaction.cancel()
        settle(nav)
        #expect(marker.alpha == 1 && nav.navigationBar.alpha == 1)   // a cancel reverts the alongside changes too
        marker.removeFromSuperview()
        checkInvariants(nav)
    }

    @Test func transitionCoordinatorExistsRightAfterPushReturnsAndIsNilAfterwards() {
        let (nav, pages) = makeStack(["A"])
        #expect(pages[0].transitionCoordinator == nil)
        let b = page("B")
        nav.pushViewController(b, animated: true)
        #expect(b.transitionCoordinator != nil)
        #expect(pages[0].transitionCoordinator === b.transitionCoordinator)
        #expect(nav.transitionCoordinator === b.transitionCoordinator)
        settle(nav)
        #expect(b.transitionCoordinator == nil && pages[0].transitionCoordinator == nil)
        checkInvariants(nav)
    }

    // MARK: Cancel (§3.4, §5)

    @Test func cancelledInteractivePopPutsEveryViewAtItsStartValueKeepsTheStackAndCallsAppearanceInOrder() {
        let (nav, pages, _, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
        let bFrame = pages[1].view.frame
        _ = beginInteractivePop(nav)
        interaction.update(0.35)
        h.frames(2)
        interaction.cancel()
        settle(nav)
        #expect(pages[1].view.frame == bFrame)
        #expect(pages[1].view.layer.renderedProperties.frame == bFrame)
        #expect(pages[0].view.superview == nil)
        #expect(same(nav.viewControllers, pages))
        #expect(log.entries == ["B.willMove(toParent: nil)",
                                "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                                "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
                                "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
        checkInvariants(nav)
    }

    @Test func delegateSuppliedAnimatorAndInteractionControllerAreUsed() {
        let (nav, pages, delegate, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
        let t = beginInteractivePop(nav)
        #expect(t.animator === delegate.suppliedAnimators.last)
        #expect(t.interactionController === interaction)
        interaction.update(0.5)
        h.frames(1)
        #expect(abs(x(pages[1]) - 200) < 1e-9)   // the linear slide, not the stock parallax
        #expect(x(pages[0]) == 0)
        interaction.finish()
        settle(nav)
        checkInvariants(nav)
    }

    @Test func wantsInteractiveStartFalseAnimatesAndAPauseMakesItInteractiveWithoutAJump() {
        let (nav, pages, _, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
        interaction.wantsInteractiveStart = false
        let t = beginInteractivePop(nav)
        #expect(t.phase == .animating)
        h.frames(12)   // 12 of 30 frames: linear, B at 0.4 W
        let shown = x(pages[1])
        #expect(abs(shown - 0.4 * 400) < 1e-6)
        interaction.pauseInteractiveTransition()
        #expect(t.isInteractive)
        h.frames(3)
        #expect(abs(x(pages[1]) - shown) < 1e-6)   // held where it was
        #expect(abs(interaction.percentComplete - 0.4) < 1e-9)
        interaction.update(0.5)
        h.frames(1)
        #expect(abs(x(pages[1]) - 200) < 1e-6)
        interaction.finish()
        settle(nav)
        #expect(same(nav.viewControllers, [pages[0]]))
        checkInvariants(nav)
    }

    // MARK: Interruptible animators (§3)

    func checkInterruptibleAnimatorIsDriven(_ makeAnimator: @escaping () -> any ViewControllerAnimatedTransitioning,
                                            sourceLocation: SourceLocation = #_sourceLocation) {
        let (nav, pages, delegate, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
        delegate.makeAnimator = { _ in makeAnimator() }
        let t = beginInteractivePop(nav)
        #expect(t.isInterruptible, "the animator's own interruptibleAnimator(using:) is the witness",
                sourceLocation: sourceLocation)
        guard let animator = t.interruptibleAnimator else { interaction.cancel(); settle(nav); return }
        #expect(!animator.isRunning, sourceLocation: sourceLocation)   // paused
        interaction.update(0.3)
        h.frames(1)
        #expect(animator.fractionComplete == 0.3, sourceLocation: sourceLocation)
        #expect(abs(x(pages[1]) - 120) < 1e-6, sourceLocation: sourceLocation)
        interaction.finish()
        #expect(animator.isRunning && !animator.isReversed, sourceLocation: sourceLocation)
        settle(nav)
        #expect(same(nav.viewControllers, [pages[0]]), sourceLocation: sourceLocation)
        checkInvariants(nav, sourceLocation: sourceLocation)
        // And a cancel runs it reversed.
        nav.pushViewController(pages[1], animated: false)
        h.frames(1)
        let u = beginInteractivePop(nav)
        interaction.update(0.6)
        interaction.cancel()
        #expect(u.interruptibleAnimator?.isReversed == true, sourceLocation: sourceLocation)
        settle(nav)
        #expect(same(nav.viewControllers, pages), sourceLocation: sourceLocation)
        #expect(pages[1].view.frame == nav.transitionView.bounds, sourceLocation: sourceLocation)
        checkInvariants(nav, sourceLocation: sourceLocation)
    }

    @Test func interruptibleAnimatorDeclaredWithANonOptionalReturnIsPausedScrubbedAndContinued() {
        checkInterruptibleAnimatorIsDriven { NonOptionalInterruptibleAnimator(duration: 0.5) }
    }

    @Test func interruptibleAnimatorDeclaredWithAnOptionalReturnIsPausedScrubbedAndContinued() {
        checkInterruptibleAnimatorIsDriven { OptionalInterruptibleAnimator(duration: 0.5) }
    }

    @Test func animatorWithoutAnInterruptibleAnimatorIsNotInterruptible() {
        let (nav, _, _, interaction) = makeDelegatedStack(["A", "B"], duration: 0.5)
        let t = beginInteractivePop(nav)
        #expect(!t.isInterruptible && t.interruptibleAnimator == nil)
        interaction.cancel()
        settle(nav)
        checkInvariants(nav)
    }

    // MARK: The stack (§5)

    @Test func popToViewControllerPopsEveryPageAboveWithContainmentAndAppearance() {
        let (nav, pages) = makeStack(["A", "B", "C", "D"])
        let popped = nav.popToViewController(pages[1], animated: true)
        #expect(same(popped, [pages[2], pages[3]]))
        #expect(same(nav.viewControllers, [pages[0], pages[1]]))
        settle(nav)
        #expect(log.entries == ["C.willMove(toParent: nil)", "D.willMove(toParent: nil)",
                                "D.viewWillDisappear(true)", "B.viewWillAppear(true)",
                                "D.viewDidDisappear(true)", "B.viewDidAppear(true)",
                                "D.didMove(toParent: nil)", "C.didMove(toParent: nil)"])
        #expect(pages[2].parent == nil && pages[3].parent == nil)
        checkInvariants(nav)
    }

    @Test func popToRootViewControllerLeavesOnlyTheRoot() {
        let (nav, pages) = makeStack(["A", "B", "C"])
        let popped = nav.popToRootViewController(animated: true)
        #expect(same(popped, [pages[1], pages[2]]))
        settle(nav)
        #expect(same(nav.viewControllers, [pages[0]]))
        #expect(log.entries.filter { $0.contains("Appear") || $0.contains("Disappear") }
                == ["C.viewWillDisappear(true)", "A.viewWillAppear(true)",
                    "C.viewDidDisappear(true)", "A.viewDidAppear(true)"])
        #expect(nav.popToRootViewController(animated: true) == nil)   // at the root already: nothing
        h.frames(2)
        checkInvariants(nav)
    }

    @Test func setViewControllersReplacesTheStackWithContainmentAndAppearance() {
        let (nav, pages) = makeStack(["A", "B"])
        let c = page("C"), d = page("D")
        nav.setViewControllers([pages[0], c, d], animated: true)
        #expect(same(nav.viewControllers, [pages[0], c, d]))
        settle(nav)
        #expect(log.entries.filter { $0.contains("Appear") || $0.contains("Disappear") }
                == ["B.viewWillDisappear(true)", "D.viewWillAppear(true)",
                    "B.viewDidDisappear(true)", "D.viewDidAppear(true)"])
        #expect(log.entries.filter { $0.contains("Move") }
                == ["B.willMove(toParent: nil)", "C.willMove(toParent: NavigationController)",
                    "D.willMove(toParent: NavigationController)", "B.didMove(toParent: nil)",
                    "D.didMove(toParent: NavigationController)", "C.didMove(toParent: NavigationController)"])
        #expect(pages[1].parent == nil)
        #expect(c.parent === nav && d.parent === nav)
        // Back to a page in the stack: a pop.
        log.clear()
        nav.setViewControllers([pages[0]], animated: true)
        settle(nav)
        #expect(log.entries.filter { $0.contains("Appear") || $0.contains("Disappear") }
                == ["D.viewWillDisappear(true)", "A.viewWillAppear(true)",
                    "D.viewDidDisappear(true)", "A.viewDidAppear(true)"])
        #expect(c.parent == nil && d.parent == nil)
        checkInvariants(nav)
    }

    @Test func popAtTheRootReturnsNilAndCallsNothing() {
        let (nav, _) = makeStack(["A"])
        #expect(nav.popViewController(animated: true) == nil)
        #expect(nav.transitionCoordinator == nil)
        h.frames(3)
        #expect(log.entries.isEmpty)
        checkInvariants(nav)
    }

    @Test func pushesAndPopsAskedForDuringATransitionAreQueuedAndRunInOrder() {
        let (nav, pages) = makeStack(["A"])
        let b = page("B"), c = page("C")
        nav.pushViewController(b, animated: true)
        h.frames(2)
        nav.pushViewController(c, animated: true)
        nav.popViewController(animated: true)
        nav.popViewController(animated: true)
        nav.popViewController(animated: true)   // at the root by then: nothing
        nav.pushViewController(c, animated: true)
        for _ in 0..<6 { settle(nav) }
        #expect(same(nav.viewControllers, [pages[0], c]))
        #expect(log.entries.filter { $0.hasSuffix("viewDidAppear(true)") }
                == ["B.viewDidAppear(true)", "C.viewDidAppear(true)", "B.viewDidAppear(true)",
                    "A.viewDidAppear(true)", "C.viewDidAppear(true)"])
        checkInvariants(nav)
    }

    @Test func thePopGestureCannotBeginWhileATransitionRuns() {
        let (nav, pages) = makeStack(["A", "B"])
        nav.pushViewController(page("C"), animated: true)
        h.frames(1)
        edgeDrag([40, 80, 120, 160])
        settle(nav)
        #expect(nav.viewControllers.count == 3 && nav.viewControllers[1] === pages[1])
        checkInvariants(nav)
    }

    // MARK: The pop gestures (gestures-and-timing)

    func edgeDrag(_ xs: [CGFloat], from x0: CGFloat = 5, t0: Double = 10, y: CGFloat = 300, hold: Double = 0.2) {
        h.down(x0, y, at: t0)
        var t = t0
        for x in xs {
            t += 1.0 / 60
            h.move(x, y, at: t)
            h.frames(1)
        }
        h.up(xs.last!, y, at: t + hold)
    }

    @Test func fullWidthPopBeginsAnywhereWhenAllowedAndAPageCanOptOut() {
        final class NoFullWidthPop: LoggingViewController {
            override var prefersFullWidthPopGestureDisabled: Bool { true }
        }
        // Off by default: with the content pop (iOS 26's, on by default) turned off, a drag from the middle
        // does nothing.
        let (nav, pages) = makeStack(["A", "B"])
        nav.interactiveContentPopGestureRecognizer?.isEnabled = false
        edgeDrag([220, 260, 300, 340], from: 200)
        settle(nav)
        #expect(nav.viewControllers.count == 2)
        // Allowed: the same drag pops (0.35 W past the slop, released at rest).
        nav.allowsFullWidthPopGesture = true
        let x = 200 + TransitionSettings.defaultPopSlop + 0.35 * 400
        edgeDrag([240, 280, x, x, x], from: 200, t0: 20)
        settle(nav)
        #expect(same(nav.viewControllers, [pages[0]]))
        checkInvariants(nav)
        // A page that opts out.
        let optOut = NoFullWidthPop("C", log: log)
        nav.pushViewController(optOut, animated: false)
        h.frames(1)
        edgeDrag([240, 280, x, x, x], from: 200, t0: 30)
        settle(nav)
        #expect(nav.topViewController === optOut)
        // ... still pops from the edge.
        let edgeX = 5 + TransitionSettings.defaultPopSlop + 0.35 * 400
        edgeDrag([40, 80, edgeX, edgeX, edgeX], t0: 40)
        settle(nav)
        #expect(same(nav.viewControllers, [pages[0]]))
        checkInvariants(nav)
    }

    // MARK: The bar (§6)

    @Test func perPageBarTintTravelsWithItsPage() {
        let (nav, pages) = makeStack(["A"])
        pages[0].navigationItem.barTintColor = .red
        let b = page("B")
        b.navigationItem.barTintColor = .blue
        nav.pushViewController(b, animated: true)
        h.frames(1)
        settle(nav)
        #expect(nav.navigationBar.currentTintColor == .blue)
        checkInvariants(nav)
    }
}
