// Apple's sample "PhotoTransitioning: Using UIViewPropertyAnimator to create a fully interactive and
// interruptible custom view controller transition" (2016), written here in our own words as an iOS
// developer writes it against UIKit, in the sample's structure, with its API calls and its numbers: a
// navigation controller shows a grid of photos (`AssetViewController` in its `.grid` style); tapping one
// pushes a one-up page (`.oneUp`) with a custom transition in which the photo flies from its cell to its
// place; dragging the one-up page down pops it interactively, the photo following the finger and shrinking
// towards its cell. `AssetTransitionController` is the navigation delegate, animator and interaction
// controller and owns the pan that starts the pop; for each transition it makes an `AssetTransitionDriver`,
// which drives one `UIViewPropertyAnimator` (the page's fade and a blur) and, per photo, a spring animator
// of its frame. The progress step of a drag is `translation.y / containerView.bounds.midY`; a release
// finishes a flick faster than 1200 pt/s in its direction, otherwise past a third (0.33); a press on a
// photo in flight (a `UILongPressGestureRecognizer` of minimum duration 0) pauses the transition and
// catches the photo (`pauseInteractiveTransition`). The view controllers agree on the photos through the
// sample's `AssetTransitioning` protocol and `AssetTransitionItem`s.
//
// Changes Swift on Linux forces:
// - `import UIKit` (and Photos, AVKit) -> `import SegueUIKit`;
// - `#selector(...)` -> method references (`AssetTransitionDriver.updateInteraction`), no `@objc`;
// - `NSObject` dropped as the superclass of the controller, the driver and the item (UIKit wants it for the
//   Objective-C protocols; Segue's are Swift protocols), and with it `==` between view controllers, which
//   came from `NSObject`'s `isEqual`: `self == toController` -> `self === toController`;
// - `@MainActor` on the classes, which Swift 6's language mode asks of any class touching views (on iOS
//   too);
// - Photos does not exist on Linux: `PHAsset`, `PHFetchResult` and `PHCachingImageManager` -> a small
//   in-memory library with the calls the sample makes (`localIdentifier`, `pixelWidth`/`pixelHeight`,
//   `count`, `object(at:)`, `index(of:)`, `requestImage(for:targetSize:contentMode:options:resultHandler:)`,
//   which answers at once); the prefetching (`UICollectionViewDataSourcePrefetching`, a dispatch queue
//   warming Photos' cache) goes with it; AVFoundation's `AVMakeRect(aspectRatio:insideRect:)` -> a function
//   of the same name and meaning below;
// - the sample's Swift 3 spellings -> today's (as on iOS): `UINavigationControllerOperation` ->
//   `UINavigationController.Operation`, `UIEdgeInsetsMake` -> `UIEdgeInsets(top:left:bottom:right:)`;
// - the app delegate's window -> the tests' window (`PortHarness`).
// Changes Segue forces (what it lacks still):
// - `automaticallyAdjustsScrollViewInsets = false` (deprecated since iOS 11; Segue has only its
//   replacement) -> `collectionView.contentInsetAdjustmentBehavior = .never`;
// - a collection view makes its cells with its required `init(frame:)`, so the cell declares it `required`;
// - the "app delegate" makes the transition controller after making the navigation controller the
//   window's root, not before: the transition controller adds its pan to the navigation controller's view,
//   which loads it, and Segue loads a view meant for no window at 375 x 667 where UIKit loads it at the
//   screen's size (the grid would then size its cells for 375 pt in `viewWillAppear`).
// Unchanged code that runs differently: the driver continues the paused transition animator with
// `durationFactor` = the photos' animator's duration over its own (1) "to match" the photos' spring;
// Segue plays the rest in factor x duration x the part left (0.4 s from half way), and the spring's
// `CGVector` velocity moves every property by its `dx` (see `UISpringTimingParameters`).
import SegueUIKit
import Testing

// MARK: - Convenience math (the sample's AssetTransitioningMath, in our words)

fileprivate func clip<T: Comparable>(_ low: T, _ high: T, _ value: T) -> T {
    max(low, min(high, value))
}

fileprivate func lerp<T: FloatingPoint>(_ from: T, _ to: T, _ t: T) -> T {
    from + (to - from) * t
}

fileprivate func - (lhs: CGPoint, rhs: CGPoint) -> CGVector {
    CGVector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y)
}

fileprivate func - (lhs: CGVector, rhs: CGVector) -> CGVector {
    CGVector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy)
}

fileprivate func + (lhs: CGPoint, rhs: CGVector) -> CGVector {
    CGVector(dx: lhs.x + rhs.dx, dy: lhs.y + rhs.dy)
}

extension CGPoint {
    fileprivate var vector: CGVector { CGVector(dx: x, dy: y) }
}

extension CGVector {
    fileprivate var magnitude: CGFloat { (dx * dx + dy * dy).squareRoot() }
    fileprivate var point: CGPoint { CGPoint(x: dx, y: dy) }
    fileprivate func apply(transform t: CGAffineTransform) -> CGVector { point.applying(t).vector }
}

/// AVFoundation's `AVMakeRect(aspectRatio:insideRect:)`: the largest rectangle of the aspect ratio that
/// fits in `boundingRect`, centred in it.
fileprivate func AVMakeRect(aspectRatio: CGSize, insideRect boundingRect: CGRect) -> CGRect {
    let scale = min(boundingRect.width / aspectRatio.width, boundingRect.height / aspectRatio.height)
    let size = CGSize(width: aspectRatio.width * scale, height: aspectRatio.height * scale)
    return CGRect(x: boundingRect.midX - size.width / 2, y: boundingRect.midY - size.height / 2,
                  width: size.width, height: size.height)
}

// MARK: - The photo library (stands in for Photos)

/// A photo of the library (`PHAsset`): its identifier and pixel size, and the colour it is drawn in.
final class PhotoAsset: Sendable {
    let localIdentifier: String
    let pixelWidth: Int
    let pixelHeight: Int
    let creationDate: Int
    let color: Color

    init(localIdentifier: String, pixelWidth: Int, pixelHeight: Int, creationDate: Int, color: Color) {
        self.localIdentifier = localIdentifier
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.creationDate = creationDate
        self.color = color
    }
}

