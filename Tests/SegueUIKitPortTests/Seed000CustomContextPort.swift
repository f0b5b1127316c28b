// The custom container of seed article 000_e271df9d564bfbf8.txt in its second form: a context class of the
// app's own adopting UIViewControllerContextTransitioning, and an animator that uses it. Changes from the
// article's code, all forced:
// - Swift 2 -> Swift 6: the context's members are the protocol's modern spellings (`isAnimated`,
//   `isInteractive`, `transitionWasCancelled`, `presentationStyle` and `containerView` are properties;
//   `viewController(forKey:)`/`view(forKey:)` take the `.from`/`.to` keys instead of the string constants;
//   `initialFrame(for:)`/`finalFrame(for:)`); `CGPointMake` -> `CGPoint(x:y:)`, `CGRectZero` -> `.zero`,
//   `willMoveToParentViewController` -> `willMove(toParent:)` and friends; `containerView` is non-optional.
// - The context and animator are `@MainActor` (UIKit's protocols are main-actor isolated in Swift 6 too).
// - `import UIKit` -> `import SegueUIKit`.
// And a Segue extension at the end: the same container made interactive (a pan between children) with
// Segue's engine (`transition(from:to:in:animator:interactionController:)`), since a percent-driven
// interaction needs a context that knows its animator.
import SegueUIKit
import Testing

@MainActor
final class CustomTransitionContext: NSObject, UIViewControllerContextTransitioning {
    weak var customContainerView: UIView?
    private weak var toViewController: UIViewController?
    private weak var fromViewController: UIViewController?
    var completeHandle: ((_ isComplete: Bool) -> Void)?
    var animating: Bool = true
    var isAnimated: Bool { animating }
    var isInteractive: Bool { false }
    var transitionWasCancelled: Bool { false }
    var presentationStyle: UIModalPresentationStyle { .custom }
    func completeTransition(_ didComplete: Bool) {
        if let handler = completeHandle {
            animating = false
            handler(didComplete)
        }
    }
    func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    func finishInteractiveTransition() {}
    func cancelInteractiveTransition() {}
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: return fromViewController
        case .to: return toViewController
        }
    }
    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: return fromViewController?.view
        case .to: return toViewController?.view
        }
    }
    func finalFrame(for vc: UIViewController) -> CGRect { .zero }
    func initialFrame(for vc: UIViewController) -> CGRect { .zero }
    var containerView: UIView { customContainerView! }
    convenience init(containerView: UIView?, toViewController: UIViewController, fromViewController: UIViewController) {
        self.init()
        self.toViewController = toViewController
        self.fromViewController = fromViewController
        self.customContainerView = containerView
    }
    var targetTransform: CGAffineTransform { .identity }
}

@MainActor
final class CustomTransitionAnimtor: NSObject, UIViewControllerAnimatedTransitioning {
    var orientaion: CustomContextContainerViewController.Orientation = .left
    var privateContext: CustomTransitionContext
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.25
    }
    init(context: CustomTransitionContext) {
        privateContext = context
        super.init()
    }
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let containerView = privateContext.containerView
        let toViewController = privateContext.viewController(forKey: .to)
        let fromViewController = privateContext.viewController(forKey: .from)
        toViewController?.view.bounds = (fromViewController?.view.bounds)!
        var endCenter: CGPoint
        if orientaion == .left {
            endCenter = CGPoint(x: -(fromViewController?.view.bounds.size.width)!, y: containerView.bounds.size.height / 2)
            toViewController?.view.center = CGPoint(x: containerView.bounds.size.width + (toViewController?.view.bounds.width)! / 2,
                                                    y: containerView.bounds.height / 2)
        } else {
            endCenter = CGPoint(x: containerView.bounds.size.width + (fromViewController?.view.bounds.size.width)! / 2,
                                y: containerView.bounds.size.height / 2)
            toViewController?.view.center = CGPoint(x: -containerView.bounds.size.width - (toViewController?.view.bounds.width)! / 2,
                                                    y: containerView.bounds.height / 2)
        }
        containerView.addSubview((toViewController?.view)!)
        UIView.animate(withDuration: self.transitionDuration(using: privateContext), animations: { () -> Void in
            toViewController?.view.center = (fromViewController?.view.center)!
            fromViewController?.view.center = endCenter
        }) { (isComplection) -> Void in
            fromViewController?.view.removeFromSuperview()
            self.animationEnded(true)
        }
    }
    func animationEnded(_ transitionCompleted: Bool) {
        self.privateContext.completeTransition(true)
    }
}

@MainActor
final class CustomContextContainerViewController: UIViewController {
    enum Orientation { case left, right }
    let container = UIView()
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        container.frame = view.bounds
        view.addSubview(container)
    }

    func swipeFromViewController(_ fromViewController: UIViewController, toViewController: UIViewController,
                                 withOrientation orientation: Orientation) {
        fromViewController.willMove(toParent: nil)
        self.addChild(toViewController)
        let context = CustomTransitionContext(containerView: container, toViewController: toViewController,
                                              fromViewController: fromViewController)
        context.completeHandle = { (isComplete: Bool) -> Void in
            toViewController.didMove(toParent: self)
            fromViewController.removeFromParent()
            self.log.append("complete(\(isComplete))")
        }
        let animator = CustomTransitionAnimtor(context: context)
        animator.orientaion = orientation
        animator.animateTransition(using: context)
    }
}

