import SegueAnimation

/// A controller's place in a chain of modal presentations (stored on ``ViewController``).
struct ModalLinks {
    /// The controller this one presents (held strongly until the dismissal completes).
    var presented: ViewController?
    /// The controller that presents this one.
    weak var presenting: ViewController?
    /// The presentation controller of this controller's presentation (kept alive by the presentation).
    var presentationController: PresentationController?
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

    /// The controller a presentation from this one is made by: its outermost ancestor (a root controller
    /// or a presented one), as UIKit's full-screen presentations do.
    var presentationAnchor: ViewController {
        var anchor = self
        while let p = anchor.parent { anchor = p }
        return anchor
    }

    /// The body of the open method of the same name (in ViewController's declaration, to be overridable).
    func performPresent(_ viewController: ViewController, animated: Bool, completion: (() -> Void)?) {
        // A controller whose own presentation is still queued (presented in the same frame) is not in the
        // window yet: its presenter's window takes the request, queued after that presentation.
        var anchor: ViewController? = self
        var found: Window?
        while let a = anchor, found == nil {
            found = a.viewIfLoaded?.window ?? a.modal.presentationController?.containerView?.window
            anchor = a.modal.presenting
        }
        guard let window = found else {
            IgnoredPresentation(presenting: viewController, on: presentationAnchor, from: self, reason: .notInWindowHierarchy).log()
            return
        }
        window.modalPresentations.perform { [weak self] in
            self?.performPresentation(of: viewController, animated: animated, completion: completion)
        }
    }

    /// The body of the open method of the same name (in ViewController's declaration, to be overridable).
    func performDismiss(animated: Bool, completion: (() -> Void)?) {
        // A presenter removed by a full-screen presentation is in no window: its presentation's is used.
        let chain = presentationAnchor
        guard let window = viewIfLoaded?.window ?? chain.modal.presented?.presentationController?.containerView?.window
                ?? chain.presentationController?.containerView?.window else { return }
        window.modalPresentations.perform { [weak self] in
            guard let self else { return }
            let anchor = self.presentationAnchor
            guard let target = anchor.modal.presented ?? (anchor.modal.presenting != nil ? anchor : nil) else { return }
            var above: [ViewController] = []
            var next = target.modal.presented
            while let c = next { above.append(c); next = c.modal.presented }
            for c in above.reversed() {
                window.modalPresentations.perform { c.performDismissal(animated: false, completion: nil) }
            }
            window.modalPresentations.perform { target.performDismissal(animated: animated, completion: completion) }
        }
    }

    // MARK: Presenting

    /// Why UIKit would ignore a present from this controller now, or nil: its view is in no
    /// window (a present queued from a controller that was dismissed meanwhile), or its outermost ancestor
    /// already presents a controller (two presents from one controller queued behind each other).
    var presentationRefusal: IgnoredPresentation.Reason? {
        guard viewIfLoaded?.window != nil else { return .notInWindowHierarchy }
        if let current = presentationAnchor.modal.presented { return .alreadyPresenting(IgnoredPresentation.name(current)) }
        return nil
    }