/// The photos of a fetch, in order (`PHFetchResult<PHAsset>`).
struct AssetFetchResult: Sendable {
    let assets: [PhotoAsset]

    /// Every photo, oldest first (the sample sorts by `creationDate`). Twelve 4:3 photos (4032 x 3024, an
    /// iPhone's), the fourth one a 3:4 portrait, in twelve hues.
    static func fetchAssets() -> AssetFetchResult {
        let assets = (0..<12).map { (i: Int) -> PhotoAsset in
            let portrait = i == 3
            let hue = Double(i) / 11
            return PhotoAsset(localIdentifier: "photo-\(i)", pixelWidth: portrait ? 3024 : 4032,
                              pixelHeight: portrait ? 4032 : 3024, creationDate: i,
                              color: Color(red: hue, green: 0.5, blue: 1 - hue))
        }
        return AssetFetchResult(assets: assets.sorted { $0.creationDate < $1.creationDate })
    }

    var count: Int { assets.count }
    func object(at index: Int) -> PhotoAsset { assets[index] }
    func index(of asset: PhotoAsset) -> Int { assets.firstIndex { $0 === asset } ?? NSNotFound }
}

/// How a requested image fits the target size (`PHImageContentMode`).
enum ImageContentMode { case aspectFit, aspectFill }

/// Request options (`PHImageRequestOptions`): the two the sample sets.
final class ImageRequestOptions {
    enum DeliveryMode { case opportunistic, highQualityFormat, fastFormat }
    var deliveryMode = DeliveryMode.opportunistic
    var isNetworkAccessAllowed = false
}

/// Makes the image of a photo (`PHCachingImageManager`): here at once, a small picture in the photo's
/// colour with the photo's aspect ratio.
@MainActor
final class AssetImageManager {
    private(set) var requests: [(asset: String, targetSize: CGSize)] = []

    func requestImage(for asset: PhotoAsset, targetSize: CGSize, contentMode: ImageContentMode,
                      options: ImageRequestOptions?, resultHandler: (UIImage?, [AnyHashable: Any]?) -> Void) {
        requests.append((asset.localIdentifier, targetSize))
        let size = CGSize(width: CGFloat(asset.pixelWidth) / 252, height: CGFloat(asset.pixelHeight) / 252)
        resultHandler(UIImage(size: size) { _ in asset.color }, nil)
    }
}

// MARK: - AssetTransitioning

/// What the two view controllers exchange about one photo that flies during a transition.
@MainActor
final class AssetTransitionItem {
    var initialFrame: CGRect
    var image: UIImage {
        didSet { imageView?.image = image }
    }
    var indexPath: IndexPath
    var asset: PhotoAsset
    var targetFrame: CGRect?
    var imageView: UIImageView?
    var touchOffset: CGVector = CGVector.zero

    init(initialFrame: CGRect, image: UIImage, indexPath: IndexPath, asset: PhotoAsset) {
        self.initialFrame = initialFrame
        self.image = image
        self.indexPath = indexPath
        self.asset = asset
    }
}

/// The handshake each view controller of the transition takes part in.
@MainActor
protocol AssetTransitioning {
    func itemsForTransition(context: UIViewControllerContextTransitioning) -> Array<AssetTransitionItem>
    func targetFrame(transitionItem: AssetTransitionItem) -> CGRect?
    func willTransition(fromController: UIViewController, toController: UIViewController, items: Array<AssetTransitionItem>)
    func didTransition(fromController: UIViewController, toController: UIViewController, items: Array<AssetTransitionItem>)
}

// MARK: - AssetTransitionController

let assetTransitionDuration = 0.8

/// The navigation controller's delegate, and the animator and interaction controller of its pushes and
/// pops; it owns the pan that starts an interactive pop.
@MainActor
final class AssetTransitionController {
    weak var navigationController: UINavigationController?
    var operation: UINavigationController.Operation = .none
    var transitionDriver: AssetTransitionDriver?
    var initiallyInteractive = false
    var panGestureRecognizer: UIPanGestureRecognizer = UIPanGestureRecognizer()

    init(navigationController nc: UINavigationController) {
        navigationController = nc
        nc.delegate = self
        configurePanGestureRecognizer()
    }

    func configurePanGestureRecognizer() {
        panGestureRecognizer.delegate = self
        panGestureRecognizer.maximumNumberOfTouches = 1
        panGestureRecognizer.addTarget(self, action: AssetTransitionController.initiateTransitionInteractively)
        navigationController?.view.addGestureRecognizer(panGestureRecognizer)

        guard let interactivePopGestureRecognizer = navigationController?.interactivePopGestureRecognizer else { return }
        panGestureRecognizer.require(toFail: interactivePopGestureRecognizer)
    }

    func initiateTransitionInteractively(_ panGesture: UIPanGestureRecognizer) {
        if panGesture.state == .began && transitionDriver == nil {
            initiallyInteractive = true
            let _ = navigationController?.popViewController(animated: true)
        }
    }
}

extension AssetTransitionController: UIGestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        return true
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let transitionDriver = self.transitionDriver else {
            // Only a drag down, and only with a page to go back to.
            let translation = panGestureRecognizer.translation(in: panGestureRecognizer.view)
            let translationIsVertical = (translation.y > 0) && (abs(translation.y) > abs(translation.x))
            return translationIsVertical && (navigationController?.viewControllers.count ?? 0 > 1)
        }
        // During a transition the pan may only take over one that is interactive (paused by a press).
        return transitionDriver.isInteractive
    }
}

extension AssetTransitionController: UINavigationControllerDelegate {
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self.operation = operation
        return self
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        return self
    }
}

extension AssetTransitionController: UIViewControllerInteractiveTransitioning {
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        // One driver per transition, living as long as its context.
        transitionDriver = AssetTransitionDriver(operation: operation, context: transitionContext,
                                                 panGestureRecognizer: panGestureRecognizer)
    }

    var wantsInteractiveStart: Bool {
        return initiallyInteractive
    }
}

extension AssetTransitionController: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return assetTransitionDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {}

    func animationEnded(_ transitionCompleted: Bool) {
        transitionDriver = nil
        initiallyInteractive = false
        operation = .none
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        return (transitionDriver?.transitionAnimator)!
    }
}