@MainActor
@Suite struct Seed000CustomContextPortTests {
    func makeContainer(_ h: PortHarness) -> (CustomContextContainerViewController, UIViewController) {
        let containerVC = CustomContextContainerViewController()
        h.window.rootViewController = containerVC
        let a = UIViewController()
        containerVC.addChild(a)
        a.view.frame = containerVC.container.bounds
        containerVC.container.addSubview(a.view)
        a.didMove(toParent: containerVC)
        h.frames(1)
        return (containerVC, a)
    }

    @Test func anAppsOwnContextDrivesTheSeedsAnimatorToTheEnd() {
        let h = PortHarness()
        let (containerVC, a) = makeContainer(h)
        let b = UIViewController()
        containerVC.swipeFromViewController(a, toViewController: b, withOrientation: .left)
        h.frames(8)
        let midX = b.view.layer.renderedProperties.position.x
        #expect(midX > 200 && midX < 600)
        h.frames(8)
        #expect(containerVC.log == ["complete(true)"])
        #expect(containerVC.children.count == 1 && containerVC.children[0] === b)
        #expect(a.viewIfLoaded?.superview == nil)
        // Where the seed puts it: at the from view's centre (the container keeps its loaded size: the size
        // of the window it was loaded for, 400 x 600, as UIKit's loadView sizes a view to the screen).
        #expect(b.view.layer.renderedProperties.position == CGPoint(x: 200, y: 300))
        #expect(!b.view.layer.hasAnimations)
    }

    @Test func theSameContainerIsInteractiveOnSeguesEngineWithAPanBetweenChildren() {
        let h = PortHarness()
        let (containerVC, a) = makeContainer(h)
        let b = UIViewController()
        var appearance: [String] = []
        final class Recorder: UIViewController {
            let name: String; let note: (String) -> Void
            init(_ name: String, _ note: @escaping (String) -> Void) { self.name = name; self.note = note; super.init() }
            override func viewWillAppear(_ animated: Bool) { note("\(name).willAppear") }
            override func viewDidAppear(_ animated: Bool) { note("\(name).didAppear") }
            override func viewWillDisappear(_ animated: Bool) { note("\(name).willDisappear") }
            override func viewDidDisappear(_ animated: Bool) { note("\(name).didDisappear") }
        }
        let c = Recorder("C") { appearance.append($0) }
        _ = b
        // A pan drives a percent-driven interaction over the seed's animator, with Segue's engine.
        a.willMove(toParent: nil)
        containerVC.addChild(c)
        let context = CustomTransitionContext(containerView: containerVC.container, toViewController: c, fromViewController: a)
        let animator = LinearSlideAnimator()
        let interaction = UIPercentDrivenInteractiveTransition()
        var completed: Bool?
        containerVC.transition(from: a, to: c, in: containerVC.container, animator: animator,
                               interactionController: interaction) { finished in
            completed = finished
            if finished {
                c.didMove(toParent: containerVC)
                a.removeFromParent()
            } else {
                c.willMove(toParent: nil)
                c.removeFromParent()
            }
        }
        _ = context
        h.frames(1)
        interaction.update(0.4)
        h.frames(1)
        let width = containerVC.container.bounds.width
        #expect(abs(c.view.layer.renderedProperties.frame.minX - width * 0.6) < 1e-6)   // linear: 0.4 of the way in
        interaction.cancel()
        for _ in 0..<60 where completed == nil { h.frames(1) }
        #expect(completed == false)
        #expect(appearance == ["C.willAppear", "C.willDisappear", "C.didDisappear"])
        #expect(containerVC.children.count == 1 && containerVC.children[0] === a)
        #expect(a.view.frame == containerVC.container.bounds && a.view.superview === containerVC.container)
        #expect(c.viewIfLoaded?.superview == nil)
        #expect(!a.view.layer.hasAnimations && containerVC.container.layer.timing == MediaTimingValues())
    }
}

/// A linear slide for the interactive container (the seed's animator calls `completeTransition` on its
/// own context; an interactive one must call the engine's).
@MainActor
final class LinearSlideAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.25 }
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let from = transitionContext.view(forKey: .from), let to = transitionContext.view(forKey: .to) else { return }
        to.frame = container.bounds.offsetBy(dx: container.bounds.width, dy: 0)
        container.addSubview(to)
        UIView.animate(withDuration: 0.25, delay: 0, options: .curveLinear, animations: {
            to.frame = container.bounds
            from.frame = container.bounds.offsetBy(dx: -container.bounds.width, dy: 0)
        }) { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) }
    }
}
