// The shape of Apple's CustomTransitions sample, "Custom Presentation" (AAPLCustomPresentationController),
// written here in our own words as an iOS developer writes it against UIKit: one object is the presentation
// controller, the transitioning delegate and the animator; it wraps the presented view in a shadowed view
// with rounded corners (returned from `presentedView`), dims the presenter behind a tappable view, sizes the
// presented controller from its `preferredContentSize` (`size(forChildContentContainer:...)`), lays out
// again when that changes (`preferredContentSizeDidChange`) and slides the wrapper up from the bottom.
// Changes Swift on Linux forces: `import UIKit` -> `import SegueUIKit`; no `@objc` (the tap's action is
// a closure); NSObject dropped as a superclass.
import SegueUIKit
import Testing

@MainActor
final class SlideUpPresentationController: UIPresentationController, UIViewControllerTransitioningDelegate,
                                           UIViewControllerAnimatedTransitioning {
    static let cornerRadius: CGFloat = 16
    private var dimmingView: UIView?
    private var wrappingView: UIView?
    var sizesSeen: [CGSize] = []

    override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        presentedViewController.modalPresentationStyle = .custom
    }

    override var presentedView: UIView? { wrappingView }

    override func presentationTransitionWillBegin() {
        let presented = super.presentedView!
        // The wrapper carries the shadow; inside it, a view with rounded corners clips the content (its
        // bottom corners pushed below the wrapper's bottom edge, so only the top ones show).
        let wrapper = UIView(frame: frameOfPresentedViewInContainerView)
        wrapper.layer.shadowOpacity = 0.44
        wrapper.layer.shadowRadius = 13
        wrapper.layer.shadowOffset = CGSize(width: 0, height: -6)
        let rounded = UIView(frame: wrapper.bounds.inset(by: UIEdgeInsets(top: 0, left: 0, bottom: -Self.cornerRadius, right: 0)))
        rounded.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        rounded.layer.cornerRadius = Self.cornerRadius
        rounded.layer.masksToBounds = true
        let content = UIView(frame: rounded.bounds.inset(by: UIEdgeInsets(top: 0, left: 0, bottom: Self.cornerRadius, right: 0)))
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        presented.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        presented.frame = content.bounds
        content.addSubview(presented)
        rounded.addSubview(content)
        wrapper.addSubview(rounded)
        wrappingView = wrapper

        let dimming = UIView(frame: containerView!.bounds)
        dimming.backgroundColor = .black
        dimming.isOpaque = false
        dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let tap = UITapGestureRecognizer()
        tap.addAction { [weak self] _ in self?.presentingViewController.dismiss(animated: true) }
        dimming.addGestureRecognizer(tap)
        containerView!.addSubview(dimming)
        dimmingView = dimming
        dimming.alpha = 0
        presentingViewController.transitionCoordinator?.animate(alongsideTransition: { _ in dimming.alpha = 0.5 }, completion: nil)
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed {
            wrappingView = nil
            dimmingView = nil
        }
    }

    override func dismissalTransitionWillBegin() {
        presentingViewController.transitionCoordinator?.animate(alongsideTransition: { [dimmingView] _ in
            dimmingView?.alpha = 0
        }, completion: nil)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            wrappingView = nil
            dimmingView = nil
        }
    }

    // MARK: Layout

    override func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
        super.preferredContentSizeDidChange(forChildContentContainer: container)
        if container === presentedViewController { containerView?.setNeedsLayout() }
    }

    override func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        if container === presentedViewController { return (container as! UIViewController).preferredContentSize }
        return super.size(forChildContentContainer: container, withParentContainerSize: parentSize)
    }

    override var frameOfPresentedViewInContainerView: CGRect {
        let bounds = containerView!.bounds
        let size = size(forChildContentContainer: presentedViewController, withParentContainerSize: bounds.size)
        return CGRect(x: bounds.minX, y: bounds.maxY - size.height, width: bounds.width, height: size.height)
    }

    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        dimmingView?.frame = containerView!.bounds
        wrappingView?.frame = frameOfPresentedViewInContainerView
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        sizesSeen.append(size)
    }

    // MARK: Animator

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        transitionContext?.isAnimated == true ? 0.35 : 0
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromVC = transitionContext.viewController(forKey: .from)!
        let toVC = transitionContext.viewController(forKey: .to)!
        let isPresenting = fromVC === presentingViewController
        let container = transitionContext.containerView
        let toView = transitionContext.view(forKey: .to)
        let fromView = transitionContext.view(forKey: .from)
        if let toView { container.addSubview(toView) }
        if isPresenting {
            let final = transitionContext.finalFrame(for: toVC)
            toView?.frame = final.offsetBy(dx: 0, dy: final.height)
        }
        let duration = transitionDuration(using: transitionContext)
        UIView.animate(withDuration: duration, animations: {
            if isPresenting {
                toView?.frame = transitionContext.finalFrame(for: toVC)
            } else if let fromView {
                fromView.frame = fromView.frame.offsetBy(dx: 0, dy: fromView.frame.height)
            }
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    // MARK: Transitioning delegate

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        precondition(presented === presentedViewController)
        return self
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
}

/// The presented page: it asks for 300 pt of height, and a "slider" changes it.
@MainActor
final class SlideUpContentViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        preferredContentSize = CGSize(width: view.bounds.width, height: 300)
    }

    func sliderChanged(to height: CGFloat) {
        preferredContentSize = CGSize(width: view.bounds.width, height: height)
    }
}

@MainActor
@Suite struct CustomPresentationPortTests {
    let h = PortHarness()

