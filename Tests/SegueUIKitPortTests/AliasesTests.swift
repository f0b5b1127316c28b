import Testing
import SegueUIKit

@MainActor
@Suite struct AliasesTests {
    @Test func uikitNamesAreSeguesTypes() {
        #expect(UIView.self == View.self)
        #expect(UIViewController.self == ViewController.self)
        #expect(UIView.AnimationOptions.self == ViewAnimationOptions.self)
        #expect(UITabBarController.self == TabBarController.self)
        #expect(UITabBar.self == TabBar.self)
        #expect(UITabBarItem.self == TabBarItem.self)
        #expect((any UITabBarControllerDelegate).self == (any TabBarControllerDelegate).self)
        #expect(UIStoryboardSegue.self == StoryboardSegue.self)
        #expect((any UIContentContainer).self == (any ContentContainer).self)
        #expect(UISheetPresentationController.self == SheetPresentationController.self)
        #expect(UISheetPresentationController.Detent.Identifier.medium.rawValue == "com.apple.UIKit.medium")
        #expect((any UIAdaptivePresentationControllerDelegate).self == (any AdaptivePresentationControllerDelegate).self)
        #expect((any UISheetPresentationControllerDelegate).self == (any SheetPresentationControllerDelegate).self)
        #expect(UILongPressGestureRecognizer.self == LongPressGestureRecognizer.self)
        #expect(UIVisualEffect.self == VisualEffect.self)
        #expect(UIBlurEffect.self == BlurEffect.self)
        #expect(UIBlurEffect.Style.self == BlurEffect.Style.self)
        #expect(UIVisualEffectView.self == VisualEffectView.self)
        #expect(UINavigationController.Operation.self == NavigationController.Operation.self)
        #expect(CGVector.zero == CGVector(dx: 0, dy: 0))
    }
}
