import SegueAnimation
import SegueUI

/// The gallery's card flip (F): the gallery turns edge-on about its vertical axis, the sheet's back comes
/// round from edge-on in a card in the middle of the window, then the card grows to the whole window; a
/// dismissal plays it backwards. The presentation of Kodeco's tutorial "Custom UIViewController
/// Transitions: Getting Started" (a snapshot, a perspective, three cubic keyframes), written for the
/// gallery in Segue's own names; `KodecoFlipTutorialPort` in the tests runs the tutorial's code shape.
@MainActor
final class FlipDemoTransition: GalleryModalTransition {
    /// The length of the flip, in seconds (the tutorial's 0.6 s).
    static let duration = 0.6
    /// The perspective's m34, `-1 / d` for a viewer `d` = 500 points away (the tutorial's -0.002).
    static let perspective = -0.002
    /// The card's corner radius, in points.
    static let cornerRadius: CGFloat = 16

    /// The card's frame the sheet flips out of and back into, in the window's coordinates.
    var cardFrame = CGRect.zero

    override func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { Self.duration }

    /// A turn of `angle` radians about the vertical axis.
    static func yRotation(_ angle: Double) -> Transform3D { Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0) }

    override func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        guard let from = transitionContext.viewController(forKey: .from), let to = transitionContext.viewController(forKey: .to),
              let page = (isPresenting ? to : from).view,
              let snapshot = page.snapshotView(afterScreenUpdates: isPresenting) else {
            transitionContext.completeTransition(false)
            return
        }
        let container = transitionContext.containerView
        var perspective = Transform3D.identity
        perspective.m34 = Self.perspective
        container.layer.sublayerTransform = perspective
        snapshot.layer.cornerRadius = Self.cornerRadius
        snapshot.layer.masksToBounds = true
        let third = 1.0 / 3
        if isPresenting {
            let final = transitionContext.finalFrame(for: to)
            snapshot.frame = cardFrame
            snapshot.layer.transform = Self.yRotation(-.pi / 2)
            page.frame = final
            page.isHidden = true
            container.addSubview(page)
            container.addSubview(snapshot)
            View.animateKeyframes(withDuration: Self.duration, options: .calculationModeCubic, animations: {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: third) { from.view.layer.transform = Self.yRotation(.pi / 2) }
                View.addKeyframe(withRelativeStartTime: third, relativeDuration: third) { snapshot.layer.transform = .identity }
                View.addKeyframe(withRelativeStartTime: 2 * third, relativeDuration: third) {
                    snapshot.frame = final
                    snapshot.layer.cornerRadius = 0
                }
            }, completion: { _ in
                page.isHidden = false
                snapshot.removeFromSuperview()
                from.view.layer.transform = .identity
                container.layer.sublayerTransform = .identity
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        } else {
            snapshot.frame = page.frame
            snapshot.layer.cornerRadius = 0
            // A full-screen presenter's view left the window: the animator brings it back under the page
            // (as the tutorial does; the presentation puts it back in its place at the end).
            if let presenter = transitionContext.view(forKey: .to) { container.insertSubview(presenter, at: 0) }
            container.addSubview(snapshot)
            page.isHidden = true
            to.view.layer.transform = Self.yRotation(.pi / 2)
            View.animateKeyframes(withDuration: Self.duration, options: .calculationModeCubic, animations: {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: third) {
                    snapshot.frame = self.cardFrame
                    snapshot.layer.cornerRadius = Self.cornerRadius
                }
                View.addKeyframe(withRelativeStartTime: third, relativeDuration: third) { snapshot.layer.transform = Self.yRotation(-.pi / 2) }
                View.addKeyframe(withRelativeStartTime: 2 * third, relativeDuration: third) { to.view.layer.transform = .identity }
            }, completion: { _ in
                snapshot.removeFromSuperview()
                page.isHidden = false
                to.view.layer.transform = .identity
                container.layer.sublayerTransform = .identity
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}
