import Foundation
import SegueAnimation

/// How the ``InputTranslator`` turns a trackpad's two-finger scroll into a drag: the scale of SDL's precise
/// deltas, and the pause that ends a swipe. The app can change them (``InputTranslator/trackpad``).
///
/// Where trackpad swipes come from on SDL 2.26: SDL's Wayland back-end reports a trackpad's scroll as
/// fractional `preciseX`/`preciseY` (the compositor's logical pixels over 10), and so do its macOS and
/// Windows back-ends. Its X11 back-end (X servers, Xvfb, XWayland) turns X's wheel buttons 4–7 into whole
/// clicks of ±1 (`X11_IsWheelEvent`; no XInput2 smooth scrolling was found in SDL 2): every scroll there, a
/// trackpad's too, is clicks, which never swipe. So under X11
/// a trackpad scrolls nothing in Segue; run the window natively on Wayland (`SDL_VIDEODRIVER=wayland`) to
/// swipe.
public struct TrackpadSwipe: Sendable, Hashable {
    /// Points the pointer moves for one unit of SDL's precise scroll delta: 10. SDL 2's Wayland back-end
    /// divides the compositor's `wl_pointer.axis` value (logical pixels, for a trackpad libinput's finger
    /// motion in pointer units, "a scroll value of 1 represents the equivalent relative motion of 1") by
    /// `WAYLAND_WHEEL_AXIS_UNIT`, 10 ("Weston uses a ratio of 10 units per scroll tick"); multiplying back
    /// makes the page follow the fingers 1:1 in points, as the pointer does.
    public var pointsPerScrollUnit: CGFloat = 10

    /// How long without a delta ends a swipe, in seconds: 0.15. libinput ends every finger scroll with a
    /// "scroll stop" (a value of 0 when the fingers lift), which GTK hands on as a stop event
    /// (`gdk_scroll_event_is_stop`: "the signal that a widget may trigger kinetic scrolling based on the
    /// current velocity"); SDL 2 drops it, so the end has to be a pause. 150 ms is libadwaita's
    /// `EVENT_HISTORY_THRESHOLD_MS` (AdwSwipeTracker, which drives GNOME's swipe-back): events older than
    /// that no longer count towards a swipe's motion. A trackpad reports every 7–12 ms while the fingers
    /// move, so a pause this long is a lift (or fingers held still, which a release at rest treats alike).
    public var endGap: Double = 0.150

    /// Whether a scroll SDL reports with `direction` `SDL_MOUSEWHEEL_NORMAL` was inverted by natural
    /// scrolling all the same (default false; the host sets it from `SEGUE_NATURAL_SCROLLING=1`). SDL learns
    /// of natural scrolling from the system where it can (macOS, Windows, and Wayland from `wl_pointer`
    /// version 9's `axis_relative_direction`, which SDL 2.26, older than that protocol, does not read): on
    /// SDL 2.26 under Wayland with natural scrolling on (GNOME's default for touchpads) every delta comes
    /// NORMAL yet inverted, and without this the page would move against the fingers.
    public var assumesNaturalScrolling = false

    /// The environment variable that sets ``assumesNaturalScrolling`` in the window host ("1": on).
    public static let naturalScrollingVariable = "SEGUE_NATURAL_SCROLLING"

    /// A nanosecond's slack when comparing event times (sums of seconds in binary).
    static let timeSlack = 1e-9

    /// A trackpad swipe with the default rules.
    public init() {}

    /// The fingers' motion in window points for SDL's precise deltas: right and down positive. SDL's
    /// `preciseX` is positive to the right and `preciseY` away from the user (up) with `direction`
    /// `SDL_MOUSEWHEEL_NORMAL`; `SDL_MOUSEWHEEL_FLIPPED` (natural scrolling) reports them negated ("multiply
    /// by -1 to change them back"), which is undone, so the page follows the fingers either way.
    /// With ``assumesNaturalScrolling`` a NORMAL delta is taken as flipped.
    public func fingerDelta(preciseX: Float, preciseY: Float, flipped: Bool) -> CGPoint {
        let sign: Double = flipped || assumesNaturalScrolling ? -1 : 1
        return CGPoint(x: sign * Double(preciseX) * pointsPerScrollUnit, y: -sign * Double(preciseY) * pointsPerScrollUnit)
    }

    /// Whether a wheel event is a mouse wheel's click rather than a trackpad's scroll: both precise deltas
    /// whole numbers. On SDL 2.26 a click is exactly ±1 a notch (X11's buttons 4–7, Wayland's
    /// `axis_discrete`, Windows' 120 units) while a trackpad's deltas are fractions (Wayland: pixels over
    /// 10; macOS and Windows precision touchpads likewise). A click never starts a swipe; a whole-number
    /// delta during a swipe (a trackpad can give one) continues it. SDL's `which` does not tell the two
    /// apart (both are the one mouse), and `SDL_TOUCH_MOUSEID` marks only touches turned into mouse events.
    /// A high-resolution wheel that reports fractions of a notch (Wayland's `axis_value120`, newer SDLs)
    /// would read as a trackpad.
    public static func isWheelClick(preciseX: Float, preciseY: Float) -> Bool {
        preciseX.rounded() == preciseX && preciseY.rounded() == preciseY
    }
}
