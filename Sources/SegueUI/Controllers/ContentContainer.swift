import SegueAnimation

/// What view controllers and presentation controllers share about sizes (`UIContentContainer`): the size a
/// content would like, the size a container gives each child, and the window's size changes.
///
/// Differs from UIKit: no trait collections (`willTransition(to:with:)` for traits); the desktop's
/// "rotation" is a resize of the window, delivered as ``viewWillTransition(to:with:)`` with a coordinator
/// that is not animated (the window takes its new size at once).
@MainActor
public protocol ContentContainer: AnyObject {
    /// The size the content would like, in points (zero: no preference).
    var preferredContentSize: CGSize { get }
    /// A child's ``preferredContentSize`` changed.
    func preferredContentSizeDidChange(forChildContentContainer container: any ContentContainer)
    /// A child's Auto Layout fitting size changed (Segue has no Auto Layout: called by nothing, for code that
    /// overrides it).
    func systemLayoutFittingSizeDidChange(forChildContentContainer container: any ContentContainer)
    /// The size this container gives `container` inside a parent of `parentSize`.
    func size(forChildContentContainer container: any ContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize
    /// The container's view is about to change to `size`; animate along with the change through
    /// `coordinator` (its alongside animations run with the resize, its completions after it).
    func viewWillTransition(to size: CGSize, with coordinator: any ViewControllerTransitionCoordinator)
}

/// The coordinator of a window resize (the desktop's rotation): alongside blocks run when the window has
/// taken its new size (no animation: the user's resize is live), completions in the callbacks phase after.
@MainActor
final class SizeTransitionCoordinator: ViewControllerTransitionCoordinator {
    let containerView: View
    private var blocks: [(animation: ((any ViewControllerTransitionCoordinatorContext) -> Void)?,
                          completion: ((any ViewControllerTransitionCoordinatorContext) -> Void)?)] = []
    private var finished = false

    init(containerView: View) {
        self.containerView = containerView
    }

    var isAnimated: Bool { false }
    var presentationStyle: ModalPresentationStyle { .fullScreen }
    var initiallyInteractive: Bool { false }
    var isInteractive: Bool { false }
    var isCancelled: Bool { false }
    var isInterruptible: Bool { false }
    var transitionDuration: Double { 0 }
    var percentComplete: CGFloat { finished ? 1 : 0 }
    var completionVelocity: CGFloat { 1 }
    var completionCurve: ViewAnimationCurve { .easeInOut }
    var targetTransform: CGAffineTransform { .identity }
    func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController? { nil }
    func view(forKey key: TransitionContextViewKey) -> View? { nil }

    @discardableResult
    func animate(alongsideTransition animation: ((any ViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any ViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard !finished else { return false }
        blocks.append((animation, completion))
        return true
    }

    @discardableResult
    func animateAlongsideTransition(in view: View?, animation: ((any ViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any ViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (any ViewControllerTransitionCoordinatorContext) -> Void) {}

    /// The window has its new size: the alongside blocks run (without animation), the completions in the
    /// next callbacks phase of the window's tree.
    func finish() {
        let all = blocks
        blocks.removeAll()
        View.performWithoutAnimation { for block in all { block.animation?(self) } }
        finished = true
        Transaction.enqueueCallback(for: containerView.layer) { [self] in
            for block in all { block.completion?(self) }
        }
    }
}

extension Window {
    /// Tells the root controller and every presented one (through its presentation controller) that the
    /// window goes to `size` (``ContentContainer/viewWillTransition(to:with:)``), then resizes and lays
    /// out, then runs the coordinator's alongside blocks; its completions run in the next callbacks phase.
    func resizeTellingControllers(to size: CGSize, apply: () -> Void) {
        guard size != bounds.size, let root = rootViewController else {
            apply()
            return
        }
        let coordinator = SizeTransitionCoordinator(containerView: self)
        root.viewWillTransition(to: size, with: coordinator)
        var presented = root.presentationAnchor.modal.presented
        while let p = presented {
            p.modal.presentationController?.viewWillTransition(to: size, with: coordinator)
            presented = p.modal.presented
        }
        apply()
        coordinator.finish()
    }
}