// MARK: - AssetTransitionDriver

/// Runs one transition from start to end: the page's fade and the blur in one property animator, each
/// photo's frame in a spring animator, driven by the pan while interactive and interrupted by a press.
@MainActor
final class AssetTransitionDriver {
    var transitionAnimator: UIViewPropertyAnimator!
    var isInteractive: Bool { return transitionContext.isInteractive }
    let transitionContext: UIViewControllerContextTransitioning

    private let operation: UINavigationController.Operation
    private let panGestureRecognizer: UIPanGestureRecognizer
    private var itemFrameAnimator: UIViewPropertyAnimator?
    private var items: Array<AssetTransitionItem> = []
    private var interactiveItem: AssetTransitionItem?

    init(operation: UINavigationController.Operation, context: UIViewControllerContextTransitioning,
         panGestureRecognizer panGesture: UIPanGestureRecognizer) {
        self.transitionContext = context
        self.operation = operation
        self.panGestureRecognizer = panGesture

        let fromViewController = context.viewController(forKey: .from)!
        let toViewController = context.viewController(forKey: .to)!
        let fromAssetTransitioning = (fromViewController as! AssetTransitioning)
        let toAssetTransitioning = (toViewController as! AssetTransitioning)
        let fromView = fromViewController.view!
        let toView = toViewController.view!
        let containerView = context.containerView

        // The pan drives this transition from now on.
        self.panGestureRecognizer.addTarget(self, action: AssetTransitionDriver.updateInteraction)

        toView.frame = context.finalFrame(for: toViewController)

        // A blur between the pages, faded by the transition animator.
        let effect: UIVisualEffect? = (operation == .pop) ? UIBlurEffect(style: .extraLight) : nil
        let targetEffect: UIVisualEffect? = (operation == .pop) ? nil : UIBlurEffect(style: .light)
        let visualEffectView = UIVisualEffectView(effect: effect)
        visualEffectView.frame = containerView.bounds
        visualEffectView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        containerView.addSubview(visualEffectView)

        // The page on top fades: in for a push, out for a pop.
        let topView: UIView
        var topViewTargetAlpha: CGFloat = 0.0
        if operation == .push {
            topView = toView
            topViewTargetAlpha = 1.0
            toView.alpha = 0.0
            containerView.addSubview(toView)
        } else {
            topView = fromView
            topViewTargetAlpha = 0.0
            containerView.insertSubview(toView, at: 0)
        }

        // The handshake: the photos both sides know, each flying in an image view of its own.
        self.items = fromAssetTransitioning.itemsForTransition(context: context).filter({ (item) -> Bool in
            guard let targetFrame = toAssetTransitioning.targetFrame(transitionItem: item),
                  !targetFrame.isEmpty && !targetFrame.isNull && !targetFrame.isInfinite else {
                return false
            }

            item.targetFrame = containerView.convert(targetFrame, from: toView)
            item.imageView = {
                let imageView = UIImageView(frame: containerView.convert(item.initialFrame, from: nil))
                imageView.clipsToBounds = true
                imageView.contentMode = .scaleAspectFill
                imageView.isUserInteractionEnabled = true
                imageView.image = item.image

                let longPressGestureRecognizer = UILongPressGestureRecognizer(target: self, action: AssetTransitionDriver.press)
                longPressGestureRecognizer.minimumPressDuration = 0.0
                imageView.addGestureRecognizer(longPressGestureRecognizer)

                containerView.addSubview(imageView)
                return imageView
            }()

            return true
        })

        fromAssetTransitioning.willTransition(fromController: fromViewController, toController: toViewController, items: items)
        toAssetTransitioning.willTransition(fromController: fromViewController, toController: toViewController, items: items)

        self.setupTransitionAnimator({
            topView.alpha = topViewTargetAlpha
            visualEffectView.effect = targetEffect
        }, transitionCompletion: { [unowned self] (position) in
            fromAssetTransitioning.didTransition(fromController: fromViewController, toController: toViewController, items: self.items)
            toAssetTransitioning.didTransition(fromController: fromViewController, toController: toViewController, items: self.items)

            for item in self.items {
                item.imageView?.removeFromSuperview()
            }
            visualEffectView.removeFromSuperview()
        })

        if context.isInteractive {
            // Started by the pan: find the photo under the finger.
            self.updateInteractiveItemFor(panGestureRecognizer.location(in: containerView))
        } else {
            // Started by a tap: play to the end at once.
            animate(.end)
        }
    }

    // MARK: Helpers

    private func updateInteractiveItemFor(_ locationInContainer: CGPoint) {
        func itemAtPoint(point: CGPoint) -> AssetTransitionItem? {
            if let view = transitionContext.containerView.hitTest(point, with: nil) {
                for item in self.items where item.imageView === view {
                    return item
                }
            }
            return nil
        }

        if let item = itemAtPoint(point: locationInContainer), let itemCenter = item.imageView?.center {
            item.touchOffset = locationInContainer - itemCenter
            interactiveItem = item
        }
    }

    private func convert(_ velocity: CGPoint, for item: AssetTransitionItem?) -> CGVector {
        guard let currentFrame = item?.imageView?.frame, let targetFrame = item?.targetFrame else {
            return CGVector.zero
        }

        let dx = abs(targetFrame.midX - currentFrame.midX)
        let dy = abs(targetFrame.midY - currentFrame.midY)

        guard dx > 0.0 && dy > 0.0 else {
            return CGVector.zero
        }

        // The spring's velocity is in distances per second: the gesture's, over the distance left.
        let range = CGFloat(35.0)
        let clippedVx = clip(-range, range, velocity.x / dx)
        let clippedVy = clip(-range, range, velocity.y / dy)
        return CGVector(dx: clippedVx, dy: clippedVy)
    }

    private func timingCurveVelocity() -> CGVector {
        let gestureVelocity = panGestureRecognizer.velocity(in: transitionContext.containerView)
        return convert(gestureVelocity, for: interactiveItem)
    }

