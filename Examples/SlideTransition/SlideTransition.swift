// Start here: your own transition on Segue.
//
// The navigation code of the seed article 004_56ab4f68eb18f7cf.txt ("视图控制器转换(二) View Controller
// Transistion - No.2", the JWViewControllerTransitions demo): a navigation-controller delegate that returns
// `JWNTNavigationSlideTransition`, a `UIPercentDrivenInteractiveTransition` subclass that is also the
// animator and adds its own `UIScreenEdgePanGestureRecognizer` to the pushed view, which pops
// interactively. Ported from Objective-C to Swift line by line, through `import SegueUIKit`.
//
// Changes from the UIKit code, all forced by Swift on Linux (there is no Objective-C runtime):
// - `import UIKit` -> `import SegueUIKit`, plus `import SegueSDL` for `SegueApp.run`, the app's `main`
//   (in place of `UIApplicationMain` and a storyboard).
// - `@selector(didPanContainerViewEdge:)` -> the method reference `JWNTNavigationSlideTransition.didPanContainerViewEdge`
//   (no `@objc`, no selectors).
// - `fpclassify(x) == FP_ZERO` -> `x.isZero`, `fabs` -> `abs`, `MIN`/`MAX` -> `min`/`max` (the Swift spellings).
// - `kNavigatioinSlideDuration` and `kNavigationPopThreshhold` are not shown in the article: their values
//   here (0.35 s, half way) are ours.
// Additions that are not in the article's navigation code: the pages' content (a title, a button that
// pushes), Return as a key command for the push (so a replay script can push without aiming at the
// button), and the page titles that the replay trace names the pages by.
//
// The app's `main` is main.swift (`SegueApp.run`); this file is the transition and the pages, which the
// tests in Tests/ import (`@testable import SlideTransition`: a main.swift's top-level globals are
// initialised only when the program runs, so the code a test uses lives in a file of its own).
//
// Run it: `swift run slide-transition` (a window; Return or the button pushes, drag from the left edge of
// the second page to pop, S slow motion, Escape quits), or headless:
// `swift run slide-transition --replay Resources/scripts/slide-transition-edge-pop.json --trace -`.
import SegueUIKit

let kNavigatioinSlideDuration: TimeInterval = 0.35
/// The fraction of `panHorizontalTreshhold` past which a released edge pan finishes the pop.
let kNavigationPopThreshhold: CGFloat = 0.5

// MARK: - JWNTNavigationSlideTransition

final class JWNTNavigationSlideTransition: UIPercentDrivenInteractiveTransition, UIViewControllerAnimatedTransitioning {
    var naviOperation: UINavigationController.Operation = .none
    var isInteractive = false
    private var transitionContext: (any UIViewControllerContextTransitioning)?
    private var panHorizontalTreshhold: CGFloat = 0

    // MARK: UIViewControllerAnimatedTransitioning
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        kNavigatioinSlideDuration
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        if naviOperation == .none {
            return
        }

        let isPushOperation = (naviOperation == .push)
        let fromView = transitionContext.view(forKey: .from)
        let toView = transitionContext.view(forKey: .to)
        let containerView = transitionContext.containerView

        let containerViewBounds = containerView.bounds
        let leftRect = CGRect(x: -containerViewBounds.width, y: 0,
                              width: containerViewBounds.width,
                              height: containerViewBounds.height)
        let rightRect = CGRect(x: containerViewBounds.width, y: 0,
                               width: containerViewBounds.width,
                               height: containerViewBounds.height)
        fromView?.frame = containerView.bounds
        toView?.frame = isPushOperation ? rightRect : leftRect

        if let fromView { containerView.addSubview(fromView) }
        if let toView { containerView.addSubview(toView) }
        if isPushOperation {
            self.transitionContext = transitionContext
            let edgePanGest = UIScreenEdgePanGestureRecognizer(
                target: self,
                action: JWNTNavigationSlideTransition.didPanContainerViewEdge)
            edgePanGest.maximumNumberOfTouches = 1
            edgePanGest.edges = .left
            toView?.addGestureRecognizer(edgePanGest)
            let containerHalfWidth = 0.5 * containerViewBounds.width
            panHorizontalTreshhold = containerHalfWidth.isZero ?
                0.5 * UIScreen.main.bounds.size.width : containerHalfWidth
        }

        // animation
        UIView.animate(withDuration: kNavigatioinSlideDuration,
                       animations: {
                           fromView?.frame = isPushOperation ? leftRect : rightRect
                           toView?.frame = containerViewBounds
                       },
                       completion: { finished in
                           let transitionCancelled = transitionContext.transitionWasCancelled
                           transitionContext.completeTransition(!transitionCancelled)
                       })
    }

    // MARK: Interactive Transitioning
    func didPanContainerViewEdge(_ contaierEdgePan: UIScreenEdgePanGestureRecognizer) {
        let transition = contaierEdgePan.translation(in: contaierEdgePan.view)
        let horizontalCompletionPercent = min(1.0, max(0, abs(transition.x) / panHorizontalTreshhold))
        switch contaierEdgePan.state {
        case .began:
            isInteractive = true
            contaierEdgePan.setTranslation(.zero, in: contaierEdgePan.view)
            let toVC = transitionContext?.viewController(forKey: .to)
            _ = toVC?.navigationController?.popViewController(animated: true)
        case .changed:
            update(horizontalCompletionPercent)
        case .failed, .cancelled:
            fallthrough
        default:
            isInteractive = false
            if horizontalCompletionPercent >= kNavigationPopThreshhold {
                finish()
            } else {
                cancel()
            }
        }
    }
}

// MARK: - JWNTNavigationDelegate

final class JWNTNavigationDelegate: NSObject, UINavigationControllerDelegate {
    lazy var slideTransition = JWNTNavigationSlideTransition()

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController,
                              to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        // slide slideTransition animator
        let slideTransitionAnimator = slideTransition
        slideTransitionAnimator.naviOperation = operation
        return slideTransitionAnimator
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? {
        if let slide = animationController as? JWNTNavigationSlideTransition {
            return slide.isInteractive ? slide : nil
        }
        return nil
    }
}

// MARK: - The pages

/// The first page: a button that pushes the second page with the slide transition.
final class JWNTViewController: UIViewController {
    /// Where the push button sits and how big it is, in points.
    static let buttonFrame = CGRect(x: 40, y: 120, width: 220, height: 44)

    private lazy var localNaviDelegate = JWNTNavigationDelegate()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "First"
        view.backgroundColor = .white
        let button = UIButton(frame: Self.buttonFrame, title: "Push the second page")
        button.addTarget(self, action: JWNTViewController.push(_:), for: .touchUpInside)
        view.addSubview(button)
    }

    override var canBecomeFirstResponder: Bool { true }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        _ = becomeFirstResponder()
    }

    override var keyCommands: [UIKeyCommand] {
        [UIKeyCommand(input: .returnKey, title: "Push the second page", repeats: false) { [weak self] in self?.push() }]
    }

    func push(_ sender: UIButton) { push() }

    func push() {
        let secondVC = JWNTSecondViewController()
        navigationController?.delegate = localNaviDelegate
        navigationController?.pushViewController(secondVC, animated: true)
    }
}

/// The second page: drag from its left edge to pop it.
final class JWNTSecondViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Second"
        view.backgroundColor = .systemBlue
    }
}
