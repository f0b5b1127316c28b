import SegueAnimation

/// A controller's place in a chain of modal presentations (stored on ``ViewController``).
struct ModalLinks {
    /// The controller this one presents (held strongly until the dismissal completes).
    var presented: ViewController?
    /// The controller that presents this one.
    weak var presenting: ViewController?
    /// The presentation controller of this controller's presentation (kept alive by the presentation).
    var presentationController: PresentationController?
    /// The presentation controller made when ``ViewController/presentationController`` was read before any
    /// presentation (used by the next one).
    var earlyPresentationController: PresentationController?
}

extension ViewController {
    /// ``presentedViewController``: the controller this one or its nearest presenting ancestor presents.
    var presentedByThisOrAncestor: ViewController? {
        modal.presented ?? parent?.presentedViewController
    }

    /// ``presentingViewController``: the presenter of this controller or of its nearest presented ancestor.
    var presentingThisOrAncestor: ViewController? {
        modal.presenting ?? parent?.presentingViewController
    }

    /// ``presentationController``: that of this controller's presentation or its nearest presented ancestor's.
    var presentationOfThisOrAncestor: PresentationController? {
        modal.presentationController ?? parent?.presentationController
    }

    /// The presentation controller of the presentation this controller or its nearest ancestor is in, if any
    /// (never one made early, unlike ``presentationController``).
    var runningPresentationController: PresentationController? {
        var c: ViewController? = self
        while let current = c {
            if let controller = current.modal.presentationController { return controller }
            c = current.parent
        }
        return nil
    }

    /// The controller a presentation from this one is made by: its outermost ancestor (a root controller
    /// or a presented one), as UIKit's full-screen presentations do.
    var presentationAnchor: ViewController {
        var anchor = self
        while let p = anchor.parent { anchor = p }
        return anchor
    }

    /// The controller a presentation of `style` from this one is made by: for `.currentContext` and
    /// `.overCurrentContext`, the nearest of this controller and its ancestors that defines the
    /// presentation context (UIKit's rule), else (and for every other style) ``presentationAnchor``.
    func presenter(for style: ModalPresentationStyle) -> ViewController {
        guard style.coversCurrentContext else { return presentationAnchor }
        var c: ViewController? = self
        while let current = c {
            if current.definesPresentationContext { return current }
            c = current.parent
        }
        return presentationAnchor
    }

    /// The controller a dismissal asked of this one dismisses: the controller presented by this one or by
    /// its nearest ancestor that presents one, else the nearest of them that is presented.
    var dismissalTarget: ViewController? {
        var c: ViewController? = self
        while let current = c {
            if let presented = current.modal.presented { return presented }
            if current.modal.presenting != nil { return current }
            c = current.parent
        }
        return nil
    }

    /// The window a presentation request from this controller goes to: its own, or (for a controller whose
    /// own presentation is still queued, presented in the same frame, or a presenter a full-screen
    /// presentation took out of the window) that of the nearest presentation in its chain.
    private var presentationWindow: Window? {
        var anchor: ViewController? = self
        while let a = anchor {
            if let window = a.viewIfLoaded?.window ?? a.modal.presentationController?.containerView?.window
                ?? a.modal.presented?.modal.presentationController?.containerView?.window
                ?? a.presentationAnchor.modal.presented?.modal.presentationController?.containerView?.window {
                return window
            }
            anchor = a.modal.presenting ?? a.presentationAnchor.modal.presenting
            if anchor === a { break }
        }
        return nil
    }

    /// The body of the open method of the same name (in ViewController's declaration, to be overridable).
    func performPresent(_ viewController: ViewController, animated: Bool, completion: (() -> Void)?) {
        guard let window = presentationWindow else {
            IgnoredPresentation(presenting: viewController, on: presentationAnchor, from: self, reason: .notInWindowHierarchy).log()
            return
        }
        window.transitionRequests.submit { [weak self] in
            self?.performPresentation(of: viewController, animated: animated, completion: completion)
        }
    }

    /// The body of the open method of the same name (in ViewController's declaration, to be overridable).
    func performDismiss(animated: Bool, completion: (() -> Void)?) {
        guard let window = presentationWindow else { return }
        window.transitionRequests.submit { [weak self] in
            guard let self else { return }
            guard let target = self.dismissalTarget else { return }
            target.performDismissal(animated: animated, completion: completion)
        }
    }