    private func completionPosition() -> UIViewAnimatingPosition {
        let completionThreshold: CGFloat = 0.33
        let flickMagnitude: CGFloat = 1200 // points per second
        let velocity = panGestureRecognizer.velocity(in: transitionContext.containerView).vector
        let isFlick = (velocity.magnitude > flickMagnitude)
        let isFlickDown = isFlick && (velocity.dy > 0.0)
        let isFlickUp = isFlick && (velocity.dy < 0.0)

        if (operation == .push && isFlickUp) || (operation == .pop && isFlickDown) {
            return .end
        } else if (operation == .push && isFlickDown) || (operation == .pop && isFlickUp) {
            return .start
        } else if transitionAnimator.fractionComplete > completionThreshold {
            return .end
        } else {
            return .start
        }
    }

    private func updateItemsForInteractive(translation: CGPoint) {
        let progressStep = progressStepFor(translation: translation)
        for item in items {
            let initialSize = item.initialFrame.size
            if let imageView = item.imageView, let finalSize = item.targetFrame?.size {
                let currentSize = imageView.frame.size

                // Grow or shrink by the step, keeping the point under the finger under it.
                let itemPercentComplete = clip(-0.05, 1.05,
                                               (currentSize.width - initialSize.width) / (finalSize.width - initialSize.width) + progressStep)
                let itemWidth = lerp(initialSize.width, finalSize.width, itemPercentComplete)
                let itemHeight = lerp(initialSize.height, finalSize.height, itemPercentComplete)
                let scaleTransform = CGAffineTransform(scaleX: (itemWidth / currentSize.width), y: (itemHeight / currentSize.height))
                let scaledOffset = item.touchOffset.apply(transform: scaleTransform)

                imageView.center = (imageView.center + (translation + (item.touchOffset - scaledOffset))).point
                imageView.bounds = CGRect(origin: CGPoint.zero, size: CGSize(width: itemWidth, height: itemHeight))
                item.touchOffset = scaledOffset
            }
        }
    }

    private func progressStepFor(translation: CGPoint) -> CGFloat {
        return (operation == .push ? -1.0 : 1.0) * translation.y / transitionContext.containerView.bounds.midY
    }

    // MARK: Gestures

    func press(_ longPressGesture: UILongPressGestureRecognizer) {
        switch longPressGesture.state {
        case .began:
            pauseAnimation()
            updateInteractiveItemFor(longPressGesture.location(in: transitionContext.containerView))
        case .ended, .cancelled:
            endInteraction()
        default: break
        }
    }

    // MARK: The property animators

    func setupTransitionAnimator(_ transitionAnimations: @escaping () -> (),
                                 transitionCompletion: @escaping (UIViewAnimatingPosition) -> ()) {
        let transitionDuration = AssetTransitionDriver.animationDuration()

        // One animator for the life of the transition.
        transitionAnimator = UIViewPropertyAnimator(duration: transitionDuration, curve: .easeOut, animations: transitionAnimations)

        transitionAnimator.addCompletion { [unowned self] (position) in
            transitionCompletion(position)
            let completed = (position == .end)
            self.transitionContext.completeTransition(completed)
        }
    }

    // MARK: Interruptible transitioning

    func updateInteraction(_ fromGesture: UIPanGestureRecognizer) {
        switch fromGesture.state {
        case .began, .changed:
            let translation = fromGesture.translation(in: transitionContext.containerView)
            let percentComplete = transitionAnimator.fractionComplete + progressStepFor(translation: translation)

            transitionAnimator.fractionComplete = percentComplete
            transitionContext.updateInteractiveTransition(percentComplete)
            updateItemsForInteractive(translation: translation)

            // Each step is measured from the last one.
            fromGesture.setTranslation(CGPoint.zero, in: transitionContext.containerView)
        case .ended, .cancelled:
            endInteraction()
        default: break
        }
    }

    func endInteraction() {
        guard transitionContext.isInteractive else { return }

        let completionPosition = self.completionPosition()
        if completionPosition == .end {
            transitionContext.finishInteractiveTransition()
        } else {
            transitionContext.cancelInteractiveTransition()
        }

        animate(completionPosition)
    }

    func animate(_ toPosition: UIViewAnimatingPosition) {
        // Each photo springs to its end (or back), starting at the gesture's velocity.
        let itemFrameAnimator = AssetTransitionDriver.propertyAnimator(initialVelocity: timingCurveVelocity())
        itemFrameAnimator.addAnimations {
            for item in self.items {
                item.imageView?.frame = (toPosition == .end ? item.targetFrame : item.initialFrame)!
            }
        }

        itemFrameAnimator.startAnimation()
        self.itemFrameAnimator = itemFrameAnimator

        transitionAnimator.isReversed = (toPosition == .start)

        if transitionAnimator.state == .inactive {
            transitionAnimator.startAnimation()
        } else {
            // Continue for as long as the photos' animator runs.
            let durationFactor = CGFloat(itemFrameAnimator.duration / transitionAnimator.duration)
            transitionAnimator.continueAnimation(withTimingParameters: nil, durationFactor: durationFactor)
        }
    }

    func pauseAnimation() {
        itemFrameAnimator?.stopAnimation(true)
        transitionAnimator.pauseAnimation()
        transitionContext.pauseInteractiveTransition()
    }

    // MARK: Property animator factory

    class func animationDuration() -> TimeInterval {
        return AssetTransitionDriver.propertyAnimator().duration
    }

    class func propertyAnimator(initialVelocity: CGVector = .zero) -> UIViewPropertyAnimator {
        let timingParameters = UISpringTimingParameters(mass: 4.5, stiffness: 1300, damping: 95, initialVelocity: initialVelocity)
        return UIViewPropertyAnimator(duration: assetTransitionDuration, timingParameters: timingParameters)
    }
}

// MARK: - AssetCell

/// A cell showing one photo as its background.
@MainActor
final class AssetCell: UICollectionViewCell {
    var assetIdentifier: String = ""
    let imageView: UIImageView

    required init(frame: CGRect) {
        imageView = UIImageView(frame: CGRect(origin: CGPoint.zero, size: frame.size))
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        imageView.clipsToBounds = true

        super.init(frame: frame)

        backgroundView = imageView
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        imageView.image = nil
        assetIdentifier = ""
    }
}

// MARK: - AssetViewController

