// The modal code of seed article 002_23d3013449054066.txt (demo 3: a zooming modal animator, a
// transitioning delegate, and a presentation controller whose dimming view is animated alongside through
// the coordinator), ported from Objective-C to Swift as an iOS developer would write it against UIKit.
// Changes Swift on Linux forces:
// - Objective-C -> Swift (`@interface`/`@implementation` -> classes, the lazy getters -> `lazy var` and an
//   overridden `transitioningDelegate` getter backed by a stored property, `CGAffineTransformMakeScale` ->
//   `CGAffineTransform(scaleX:y:)`, `fromVC.beingDismissed` -> `fromVC.isBeingDismissed`);
// - `import UIKit` -> `import SegueUIKit`; `NSObject` dropped as the delegate's superclass (no
//   Objective-C runtime: the protocols are Swift protocols);
// - `@selector(goNext:)` / `@selector(dismiss)` -> `PresentingVC.goNext` / `PresentedVC.close` (no `@objc`;
//   `dismiss` would clash with `dismiss(animated:completion:)`, hence `close`);
// - `initWithPresentedViewController:presentingViewController:` -> `init(presentedViewController:presenting:)`
//   (UIKit's Swift name); `didReceiveMemoryWarning` dropped (Segue has no memory warnings).
import SegueUIKit
import Testing

@MainActor
final class EDModalAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.3
    }

    // A zoom; in Custom mode a dismissal must not add the to view to the container.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromVC = transitionContext.viewController(forKey: .from)!
        let toVC = transitionContext.viewController(forKey: .to)!
        let containerView = transitionContext.containerView
        let fromView = fromVC.view!
        let toView = toVC.view!

        // present
        if toVC.isBeingPresented {
            containerView.addSubview(toView)
            toView.center = containerView.center
            toView.bounds = CGRect(x: 0, y: 0, width: containerView.frame.size.width * 2 / 3,
                                   height: containerView.frame.size.height * 2 / 3)
            toView.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
            UIView.animate(withDuration: 0.3, animations: {
                toView.transform = CGAffineTransform(scaleX: 1, y: 1)
            }, completion: { finished in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }

        if fromVC.isBeingDismissed {
            if transitionContext.presentationStyle != .custom {
                containerView.addSubview(toView)
            }
            UIView.animate(withDuration: 0.3, animations: {
                fromView.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
            }, completion: { finished in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}

@MainActor
final class ModelTransitionDelegate: UIViewControllerTransitioningDelegate {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        EDModalAnimator()
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        EDModalAnimator()
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        EDPressentationController(presentedViewController: presented, presenting: presenting)
    }
}

@MainActor
final class PresentingVC: UIViewController {
    private var transitionDelegate: ModelTransitionDelegate?
    let presentBtn = UIButton(frame: CGRect(x: 146.5, y: 313, width: 82, height: 41))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 255.0 / 255, green: 83.0 / 255, blue: 89.0 / 255, alpha: 1)
        presentBtn.setTitle("Present", for: .normal)
        presentBtn.addTarget(self, action: PresentingVC.goNext, for: .touchUpInside)
        view.addSubview(presentBtn)
    }

    override var transitioningDelegate: UIViewControllerTransitioningDelegate? {
        get {
            if transitionDelegate == nil {
                transitionDelegate = ModelTransitionDelegate()
            }
            return transitionDelegate
        }
        set { super.transitioningDelegate = newValue }
    }

    func goNext(_ sender: UIButton) {
        let nextVC = PresentedVC()
        nextVC.transitioningDelegate = self.transitioningDelegate
        nextVC.modalPresentationStyle = .custom
        present(nextVC, animated: true, completion: nil)
    }
}

@MainActor
final class PresentedVC: UIViewController {
    let closeBtn = UIButton(frame: CGRect(x: 100, y: 200, width: 50, height: 30))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .blue
        closeBtn.setTitle("Close", for: .normal)
        closeBtn.setTitleColor(.black, for: .normal)
        closeBtn.addTarget(self, action: PresentedVC.close, for: .touchUpInside)
        view.addSubview(closeBtn)
    }

    func close(_ sender: UIButton) {
        dismiss(animated: true, completion: nil)
    }
}

