import SegueUI

/// `UIAccessibility`, as far as transition code reads it: whether Reduce Motion is on.
///
/// Differs from UIKit: Reduce Motion is a setting of the window (`Window.isReduceMotionEnabled`,
/// `segue --reduce-motion`), not of the system; these read the key window's (false with no key window).
/// No notification is posted when it changes. Main-actor isolated.
@MainActor
public enum UIAccessibility {
    /// Whether Reduce Motion is on in the key window. Under it Segue's stock transitions and the
    /// catalogue's effects cross-fade when no finger drives them (see `Window.isReduceMotionEnabled`);
    /// an animator of your own reads this and tones its motion down itself, as on iOS.
    public static var isReduceMotionEnabled: Bool { Window.keyWindow?.isReduceMotionEnabled ?? false }

    /// Whether cross-fades are preferred to slides: on iOS a setting under Reduce Motion that is on by
    /// default with it; in Segue the same as ``isReduceMotionEnabled``.
    public static var prefersCrossFadeTransitions: Bool { isReduceMotionEnabled }
}