    // MARK: Presenting

    /// Why UIKit would ignore a present from this controller now, or nil: its view is in no
    /// window (a present queued from a controller that was dismissed meanwhile), or its outermost ancestor
    /// already presents a controller (two presents from one controller queued behind each other).
    var presentationRefusal: IgnoredPresentation.Reason? {
        presentationRefusal(presenter: presentationAnchor)
    }

    /// Why UIKit would ignore a present from this controller by `presenter` now, or nil.
    func presentationRefusal(presenter: ViewController) -> IgnoredPresentation.Reason? {
        guard viewIfLoaded?.window != nil else { return .notInWindowHierarchy }
        if let current = presenter.modal.presented { return .alreadyPresenting(IgnoredPresentation.name(current)) }
        return nil
    }

    /// The presentation controller a presentation of this controller uses: the one made when
    /// ``presentationController`` was read before the presentation (if the style is still the one it was
    /// made for), else a new one for the style (a transitioning delegate's for `.custom`).
    private func makePresentationController(presenter: ViewController, source: ViewController) -> PresentationController {
        let style = modalPresentationStyle.resolved
        if style == .custom, let own = transitioningDelegate?.presentationController(forPresented: self, presenting: presenter, source: source) {
            modal.earlyPresentationController = nil
            return own
        }
        if let early = modal.earlyPresentationController, early.presentationStyle == style {
            modal.earlyPresentationController = nil
            return early
        }
        modal.earlyPresentationController = nil
        return Self.presentationController(for: self, style: style, presenting: presenter)
    }

    /// A new presentation controller of `style` for `presented` (the base class for `.custom`: a
    /// transitioning delegate's own is asked for at the presentation).
    static func presentationController(for presented: ViewController, style: ModalPresentationStyle,
                                       presenting presenter: ViewController?) -> PresentationController {
        let controller: PresentationController
        switch style {
        case .fullScreen, .currentContext:
            controller = FullScreenPresentationController(presentedViewController: presented, presenting: presenter)
        case .overFullScreen, .overCurrentContext:
            controller = PresentationController(presentedViewController: presented, presenting: presenter)
        case .pageSheet, .automatic:
            controller = SheetPresentationController(presentedViewController: presented, presenting: presenter)
        case .formSheet:
            let sheet = SheetPresentationController(presentedViewController: presented, presenting: presenter)
            sheet.isFormSheet = true
            controller = sheet
        case .custom: controller = PresentationController(presentedViewController: presented, presenting: presenter)
        }
        controller.presentationStyle = style
        return controller
    }

    /// ``presentationController`` of a controller neither presented nor inside a presented one: made on
    /// first reading for its ``modalPresentationStyle`` (UIKit's rule) and used by its next presentation.
    var earlyPresentationController: PresentationController {
        let style = modalPresentationStyle.resolved
        if let early = modal.earlyPresentationController, early.presentationStyle == style { return early }
        let made = Self.presentationController(for: self, style: style, presenting: nil)
        modal.earlyPresentationController = made
        return made
    }

