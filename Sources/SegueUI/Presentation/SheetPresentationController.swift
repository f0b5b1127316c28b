import Foundation
import SegueAnimation

/// The page sheet of iOS 15-27 (`UISheetPresentationController`): the presentation controller of
/// `.pageSheet`, `.formSheet` and `.automatic`, reachable as ``ViewController/sheetPresentationController``
/// (and ``ViewController/presentationController``) before `present` is called, so detents and the delegate
/// are configured first, as Apple's code does.
///
/// The sheet rests at one of its ``detents`` (``selectedDetentIdentifier``; nil: the smallest), a detent's
/// height being the sheet's. iOS 27's geometry, as rules that hold on any window: at the large detent the
/// sheet is full width, its top ``DimmingSheetPresentationController/topInset`` (``largeTopInset``, 62 pt)
/// below the container's, its bottom at the container's, its corners ``largeCornerRadius`` (62 pt); the
/// detents below large (``Detent/medium()``: ``mediumHeightFraction`` of the container's height, and custom
/// ones) are floating cards, ``floatingInset`` (8 pt) in from both sides and the bottom, their corners
/// concentric with a screen of ``largeCornerRadius``: ``largeCornerRadius`` - ``floatingInset`` (54 pt).
/// Between the largest detent below large and large, the insets and the radius (and with the width, the
/// sheet's scale) blend linearly with the sheet's height (``expansion(forHeight:)``), while a finger drags
/// and while the spring moves it. On a 402 x 874 window: medium 8, 415, 386 x 451, large 0, 62, 402 x 812.
/// Every move (present, dismiss, ``animateChanges(_:)``, the settle after a drag) runs on
/// ``DimmingSheetPresentationController/spring`` (``SheetSpring``).
///
/// While the sheet is at the large detent the presenter's view recedes behind it (``recededScale``, its
/// top ``recededTopGap`` above the sheet, rounded to the sheet's corner radius); between the detent below
/// large and large, by the share of the way. A sheet presented from a sheet makes that one recede in turn.
/// The dimming view is black at ``DimmingSheetPresentationController/dimmingAlpha`` (``sheetDimmingAlpha``,
/// 0.2) above ``largestUndimmedDetentIdentifier``, clear at or below it, where touches outside the sheet
/// reach the presenter; between that detent and the next it fades in with the height.
///
/// Dragging the sheet moves it between detents: it follows the finger 1:1 (above the largest detent on
/// UIScrollView's rubber band, or, for a drag that began on a list in the sheet, by scrolling the list:
/// see ``prefersScrollingExpandsWhenScrolledToEdge``) and the release picks the detent nearest the position projected from the
/// release velocity (``projectedDistance(velocity:)``); released below the smallest detent, it is dismissed
/// by ``DimmingSheetPresentationController/transitionSettings``' release rule (in smallest-detent heights)
/// or goes back. Dragged down from the smallest detent, the drag is the interactive dismissal of the base
/// class (caught mid-flight as it is).
///
/// The ``PresentationController/delegate`` hears of the user's detent changes when it is a
/// ``SheetPresentationControllerDelegate``.
///
/// Differs from UIKit: no
/// `sourceView`, `prefersEdgeAttachedInCompactHeight`, `widthFollowsPreferredContentSizeWhenEdgeAttached`
/// or `prefersPageSizing`; the geometry is iOS 27's on an iPhone 16 Pro, whatever the window (no status
/// bar, safe area or display corners of its own: the constants stand for them; the large sheet's bottom
/// corners are rounded as the device's screen is); the blend changes the card's frame (its content is
/// laid out at the card's width), where UIKit may scale the view; a dismissal let go below the smallest
/// detent calls `viewWillDisappear` at the release (UIKit: when the drag passes the detent). A form sheet
/// in a wide container does not recede its presenter and keeps its 540 x 620 size (centred below the
/// 62 pt inset).
@MainActor
open class SheetPresentationController: DimmingSheetPresentationController, ScrollEdgeHandover {
    /// A height a sheet rests at (`UISheetPresentationController.Detent`).
    @MainActor
    public final class Detent {
        /// A detent's name (`UISheetPresentationController.Detent.Identifier`).
        public struct Identifier: RawRepresentable, Hashable, Sendable {
            /// The identifier's string.
            public let rawValue: String
            /// An identifier of `rawValue`.
            public init(rawValue: String) { self.rawValue = rawValue }
            /// An identifier of `rawValue` (UIKit's unlabelled initializer).
            public init(_ rawValue: String) { self.rawValue = rawValue }
            /// The system's medium detent.
            public static let medium = Identifier("com.apple.UIKit.medium")
            /// The system's large detent.
            public static let large = Identifier("com.apple.UIKit.large")
        }