private let reuseIdentifier = "Cell"

enum AssetLayoutStyle {
    case grid
    case oneUp

    /// The largest square cells that fill the width exactly, 4 to 8 a row, 1 to 3 pt apart.
    fileprivate func itemSize(inBoundingSize size: CGSize) -> (itemSize: CGSize, lineSpacing: Int) {
        var length = 0
        let w = Int(size.width)
        var spacing = 1
        for i in 1...3 {
            for n in 4...8 {
                let x = w - ((n - 1) * i)
                if x % n == 0 && (x / n) > length {
                    length = x / n
                    spacing = i
                }
            }
        }
        return (CGSize(width: length, height: length), spacing)
    }

    @MainActor
    func recalculate(layout: UICollectionViewFlowLayout, inBoundingSize size: CGSize) {
        switch self {
        case .grid:
            layout.minimumLineSpacing = 1
            layout.minimumInteritemSpacing = 1
            layout.sectionInset = UIEdgeInsets.zero
            let itemInfo = self.itemSize(inBoundingSize: size)
            layout.minimumLineSpacing = CGFloat(itemInfo.lineSpacing)
            layout.itemSize = itemInfo.itemSize
        case .oneUp:
            layout.minimumLineSpacing = 40
            layout.minimumInteritemSpacing = 0
            layout.sectionInset = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
            layout.scrollDirection = .horizontal
            layout.itemSize = size
        }
    }
}

/// The grid of photos, or one photo at a time.
@MainActor
final class AssetViewController: UICollectionViewController {
    let layoutStyle: AssetLayoutStyle
    let fetchResult: AssetFetchResult
    let imageManager: AssetImageManager

    var assetSize: CGSize = CGSize.zero
    var transitioningAsset: PhotoAsset?
    var sizeTransitionIndexPath: IndexPath?

    init(layoutStyle: AssetLayoutStyle, fetchResult: AssetFetchResult? = nil, imageManager: AssetImageManager? = nil) {
        self.layoutStyle = layoutStyle
        if let fetchResult = fetchResult {
            self.fetchResult = fetchResult
        } else {
            self.fetchResult = AssetFetchResult.fetchAssets()
        }
        if let imageManager = imageManager {
            self.imageManager = imageManager
        } else {
            self.imageManager = AssetImageManager()
        }
        super.init(collectionViewLayout: UICollectionViewFlowLayout())
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private var flowLayout: UICollectionViewFlowLayout {
        return collectionViewLayout as! UICollectionViewFlowLayout
    }

    private func recalculateItemSize(inBoundingSize size: CGSize) {
        layoutStyle.recalculate(layout: flowLayout, inBoundingSize: size)
        let itemSize = flowLayout.itemSize
        let scale = UIScreen.main.scale
        assetSize = CGSize(width: itemSize.width * scale, height: itemSize.height * scale)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.white
        view.clipsToBounds = true
        if let collectionView = self.collectionView {
            collectionView.register(AssetCell.self, forCellWithReuseIdentifier: reuseIdentifier)
            collectionView.backgroundColor = UIColor.clear
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        recalculateItemSize(inBoundingSize: self.view.bounds.size)
        switch layoutStyle {
        case .grid:
            title = "All Photos"
        case .oneUp:
            self.collectionView?.contentInsetAdjustmentBehavior = .never
            self.collectionView?.isPagingEnabled = true
            self.collectionView?.frame = view.frame.insetBy(dx: -20.0, dy: 0.0)
        }
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        recalculateItemSize(inBoundingSize: size)
        if view.window == nil {
            view.frame = CGRect(origin: view.frame.origin, size: size)
            view.layoutIfNeeded()
        } else {
            let indexPath = self.collectionView?.indexPathsForVisibleItems.last
            coordinator.animate(alongsideTransition: { ctx in
                self.collectionView?.layoutIfNeeded()
            }, completion: { _ in
                if self.layoutStyle == .oneUp, let indexPath = indexPath {
                    self.collectionView?.scrollToItem(at: indexPath, at: .centeredHorizontally, animated: false)
                }
            })
        }
        super.viewWillTransition(to: size, with: coordinator)
    }

    // MARK: Data source

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return fetchResult.count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: indexPath) as! AssetCell

        if layoutStyle == .oneUp {
            cell.imageView.contentMode = .scaleAspectFit
        }

        let asset = fetchResult.object(at: indexPath.item)
        cell.assetIdentifier = asset.localIdentifier

        let options = ImageRequestOptions()
        options.deliveryMode = .opportunistic
        options.isNetworkAccessAllowed = true

        self.imageManager.requestImage(for: asset, targetSize: self.assetSize, contentMode: .aspectFit, options: options) { (result, info) in
            if cell.assetIdentifier == asset.localIdentifier {
                cell.imageView.image = result
            }
        }
        return cell
    }

    // MARK: Delegate

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        if layoutStyle == .grid {
            let assetViewController = AssetViewController(layoutStyle: .oneUp, fetchResult: fetchResult, imageManager: imageManager)
            assetViewController.flowLayout.itemSize = view.bounds.size
            assetViewController.transitioningAsset = fetchResult.object(at: indexPath.item)
            navigationController?.pushViewController(assetViewController, animated: true)
        }
    }

    override func collectionView(_ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        guard layoutStyle == .oneUp, let indexPath = collectionView.indexPathsForVisibleItems.last,
              let layoutAttributes = flowLayout.layoutAttributesForItem(at: indexPath) else {
            return proposedContentOffset
        }
        return CGPoint(x: layoutAttributes.center.x - (layoutAttributes.size.width / 2.0) - (flowLayout.minimumLineSpacing / 2.0), y: 0)
    }
}

