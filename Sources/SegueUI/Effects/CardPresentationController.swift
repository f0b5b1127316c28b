import SegueAnimation

/// The seeds' card presentation (002's `EDPressentationController`): the presented view is a card of
/// ``sizeFraction`` of the container's width and height, centred, over a black ``dimmingView`` that fades
/// in with the presentation and out with the dismissal, animated alongside through the coordinator (so
/// an interaction scrubs it). The presenter's view stays underneath.
///
/// Differs from UIKit: a ready class (UIKit has none); the seed's dimming colour (black at alpha 0.2)
/// is ``dimmingAlpha`` on a black view.
@MainActor
open class CardPresentationController: PresentationController {
    /// The card's size as a fraction of the container's (the seed's 2/3).
    nonisolated public static let defaultSizeFraction: CGFloat = 2.0 / 3.0
    /// The dimming's alpha when the card is up (the seed's black at 0.2).
    nonisolated public static let defaultDimmingAlpha: CGFloat = 0.2

    /// The card's size as a fraction of the container's width and height.
    public var sizeFraction = CardPresentationController.defaultSizeFraction
    /// The alpha of the dimming view when the card is up.
    public var dimmingAlpha = CardPresentationController.defaultDimmingAlpha
    /// The black view between the presenter and the card (in the container while presented).
    public let dimmingView = View()

    public override init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        dimmingView.isUserInteractionEnabled = false
        dimmingView.layer.name = "card dimming"
    }

    /// The card: ``sizeFraction`` of the container, centred.
    open override var frameOfPresentedViewInContainerView: CGRect {
        guard let b = containerView?.bounds else { return .zero }
        let size = CGSize(width: b.width * sizeFraction, height: b.height * sizeFraction)
        return CGRect(x: b.midX - size.width / 2, y: b.midY - size.height / 2, width: size.width, height: size.height)
    }

    open override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
        dimmingView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.insertSubview(dimmingView, at: 0)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { [dimmingView, dimmingAlpha] _ in
            dimmingView.alpha = dimmingAlpha
        }, completion: nil)
    }

    open override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimmingView.removeFromSuperview() }
    }

    open override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { [dimmingView] _ in
            dimmingView.alpha = 0
        }, completion: nil)
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimmingView.removeFromSuperview() }
    }

    /// Keeps the dimming over the container and, when no transition moves it, the card at its frame.
    open override func containerViewWillLayoutSubviews() {
        guard let container = containerView else { return }
        dimmingView.frame = container.bounds
        if transition == nil, let card = presentedView, card.superview === container {
            card.frame = frameOfPresentedViewInContainerView
        }
    }
}