        /// What a custom detent's resolver is given (`UISheetPresentationControllerDetentResolutionContext`).
        /// Differs from UIKit: a struct without a trait collection, with the container's height.
        public struct ResolutionContext: Sendable {
            /// The height of the large detent, in points: the most a detent can be.
            public let maximumDetentValue: CGFloat
            /// The height of the container (the window), in points: Segue's addition (UIKit's medium detent
            /// is a fraction of the screen; an app has the screen for that).
            public let containerHeight: CGFloat
        }

        /// The detent's name (what ``SheetPresentationController/selectedDetentIdentifier`` names).
        public let identifier: Identifier
        private let resolver: (ResolutionContext) -> CGFloat?

        private init(identifier: Identifier, resolver: @escaping (ResolutionContext) -> CGFloat?) {
            self.identifier = identifier
            self.resolver = resolver
        }

        /// About half the screen's height (Apple: "approximately half the height of the screen"): Segue
        /// takes iOS 27's, ``SheetPresentationController/mediumHeightFraction`` (0.516) of
        /// ``ResolutionContext/containerHeight``, rounded to whole points (451 pt on a 874 pt tall window), a
        /// floating card.
        public static func medium() -> Detent {
            Detent(identifier: .medium) { ($0.containerHeight * SheetPresentationController.mediumHeightFraction).rounded() }
        }

        /// The full height (Apple: "a sheet at full height"): ``ResolutionContext/maximumDetentValue``.
        public static func large() -> Detent {
            Detent(identifier: .large) { $0.maximumDetentValue }
        }

        /// A detent of the height `resolver` returns (clamped to 0...maximumDetentValue); nil makes it
        /// inactive, as in UIKit. `identifier` nil: a unique one.
        public static func custom(identifier: Identifier? = nil,
                                  resolver: @escaping (ResolutionContext) -> CGFloat?) -> Detent {
            Detent(identifier: identifier ?? Identifier("custom.\(UUID().uuidString)"), resolver: resolver)
        }

        /// The detent's height in `context`, or nil when inactive.
        public func resolvedValue(in context: ResolutionContext) -> CGFloat? {
            resolver(context).map { min(max($0, 0), context.maximumDetentValue) }
        }
    }

    /// How far the receded presenter is scaled (iOS 13-18 page sheets shrink the presenter to about 92 %
    /// of its width: 0.92 is the scale nathantannar4/Transmission uses to match it; Apple documents no
    /// number).
    public static let recededScale: CGFloat = 0.92
    /// How far above the sheet's top the receded presenter's top edge shows, in points (iOS 13-18 on
    /// iPhone: the presenter's top peeks about 10 pt above the sheet; measured on screenshots).
    public static let recededTopGap: CGFloat = 10
    /// The sheet's corner radius at the large detent when ``preferredCornerRadius`` is nil, in points
    /// (iOS 27 on an iPhone 16 Pro: about 62 pt, the display's corner, measured on the device; spec
    /// gestures-and-timing, "Sheets, measured on the same device"). A desktop window has no rounded
    /// corners: this stands for them.
    public static let largeCornerRadius: CGFloat = 62
    /// How far a floating card (a detent below large) sits in from the container's sides and bottom, in
    /// points (iOS 27 on an iPhone 16 Pro: 8 pt, measured on the device; spec as above).
    public static let floatingInset: CGFloat = 8
    /// The medium detent's height as a fraction of the container's height (iOS 27 on an iPhone 16 Pro:
    /// 451 of 874 pt, 0.516; spec as above): the measured ratio, 451 / 874.
    public static let mediumHeightFraction: CGFloat = 451.0 / 874.0
    /// The gap above the sheet at the large detent, in points (iOS 27 on an iPhone 16 Pro: the sheet's top
    /// is 62 pt below the screen's, under the status area; spec as above): a sheet's default
    /// ``DimmingSheetPresentationController/topInset``.
    public static let largeTopInset: CGFloat = 62
    /// The black dimming's alpha at every dimmed detent (iOS 27 on the device: 0.2; spec as above): a
    /// sheet's default ``DimmingSheetPresentationController/dimmingAlpha``.
    public static let sheetDimmingAlpha: CGFloat = 0.2
    /// UIScrollView's normal deceleration rate per millisecond (`UIScrollView.DecelerationRate.normal`,
    /// documented as 0.998).
    public static let decelerationRate: CGFloat = 0.998

