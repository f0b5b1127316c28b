import SegueAnimation

/// A ready transitioning delegate for one ``TransitionEffect``: presenting plays the effect forwards,
/// dismissing backwards; an effect that needs a presentation controller (a sheet, a card) gets it, with
/// the ``ModalPresentationStyle/custom`` style (``modalPresentationStyle``); other effects present
/// ``ModalPresentationStyle/fullScreen``, the presenter's page being the effect's back page.
///
/// An ``interactionController`` attached to it drives a presentation or dismissal while its gesture runs
/// (``GestureDrivenInteraction/interactionInProgress``): the same dismissal is animated from a button and
/// interactive from the gesture. Otherwise a presentation controller's own interaction (a sheet's drag)
/// drives the dismissal.
///
/// The easiest way to use it is ``ViewController/modalTransitionEffect``, which makes one, keeps it alive
/// and sets the style. Set by hand as a ``ViewController/transitioningDelegate`` (held weakly, as in
/// UIKit), keep it alive yourself.
///
/// Under Reduce Motion (``Window/isReduceMotionEnabled``) a presentation or dismissal no gesture drives
/// cross-fades instead (``TransitionLifecycle/effect(_:in:drivenByGesture:)`` says why); one a gesture drives
/// (the attached interaction controller, a sheet's drag) plays the effect.
///
/// Differs from UIKit: a ready class; UIKit leaves every transitioning delegate to the app.
@MainActor
public final class EffectTransitioningDelegate: ViewControllerTransitioningDelegate {
    /// The effect presentations and dismissals play.
    public var effect: TransitionEffect
    /// Drives a presentation or dismissal while its gesture has one in progress; nil: none.
    public var interactionController: (any GestureDrivenInteraction)?

    /// A delegate that presents and dismisses with `effect`.
    public init(effect: TransitionEffect, interactionController: (any GestureDrivenInteraction)? = nil) {
        self.effect = effect
        self.interactionController = interactionController
    }

    /// The style a controller presented with this delegate needs: ``ModalPresentationStyle/custom`` when
    /// the effect makes a presentation controller, ``ModalPresentationStyle/fullScreen`` otherwise.
    public var modalPresentationStyle: ModalPresentationStyle {
        effect.makePresentationController == nil ? .fullScreen : .custom
    }

    /// The effect's animator forwards (the cross-fade under Reduce Motion when no gesture drives it).
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        let window = presenting.viewIfLoaded?.window ?? source.viewIfLoaded?.window
        return played(in: window, drivenByGesture: interactionInProgress != nil).animator(reverse: false)
    }

    /// The effect's animator backwards (the cross-fade under Reduce Motion when no gesture or drag drives it).
    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        let drag = dismissed.presentationController?.dismissalInteractionController != nil
        return played(in: dismissed.viewIfLoaded?.window, drivenByGesture: interactionInProgress != nil || drag)
            .animator(reverse: true)
    }

    /// The effect played in `window`: ``effect``, or under Reduce Motion with no gesture driving, the cross-fade.
    private func played(in window: Window?, drivenByGesture: Bool) -> TransitionEffect {
        TransitionLifecycle.effect(effect, in: window, drivenByGesture: drivenByGesture) ?? effect
    }

    /// The attached interaction controller while its gesture drives the presentation, else nil.
    public func interactionControllerForPresentation(using animator: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? {
        interactionInProgress
    }

    /// The attached interaction controller while its gesture drives the dismissal, else nil.
    public func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? {
        interactionInProgress
    }

    /// The effect's presentation controller, if it makes one (a sheet, a card), else nil (full screen).
    public func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                       source: ViewController) -> PresentationController? {
        effect.makePresentationController?(presented, presenting)
    }

    /// The attached interaction controller while its gesture drives a transition.
    private var interactionInProgress: (any ViewControllerInteractiveTransitioning)? {
        guard let interactionController, interactionController.interactionInProgress else { return nil }
        return interactionController
    }
}