@MainActor
final class EDPressentationController: UIPresentationController {
    lazy var backView: UIView = {
        let backView = UIView()
        backView.backgroundColor = UIColor(red: 0, green: 0, blue: 0, alpha: 0.2)
        backView.alpha = 0
        return backView
    }()

    // Called before the presentation transition begins.
    override func presentationTransitionWillBegin() {
        containerView?.addSubview(backView)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { context in
            // Runs in step with the transition's animation.
            self.backView.alpha = 1
        }, completion: { context in
        })
    }

    // Called before the dismissal transition begins.
    override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { context in
            self.backView.alpha = 0
        }, completion: { context in
        })
    }

    // Lays out the chrome.
    override func containerViewWillLayoutSubviews() {
        backView.center = containerView!.center
        backView.bounds = containerView!.bounds
    }

    // Whether the presenting view is removed after the transition (default NO).
    override var shouldRemovePresentersView: Bool {
        false
    }
}

@MainActor
@Suite struct Seed002ModalPortTests {
    let h = PortHarness()

    func tap(_ button: UIButton, at t: Double) {
        let r = button.convert(button.bounds, to: nil)
        h.down(r.midX, r.midY, at: t)
        h.up(r.midX, r.midY, at: t + 0.05)
    }

    /// Frames until no presentation or dismissal runs.
    func settle() {
        for _ in 0..<120 where h.window.modalPresentations.currentTransition != nil { h.frames(1) }
        h.frames(1)
    }

    /// No animation, no driven layer time, model == presentation, anywhere in the window.
    func checkAtRest(sourceLocation: SourceLocation = #_sourceLocation) {
        var layers = [h.window.layer]
        while let layer = layers.popLast() {
            #expect(!layer.hasAnimations && layer.renderedProperties == layer.model
                    && layer.timing == MediaTimingValues(), sourceLocation: sourceLocation)
            layers += layer.sublayers
        }
    }

    @Test func thePresentButtonZoomsTheSheetInOverTheDimmingAndCloseZoomsItOut() {
        let presenting = PresentingVC()
        h.window.rootViewController = presenting
        h.frames(1)
        tap(presenting.presentBtn, at: 1)
        let presented = presenting.presentedViewController as! PresentedVC
        let pc = presented.presentationController as! EDPressentationController
        let container = pc.containerView!
        h.frames(9)   // 0.15 s of 0.3: the zoom and the dimming are on their way, in step
        let scale = presented.view.layer.renderedProperties.transform.m11
        let alpha = pc.backView.layer.renderedProperties.opacity
        #expect(scale > 0.1 && scale < 1 && alpha > 0 && alpha < 1)
        settle()
        // The seed's layout: a sheet two thirds of the container, centred, over the 0.2 black back view.
        #expect(presented.view.center == CGPoint(x: 200, y: 300))
        #expect(presented.view.bounds == CGRect(x: 0, y: 0, width: 400.0 * 2 / 3, height: 600.0 * 2 / 3))
        #expect(pc.backView.frame == container.bounds && pc.backView.alpha == 1)
        #expect(presenting.view.superview === h.window)   // custom: the presenter's view stays
        #expect(presenting.presentedViewController === presented && presented.presentingViewController === presenting)
        checkAtRest()

        tap(presented.closeBtn, at: 2)
        #expect(presented.isBeingDismissed)
        h.frames(9)
        let closing = pc.backView.layer.renderedProperties.opacity
        #expect(closing > 0 && closing < 1)
        settle()
        #expect(container.superview == nil)
        #expect(presenting.presentedViewController == nil && presented.presentingViewController == nil)
        #expect(presenting.view.superview === h.window)
        checkAtRest()
    }
}
