import SegueAnimation
import SegueUI

/// The gallery's bubble presentation (B): a sheet grows out of a circle from a point near the bottom right
/// corner and shrinks back into it when dismissed, the way the open-source BubbleTransition library
/// presents (a `.custom` presentation whose animator scales a round "bubble" and the presented view from the
/// starting point). Written for the gallery in Segue's own names; `BubbleTransitionPort` in the tests runs
/// the library's way of doing it, appearance calls included.
@MainActor
final class BubbleDemoTransition: GalleryModalTransition {
    /// The length of the presentation and of the dismissal, in seconds (the library's default, 0.5 s).
    static let duration = 0.5
    /// The scale the bubble and the page start from and shrink to (the library's 0.001: a point).
    static let pointScale: CGFloat = 0.001

    /// Where the bubble grows from, in the container's coordinates.
    var startingPoint = CGPoint.zero
    /// The bubble's colour (the sheet's header colour, so the bubble reads as the page arriving).
    var bubbleColor = Color.white
    private let bubble = View(frame: .zero)

    override func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { Self.duration }

    /// The bubble's frame for a page of `size`: a circle centred on the starting point that covers the
    /// page, its diameter twice the distance to the page's farthest corner.
    func bubbleFrame(covering size: CGSize) -> CGRect {
        let dx = max(startingPoint.x, size.width - startingPoint.x), dy = max(startingPoint.y, size.height - startingPoint.y)
        let diameter = 2 * (dx * dx + dy * dy).squareRoot()
        return CGRect(x: startingPoint.x - diameter / 2, y: startingPoint.y - diameter / 2, width: diameter, height: diameter)
    }

    override func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let point = CGAffineTransform(scaleX: Self.pointScale, y: Self.pointScale)
        let key: TransitionContextViewKey = isPresenting ? .to : .from
        guard let page = transitionContext.view(forKey: key) else {
            transitionContext.completeTransition(false)
            return
        }
        let centre = page.center
        bubble.transform = .identity
        bubble.frame = bubbleFrame(covering: page.frame.size)
        bubble.layer.cornerRadius = bubble.frame.height / 2
        bubble.backgroundColor = bubbleColor
        bubble.isHidden = false
        if isPresenting {
            bubble.transform = point
            container.addSubview(bubble)
            page.center = startingPoint
            page.transform = point
            page.alpha = 0
            container.addSubview(page)
            View.animate(withDuration: Self.duration, animations: {
                self.bubble.transform = .identity
                page.transform = .identity
                page.alpha = 1
                page.center = centre
            }, completion: { _ in
                self.bubble.isHidden = true
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        } else {
            container.insertSubview(bubble, belowSubview: page)
            View.animate(withDuration: Self.duration, animations: {
                self.bubble.transform = point
                page.transform = point
                page.center = self.startingPoint
                page.alpha = 0
            }, completion: { _ in
                self.bubble.removeFromSuperview()
                if !transitionContext.transitionWasCancelled {
                    page.removeFromSuperview()
                    page.transform = .identity
                    page.center = centre
                    page.alpha = 1
                }
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}

/// What the gallery's own modal transitions (B, F) share: the transitioning delegate that hands itself out
/// as the animator, presenting or dismissing.
@MainActor
class GalleryModalTransition: ViewControllerTransitioningDelegate, ViewControllerAnimatedTransitioning {
    /// Whether the transition under way presents (else it dismisses).
    private(set) var isPresenting = true

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        isPresenting = true
        return self
    }

    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        isPresenting = false
        return self
    }

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        preconditionFailure("\(type(of: self)) gives its duration")
    }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        preconditionFailure("\(type(of: self)) animates its transition")
    }
}