extension AssetViewController: AssetTransitioning {
    func itemsForTransition(context: UIViewControllerContextTransitioning) -> Array<AssetTransitionItem> {
        guard let collectionView = self.collectionView else { return [] }

        // Interactive: the photo under the finger; otherwise every photo shown.
        var indexPaths = collectionView.indexPathsForVisibleItems
        if context.isInteractive {
            if let indexPath = collectionView.indexPathForItem(at: collectionView.panGestureRecognizer.location(in: collectionView)) {
                indexPaths = [indexPath]
            }
        }

        return indexPaths.map({ (indexPath: IndexPath) -> AssetTransitionItem in
            let cell = collectionView.cellForItem(at: indexPath) as! AssetCell
            let asset = self.fetchResult.object(at: indexPath.item)
            let initialFrame: CGRect

            switch self.layoutStyle {
            case .oneUp:
                let boundingRect = cell.imageView.convert(cell.imageView.bounds, to: nil)
                let aspectRatio = CGSize(width: asset.pixelWidth, height: asset.pixelHeight)
                initialFrame = AVMakeRect(aspectRatio: aspectRatio, insideRect: boundingRect)
            case .grid:
                initialFrame = cell.convert(cell.bounds, to: nil)
            }

            return AssetTransitionItem(initialFrame: initialFrame, image: cell.imageView.image!, indexPath: indexPath, asset: asset)
        })
    }

    func targetFrame(transitionItem item: AssetTransitionItem) -> CGRect? {
        guard let collectionView = self.collectionView else { return nil }

        switch self.layoutStyle {
        case .oneUp:
            if item.asset.localIdentifier == self.transitioningAsset?.localIdentifier {
                let boundingRect = self.view.convert(self.view.bounds, to: nil)
                let aspectRatio = CGSize(width: item.asset.pixelWidth, height: item.asset.pixelHeight)
                return AVMakeRect(aspectRatio: aspectRatio, insideRect: boundingRect)
            }
        case .grid:
            if !collectionView.indexPathsForVisibleItems.contains(item.indexPath) {
                collectionView.scrollToItem(at: item.indexPath, at: .centeredVertically, animated: false)
                collectionView.layoutIfNeeded()
            }

            if let cell = collectionView.cellForItem(at: item.indexPath) as? AssetCell {
                if cell.assetIdentifier == item.asset.localIdentifier {
                    return cell.convert(cell.bounds, to: nil)
                }
            }
        }

        return nil
    }

    func willTransition(fromController: UIViewController, toController: UIViewController, items: Array<AssetTransitionItem>) {
        guard let collectionView = self.collectionView else { return }

        switch self.layoutStyle {
        case .oneUp:
            collectionView.alpha = 0.0
            collectionView.panGestureRecognizer.isEnabled = false
            if self === toController {
                if let asset = items.last?.asset {
                    let indexPath = IndexPath(row: fetchResult.index(of: asset), section: 0)
                    collectionView.scrollToItem(at: indexPath, at: .centeredHorizontally, animated: false)
                }
            }
        case .grid:
            let options = ImageRequestOptions()
            options.deliveryMode = .opportunistic
            options.isNetworkAccessAllowed = true

            for item in items {
                collectionView.cellForItem(at: item.indexPath)?.alpha = 0.0

                // A sharper image for the photo that grows.
                if self === fromController {
                    self.imageManager.requestImage(for: item.asset, targetSize: item.targetFrame!.size, contentMode: .aspectFit,
                                                   options: options, resultHandler: { [weak item] (result, _) in
                        if let image = result {
                            item?.image = image
                        }
                    })
                }
            }
        }
    }

    func didTransition(fromController: UIViewController, toController: UIViewController, items: Array<AssetTransitionItem>) {
        guard let collectionView = self.collectionView else { return }

        switch self.layoutStyle {
        case .oneUp:
            collectionView.alpha = 1.0
            collectionView.panGestureRecognizer.isEnabled = true
        case .grid:
            for item in items {
                collectionView.cellForItem(at: item.indexPath)?.alpha = 1.0
            }
        }
    }
}

// MARK: - The tests

@MainActor
@Suite struct PhotoTransitioningPortTests {
    let h = PortHarness()
    let grid = AssetViewController(layoutStyle: .grid)
    let navigationController: UINavigationController
    let transitionController: AssetTransitionController

    /// The window's "app delegate": a navigation controller on the grid, with the transition controller.
    init() {
        h.window.makeKeyAndVisible()
        navigationController = UINavigationController(rootViewController: grid)
        h.window.rootViewController = navigationController
        transitionController = AssetTransitionController(navigationController: navigationController)
        navigationController.delegate = transitionController
        h.frames(1)
    }

    /// Whether the navigation stack is `pages`, bottom first.
    func stackIs(_ pages: [UIViewController]) -> Bool {
        navigationController.viewControllers.elementsEqual(pages, by: ===)
    }

    /// The container of the running transition.
    var container: UIView? { navigationController.transitionCoordinator?.containerView }

    /// Frames until no transition runs.
    func settle() {
        for _ in 0..<120 where navigationController.transitionCoordinator != nil { h.frames(1) }
        h.frames(1)
    }

    /// Taps the grid's first photo (its cell is at (0, 44), 65 pt square) and lets the push end.
    func pushFirstPhoto() throws -> AssetViewController {
        h.down(32, 76, at: 1)
        h.up(32, 76, at: 1.05)
        let oneUp = try #require(navigationController.topViewController as? AssetViewController)
        settle()
        return oneUp
    }

    /// Puts the finger on the one-up photo at (200, 300) at time `t` and drags it 10 pt down, which begins
    /// the pan and asks for the pop (its transition starts in the next frame, which runs).
    func startDrag(at t: Double) {
        h.down(200, 300, at: t)
        h.move(200, 310, at: t + 1.0 / 60)
        h.frames(1)
    }