    private func performPresentation(of presented: ViewController, animated: Bool, completion: (() -> Void)?) {
        let style = presented.modalPresentationStyle.resolved
        let presenter = presenter(for: style)
        if let reason = presentationRefusal(presenter: presenter) {
            IgnoredPresentation(presenting: presented, on: presenter, from: self, reason: reason).log()
            return
        }
        guard let window = viewIfLoaded?.window else { return }
        precondition(presented.modal.presenting == nil && presented.parent == nil && presented !== presenter
                        && presented.viewIfLoaded?.window == nil,
                     "present(_:animated:): \(type(of: presented)) is already presented, shown, or a child")
        let delegate = presented.transitioningDelegate
        let controller = presented.makePresentationController(presenter: presenter, source: self)
        precondition(controller.presentedViewController === presented,
                     "presentationController(forPresented:presenting:source:) returned a controller for another presented controller")
        controller.presenting = presenter
        controller.presentationStyle = style

        let container: PresentationContainerView
        if style.coversCurrentContext, presenter.parent != nil,
           let contextView = presenter.viewIfLoaded, let contextSuperview = contextView.superview {
            // Over the context's view only: above it in its superview, with its frame and resizing.
            container = PresentationContainerView(presentationController: controller, frame: contextView.frame)
            container.autoresizingMask = contextView.autoresizingMask
            let index = contextSuperview.subviews.firstIndex(where: { $0 === contextView }) ?? contextSuperview.subviews.count - 1
            contextSuperview.insertSubview(container, at: index + 1)
        } else {
            container = PresentationContainerView(presentationController: controller, frame: window.bounds)
            container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            window.addSubview(container)
        }
        controller.containerView = container
        presenter.modal.presented = presented
        presented.modal = ModalLinks(presented: nil, presenting: presenter, presentationController: controller)
        presented.isBeingPresented = true
        presented.loadViewIfNeeded()
        // A page in no superview (loaded at the default size, or while the window had another size) starts
        // at the window's bounds: UIKit's page is screen-sized, and custom animators (BubbleTransition's)
        // take its frame as the page's.
        if let view = presented.viewIfLoaded, view.superview == nil { view.frame = container.bounds }

        let removesPresenter = controller.shouldRemovePresentersView
        let presenterView = presenter.view!
        if removesPresenter, let superview = presenterView.superview,
           let index = superview.subviews.firstIndex(where: { $0 === presenterView }) {
            controller.presenterViewPlace = (superview, index, presenterView.frame, superview.bounds.size)
        }
        let animator: any ViewControllerAnimatedTransitioning = animated
            ? delegate?.animationController(forPresented: presented, presenting: presenter, source: self)
                ?? presented.preferredTransitionAnimator(reversed: false, in: window)
                ?? Self.stockModalAnimator(presenting: true, in: window, drivenByGesture: false, presentation: controller)
            : ImmediateModalAnimator(presenting: true)
        let interaction = animated ? delegate?.interactionControllerForPresentation(using: animator) : nil
        let presenterFrame = container.convert(presenterView.bounds, from: presenterView)
        let lifecycle = window.modalPresentations.lifecycle
        var plan = TransitionLifecycle.Plan(
            kind: .present, containerView: container, from: presenter, to: presented,
            fromView: removesPresenter ? presenterView : nil, toView: presented.view, animator: animator,
            interactionController: interaction,
            frames: [(presenter, initial: presenterFrame, final: removesPresenter ? .zero : presenterFrame),
                     (presented, initial: .zero, final: controller.frameOfPresentedViewInContainerView)],
            coordinated: [presented, presenter],
            bookkeeping: { completed in
                presented.isBeingPresented = false
                controller.transition = nil
                if completed {
                    if removesPresenter {
                        // The presenter's view leaves the window, where nothing animates: a transition of a
                        // container inside it (a pop still held by its edge pan) ends as it leaves
                        // (Window.endTransitions(inside:)).
                        presenterView.removeFromSuperview()
                    }
                    if removesPresenter { presenter.endAppearanceTransition() }
                    presented.endAppearanceTransition()
                    controller.presentationTransitionDidEnd(true)
                    // At rest, the presentation lays out for the container as it is now (the window may have
                    // been resized while the transition ran).
                    controller.containerView?.setNeedsLayout()
                } else {
                    presented.viewIfLoaded?.removeFromSuperview()
                    controller.restorePresenterView()
                    presented.beginAppearanceTransition(false, animated: true)
                    presented.endAppearanceTransition()
                    if removesPresenter {
                        presenter.beginAppearanceTransition(true, animated: true)
                        presenter.endAppearanceTransition()
                    }
                    controller.presentationTransitionDidEnd(false)
                    controller.endPresentation()
                }
            })
        plan.isAnimated = animated
        plan.presentationStyle = style
        plan.willStart = {
            if removesPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
            presented.beginAppearanceTransition(true, animated: animated)
        }
        plan.afterEnd = { completed in if completed { completion?() } }
        plan.lateView = { [weak controller] key in key == .to ? controller?.presentedView : nil }
        controller.transition = lifecycle.run(plan)
        controller.presentationTransitionWillBegin()
    }

    // MARK: Dismissing

