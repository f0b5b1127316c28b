import SegueAnimation

/// A transition effect a user picks in one line (`.crossfade`, `.cube(.horizontal)`, `.fold(strips: 8)`,
/// `.explode(seed: 7)`, `.circleReveal(from: point)`...) and hands to a navigation controller, a tab bar
/// controller, a presented controller or a custom container. It makes a fresh animator for each
/// transition, playing forwards or backwards.
///
/// The catalogue is ../shared/spec/effects.md; each effect is a static member declared next to its
/// animator type, so the list grows by extension.
///
/// Differs from UIKit: UIKit has no such value (iOS 18's `UIViewController.Transition` offers only zoom);
/// the effects come from the libraries iOS developers use (VCTransitionsLibrary, Hero, BubbleTransition).
public struct TransitionEffect: Sendable, CustomStringConvertible {
    /// The effect's name, for menus, the HUD and traces ("crossfade", "cube horizontal"...).
    public let name: String
    private let make: @MainActor @Sendable (_ reverse: Bool) -> any ViewControllerAnimatedTransitioning
    /// Makes the presentation controller a modal presentation with this effect needs (a sheet's, a card's:
    /// the presented frame and a dimming), or nil (the default): the effect presents full screen, the
    /// presenter's page being its back page. ``EffectTransitioningDelegate`` presents with
    /// ``ModalPresentationStyle/custom`` and this controller when it is set; other containers ignore it.
    public var makePresentationController: (@MainActor @Sendable (_ presented: ViewController,
                                                                  _ presenting: ViewController?) -> PresentationController)?

    /// An effect made by `make`, which gets whether the transition plays backwards (pop, dismiss, an
    /// earlier tab) and returns a new animator.
    public init(name: String, make: @escaping @MainActor @Sendable (_ reverse: Bool) -> any ViewControllerAnimatedTransitioning) {
        self.name = name
        self.make = make
    }

    /// A new animator for one transition; `reverse` plays it backwards.
    @MainActor
    public func animator(reverse: Bool) -> any ViewControllerAnimatedTransitioning {
        make(reverse)
    }

    /// The effect's name, as the gallery lists it (`slide left`, `cube horizontal`).
    public var description: String { name }
}
