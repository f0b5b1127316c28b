import SegueAnimation

extension ViewController {
    /// The effect this controller is presented and dismissed with, in one line
    /// (`detail.modalTransitionEffect = .scaleInCard()` before `present`): presenting plays it forwards,
    /// dismissing backwards. Setting it makes an ``EffectTransitioningDelegate``, keeps it alive (UIKit's
    /// ``transitioningDelegate`` is weak), makes it the ``transitioningDelegate`` and sets
    /// ``modalPresentationStyle`` to the style the effect needs (``ModalPresentationStyle/custom`` with
    /// its presentation controller for a sheet or a card, ``ModalPresentationStyle/fullScreen``
    /// otherwise). Setting nil removes that delegate (and the style stays as it is).
    ///
    /// Differs from UIKit: Segue's addition, named after `modalTransitionStyle`; a navigation or tab bar
    /// controller has its own `transitionEffect` for the transitions between its pages.
    public var modalTransitionEffect: TransitionEffect? {
        get { retainedEffectTransitioningDelegate?.effect }
        set {
            let old = retainedEffectTransitioningDelegate
            guard let newValue else {
                if let old, transitioningDelegate === old { transitioningDelegate = nil }
                retainedEffectTransitioningDelegate = nil
                return
            }
            let delegate = EffectTransitioningDelegate(effect: newValue, interactionController: old?.interactionController)
            retainedEffectTransitioningDelegate = delegate
            transitioningDelegate = delegate
            modalPresentationStyle = delegate.modalPresentationStyle
        }
    }

    /// The ready delegate ``modalTransitionEffect`` made (attach an interaction controller to it), or nil.
    public var modalTransitionEffectDelegate: EffectTransitioningDelegate? { retainedEffectTransitioningDelegate }

    /// Runs a transition between two of this container's children with `effect`: forwards, or backwards
    /// when `reverse` (going back to an earlier child). Otherwise as
    /// ``transition(from:to:in:animator:interactionController:completion:)``, which it calls with
    /// `effect.animator(reverse:)` (any effect's animator plugs in there too). Segue's addition.
    @discardableResult
    public func transition(from fromViewController: ViewController, to toViewController: ViewController,
                           in containerView: View, effect: TransitionEffect, reverse: Bool = false,
                           interactionController: (any ViewControllerInteractiveTransitioning)? = nil,
                           completion: ((Bool) -> Void)? = nil) -> ContainerTransition? {
        transition(from: fromViewController, to: toViewController, in: containerView,
                   animator: effect.animator(reverse: reverse), interactionController: interactionController,
                   completion: completion)
    }
}