    /// Dismisses this presented controller and every one presented above it. As in UIKit, only the top-most
    /// is dismissed animated (with its own animator); the ones between are removed at once, before it moves
    /// (``removeFromPresentationChain()``), so the top one uncovers this one's presenter.
    private func performDismissal(animated: Bool, completion: (() -> Void)?) {
        var top = self
        while let above = top.modal.presented { top = above }
        if top !== self {
            var between: [ViewController] = []
            var c: ViewController? = top.modal.presenting
            while let current = c, current !== modal.presenting {
                between.append(current)
                c = current.modal.presenting
            }
            for intermediate in between { intermediate.removeFromPresentationChain() }
        }
        top.dismissTop(animated: animated, completion: completion)
    }

    /// Removes this presentation from the middle of a chain, at once: its controller disappears, its
    /// presentation controller's dismissal runs unanimated (chrome removed, container view gone), and the
    /// controller it presented is presented by its presenter from now on (taking over where the presenter's
    /// view was, if this presentation had removed it).
    private func removeFromPresentationChain() {
        guard let controller = modal.presentationController, let presenter = modal.presenting,
              let above = modal.presented, let aboveController = above.modal.presentationController else { return }
        let shown = appearanceState == .appeared || appearanceState == .appearing
        controller.dismissalTransitionWillBegin()
        if shown {
            beginAppearanceTransition(false, animated: false)
            endAppearanceTransition()
        }
        viewIfLoaded?.removeFromSuperview()
        // Where the presenter's view goes: the presentation above takes over its place when it hides its
        // presenter's view too (and puts it back at its own dismissal); else it comes back now (and the
        // presenter appears) or, if the presentation above hides its presenter's view, leaves now.
        switch (controller.shouldRemovePresentersView, aboveController.shouldRemovePresentersView) {
        case (true, true):
            aboveController.presenterViewPlace = controller.presenterViewPlace
            controller.presenterViewPlace = nil
        case (true, false):
            controller.restorePresenterView()
            controller.presenterViewPlace = nil
            presenter.beginAppearanceTransition(true, animated: false)
            presenter.endAppearanceTransition()
        case (false, true):
            if let view = presenter.viewIfLoaded, let superview = view.superview,
               let index = superview.subviews.firstIndex(where: { $0 === view }) {
                aboveController.presenterViewPlace = (superview, index, view.frame, superview.bounds.size)
                view.removeFromSuperview()
                presenter.beginAppearanceTransition(false, animated: false)
                presenter.endAppearanceTransition()
            }
        case (false, false):
            break
        }
        controller.dismissalTransitionDidEnd(true)
        modal.presented = nil
        controller.endPresentation()
        presenter.modal.presented = above
        above.modal.presenting = presenter
        aboveController.presenting = presenter
    }

