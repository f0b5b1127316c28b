// UIAccessibility.isReduceMotionEnabled reads the key window's Reduce Motion setting.
import Testing
import SegueUIKit

@MainActor
@Suite struct UIAccessibilityTests {
    @Test func reduceMotionIsTheKeyWindowsSetting() {
        let a = UIWindow(clock: VirtualClock(), size: CGSize(width: 320, height: 480))
        let b = UIWindow(clock: VirtualClock(), size: CGSize(width: 320, height: 480))
        a.makeKeyAndVisible()
        #expect(!UIAccessibility.isReduceMotionEnabled && !UIAccessibility.prefersCrossFadeTransitions)
        a.isReduceMotionEnabled = true
        #expect(UIAccessibility.isReduceMotionEnabled && UIAccessibility.prefersCrossFadeTransitions)
        b.makeKeyAndVisible()
        #expect(!UIAccessibility.isReduceMotionEnabled)
    }
}