    private func performPresentation(of presented: ViewController, animated: Bool, completion: (() -> Void)?) {
        let presenter = presentationAnchor
        if let reason = presentationRefusal {
            IgnoredPresentation(presenting: presented, on: presenter, from: self, reason: reason).log()
            return
        }
        guard let window = viewIfLoaded?.window else { return }
        precondition(presented.modal.presenting == nil && presented.parent == nil && presented !== presenter
                        && presented.viewIfLoaded?.window == nil,
                     "present(_:animated:): \(type(of: presented)) is already presented, shown, or a child")
        let style = presented.modalPresentationStyle
        let delegate = presented.transitioningDelegate
        let controller: PresentationController
        switch style {
        case .fullScreen: controller = FullScreenPresentationController(presentedViewController: presented, presenting: presenter)
        case .overFullScreen: controller = PresentationController(presentedViewController: presented, presenting: presenter)
        case .pageSheet: controller = DimmingSheetPresentationController(presentedViewController: presented, presenting: presenter)
        case .custom:
            controller = delegate?.presentationController(forPresented: presented, presenting: presenter, source: self)
                ?? PresentationController(presentedViewController: presented, presenting: presenter)
        }
        precondition(controller.presentedViewController === presented,
                     "presentationController(forPresented:presenting:source:) returned a controller for another presented controller")
        controller.presenting = presenter
        controller.presentationStyle = style

        let container = PresentationContainerView(presentationController: controller, frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(container)
        controller.containerView = container
        presenter.modal.presented = presented
        presented.modal = ModalLinks(presented: nil, presenting: presenter, presentationController: controller)
        presented.isBeingPresented = true
        presented.loadViewIfNeeded()
        // A page in no superview (loaded at the default size, or while the window had another size) starts
        // at the window's bounds: UIKit's page is screen-sized, and custom animators (BubbleTransition's)
        // take its frame as the page's.
        if let view = presented.viewIfLoaded, view.superview == nil { view.frame = window.bounds }

        let removesPresenter = controller.shouldRemovePresentersView
        let presenterView = presenter.view!
        if removesPresenter, let superview = presenterView.superview,
           let index = superview.subviews.firstIndex(where: { $0 === presenterView }) {
            controller.presenterViewPlace = (superview, index, presenterView.frame, superview.bounds.size)
        }
        let animator: any ViewControllerAnimatedTransitioning = animated
            ? delegate?.animationController(forPresented: presented, presenting: presenter, source: self)
                ?? CoverVerticalAnimator(presenting: true)
            : ImmediateModalAnimator(presenting: true)
        let interaction = animated ? delegate?.interactionControllerForPresentation(using: animator) : nil
        let presenterFrame = container.convert(presenterView.bounds, from: presenterView)
        let modals = window.modalPresentations
        let t = ContainerTransition(
            kind: .present, containerView: container, from: presenter, to: presented,
            fromView: removesPresenter ? presenterView : nil, toView: presented.view,
            isAnimated: animated, presentationStyle: style, animator: animator, interactionController: interaction,
            frames: [(presenter, initial: presenterFrame, final: removesPresenter ? .zero : presenterFrame),
                     (presented, initial: .zero, final: controller.frameOfPresentedViewInContainerView)],
            bookkeeping: { completed in
                presented.isBeingPresented = false
                controller.transition = nil
                if completed {
                    if removesPresenter {
                        // The presenter's view leaves the window, where nothing animates: a transition of a
                        // container inside it (a tab switch asked for during the presentation, a pop still
                        // held by its edge pan) ends as it leaves (Window.endTransitions(inside:)).
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
                controller.finishTransition(in: modals, completed: completed, completion: completion)
            })
        controller.begin(t, in: modals)
        controller.presentationTransitionWillBegin()
        Transaction.enqueueCallback {
            guard modals.currentTransition === t else { return }
            modals.transitionObserver?(t, .began)
            if removesPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
            presented.beginAppearanceTransition(true, animated: animated)
            t.start()
        }
    }

    // MARK: Dismissing

    /// Dismisses this presented controller (the top of its chain).
    private func performDismissal(animated: Bool, completion: (() -> Void)?) {
        guard let controller = modal.presentationController, let presenter = modal.presenting,
              let container = controller.containerView, let window = container.window else { return }
        if modal.presented != nil {
            // Something was presented on top after this dismissal was asked for (a queued present ran first):
            // take it away first, unanimated, then dismiss this one.
            var chain: [ViewController] = []
            var next = modal.presented
            while let c = next { chain.append(c); next = c.modal.presented }
            for c in chain.reversed() { window.modalPresentations.perform { c.performDismissal(animated: false, completion: nil) } }
            window.modalPresentations.perform { [weak self] in self?.performDismissal(animated: animated, completion: completion) }
            return
        }
        let presented = self
        let style = controller.presentationStyle
        let removesPresenter = controller.shouldRemovePresentersView
        let presenterView = presenter.view!
        let presentedFrame = presented.view.frame
        let presenterFrame = controller.presenterFrameToRestore ?? container.convert(presenterView.bounds, from: presenterView)
        presented.isBeingDismissed = true
        let delegate = presented.transitioningDelegate
        let animator: any ViewControllerAnimatedTransitioning = animated
            ? delegate?.animationController(forDismissed: presented) ?? CoverVerticalAnimator(presenting: false)
            : ImmediateModalAnimator(presenting: false)
        let interaction: (any ViewControllerInteractiveTransitioning)? = animated
            ? delegate?.interactionControllerForDismissal(using: animator) ?? controller.dismissalInteractionController
            : nil
        let modals = window.modalPresentations
        let t = ContainerTransition(
            kind: .dismiss, containerView: container, from: presented, to: presenter,
            fromView: presented.view, toView: removesPresenter ? presenterView : nil,
            isAnimated: animated, presentationStyle: style, animator: animator, interactionController: interaction,
            frames: [(presented, initial: presentedFrame, final: .zero),
                     (presenter, initial: removesPresenter ? .zero : presenterFrame, final: presenterFrame)],
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
                controller.finishTransition(in: modals, completed: completed, completion: completion)
            })
        controller.begin(t, in: modals)
        controller.dismissalTransitionWillBegin()
        Transaction.enqueueCallback {
            guard modals.currentTransition === t else { return }
            modals.transitionObserver?(t, .began)
            presented.beginAppearanceTransition(false, animated: animated)
            if removesPresenter { presenter.beginAppearanceTransition(true, animated: animated) }
            t.start()
        }
    }
}

extension PresentationController {
    /// Makes `t` this presentation's running transition and the coordinator of both controllers.
    func begin(_ t: ContainerTransition, in modals: ModalPresentations) {
        transition = t
        modals.currentTransition = t
        presentedViewController.ownTransitionCoordinator = t
        presentingViewController.ownTransitionCoordinator = t
    }

    /// The transition's bookkeeping is done: the coordinators are cleared, observers told, the next
    /// queued request may run, and `completion` runs when the transition completed.
    func finishTransition(in modals: ModalPresentations, completed: Bool, completion: (() -> Void)?) {
        let ended = modals.currentTransition
        for c in [presentedViewController, presentingViewController] where c.ownTransitionCoordinator === ended {
            c.ownTransitionCoordinator = nil
        }
        if let ended { modals.transitionObserver?(ended, completed ? .finished : .cancelled) }
        modals.transitionEnded()
        if completed { completion?() }
    }

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