    @Test func theGridsCellsAndTheFlyingPhotoOfAPushLandWhereTheSampleSays() throws {
        // 400 pt wide: 6 cells of 65 pt, 2 pt apart (the sample's search over 4-8 a row, 1-3 pt apart).
        let layout = try #require(grid.collectionViewLayout as? UICollectionViewFlowLayout)
        #expect(layout.itemSize == CGSize(width: 65, height: 65) && layout.minimumLineSpacing == 2)
        let firstCell = try #require(grid.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        // Under the translucent bar: the content starts below it.
        #expect(firstCell.convert(firstCell.bounds, to: nil) == CGRect(x: 0, y: 44, width: 65, height: 65))

        h.down(32, 76, at: 1)
        h.up(32, 76, at: 1.05)
        let oneUp = try #require(navigationController.topViewController as? AssetViewController)
        h.frames(1)   // the push starts: time 0
        let container = try #require(container)
        #expect(container.bounds == CGRect(x: 0, y: 0, width: 400, height: 600))
        // The blur view, the one-up page fading in, and the one flying photo (the other cells have no
        // target on the one-up page), from the cell to the photo's aspect-fit place on the page.
        let effectView = try #require(container.subviews.compactMap { $0 as? UIVisualEffectView }.first)
        let photo = try #require(container.subviews.last as? UIImageView)
        #expect(container.subviews.count == 4 && container.subviews[2] === oneUp.view)
        #expect(photo.layer.renderedProperties.frame == CGRect(x: 0, y: 44, width: 65, height: 65))
        #expect(photo.frame == CGRect(x: 0, y: 150, width: 400, height: 300))
        #expect(oneUp.view.alpha == 1 && oneUp.view.layer.renderedProperties.opacity == 0)
        // The sample hides the cell and the one-up collection view (which is the one-up page's view: the
        // transition animator's fade in, set after it, wins).
        #expect(firstCell.alpha == 0)
        // The grid asked for a sharper image of the photo at its target size.
        #expect(grid.imageManager.requests.contains { $0.asset == "photo-0" && $0.targetSize == CGSize(width: 400, height: 300) })

        // 0.4 s: the page and the light blur's tint are at ease-out(0.5) of their way.
        h.frames(24)
        let eased = MediaTimingFunction.easeOut.value(at: 0.5)
        #expect(abs(oneUp.view.layer.renderedProperties.opacity - eased) < 1e-9)
        #expect(abs(effectView.subviews[0].layer.renderedProperties.opacity - 0.3 * eased) < 1e-9)
        // The photo's spring (mass 4.5, stiffness 1300, damping 95) from rest, 0.4 s in.
        let spring = Spring(mass: 4.5, stiffness: 1300, damping: 95)
        let value = SpringSimulation(spring: spring, initialVelocity: 0).value(at: 0.4)
        #expect(abs(photo.layer.renderedProperties.position.y - (76.5 + (300 - 76.5) * value)) < 1e-9)

        h.frames(24)   // 0.8 s: the end
        #expect(navigationController.transitionCoordinator == nil)
        #expect(stackIs([grid, oneUp]))
        #expect(photo.superview == nil && effectView.superview == nil)
        #expect(oneUp.collectionView.alpha == 1 && oneUp.collectionView.panGestureRecognizer.isEnabled)
        #expect(firstCell.alpha == 1 && transitionController.transitionDriver == nil)
    }

    @Test func theOneUpPageOpensOnTheTappedPhotoAndPagesSideways() throws {
        // Photo 8: the second row's third cell, (134, 111), 65 pt square (67 pt pitch).
        h.down(166, 143, at: 1)
        h.up(166, 143, at: 1.05)
        let oneUp = try #require(navigationController.topViewController as? AssetViewController)
        settle()
        // One page per photo, 440 pt apart (400 + the 20-pt section insets on each side). The collection
        // view is the one-up page's view, which the driver sets to the transition's final frame after
        // `viewWillAppear` widened it, so it is 400 wide: page 8 (x = 20 + 8 x 440 = 3540) centred is an
        // offset of 3540.
        #expect(oneUp.collectionView.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(oneUp.collectionView.layoutAttributesForItem(at: IndexPath(item: 8, section: 0))?.frame.minX == 3540)
        #expect(oneUp.collectionView.contentOffset == CGPoint(x: 3540, y: 0))
        #expect(oneUp.collectionView.indexPathsForVisibleItems.contains(IndexPath(item: 8, section: 0)))
        // A quick swipe to the left turns one page, a bounds' width (the sample's vertical pan does not
        // begin sideways): from 3540 (8.85 pages of 400, nearest page 9) the flick goes to page 10, 4000.
        h.down(300, 300, at: 5)
        for (i, x) in [280.0, 240, 200, 160].enumerated() {
            h.move(CGFloat(x), 300, at: 5 + Double(i + 1) / 60)
            h.frames(1)
        }
        h.up(160, 300, at: 5 + 4.0 / 60)
        for _ in 0..<60 where oneUp.collectionView.isDecelerating { h.frames(1) }
        #expect(oneUp.collectionView.contentOffset == CGPoint(x: 4000, y: 0))
        #expect(navigationController.transitionCoordinator == nil && stackIs([grid, oneUp]))
    }

    @Test func aDragOfHalfTheContainersMidYIsHalfThePop() throws {
        let oneUp = try pushFirstPhoto()
        startDrag(at: 10)
        let coordinator = try #require(navigationController.transitionCoordinator)
        let driver = try #require(transitionController.transitionDriver)
        #expect(coordinator.isInteractive && coordinator.initiallyInteractive)
        let container = coordinator.containerView
        // Translucent bar: the container spans the navigation controller's view, under the bar.
        #expect(container.bounds == CGRect(x: 0, y: 0, width: 400, height: 600) && container.bounds.midY == 300)
        // The finger is on the flying photo: the sample's hit test of the container finds its image view.
        let photo = try #require(container.subviews.last as? UIImageView)
        #expect(photo.frame == CGRect(x: 0, y: 150, width: 400, height: 300))
        #expect(container.hitTest(CGPoint(x: 200, y: 310), with: nil) === photo)

        // 150 pt from where the finger went down: 150 / 300 = exactly 0.5.
        h.move(200, 450, at: 10 + 2.0 / 60)
        #expect(driver.transitionAnimator.fractionComplete == 0.5)
        #expect(coordinator.percentComplete == 0.5)
        // The photo, from 400 x 300 towards the 65-pt cell, half way in size (232.5 x 182.5); the point
        // under the finger (10 pt below its centre) scaled with it: centre 300 + 150 + 10 - 10 x 182.5 / 300.
        #expect(photo.bounds.size == CGSize(width: 232.5, height: 182.5))
        #expect(photo.center.x == 200 && abs(photo.center.y - (460 - 10 * 182.5 / 300)) < 1e-9)
        h.frames(1)
        // The one-up page is hidden at once (the sample's `willTransition` hides the one-up collection view,
        // which is the page's view, before the animator fades it: from 0 to 0); the extra-light blur's tint,
        // scrubbed linearly, is at half its 82 %.
        #expect(oneUp.view.alpha == 0 && oneUp.view.layer.renderedProperties.opacity == 0)
        let effectView = try #require(container.subviews.compactMap { $0 as? UIVisualEffectView }.first)
        #expect(abs(effectView.subviews[0].layer.renderedProperties.opacity - 0.41) < 1e-12)

        // Held still, then let go: past 0.33, the pop finishes.
        h.up(200, 450, at: 10.5)
        settle()
        #expect(stackIs([grid]))
        #expect(photo.superview == nil && oneUp.view.superview == nil)
        #expect(grid.collectionView.cellForItem(at: IndexPath(item: 0, section: 0))?.alpha == 1)
    }