    func present() -> (UIViewController, SlideUpContentViewController, SlideUpPresentationController) {
        let root = UIViewController()
        h.window.rootViewController = root
        h.frames(1)
        let content = SlideUpContentViewController()
        let presentation = SlideUpPresentationController(presentedViewController: content, presenting: root)
        content.transitioningDelegate = presentation
        root.present(content, animated: true)
        return (root, content, presentation)
    }

    @Test func theAnimatorIsGivenTheWrappingViewAndItRestsAtTheBottomAtThePreferredHeight() throws {
        let (_, content, presentation) = present()
        let coordinator = try #require(content.transitionCoordinator)
        h.frames(1)
        // UIKit hands the animator the presentation controller's presentedView (the wrapper), not the
        // presented controller's own view.
        let wrapper = try #require(presentation.presentedView)
        #expect(coordinator.view(forKey: .to) === wrapper && wrapper !== content.view)
        #expect(content.view.isDescendant(of: wrapper))
        for _ in 0..<40 where content.transitionCoordinator != nil { h.frames(1) }
        h.frames(1)
        #expect(wrapper.frame == CGRect(x: 0, y: 300, width: 400, height: 300))
        #expect(content.view.frame.size == CGSize(width: 400, height: 300))
    }

    /// The dimming view's alpha (an alongside animation) against the sheet's progress (the animator's own
    /// animation), frame by frame, while a transition runs: UIKit asks the animator's duration with the real
    /// context, so both run 0.35 s along the same ease-in-ease-out curve.
    private func alongsideMatchesTheSheet(_ content: UIViewController, _ presentation: SlideUpPresentationController,
                                          presenting: Bool) throws -> Int {
        let wrapper = try #require(presentation.presentedView)
        let dimming = try #require(presentation.containerView?.subviews.first)
        var frames = 0
        while content.transitionCoordinator != nil || frames == 0 {
            h.frames(1)
            frames += 1
            let y = wrapper.layer.presentation()!.frame.minY
            let progress = presenting ? (600 - y) / 300 : (y - 300) / 300
            let alpha = CGFloat(dimming.layer.presentation()!.opacity)
            let expected = 0.5 * (presenting ? progress : 1 - progress)
            #expect(abs(alpha - expected) < 1e-5, "frame \(frames): dimming \(alpha), sheet progress \(progress)")
            if frames == 11 && presenting {
                // The first frame draws the sheet at its start; ten frames of 1/60 s later it is where a
                // 0.35 s ease-in-ease-out puts it: easeInEaseOut(10/21) = 0.4590 (the cubic (0.42, 0, 0.58, 1)
                // solved at x = 0.47619; computed outside Segue).
                #expect(abs(progress - 0.4590) < 1e-3, "10 frames in: the sheet at \(progress) of its way")
            }
            if frames > 60 { break }
        }
        return frames
    }

    @Test func alongsideAnimationsRunOverTheAnimatorsDurationAskedWithTheRealContext() throws {
        let (root, content, presentation) = present()
        let coordinator = try #require(content.transitionCoordinator)
        // The sample's animator answers 0.35 only when the context says the transition is animated.
        #expect(coordinator.transitionDuration == 0.35)
        #expect(try alongsideMatchesTheSheet(content, presentation, presenting: true) >= 21)
        root.dismiss(animated: true)
        #expect(try #require(content.transitionCoordinator).transitionDuration == 0.35)
        #expect(try alongsideMatchesTheSheet(content, presentation, presenting: false) >= 21)
    }

    @Test func aChangedPreferredContentSizeLaysThePresentationOutAgain() throws {
        let (_, content, presentation) = present()
        for _ in 0..<40 where content.transitionCoordinator != nil { h.frames(1) }
        content.sliderChanged(to: 450)
        h.frames(1)
        let wrapper = try #require(presentation.presentedView)
        #expect(wrapper.frame == CGRect(x: 0, y: 150, width: 400, height: 450))
    }

    @Test func aWindowResizeIsAViewWillTransitionWithACoordinatorWhoseBlocksRunWithIt() throws {
        let (root, content, presentation) = present()
        for _ in 0..<40 where content.transitionCoordinator != nil { h.frames(1) }
        final class Watcher: UIViewController {
            var seen: [(CGSize, Bool)] = []
            var completed = false
            var windowSizeInBlock: CGSize?
            override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                super.viewWillTransition(to: size, with: coordinator)
                seen.append((size, coordinator.isAnimated))
                coordinator.animate(alongsideTransition: { [weak self] _ in
                    self?.windowSizeInBlock = self?.view.window?.bounds.size
                }, completion: { [weak self] _ in self?.completed = true })
            }
        }
        let child = Watcher()
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        h.window.handle(.window(.resized(CGSize(width: 500, height: 700))))
        // The root's child and the presentation heard of the new size before it; the block ran with it.
        #expect(child.seen.count == 1 && child.seen.first?.0 == CGSize(width: 500, height: 700) && child.seen.first?.1 == false)
        #expect(presentation.sizesSeen == [CGSize(width: 500, height: 700)])
        #expect(child.windowSizeInBlock == CGSize(width: 500, height: 700) && !child.completed)
        h.frames(1)
        #expect(child.completed)
        let wrapper = try #require(presentation.presentedView)
        #expect(wrapper.frame == CGRect(x: 0, y: 400, width: 500, height: 300))
    }

    @Test func aTapOnTheDimmingDismisses() {
        let (root, content, _) = present()
        for _ in 0..<40 where content.transitionCoordinator != nil { h.frames(1) }
        h.down(200, 100, at: 5)
        h.up(200, 100, at: 5.05)
        h.frames(1)
        for _ in 0..<40 where root.transitionCoordinator != nil { h.frames(1) }
        h.frames(1)
        #expect(root.presentedViewController == nil && content.presentingViewController == nil)
        #expect(h.window.subviews.count == 1)
    }
}