    /// Where a release at `velocity` (points per second) would coast to, in points: WWDC 2018 "Designing
    /// Fluid Interfaces"' projection, `velocity / 1000 x rate / (1 - rate)` with ``decelerationRate``
    /// (about half a second's travel).
    public static func projectedDistance(velocity: CGFloat) -> CGFloat {
        velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// The heights the sheet rests at (default `[.large()]`). Setting it re-lays the sheet out (animated
    /// inside ``animateChanges(_:)``).
    public var detents: [Detent] = [.large()] {
        didSet { detentsDidChange() }
    }
    /// The detent the sheet rests at; nil: the smallest. Set by a drag's release too.
    public var selectedDetentIdentifier: Detent.Identifier? {
        didSet { detentsDidChange() }
    }
    /// The largest detent at which the presenter is not dimmed and stays interactive (touches outside the
    /// sheet reach it); nil (default): every detent dims.
    public var largestUndimmedDetentIdentifier: Detent.Identifier? {
        didSet { detentsDidChange() }
    }
    /// The sheet's corner radius at every detent; nil: iOS 27's (``largeCornerRadius`` at large,
    /// concentric with it on a floating card, blended between).
    public var preferredCornerRadius: CGFloat? {
        didSet { detentsDidChange() }
    }
    /// Whether a grabber is drawn at the top of the sheet (default false): ``grabberView``.
    public var prefersGrabberVisible = false {
        didSet { placeGrabber(); detentsDidChange() }
    }
    /// The grabber's size and its gap below the sheet's top edge, in points: UIKit's grabber is a 36 x 5
    /// capsule 5 pt below the top (developers' measurements of `_UIGrabber`; Apple documents no number).
    public static let grabberSize = CGSize(width: 36, height: 5)
    /// See ``grabberSize``.
    public static let grabberTopGap: CGFloat = 5
    /// The capsule drawn at the top of the sheet while ``prefersGrabberVisible`` (in the sheet, above its
    /// content). Differs from UIKit: a plain grey view, not a control (it cannot be tapped to change detent).
    public let grabberView: View = {
        let grabber = View(frame: CGRect(origin: .zero, size: SheetPresentationController.grabberSize))
        grabber.backgroundColor = Color(white: 0.75)
        grabber.layer.cornerRadius = SheetPresentationController.grabberSize.height / 2
        grabber.isUserInteractionEnabled = false
        grabber.layer.name = "grabber"
        return grabber
    }()

    /// Puts the grabber at the top of the sheet while it is wanted, and takes it away when not.
    private func placeGrabber() {
        guard prefersGrabberVisible, let sheet = presentedView, containerView != nil else {
            grabberView.removeFromSuperview()
            return
        }
        let size = Self.grabberSize
        grabberView.frame = CGRect(x: sheet.bounds.midX - size.width / 2, y: sheet.bounds.minY + Self.grabberTopGap,
                                   width: size.width, height: size.height)
        grabberView.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        if grabberView.superview !== sheet || sheet.subviews.last !== grabberView { sheet.addSubview(grabberView) }
    }
    /// Whether scrolling a scroll view in the sheet up at its top edge moves the sheet to a larger detent
    /// first (default true, as in UIKit); false: the content scrolls, and only a drag outside the scroll
    /// view (or the grabber's strip) expands the sheet.
    ///
    /// Segue's scroll view is ``CollectionView``. Its pan leaves the drag to the sheet when it begins with
    /// the content at its top edge and goes down (the sheet goes down to a smaller detent, or is dismissed),
    /// or goes up while the sheet is below its largest detent and this is true. A drag that scrolls the
    /// content back to its top edge and goes on down is handed to the sheet in the middle of the drag, as
    /// in UIKit: the sheet moves as far as the finger goes on past the point where the content reached its
    /// top. And the reverse, as in UIKit: a drag the sheet follows that began on the list (at its top edge)
    /// and reaches the largest detent going up scrolls the list with the rest of the finger's travel (the
    /// content moves on under the finger; the sheet does not stretch), and coming back down in the same drag
    /// it scrolls the list back to its top, then moves the sheet again. Let go while the list is drawn
    /// scrolled, the sheet stays at the largest detent and the list decelerates from the release velocity.
    /// A drag to dismiss that began on the list scrolls it the same way above where it began.
    /// A drag that began elsewhere on the sheet (the grabber's strip) stretches it on the rubber band above
    /// the largest detent.
    public var prefersScrollingExpandsWhenScrolledToEdge = true

    /// Takes the rest of a drag that scrolled `scrollView`'s content back to its top edge (going down), when
    /// no presentation, dismissal or other transition runs (``ScrollEdgeHandover``).
    func takesHandover(from scrollView: CollectionView) -> Bool {
        transition == nil && !isWideFormSheet && TransitionLifecycle.isIdle(in: containerView)
    }

    /// Follows a handed-over drag as the sheet's own drag: down between detents, or dismissing.
    func followHandover(of pan: PanGestureRecognizer, state: GestureRecognizer.State, origin: CGPoint) {
        handleDrag(pan, state: state, origin: state == .began ? origin.y : nil)
    }

    /// Whether the sheet takes a drag that begins in `scrollView` with `translation` (the pan's, at its
    /// start): see ``prefersScrollingExpandsWhenScrolledToEdge``.
    func takesDrag(from scrollView: CollectionView, translation: CGPoint) -> Bool {
        guard transition == nil, !isWideFormSheet, scrollView.isAtTopEdge, abs(translation.y) > abs(translation.x) else { return false }
        if translation.y > 0 { return true }
        return prefersScrollingExpandsWhenScrolledToEdge && allowsUpwardDrag()
    }

    /// Changes made in the block are animated (`animateChanges(_:)`), on ``DimmingSheetPresentationController/spring``
    /// from where the sheet is drawn, at the spring's ``SheetSpring/initialVelocity``.
    public func animateChanges(_ changes: () -> Void) {
        isBatchingChanges = true
        changes()
        isBatchingChanges = false
        relayout(animated: true, velocity: nil)
    }

    /// A sheet presentation of `presentedViewController` with iOS 27's ``largeTopInset`` and
    /// ``sheetDimmingAlpha``.
    public override init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        topInset = Self.largeTopInset
        dimmingAlpha = Self.sheetDimmingAlpha
    }