    @Test func underAnOpaqueBarTheContainerStillSpansTheWindowAndTheSameDragIsHalf() throws {
        navigationController.navigationBar.isTranslucent = false
        h.frames(1)
        _ = try pushFirstPhoto()
        startDrag(at: 10)
        let container = try #require(container)
        // As in UIKit, the container spans the navigation controller's view under an opaque bar too (the
        // pages rest below the bar inside it): 600 pt tall, mid-y 300.
        #expect(container.convert(container.bounds, to: nil) == CGRect(x: 0, y: 0, width: 400, height: 600))
        let photo = try #require(container.subviews.last as? UIImageView)
        #expect(container.hitTest(container.convert(CGPoint(x: 200, y: 310), from: nil), with: nil) === photo)
        h.move(200, 450, at: 10 + 2.0 / 60)
        // The sample's arithmetic, 150 / (600 / 2): UIKit's 0.5, whatever the bar.
        #expect(transitionController.transitionDriver!.transitionAnimator.fractionComplete == 0.5)
    }

    @Test func aSlowReleaseBeforeAThirdCancelsThePop() throws {
        let oneUp = try pushFirstPhoto()
        startDrag(at: 10)
        h.move(200, 360, at: 10 + 2.0 / 60)   // 60 / 300 = 0.2
        #expect(abs(transitionController.transitionDriver!.transitionAnimator.fractionComplete - 0.2) < 1e-12)
        h.up(200, 360, at: 10.5)
        settle()
        #expect(stackIs([grid, oneUp]))
        #expect(oneUp.view.alpha == 1 && oneUp.collectionView.alpha == 1 && oneUp.view.superview != nil)
        #expect(transitionController.transitionDriver == nil)
    }

    @Test func aFlickDownFinishesThePopBeforeAThird() throws {
        _ = try pushFirstPhoto()
        h.down(200, 300, at: 10)
        h.move(200, 325, at: 10 + 1.0 / 60)   // the pan begins
        h.frames(1)
        h.move(200, 350, at: 10 + 2.0 / 60)   // 50 pt from the down: 1/6
        h.move(200, 375, at: 10 + 3.0 / 60)   // 25 more: 1/4
        let driver = try #require(transitionController.transitionDriver)
        #expect(abs(driver.transitionAnimator.fractionComplete - 0.25) < 1e-12)
        h.up(200, 375, at: 10 + 3.0 / 60)     // 25 pt per 1/60 s: 1500 pt/s down
        settle()
        #expect(stackIs([grid]))
    }

    @Test func aFlickUpCancelsThePopPastAThird() throws {
        let oneUp = try pushFirstPhoto()
        startDrag(at: 10)
        h.move(200, 540, at: 10 + 2.0 / 60)   // 240 / 300 = 0.8
        // Held, then thrown back up at 1500 pt/s, ending at 0.8 - 100 / 300, past the threshold.
        h.move(200, 515, at: 10.3)
        h.move(200, 490, at: 10.3 + 1.0 / 60)
        h.move(200, 465, at: 10.3 + 2.0 / 60)
        h.move(200, 440, at: 10.3 + 3.0 / 60)
        let driver = try #require(transitionController.transitionDriver)
        #expect(abs(driver.transitionAnimator.fractionComplete - (0.8 - 1.0 / 3)) < 1e-12)
        h.up(200, 440, at: 10.3 + 3.0 / 60)
        settle()
        #expect(stackIs([grid, oneUp]))
    }

    @Test func aPressOnThePhotoInFlightPausesTheTransitionAndCatchesThePhoto() throws {
        let oneUp = try pushFirstPhoto()
        startDrag(at: 10)
        h.move(200, 450, at: 10 + 2.0 / 60)   // 0.5
        h.up(200, 450, at: 10.5)              // at rest: it finishes, on its own
        let coordinator = try #require(navigationController.transitionCoordinator)
        let driver = try #require(transitionController.transitionDriver)
        #expect(!coordinator.isInteractive && driver.transitionAnimator.isRunning)
        let photo = try #require(coordinator.containerView.subviews.last as? UIImageView)
        h.frames(3)

        // A press where the photo is drawn, on its way to the cell.
        let shown = photo.layer.renderedProperties.frame
        #expect(shown != photo.frame && shown.width < 232.5)
        h.down(shown.midX, shown.midY, at: 11)
        #expect(coordinator.isInteractive)
        #expect(driver.transitionAnimator.state == .active && !driver.transitionAnimator.isRunning)
        // Caught: the photo stays where it was drawn, the transition where it was.
        #expect(photo.frame == shown)
        let caughtAt = driver.transitionAnimator.fractionComplete
        #expect(caughtAt > 0.5 && caughtAt < 1)
        h.frames(10)
        #expect(photo.layer.renderedProperties.frame == shown && driver.transitionAnimator.fractionComplete == caughtAt)
        #expect(navigationController.transitionCoordinator != nil)

        // Dragged back up past the start and let go at rest: the pop is cancelled after all.
        h.move(shown.midX, shown.midY - 20, at: 11.2)          // the pan begins (the transition is interactive)
        h.move(shown.midX, shown.midY - 300, at: 11.2 + 1.0 / 60)
        #expect(driver.transitionAnimator.fractionComplete < 0.33)
        h.up(shown.midX, shown.midY - 300, at: 11.6)
        settle()
        #expect(stackIs([grid, oneUp]))
        #expect(photo.superview == nil && oneUp.collectionView.alpha == 1)
    }
}
