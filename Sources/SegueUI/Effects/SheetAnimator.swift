import SegueAnimation

/// Sheet: the front page rises from below the container's bottom edge to its frame over the back page,
/// which darkens under a black dimming (alpha 0 to ``dimmingAlpha``). Backwards it falls away and the
/// dimming clears.
///
/// Presented modally with ``TransitionEffect/sheet(topInset:dimmingAlpha:)`` (through
/// ``EffectTransitioningDelegate``), a ``DimmingSheetPresentationController`` gives the sheet its frame
/// (``DimmingSheetPresentationController/topInset`` below the top) and the dimming, and keeps the
/// presenter's view; its drag dismisses the sheet interactively. The animator then draws no dimming of its
/// own. In any other container (navigation, tabs, a custom container) there is no presentation controller:
/// the page rises to fill the container, as its frames say, over the back page, which the animator dims
/// itself with a temporary view; at rest the page covers it, so the sheet ends as a full page.
///
/// Differs from UIKit: UIKit's sheet is `UISheetPresentationController` with detents and a spring; this
/// one has one height and plays along ease-in-ease-out over ``CoverVerticalAnimator/duration``.
@MainActor
public final class SheetAnimator: ReversibleTransitionAnimator {
    /// The alpha of the dimming at the end when the animator dims (no sheet presentation controller).
    public let dimmingAlpha: CGFloat

    /// A sheet dimming to `dimmingAlpha`; `reverse` plays it backwards.
    public init(dimmingAlpha: CGFloat = DimmingSheetPresentationController.defaultDimmingAlpha,
                duration: Double = CoverVerticalAnimator.duration, reverse: Bool = false) {
        self.dimmingAlpha = dimmingAlpha
        super.init(duration: duration, reverse: reverse)
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        let front = stage.front
        let below = stage.translation(of: front, outTowards: .down)
        // A sheet presentation controller dims alongside the transition; otherwise the animator does.
        let dimsItself = !(stage.frontController.runningPresentationController is DimmingSheetPresentationController)
        let dimming = dimsItself ? stage.addDimming(over: stage.back) : nil
        let alpha = dimmingAlpha
        return (start: { front.transform3D = below; dimming?.alpha = 0 },
                end: { front.transform3D = .identity; dimming?.alpha = alpha })
    }
}

extension TransitionEffect {
    /// A sheet rising over a dimmed page (``SheetAnimator``); presented modally, with a
    /// ``DimmingSheetPresentationController`` of `topInset` and `dimmingAlpha` (nil: the controller's
    /// defaults, 40 pt and 0.4).
    public static func sheet(topInset: CGFloat? = nil, dimmingAlpha: CGFloat? = nil) -> TransitionEffect {
        var effect = TransitionEffect(name: "sheet") {
            SheetAnimator(dimmingAlpha: dimmingAlpha ?? DimmingSheetPresentationController.defaultDimmingAlpha, reverse: $0)
        }
        effect.makePresentationController = { presented, presenting in
            let controller = DimmingSheetPresentationController(presentedViewController: presented, presenting: presenting)
            if let topInset { controller.topInset = topInset }
            if let dimmingAlpha { controller.dimmingAlpha = dimmingAlpha }
            return controller
        }
        return effect
    }
}