    /// The velocity a drag let go below the smallest detent hands its dismissal, in points per second
    /// downwards (taken once, by the stock animator).
    private var dismissalReleaseVelocity: CGFloat?

    /// The velocity of the release that began the dismissal now starting, if a release did; cleared.
    func takeDismissalReleaseVelocity() -> CGFloat? {
        defer { dismissalReleaseVelocity = nil }
        return dismissalReleaseVelocity
    }

    private var isBatchingChanges = false
    /// The drag's start height.
    private var dragStartHeight: CGFloat = 0
    /// The list the drag in progress scrolls above the largest detent, or above where a drag to dismiss
    /// began (``list(continuing:)``); nil: the sheet rubber-bands there.
    private weak var dragList: CollectionView?
    /// Follows a drag between detents: begin, follow, release (the release rule decides a dismissal below
    /// the smallest detent).
    private lazy var detentDriver: InteractionDriver = {
        let driver = InteractionDriver()
        driver.rule = { [weak self] in InteractionDriver.ReleaseRule(settings: self?.transitionSettings ?? TransitionSettings()) }
        driver.tracking = { [weak self] in (self?.transitionSettings ?? TransitionSettings()).trackingSpring }
        return driver
    }()
    /// What the drag between detents holds: its progress is the sheet's height under the finger; the sheet
    /// is drawn following it through the tracking spring (iOS 27's pages' and sheets').
    private lazy var detentDrag = GestureDrivenValue(
        tree: { [unowned self] in self.containerView?.layer.tree },
        follow: { [unowned self] height in self.show(height: height) },
        release: { [unowned self] height, velocity, rule in self.release(at: height, velocity: velocity, rule: rule) })
    /// What the recession changed on the presenter's view, to put back.
    private var presenterLook: (cornerRadius: CGFloat, clips: Bool)?

    // MARK: Geometry

    /// The large detent's height: the container's less the top inset.
    public var maximumDetentValue: CGFloat {
        guard let bounds = containerView?.bounds else { return 0 }
        return max(bounds.height - topInset, 0)
    }

