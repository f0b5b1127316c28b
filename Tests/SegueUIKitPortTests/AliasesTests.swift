import Testing
import SegueUIKit

@MainActor
@Suite struct AliasesTests {
    @Test func uikitNamesAreSeguesTypes() {
        #expect(UIView.self == View.self)
        #expect(UIViewController.self == ViewController.self)
        #expect(UIView.AnimationOptions.self == ViewAnimationOptions.self)
    }
}
