// UIKit's names for Segue's types. Segue's own prefix-less names are the primary API and the ones its
// documentation uses; these aliases are the door in for code written against UIKit. Each type's doc
// comment says how it differs from UIKit.

/// Segue's `View`: a rectangle on screen backed by a `Layer`, with geometry in points.
public typealias UIView = View
/// Segue's `Window`: the root of a view hierarchy and the scene a host drives (it also does the event
/// dispatch of `UIApplication`).
public typealias UIWindow = Window
/// Segue's `ViewController`: manages a view, its appearance callbacks and containment (no nibs or
/// storyboards).
public typealias UIViewController = ViewController
/// Segue's `Responder`: receives touches and key presses and passes them along the responder chain.
public typealias UIResponder = Responder
/// Segue's `Event`: a touch event (key presses are `KeyEvent`s).
public typealias UIEvent = Event
/// Segue's `Touch`: one pointer's contact over a down...up sequence.
public typealias UITouch = Touch
/// Segue's `KeyCommand`: a key that runs a closure while its responder is in the chain.
public typealias UIKeyCommand = KeyCommand
/// Segue's `Color`: a value type (a struct of sRGB components, each 0...1) that also stands in for `CGColor`.
public typealias UIColor = Color
/// Segue's `Font`: a size and a weight of the renderer's one typeface.
public typealias UIFont = Font
/// Segue's `Image`: a bitmap made in code, with the size in points it is shown at (no image files).
public typealias UIImage = Image
/// Segue's `ImageView`: shows an `Image` in its bounds by its content mode.
public typealias UIImageView = ImageView
/// Segue's `Label`: text laid out by the renderer inside the bounds.
public typealias UILabel = Label
/// Segue's `Button`: a system-type button with a title.
public typealias UIButton = Button
/// Segue's `Control`: tracks a touch and sends actions (closures or method references) for control events.
public typealias UIControl = Control
/// Segue's `EdgeInsets`: distances inward from each edge of a rectangle, in points.
public typealias UIEdgeInsets = EdgeInsets
/// Segue's `RectEdge`: a set of edges of a rectangle.
public typealias UIRectEdge = RectEdge
/// Segue's `GestureRecognizer`: the base class of gesture recognizers (target-action takes method references
/// or closures).
public typealias UIGestureRecognizer = GestureRecognizer
/// Segue's `GestureRecognizerDelegate`: decides how a recognizer competes with others.
public typealias UIGestureRecognizerDelegate = GestureRecognizerDelegate
/// Segue's `PanGestureRecognizer`: recognizes a one-touch drag.
public typealias UIPanGestureRecognizer = PanGestureRecognizer
/// Segue's `TapGestureRecognizer`: recognizes a single one-touch tap.
public typealias UITapGestureRecognizer = TapGestureRecognizer
/// Segue's `ScreenEdgePanGestureRecognizer`: a pan that starts at an edge of its view's bounds (not of the
/// screen).
public typealias UIScreenEdgePanGestureRecognizer = ScreenEdgePanGestureRecognizer
/// Segue's `LongPressGestureRecognizer`: recognizes a press held in place, timed on the window's clock.
public typealias UILongPressGestureRecognizer = LongPressGestureRecognizer
/// Segue's `VisualEffect`: an effect a visual effect view shows (blur only).
public typealias UIVisualEffect = VisualEffect
/// Segue's `BlurEffect`: a Gaussian blur of the backdrop and the style's tint (radii and tints are Segue's, see `BlurEffect`).
public typealias UIBlurEffect = BlurEffect
/// Segue's `VisualEffectView`: shows a visual effect behind its content view.
public typealias UIVisualEffectView = VisualEffectView
/// Segue's `ViewPropertyAnimator`: an interruptible, scrubbable, reversible animation of views.
public typealias UIViewPropertyAnimator = ViewPropertyAnimator
/// Segue's `ViewAnimating`: an animator that can be started, paused, scrubbed, reversed, stopped and
/// finished.
public typealias UIViewAnimating = ViewAnimating
/// Segue's `ViewImplicitlyAnimating`: an animator that also takes animation blocks and completions.
public typealias UIViewImplicitlyAnimating = ViewImplicitlyAnimating
/// Segue's `ViewAnimatingState`: the state of an animator (inactive, active, stopped).
public typealias UIViewAnimatingState = ViewAnimatingState
/// Segue's `ViewAnimatingPosition`: where an animator ended (start, end, current).
public typealias UIViewAnimatingPosition = ViewAnimatingPosition
/// Segue's `TimingCurveProvider`: the pacing of a property animator, a cubic curve or a spring.
public typealias UITimingCurveProvider = TimingCurveProvider
/// Segue's `CubicTimingParameters`: a cubic Bézier pacing.
public typealias UICubicTimingParameters = CubicTimingParameters
/// Segue's `SpringTimingParameters`: a spring pacing (of a `CGVector` initial velocity, only `dx` is used).
public typealias UISpringTimingParameters = SpringTimingParameters
/// Segue's `ModalPresentationStyle`: how a presented controller covers its presenter.
public typealias UIModalPresentationStyle = ModalPresentationStyle
/// Segue's `StatusBarStyle`: stored and resolved as in UIKit, but nothing draws a status bar.
public typealias UIStatusBarStyle = StatusBarStyle
/// Segue's `StatusBarAnimation`: stored only; nothing animates, there being no status bar.
public typealias UIStatusBarAnimation = StatusBarAnimation
/// Segue's `NavigationItem`: what a navigation bar shows for one page.
public typealias UINavigationItem = NavigationItem
/// Segue's `TabBarItem`: what a tab bar shows for one page.
public typealias UITabBarItem = TabBarItem
/// Segue's `ViewControllerTransitioningDelegate`: provides the animators, interaction controllers and
/// presentation controller of a modal presentation.
public typealias UIViewControllerTransitioningDelegate = ViewControllerTransitioningDelegate