    /// The height of `detent` now, or nil when inactive.
    public func height(of detent: Detent) -> CGFloat? {
        detent.resolvedValue(in: Detent.ResolutionContext(maximumDetentValue: maximumDetentValue,
                                                          containerHeight: containerView?.bounds.height ?? 0))
    }

    /// The active detents with their heights, smallest first.
    var resolvedDetents: [(id: Detent.Identifier, height: CGFloat)] {
        let all = detents.compactMap { d in height(of: d).map { (id: d.identifier, height: $0) } }
        return all.isEmpty ? [(id: .large, height: maximumDetentValue)] : all.sorted { $0.height < $1.height }
    }

    /// The height of the selected detent (the smallest when none is selected or it is inactive).
    var selectedHeight: CGFloat {
        let resolved = resolvedDetents
        return resolved.first { $0.id == selectedDetentIdentifier }?.height ?? resolved[0].height
    }

    private var isWideFormSheet: Bool {
        isFormSheet && (containerView?.bounds.width ?? 0) >= Self.formSheetMinimumContainerWidth
    }

    /// The sheet at its selected detent: full width, from the container's bottom up the detent's height.
    open override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        if isWideFormSheet { return super.frameOfPresentedViewInContainerView }
        return sheetFrame(height: selectedHeight, in: bounds)
    }

    /// The sheet `height` tall: ``floatingInset`` x (1 - ``expansion(forHeight:)``) in from the sides and
    /// the bottom.
    func sheetFrame(height: CGFloat, in bounds: CGRect) -> CGRect {
        let inset = Self.floatingInset * (1 - expansion(forHeight: height))
        return CGRect(x: bounds.minX + inset, y: bounds.maxY - inset - height,
                      width: max(bounds.width - 2 * inset, 0), height: height)
    }

    /// How far the sheet `height` tall is from a floating card to a full-width sheet (0...1): 0 at or below
    /// the largest detent under the large detent's height, 1 at large (and with no detent under it), linear
    /// between. It blends the insets and the corner radius.
    public func expansion(forHeight height: CGFloat) -> CGFloat {
        let large = maximumDetentValue
        guard let below = resolvedDetents.last(where: { $0.height < large - 0.5 })?.height else { return 1 }
        return min(max((height - below) / max(large - below, 1), 0), 1)
    }

    /// The sheet's corner radius at `height`: ``preferredCornerRadius``, or ``largeCornerRadius`` less the
    /// inset (concentric with the screen's corner: 54 pt on a floating card, 62 pt at large).
    public func cornerRadius(forHeight height: CGFloat) -> CGFloat {
        preferredCornerRadius ?? Self.largeCornerRadius - Self.floatingInset * (1 - expansion(forHeight: height))
    }

    /// How far the presenter recedes for a sheet `height` tall (0...1): 1 at or above the large detent,
    /// 0 at or below the largest detent under it, linear between; 0 when no detent is large.
    func recession(forHeight height: CGFloat) -> CGFloat {
        if isWideFormSheet { return 0 }
        let resolved = resolvedDetents
        let large = maximumDetentValue
        guard let top = resolved.last, top.height >= large - 0.5 else { return 0 }
        guard let below = resolved.dropLast().last else { return 1 }
        guard large - below.height > 0 else { return 1 }
        return min(max((height - below.height) / (large - below.height), 0), 1)
    }

    /// The dimming's alpha for a sheet `height` tall: 0 up to the largest undimmed detent,
    /// ``DimmingSheetPresentationController/dimmingAlpha`` from the next detent on, linear between.
    func dimming(forHeight height: CGFloat) -> CGFloat {
        guard let undimmed = largestUndimmedDetentIdentifier else { return dimmingAlpha }
        let resolved = resolvedDetents
        guard let i = resolved.firstIndex(where: { $0.id == undimmed }) else { return dimmingAlpha }
        let low = resolved[i].height
        guard i + 1 < resolved.count else { return height > low ? dimmingAlpha : 0 }
        let high = resolved[i + 1].height
        return dimmingAlpha * min(max((height - low) / max(high - low, 1), 0), 1)
    }

    /// Whether touches outside the sheet reach the presenter: at or below the largest undimmed detent.
    override var passesTouchesOutsidePresentedView: Bool {
        transition == nil && dimming(forHeight: presentedView?.frame.height ?? 0) == 0
    }

    /// Puts the presenter's view where a recession of `r` (0...1) puts it: scaled about its centre by
    /// `1 - (1 - recededScale) r`, its top moved towards ``recededTopGap`` above the sheet's top inset
    /// (from a view at the top of the window) or above its own top (a sheet), corners rounded by `r`.
    func recede(_ r: CGFloat) {
        guard !shouldRemovePresentersView, presenting != nil, let view = presentingViewController.viewIfLoaded else { return }
        if presenterLook == nil { presenterLook = (view.layer.cornerRadius, view.clipsToBounds) }
        let frame = view.bounds
        let s = 1 - (1 - Self.recededScale) * r
        let minY = view.center.y - frame.height / 2
        let target = minY < topInset ? topInset - Self.recededTopGap : minY - Self.recededTopGap
        let scaledTop = view.center.y - s * frame.height / 2
        let ty = (minY + (target - minY) * r) - scaledTop
        view.transform = CGAffineTransform(a: s, b: 0, c: 0, d: s, tx: 0, ty: ty)
        view.layer.cornerRadius = max(presenterLook?.cornerRadius ?? 0, (preferredCornerRadius ?? Self.largeCornerRadius) * r)
        view.clipsToBounds = r > 0 || presenterLook?.clips == true
    }

    /// The sheet's corner radius at its selected detent.
    public var cornerRadius: CGFloat { cornerRadius(forHeight: selectedHeight) }

    private func restorePresenterLook() {
        guard let look = presenterLook, presenting != nil, let view = presentingViewController.viewIfLoaded else { return }
        // The alongside recession's tail (a spring still settling) ends here with the presentation.
        view.layer.removeAllAnimations()
        View.performWithoutAnimation {
            view.transform = .identity
            view.layer.cornerRadius = look.cornerRadius
            view.clipsToBounds = look.clips
        }
        presenterLook = nil
    }

    // MARK: Lifecycle

    open override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        guard let sheet = presentedView else { return }
        sheet.layer.cornerRadius = cornerRadius
        sheet.clipsToBounds = true
        placeGrabber()
        let height = frameOfPresentedViewInContainerView.height
        let coordinator = presentedViewController.transitionCoordinator
        coordinator?.animate(alongsideTransition: { [weak self] _ in
            guard let self else { return }
            self.dimmingView.alpha = self.dimming(forHeight: height)
        }, completion: nil)
        // The presenter's view is outside the container: animated alongside in it.
        coordinator?.animateAlongsideTransition(in: presentingViewController.viewIfLoaded, animation: { [weak self] _ in
            guard let self else { return }
            self.recede(self.recession(forHeight: height))
        }, completion: nil)
    }

    open override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        presentedViewController.transitionCoordinator?.animateAlongsideTransition(in: presentingViewController.viewIfLoaded,
                                                                                  animation: { [weak self] _ in
            self?.recede(0)
        }, completion: nil)
    }

    open override func presentationTransitionDidEnd(_ completed: Bool) {
        super.presentationTransitionDidEnd(completed)
        if !completed { restorePresenterLook() }
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        if completed {
            restorePresenterLook()
            grabberView.removeFromSuperview()
        }
    }

    /// At rest: the sheet at its detent, the dimming and the recession for it.
    open override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        guard transition == nil, !isDraggingDetents, !isRubberBanding, presentedView?.superview === containerView else { return }
        let height = frameOfPresentedViewInContainerView.height
        presentedView?.layer.cornerRadius = cornerRadius(forHeight: height)
        dimmingView.alpha = dimming(forHeight: height)
        recede(recession(forHeight: height))
    }

    private func detentsDidChange() {
        guard !isBatchingChanges else { return }
        relayout(animated: false, velocity: 0)
    }

    /// Puts the sheet at its selected detent, when `animated` on ``DimmingSheetPresentationController/spring``
    /// from where it is drawn: started at `velocity` (a released finger's, points per second, upwards
    /// positive) over the travel of the sheet's top edge, or at the spring's own initial velocity when
    /// `velocity` is nil. The frame, the corner radius, the dimming and the recession move on it together.
    func relayout(animated: Bool, velocity: CGFloat?) {
        guard transition == nil, let container = containerView, let sheet = presentedView, sheet.superview === container else { return }
        let target = frameOfPresentedViewInContainerView
        let apply = { [self] in
            sheet.frame = target
            sheet.layer.cornerRadius = cornerRadius(forHeight: target.height)
            dimmingView.alpha = dimming(forHeight: target.height)
            recede(recession(forHeight: target.height))
        }
        // Upwards positive, as the velocity.
        let travel = sheet.layer.renderedProperties.frame.minY - target.minY
        let start = velocity.map { spring.relativeVelocity(fingerVelocity: $0, travel: travel) } ?? spring.initialVelocity
        let duration = spring.duration(travel: travel, initialVelocity: start)
        guard animated, duration > 0 else {
            View.performWithoutAnimation(apply)
            return
        }
        let template = AnimationTemplate(duration: duration, timing: spring.timing(initialVelocity: start),
                                         beginsFromCurrentState: true, allowsUserInteraction: true)
        Transaction.perform(capturing: template, apply)
    }

    // MARK: The drag between detents

    override func allowsUpwardDrag() -> Bool {
        !isWideFormSheet && selectedHeight < (resolvedDetents.last?.height ?? 0)
    }

    override func beginsDetentDrag(_ pan: PanGestureRecognizer) -> Bool {
        guard !isWideFormSheet else { return false }
        let upward = pan.translation(in: nil).y < 0
        return upward || resolvedDetents.count > 1 && selectedHeight > resolvedDetents[0].height
    }

    /// Sets the sheet `height` tall, with the dimming and the recession for it; a drag that has a list
    /// (``dragList``) shows a height above the largest detent as the sheet at the largest detent and the
    /// list scrolled by the rest from its top.
    private func show(height: CGFloat) {
        guard let container = containerView, let sheet = presentedView else { return }
        let largest = resolvedDetents.last?.height ?? maximumDetentValue
        let sheetHeight = dragList == nil ? height : min(height, largest)
        View.performWithoutAnimation {
            sheet.frame = sheetFrame(height: sheetHeight, in: container.bounds)
            sheet.layer.cornerRadius = cornerRadius(forHeight: sheetHeight)
            dimmingView.alpha = dimming(forHeight: sheetHeight)
            recede(recession(forHeight: sheetHeight))
        }
        if let list = dragList { scroll(list, by: height - largest) }
    }

    /// Scrolls `list` `overflow` points down its content from its top (none for 0 or less), clamped.
    private func scroll(_ list: CollectionView, by overflow: CGFloat) {
        let target = list.clampedAlongAxis(CGPoint(x: list.contentOffset.x, y: list.minimumOffsetY + max(overflow, 0)))
        if list.contentOffset != target { list.contentOffset = target }
    }

    /// A drag to dismiss (a sheet with one detent, or dragged down from its smallest) that began on the
    /// list scrolls it by the finger's travel above where the drag began, while the dismissal's progress is
    /// 0 there, as UIKit's sheet does; let go with the list scrolled, the list decelerates from the release
    /// velocity (and the dismissal is cancelled, let go at 0).
    override func followDismissalDrag(_ pan: PanGestureRecognizer, state: GestureRecognizer.State, overflow: CGFloat) {
        switch state {
        case .began:
            dragList = list(continuing: pan)
        case .changed:
            if let list = dragList { scroll(list, by: overflow) }
        case .ended, .cancelled, .failed:
            guard let list = dragList else { return }
            dragList = nil
            if state == .ended, !list.isAtTopEdge { list.startDeceleration(velocity: -pan.releaseVelocity(in: nil).y) }
        case .possible:
            break
        }
    }

    /// The list a drag between detents goes on scrolling once the sheet reaches its largest detent going
    /// up (UIKit's sheet hands the rest of the drag to its scroll view there): the vertical, scrollable
    /// collection view in the sheet that the drag began in (`pan` is its own pan, handed over at its top
    /// edge, or the touch went down on it), at its top edge. Nil for a drag that began elsewhere on the
    /// sheet (the grabber's strip, a view that does not scroll): the sheet then stretches on the rubber band.
    private func list(continuing pan: PanGestureRecognizer) -> CollectionView? {
        guard let container = containerView, let sheet = presentedView else { return nil }
        var view: View? = pan.view as? CollectionView
        if view == nil {
            // Where the touch went down (the translation counts from there).
            let down = pan.location(in: nil) - pan.translation(in: nil)
            view = container.hitTest(container.convert(down, from: nil), with: nil)
        }
        while let v = view, v !== container {
            if let list = v as? CollectionView, !list.scrollsHorizontally, list.isScrollEnabled, list.isAtTopEdge,
               list === sheet || list.isDescendant(of: sheet) {
                return list
            }
            view = v.superview
        }
        return nil
    }

    /// The drag between detents, through the driver: its progress is the sheet's height under the finger
    /// (points), its velocity upwards (points per second); a cancelled drag is let go where the sheet is.
    override func dragDetents(_ pan: PanGestureRecognizer, state: GestureRecognizer.State) {
        guard let sheet = presentedView else { isDraggingDetents = false; return }
        let largest = resolvedDetents.last?.height ?? maximumDetentValue
        detentDriver.drive(state, progress: dragHeight(pan, largest: largest), velocity: -pan.releaseVelocity(in: nil).y) {
            // Caught where it is drawn (a detent change still animating stops there).
            dragStartHeight = sheet.layer.renderedProperties.frame.height
            dragList = list(continuing: pan)
            sheet.layer.removeAllAnimations()
            dimmingView.layer.removeAllAnimations()
            presentingViewController.viewIfLoaded?.layer.removeAllAnimations()
            detentDrag.follow(dragStartHeight)
            detentDriver.hold(detentDrag, at: dragStartHeight)
        }
    }

    /// The sheet's height under the finger: 1:1, on the rubber band above the largest detent; with a
    /// ``dragList``, 1:1 above it too (the part above is the list's scroll from its top).
    private func dragHeight(_ pan: PanGestureRecognizer, largest: CGFloat) -> CGFloat {
        let h = dragStartHeight - (pan.translation(in: nil).y - dragOrigin)
        if h > largest, dragList == nil { return largest + Self.rubberBandOffset(h - largest, dimension: largest) }
        return max(h, 0)
    }

    /// The release of a drag between detents at `height` with `velocity` (points per second, upwards):
    /// below the smallest detent `rule` decides whether the sheet is dismissed.
    private func release(at height: CGFloat, velocity fingerVelocity: CGFloat, rule: InteractionDriver.ReleaseRule) {
        isDraggingDetents = false
        // The finger decides; the sheet moves on from where and as fast as it is drawn.
        let velocity = detentDrag.drawnAtRelease?.velocity ?? fingerVelocity
        let resolved = resolvedDetents
        let list = dragList
        dragList = nil
        if let list, let largest = resolved.last, (detentDrag.drawnAtRelease?.value ?? height) > largest.height {
            // Drawn scrolling the list: the sheet stays at the largest detent and the list, let go, scrolls on
            // from where and as fast as it is drawn, as a list let go at that detent does.
            settle(at: largest.id, velocity: 0)
            list.startDeceleration(velocity: velocity)
            return
        }
        let smallest = resolved[0].height
        if height < smallest {
            let p = (smallest - height) / max(smallest, 1)
            if rule.shouldFinish(progress: p, velocity: -fingerVelocity / max(smallest, 1)), canBeDismissedByTheUserNow,
               userDismissalIsAllowed() {
                dismissalReleaseVelocity = -velocity
                beginUserDismissal(driving: nil)
                dismissalReleaseVelocity = nil
                return
            }
            settle(at: resolved[0].id, velocity: velocity)
            return
        }
        let projected = height + Self.projectedDistance(velocity: fingerVelocity)
        let chosen = resolved.min { abs($0.height - projected) < abs($1.height - projected) }!
        settle(at: chosen.id, velocity: velocity)
    }

    /// Whether a drag's release may dismiss the sheet now: it is the top-most presentation and no
    /// transition runs in its window. A presentation begun on it while the finger held it (the sheet is
    /// covered, or being covered) leaves it presenting: dismissing it then would dismiss what it presents
    /// (UIKit's rule for `dismiss` on a presenter), so the release settles it at its smallest detent.
    private var canBeDismissedByTheUserNow: Bool {
        presentedViewController.presentedViewController == nil && TransitionLifecycle.isIdle(in: containerView)
    }

    /// Selects `detent` at a release and springs the sheet to it; tells the delegate when the user changed
    /// the detent.
    private func settle(at detent: Detent.Identifier, velocity: CGFloat) {
        let before = resolvedDetents.first { $0.id == selectedDetentIdentifier }?.id ?? resolvedDetents[0].id
        isBatchingChanges = true
        selectedDetentIdentifier = detent
        isBatchingChanges = false
        relayout(animated: true, velocity: velocity)
        if detent != before {
            (delegate as? any SheetPresentationControllerDelegate)?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self)
        }
    }
}

