// UIKit's names for Segue's types. Segue's own prefix-less names are the primary API and the ones its
// documentation uses; these aliases are the door in for code written against UIKit. Each type's doc
// comment says how it differs from UIKit.

public typealias UIView = View
public typealias UIWindow = Window
public typealias UIViewController = ViewController
public typealias UIResponder = Responder
public typealias UIEvent = Event
public typealias UITouch = Touch
public typealias UIKeyCommand = KeyCommand
public typealias UIColor = Color
public typealias UIFont = Font
public typealias UIImage = Image
public typealias UIImageView = ImageView
public typealias UILabel = Label
public typealias UIButton = Button
public typealias UIControl = Control
public typealias UIEdgeInsets = EdgeInsets
public typealias UIRectEdge = RectEdge
public typealias UIGestureRecognizer = GestureRecognizer
public typealias UIGestureRecognizerDelegate = GestureRecognizerDelegate
public typealias UIPanGestureRecognizer = PanGestureRecognizer
public typealias UITapGestureRecognizer = TapGestureRecognizer
public typealias UIScreenEdgePanGestureRecognizer = ScreenEdgePanGestureRecognizer
public typealias UILongPressGestureRecognizer = LongPressGestureRecognizer
public typealias UIVisualEffect = VisualEffect
public typealias UIBlurEffect = BlurEffect
public typealias UIVisualEffectView = VisualEffectView
public typealias UIViewPropertyAnimator = ViewPropertyAnimator
public typealias UIViewAnimating = ViewAnimating
public typealias UIViewImplicitlyAnimating = ViewImplicitlyAnimating
public typealias UIViewAnimatingState = ViewAnimatingState
public typealias UIViewAnimatingPosition = ViewAnimatingPosition
public typealias UITimingCurveProvider = TimingCurveProvider
public typealias UICubicTimingParameters = CubicTimingParameters
public typealias UISpringTimingParameters = SpringTimingParameters
public typealias UIModalPresentationStyle = ModalPresentationStyle
public typealias UIStatusBarStyle = StatusBarStyle
public typealias UIStatusBarAnimation = StatusBarAnimation
public typealias UINavigationItem = NavigationItem
public typealias UITabBarItem = TabBarItem
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
public typealias UINavigationController = NavigationController
public typealias UINavigationControllerDelegate = NavigationControllerDelegate
public typealias UINavigationBar = NavigationBar
public typealias UIViewControllerAnimatedTransitioning = ViewControllerAnimatedTransitioning
public typealias UIViewControllerInteractiveTransitioning = ViewControllerInteractiveTransitioning
public typealias UIViewControllerContextTransitioning = ViewControllerContextTransitioning
public typealias UIViewControllerTransitionCoordinator = ViewControllerTransitionCoordinator
public typealias UIViewControllerTransitionCoordinatorContext = ViewControllerTransitionCoordinatorContext
public typealias UIPercentDrivenInteractiveTransition = PercentDrivenInteractiveTransition
public typealias UITransitionContextViewControllerKey = TransitionContextViewControllerKey
public typealias UITransitionContextViewKey = TransitionContextViewKey
public typealias UIBarButtonItem = BarButtonItem

// Modal presentation.
public typealias UIPresentationController = PresentationController
public typealias UIContentContainer = ContentContainer
public typealias UIAdaptivePresentationControllerDelegate = AdaptivePresentationControllerDelegate
public typealias UISheetPresentationController = SheetPresentationController
public typealias UISheetPresentationControllerDelegate = SheetPresentationControllerDelegate
// Segues, registered in code (ViewController.registerSegue(withIdentifier:kind:destination:)).
public typealias UIStoryboardSegue = StoryboardSegue
// The tab bar controller.
public typealias UITabBarController = TabBarController
public typealias UITabBarControllerDelegate = TabBarControllerDelegate
public typealias UITabBar = TabBar