    /// Dismisses this presented controller, the top of its chain.
    private func dismissTop(animated: Bool, completion: (() -> Void)?) {
        guard let controller = modal.presentationController, let presenter = modal.presenting,
              let container = controller.containerView, let window = container.window else { return }
        let presented = self
        let style = controller.presentationStyle
        let userInitiated = controller.isUserDismissal
        controller.isUserDismissal = false
        let removesPresenter = controller.shouldRemovePresentersView
        let presenterView = presenter.view!
        let presentedFrame = (controller.presentedView ?? presented.view).frame
        let presenterFrame = controller.presenterFrameToRestore ?? container.convert(presenterView.bounds, from: presenterView)
        presented.isBeingDismissed = true
        let delegate = presented.transitioningDelegate
        let animator: any ViewControllerAnimatedTransitioning = animated
            ? delegate?.animationController(forDismissed: presented)
                ?? presented.preferredTransitionAnimator(reversed: true, in: window)
                ?? Self.stockModalAnimator(presenting: false, in: window,
                                           drivenByGesture: controller.dismissalInteractionController != nil,
                                           presentation: controller)
            : ImmediateModalAnimator(presenting: false)
        let interaction: (any ViewControllerInteractiveTransitioning)? = animated
            ? delegate?.interactionControllerForDismissal(using: animator)
                ?? presented.preferredTransitionInteraction(for: animator) ?? controller.dismissalInteractionController
            : nil
        let lifecycle = window.modalPresentations.lifecycle
        var plan = TransitionLifecycle.Plan(
            kind: .dismiss, containerView: container, from: presented, to: presenter,
            fromView: presented.view, toView: removesPresenter ? presenterView : nil, animator: animator,
            interactionController: interaction,
            frames: [(presented, initial: presentedFrame, final: .zero),
                     (presenter, initial: removesPresenter ? .zero : presenterFrame, final: presenterFrame)],
            coordinated: [presented, presenter],
            bookkeeping: { completed in
                presented.isBeingDismissed = false
                controller.transition = nil
                controller.dismissalInteractionController = nil
                if completed {
                    presented.viewIfLoaded?.removeFromSuperview()
                    controller.restorePresenterView()
                    presented.endAppearanceTransition()
                    if removesPresenter { presenter.endAppearanceTransition() }
                    controller.dismissalTransitionDidEnd(true)
                    controller.endPresentation()
                    if userInitiated { controller.delegate?.presentationControllerDidDismiss(controller) }
                } else {
                    if removesPresenter { presenterView.removeFromSuperview() }
                    if removesPresenter {
                        presenter.beginAppearanceTransition(false, animated: true)
                        presenter.endAppearanceTransition()
                    }
                    presented.beginAppearanceTransition(true, animated: true)
                    presented.endAppearanceTransition()
                    controller.dismissalTransitionDidEnd(false)
                    controller.containerView?.setNeedsLayout()   // back at rest: lay out for the container as it is now
                }
            })
        plan.isAnimated = animated
        plan.presentationStyle = style
        plan.willStart = {
            presented.beginAppearanceTransition(false, animated: animated)
            if removesPresenter { presenter.beginAppearanceTransition(true, animated: animated) }
        }
        plan.afterEnd = { completed in if completed { completion?() } }
        plan.lateView = { [weak controller] key in key == .from ? controller?.presentedView : nil }
        controller.transition = lifecycle.run(plan)
        controller.dismissalTransitionWillBegin()
    }
}

extension PresentationController {
    /// Puts the presenter's view back where it was before a presentation removed it (resized for its
    /// superview as it is now: ``presenterFrameToRestore``).
    func restorePresenterView() {
        guard let place = presenterViewPlace, let frame = presenterFrameToRestore else { return }
        let view = presentingViewController.view!
        view.frame = frame
        if view.superview !== place.superview || place.superview.subviews.firstIndex(where: { $0 === view }) != place.index {
            place.superview.insertSubview(view, at: min(place.index, place.superview.subviews.count))
        }
        // A presenter that is itself presented is laid out again by its own presentation, for its container
        // as it is now (its frame may come from before a resize: a cancelled transition's revert puts back
        // what it had then).
        presentingViewController.modal.presentationController?.containerView?.setNeedsLayout()
    }

    /// The presentation is over (dismissed, or its presentation cancelled): the container view leaves the
    /// window and the links between the controllers are cleared.
    func endPresentation() {
        containerView?.removeFromSuperview()
        containerView = nil
        presenterViewPlace = nil
        if presentingViewController.modal.presented === presentedViewController {
            presentingViewController.modal.presented = nil
        }
        presentedViewController.modal = ModalLinks()
    }
}

extension ViewController {
    /// The stock animation of a modal presentation or dismissal: the sheet slides up or down
    /// (``CoverVerticalAnimator``), or, under Reduce Motion when no drag drives it, cross-fades
    /// (``TransitionLifecycle/effect(_:in:drivenByGesture:)`` says why).
    /// A detent sheet's slides on its ``DimmingSheetPresentationController/spring``, a dismissal its drag let go
    /// starting at the drag's velocity.
    static func stockModalAnimator(presenting: Bool, in window: Window, drivenByGesture: Bool,
                                   presentation: PresentationController) -> any ViewControllerAnimatedTransitioning {
        if let effect = TransitionLifecycle.effect(nil, in: window, drivenByGesture: drivenByGesture) {
            return effect.animator(reverse: !presenting)
        }
        let sheet = presentation as? SheetPresentationController
        return CoverVerticalAnimator(presenting: presenting, spring: sheet?.spring,
                                     releaseVelocity: presenting ? nil : sheet?.takeDismissalReleaseVelocity())
    }
}