extension View {
    /// `UIView.AnimationOptions`.
    public typealias AnimationOptions = ViewAnimationOptions
    /// `UIView.AnimationCurve`.
    public typealias AnimationCurve = ViewAnimationCurve
    /// `UIView.KeyframeAnimationOptions`.
    public typealias KeyframeAnimationOptions = ViewKeyframeAnimationOptions
    /// `UIView.AutoresizingMask`.
    public typealias AutoresizingMask = SegueUI.AutoresizingMask
}

// The transition engine and the navigation controller.
/// Segue's `NavigationController`: a stack of controllers with push and pop transitions.
public typealias UINavigationController = NavigationController
/// Segue's `NavigationControllerDelegate`: told about a navigation controller's transitions and asked for
/// their animator and interaction controller.
public typealias UINavigationControllerDelegate = NavigationControllerDelegate
/// Segue's `NavigationBar`: the bar at the top of a navigation controller.
public typealias UINavigationBar = NavigationBar
/// Segue's `ViewControllerAnimatedTransitioning`: an animation controller (how long a transition takes and
/// what it animates).
public typealias UIViewControllerAnimatedTransitioning = ViewControllerAnimatedTransitioning
/// Segue's `ViewControllerInteractiveTransitioning`: an interaction controller, which drives a transition
/// from input.
public typealias UIViewControllerInteractiveTransitioning = ViewControllerInteractiveTransitioning
/// Segue's `ViewControllerContextTransitioning`: what an animator is told about a transition.
public typealias UIViewControllerContextTransitioning = ViewControllerContextTransitioning
/// Segue's `ViewControllerTransitionCoordinator`: the running transition's coordinator.
public typealias UIViewControllerTransitionCoordinator = ViewControllerTransitionCoordinator
/// Segue's `ViewControllerTransitionCoordinatorContext`: what the coordinator reports about a running
/// transition.
public typealias UIViewControllerTransitionCoordinatorContext = ViewControllerTransitionCoordinatorContext
/// Segue's `PercentDrivenInteractiveTransition`: the ready interaction controller, which scrubs the
/// animator's animations by a fraction.
public typealias UIPercentDrivenInteractiveTransition = PercentDrivenInteractiveTransition
/// Segue's `TransitionContextViewControllerKey`: which controller of a transition, `.from` or `.to`.
public typealias UITransitionContextViewControllerKey = TransitionContextViewControllerKey
/// Segue's `TransitionContextViewKey`: which view of a transition, `.from` or `.to`.
public typealias UITransitionContextViewKey = TransitionContextViewKey
/// Segue's `BarButtonItem`: a text button in a navigation bar whose action is a closure.
public typealias UIBarButtonItem = BarButtonItem

// Modal presentation.
/// Segue's `PresentationController`: manages one modal presentation from its start to its dismissal.
public typealias UIPresentationController = PresentationController
/// Segue's `ContentContainer`: what view controllers and presentation controllers share about sizes.
public typealias UIContentContainer = ContentContainer
/// Segue's `AdaptivePresentationControllerDelegate`: hears of the user's attempts to dismiss a presentation
/// by swiping it down.
public typealias UIAdaptivePresentationControllerDelegate = AdaptivePresentationControllerDelegate
/// Segue's `SheetPresentationController`: the page sheet, with its detents.
public typealias UISheetPresentationController = SheetPresentationController
/// Segue's `SheetPresentationControllerDelegate`: hears of a page sheet's detent changes made by the user.
public typealias UISheetPresentationControllerDelegate = SheetPresentationControllerDelegate
// Segues, registered in code (ViewController.registerSegue(withIdentifier:kind:destination:)).
/// Segue's `StoryboardSegue`: a transition named by an identifier, registered in code (there are no
/// storyboards).
public typealias UIStoryboardSegue = StoryboardSegue
// The tab bar controller.
/// Segue's `TabBarController`: pages side by side, one shown at a time, chosen with a tab bar.
public typealias UITabBarController = TabBarController
/// Segue's `TabBarControllerDelegate`: asked about tab selection and for the animator and interaction
/// controller of a tab switch.
public typealias UITabBarControllerDelegate = TabBarControllerDelegate
/// Segue's `TabBar`: the bar at the bottom of a tab bar controller.
public typealias UITabBar = TabBar

/// Segue's `ZoomTransitionSourceViewProviderContext`: what the zoom's source view provider is told
/// (`UIViewController.Transition.zoom(options:sourceViewProvider:)`).
public typealias UIZoomTransitionSourceViewProviderContext = ZoomTransitionSourceViewProviderContext
/// Segue's `ZoomTransitionInteractionContext`: what `ZoomOptions.interactiveDismissShouldBegin` is told.
public typealias UIZoomTransitionInteractionContext = ZoomTransitionInteractionContext
/// Segue's `ZoomTransitionAlignmentRectContext`: what `ZoomOptions.alignmentRectProvider` is told.
public typealias UIZoomTransitionAlignmentRectContext = ZoomTransitionAlignmentRectContext
