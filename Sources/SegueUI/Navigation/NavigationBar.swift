import Foundation
import SegueAnimation

/// The bar at the top of a navigation controller (`UINavigationBar`): the top page's title (inline, or
/// large below the bar), a back button titled after the page below (tapping it pops), the pages' bar
/// buttons, and a background drawn from the page's ``NavigationBarAppearance``.
///
/// Layout is measured (``TextMeasurement``): the title is centred and shortened with "…" when it does not
/// fit between the items; the back button shows the previous page's back title, else "Back", else the
/// chevron alone, whichever fits (``NavigationItem/backButtonDisplayMode``).
///
/// Large titles (``prefersLargeTitles`` and ``NavigationItem/largeTitleDisplayMode``): the title sits
/// ``largeTitleHeight`` points tall below the bar's ``NavigationController/navigationBarHeight`` row and
/// collapses 1:1 as the page's scroll view scrolls (the page's safe area and the scroll view's
/// ``CollectionView/adjustedContentInset`` shrink with it); a drag released with the title partly under
/// snaps it back out or fully under (``largeTitleSnapFraction``); once it is fully under, the inline title
/// appears (rising ``inlineTitleHiddenOffset`` points, fading in and sharpening from
/// ``inlineTitleHiddenBlurRadius`` over ``titleTransitionDuration(velocity:)``).
///
/// Appearances: the bar uses the page's (else its own) ``standardAppearance`` once content scrolls under it,
/// and the scroll-edge one (else the standard one with a transparent background, as UIKit since iOS 15)
/// while the page's content is at its top edge or the page has no scroll view, blended over
/// ``scrollEdgeBlendDistance`` points of scrolling. During a push or pop, titles, back buttons and large
/// titles move as on iOS (the previous title travels into the back button's place; a large title slides with
/// its page), each page's background cross-fades (a page's ``NavigationItem/barTintColor``, Segue's
/// addition, slides with its page instead), and the bar's height follows from one page's to the other's: all
/// alongside the transition, so an interactive pop scrubs them and a cancelled one puts them back. During a
/// page's zoom (``ViewController/preferredTransition``) and under Reduce Motion the titles and items fade in
/// place instead, as UIKit's bar does.
///
/// Differs from UIKit: the bar row is 44 points (iOS 26 draws 54; Segue's window has no status bar and its
/// traces keep the 44-point bar); bar items are text, not glass capsules; no prompts, search or
/// `titleView`; the compact
/// appearances apply while the bar is wider than the window is tall.
@MainActor
public final class NavigationBar: View {
    /// The bar's background where no page gives a tint (iOS's light bar).
    public static let defaultBarColor = Color(white: 0.97)
    /// The title's font size, in points (iOS's 17 pt semibold).
    public static let titleFontSize: CGFloat = 17
    /// The large title's font size, in points (iOS's `largeTitle` text style, 34 pt bold).
    public static let largeTitleFontSize: CGFloat = 34
    /// The large title's height below the bar row, in points (measured on iOS 27: -168 vs -116).
    public static let largeTitleHeight: CGFloat = 52
    /// The large title's leading margin, in points (the layout margin of a 402-point iPhone).
    public static let largeTitleLeadingMargin: CGFloat = 16
    /// How much of the large title must be under the bar at a release for it to snap fully under (else it
    /// snaps back out): half of it. On iOS 27 25 of 52 points snap out and 30 snap under.
    public static let largeTitleSnapFraction: CGFloat = 0.5
    /// How far a hidden inline title sits below its place, in points (`hiddenYOffset`, iOS 27).
    public static let inlineTitleHiddenOffset: CGFloat = 15
    /// How close to fully under the bar the large title must be for the inline title to appear, in points:
    /// half a point, which the eye cannot tell from fully under (Segue's choice: a snap's spring reaches its
    /// end only in the limit, and waiting for the last fraction of a point held the inline title back for a
    /// further quarter of a second after the snap looked done).
    public static let largeTitleUnderTolerance: CGFloat = 0.5

    /// Whether a large title with `hidden` points under the bar counts as fully under.
    func isUnder(hidden: CGFloat) -> Bool { hidden >= Self.largeTitleHeight - Self.largeTitleUnderTolerance }

    /// How blurred a hidden inline title is, in points (`blurRadius`, iOS 27; read as the Gaussian's standard
    /// deviation, the unit of `Layer.contentBlurRadius`: iOS does not say which measure its radius is).
    public static let inlineTitleHiddenBlurRadius: CGFloat = 4
    /// How long the inline title takes to appear or hide when the content is still, in seconds (the title
    /// transition's `fastDuration`, iOS 27); faster content shortens it (``titleTransitionDuration(velocity:)``).
    public static let titleTransitionDuration = 0.45
    /// The shortest title transition, as a fraction of ``titleTransitionDuration`` (`minDurationFactor`, iOS 27):
    /// reached at ``titleTransitionMaximumScrollVelocity``.
    public static let titleTransitionMinimumDurationFactor = 0.5
    /// The longest title transition, as a fraction of ``titleTransitionDuration`` (`maxDurationFactor`, iOS 27):
    /// content at rest.
    public static let titleTransitionMaximumDurationFactor = 1.0
    /// The scroll speed at and above which the title transition is at its shortest, in points per second
    /// (`maxScrollVelocity`, iOS 27).
    public static let titleTransitionMaximumScrollVelocity = 2000.0

    /// How long a title transition started while the content scrolls at `velocity` points per second takes,
    /// in seconds: ``titleTransitionDuration`` times a factor going straight from
    /// ``titleTransitionMaximumDurationFactor`` (at rest) down to ``titleTransitionMinimumDurationFactor`` (at
    /// ``titleTransitionMaximumScrollVelocity`` and faster). iOS 27's settings give these four constants but not
    /// how they combine; the straight line between them is Segue's reading.
    public static func titleTransitionDuration(velocity: Double) -> Double {
        let speed = velocity.isFinite ? min(abs(velocity) / titleTransitionMaximumScrollVelocity, 1) : 1
        let factor = titleTransitionMaximumDurationFactor
            - (titleTransitionMaximumDurationFactor - titleTransitionMinimumDurationFactor) * speed
        return titleTransitionDuration * factor
    }
    /// How far the content scrolls under the bar while the scroll-edge look blends into the standard one, in
    /// points (Segue's choice: UIKit documents none; a few points, so the bar settles at once).
    public static let scrollEdgeBlendDistance: CGFloat = 10
    /// The space between the title and the items beside it, in points (`titleControlPadding`, iOS 27).
    public static let titleControlPadding: CGFloat = 12
    /// The smallest width of a bar button, in points (`buttonMinimumWidth`, iOS 27).
    public static let buttonMinimumWidth: CGFloat = 51
    /// The space inside a bar button on each side of its title, in points (`buttonHorizontalPadding`).
    public static let buttonHorizontalPadding: CGFloat = 10
    /// The back button's leading inset, in points (`backButtonLeadingPadding`, iOS 27).
    public static let backButtonLeadingPadding: CGFloat = 7
    /// The inset of the bar's other buttons from the bar's edges, in points; also the start of the region the
    /// monkey taps for the back button (Segue's choice: the spec gives the back button's padding only).
    public static let backButtonInset: CGFloat = 8
    /// The spring a large title released partly under the bar snaps out or under on, for a release at
    /// `velocity` points per second of content offset: derived from the title transition's constants, a
    /// response/damping-ratio spring whose response is the title transition's duration at that speed
    /// (``titleTransitionDuration(velocity:)``: 0.45 s from rest, down to 0.225 s at 2,000 pt/s) and whose
    /// damping ratio is 1 (no bounce: iOS's title snap does not overshoot; the settings' `bounceFactor` 0.4 is
    /// not applied). From rest over any distance it settles within 0.1 % of it 0.661 s after the release.
    public static func largeTitleSnapSpring(velocity: Double) -> Spring {
        Spring(dampingRatio: 1, response: titleTransitionDuration(velocity: velocity))
    }
    /// The space after the back button's title, in points (`backButtonTrailingPadding`, iOS 27).
    public static let backButtonTrailingPadding: CGFloat = 8
    /// The back button's widest extent, in points: a longer back title is shortened ("Back", the chevron).
    public static let backButtonWidth: CGFloat = 120
    /// How far titles slide during a transition, as a fraction of the bar's width.
    public static let titleSlideFraction: CGFloat = 0.3
    /// The opacity of a translucent bar's tint (``NavigationItem/barTintColor``): iOS 7-12's bar was tinted
    /// at about 85 % over its blur (developers' measurements; Apple documents no number).
    public static let translucentAlpha: CGFloat = 0.85

    /// Whether the bar is translucent (default true, as in UIKit): its background lets the pages show
    /// through, and the navigation controller's transition view spans the whole view with the pages under the
    /// bar (the bar's height is in their ``View/safeAreaInsets``; a page without `.top` in its
    /// ``ViewController/edgesForExtendedLayout`` starts below it). An opaque bar puts the pages below it and
    /// draws every background opaque. Scroll views under a translucent bar start their content below it
    /// (``CollectionView/adjustedContentInset``).
    public var isTranslucent = true {
        didSet {
            guard isTranslucent != oldValue else { return }
            refreshLooks()
            navigationController?.viewIfLoaded?.setNeedsLayout()
        }
    }

    /// Whether pages show large titles (their ``NavigationItem/largeTitleDisplayMode`` decides which).
    public var prefersLargeTitles = false {
        didSet {
            guard prefersLargeTitles != oldValue, let nav = navigationController else { return }
            update(for: nav.viewControllers)
            nav.viewIfLoaded?.setNeedsLayout()
        }
    }

    /// The look once content scrolls under the bar (a page's own wins).
    public var standardAppearance = NavigationBarAppearance() { didSet { appearancesChanged() } }
    /// The look while the content is at its scroll edge (nil: the standard one with a transparent background).
    public var scrollEdgeAppearance: NavigationBarAppearance? { didSet { appearancesChanged() } }
    /// The look when compact (nil: the standard one).
    public var compactAppearance: NavigationBarAppearance? { didSet { appearancesChanged() } }
    /// The look when compact and at the scroll edge (nil: the scroll-edge one).
    public var compactScrollEdgeAppearance: NavigationBarAppearance? { didSet { appearancesChanged() } }

    /// The inline title's attributes (`.foregroundColor`, `.font`), the pre-iOS 13 way: as in UIKit since
    /// iOS 13, setting them sets them on each of the bar's appearances (``standardAppearance`` and those of
    /// ``scrollEdgeAppearance``, ``compactAppearance`` and ``compactScrollEdgeAppearance`` that are set); a
    /// page's own appearance wins. Reading gives the standard appearance's.
    public var titleTextAttributes: [NSAttributedString.Key: Any]? {
        get { standardAppearance.titleTextAttributes }
        set {
            for appearance in barAppearances { appearance.titleTextAttributes = newValue ?? [:] }
            appearancesChanged()
        }
    }

    /// The large title's attributes (`.foregroundColor`, `.font`), the pre-iOS 13 way: set on each of the
    /// bar's appearances, as ``titleTextAttributes`` is.
    public var largeTitleTextAttributes: [NSAttributedString.Key: Any]? {
        get { standardAppearance.largeTitleTextAttributes }
        set {
            for appearance in barAppearances { appearance.largeTitleTextAttributes = newValue ?? [:] }
            appearancesChanged()
        }
    }

    /// The bar's own appearances that are set.
    private var barAppearances: [NavigationBarAppearance] {
        [standardAppearance] + [scrollEdgeAppearance, compactAppearance, compactScrollEdgeAppearance].compactMap { $0 }
    }

    /// Lays the top page's content out again with its appearance's fonts and colours.
    private func appearancesChanged() {
        guard let nav = navigationController, nav.currentTransition == nil else { return refreshLooks() }
        update(for: nav.viewControllers)
        refreshLooks()
    }

    weak var navigationController: NavigationController?
    /// The content shown now (title, back button, large title), replaced during transitions.
    private(set) var content: NavigationBarContent?
    /// The top page's background (it moves with its page, or cross-fades, during a transition).
    private(set) var background: NavigationBarBackground?

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        autoresizingMask = [.flexibleWidth]
    }

    /// The title shown now.
    public var title: String? { content?.titleLabel.text }
    /// The back button shown now (nil at the root).
    public var backButton: Button? { content?.backButton }
    /// The large title shown now (nil when the top page's title is inline).
    public var largeTitleLabel: Label? { content?.largeTitleLabel }
    /// The inline title's label.
    public var titleLabel: Label? { content?.titleLabel }

    /// The view drawing the top page's background (blur, colour, hairline); it moves with its page or
    /// cross-fades during a transition.
    public var tintView: View? { background }
    /// The top page's background colour, opaque (its ``NavigationItem/barTintColor``, or its appearance's
    /// background colour blended by its scroll position); `.clear` when the bar draws none (a transparent
    /// scroll-edge look). A translucent bar draws it at its colour's alpha (a tint at ``translucentAlpha``).
    public var currentTintColor: Color? {
        guard let color = background?.look?.background else { return nil }
        return color.alpha == 0 ? .clear : color.withAlphaComponent(1)
    }

    /// The bar's height for `page` at rest: the bar row, plus the part of the large title shown.
    func height(for page: ViewController) -> CGFloat {
        NavigationController.navigationBarHeight + largeTitleShown(for: page)
    }

    // MARK: Large titles

    /// Whether `page` shows a large title in this bar.
    func showsLargeTitle(_ page: ViewController) -> Bool {
        guard prefersLargeTitles else { return false }
        return resolvedLargeTitleMode(of: page) == .always
    }

    /// `page`'s display mode with `.automatic` resolved from the pages below it (the root: `.always`) and
    /// `.inline` as `.never`.
    public func resolvedLargeTitleMode(of page: ViewController) -> NavigationItem.LargeTitleDisplayMode {
        var mode = page.navigationItem.largeTitleDisplayMode
        if mode == .automatic, let stack = navigationController?.viewControllers,
           let index = stack.firstIndex(where: { $0 === page }) {
            var i = index - 1
            while mode == .automatic, i >= 0 {
                mode = stack[i].navigationItem.largeTitleDisplayMode
                i -= 1
            }
        }
        return mode == .automatic ? .always : (mode == .inline ? .never : mode)
    }

    /// How many points of `page`'s large title are under the bar (0: all shown), kept per page.
    private var hiddenLargeTitle: [ObjectIdentifier: CGFloat] = [:]

    /// How much of `page`'s large title shows below the bar row, in points (0 without one).
    func largeTitleShown(for page: ViewController) -> CGFloat {
        guard showsLargeTitle(page) else { return 0 }
        return Self.largeTitleHeight - (hiddenLargeTitle[ObjectIdentifier(page)] ?? 0)
    }

    /// The scroll view whose scrolling `page`'s bar follows: the item's ``NavigationItem/contentScrollView(for:)``,
    /// else the first vertical collection view in the page's view (itself, then its subviews, breadth first).
    public func contentScrollView(of page: ViewController) -> CollectionView? {
        if let set = page.navigationItem.contentScrollView(for: .top) { return set }
        guard let root = page.viewIfLoaded else { return nil }
        // Asked on every scroll: the one found last time, while it is still in the page, saves the walk.
        let key = ObjectIdentifier(page)
        if let found = foundScrollViews[key]?.object, found.isDescendant(of: root) { return found }
        // A page found without any collection view is not walked again until something below its view changed
        // (a view added bumps its layer's generation below): a page of rows is asked several times a navigation.
        if let none = pagesWithoutCollectionViews[key], none.root.object === root,
           none.below == root.layer.sublayersGeneration {
            return nil
        }
        // Breadth first, the queue read from a moving head (removing its first element would move the rest:
        // quadratic in a page of a few hundred views without a scroll view, walked at every navigation).
        var queue = [root]
        var head = 0
        var hasCollectionView = false
        while head < queue.count {
            let view = queue[head]
            head += 1
            if let scroll = view as? CollectionView {
                if !scroll.scrollsHorizontally {
                    foundScrollViews[key] = WeakReference(scroll)
                    pagesWithoutCollectionViews[key] = nil
                    return scroll
                }
                hasCollectionView = true
            }
            queue += view.subviews
        }
        if hasCollectionView {
            pagesWithoutCollectionViews[key] = nil
        } else {
            if pagesWithoutCollectionViews.count >= Self.pagesWithoutCollectionViewsKept {
                pagesWithoutCollectionViews = pagesWithoutCollectionViews.filter { $0.value.root.object != nil }
            }
            pagesWithoutCollectionViews[key] = (WeakReference(root), root.layer.sublayersGeneration)
        }
        return nil
    }

    /// Pages whose view held no collection view at all when last walked, with that view and its layer's
    /// generation below then (``contentScrollView(of:)``).
    private var pagesWithoutCollectionViews: [ObjectIdentifier: (root: WeakReference<View>, below: UInt64)] = [:]
    /// How many such pages are remembered before those whose view is gone are forgotten.
    static let pagesWithoutCollectionViewsKept = 64

    /// The scroll view ``contentScrollView(of:)`` found in each page's view.
    private var foundScrollViews: [ObjectIdentifier: WeakReference<CollectionView>] = [:]

    /// The page whose scroll view `scrollView` is, among the stack's (the top first).
    private func page(scrolledBy scrollView: CollectionView) -> ViewController? {
        navigationController?.viewControllers.reversed().first { contentScrollView(of: $0) === scrollView }
    }

    /// Follows a scroll of `scrollView`: its page's large title collapses or comes back 1:1, the page's safe
    /// area follows, the inline title shows once the large title is fully under, and the look blends between
    /// the scroll-edge and standard appearances.
    func contentDidScroll(_ scrollView: CollectionView) {
        guard let page = page(scrolledBy: scrollView) else { return }
        if showsLargeTitle(page) {
            let key = ObjectIdentifier(page)
            let old = hiddenLargeTitle[key] ?? 0
            let expandedTop = scrollView.adjustedContentInset.top + old
            let hidden = min(max(scrollView.contentOffset.y + expandedTop, 0), Self.largeTitleHeight)
            if hidden != old {
                hiddenLargeTitle[key] = hidden
                if page === navigationController?.topViewController, navigationController?.currentTransition == nil {
                    frame.size.height = height(for: page)
                    content?.setLargeTitleShown(Self.largeTitleHeight - hidden)
                    content?.setInlineTitleShown(isUnder(hidden: hidden), animated: true,
                                                 duration: Self.titleTransitionDuration(velocity: Double(scrollView.scrollVelocity.y)))
                }
                navigationController?.barHeightDidChange()
            }
        }
        if page === navigationController?.topViewController, navigationController?.currentTransition == nil {
            let look = look(for: page)
            background?.look = look
            content?.applyTitleColors(look)
        }
    }

    /// How far `scrollView` may scroll above its adjusted top: the part of its page's large title that is
    /// under the bar (it can be pulled back out).
    func extraTopRange(of scrollView: CollectionView) -> CGFloat {
        guard let page = page(scrolledBy: scrollView), showsLargeTitle(page) else { return 0 }
        return hiddenLargeTitle[ObjectIdentifier(page)] ?? 0
    }

    /// Where a drag of `scrollView` that would come to rest at `offset` rests instead: with its page's large
    /// title partly under the bar, fully out or fully under (``largeTitleSnapFraction``); nil elsewhere.
    func restingOffset(of scrollView: CollectionView, for offset: CGFloat) -> CGFloat? {
        guard let page = page(scrolledBy: scrollView), showsLargeTitle(page) else { return nil }
        let expandedTop = scrollView.adjustedContentInset.top + (hiddenLargeTitle[ObjectIdentifier(page)] ?? 0)
        let hidden = offset + expandedTop
        guard hidden > 0, hidden < Self.largeTitleHeight else { return nil }
        return hidden > Self.largeTitleHeight * Self.largeTitleSnapFraction
            ? Self.largeTitleHeight - expandedTop : -expandedTop
    }

    // MARK: Appearances

    /// Whether the compact appearances apply (the bar is wider than its window is tall).
    private var isCompact: Bool {
        guard let window else { return false }
        return window.bounds.width > window.bounds.height
    }

    /// How far `page`'s content is scrolled under the bar, as a fraction of ``scrollEdgeBlendDistance``
    /// (0: at the scroll edge, or no scroll view).
    func scrollEdgeProgress(of page: ViewController) -> CGFloat {
        guard let scroll = contentScrollView(of: page) else { return 0 }
        let under = scroll.contentOffset.y + scroll.adjustedContentInset.top
        return min(max(under / Self.scrollEdgeBlendDistance, 0), 1)
    }

    /// What the bar draws for `page` now: its standard and scroll-edge looks blended by its scroll position;
    /// its ``NavigationItem/barTintColor`` as the background when it has one; opaque when the bar is not
    /// translucent.
    func look(for page: ViewController) -> NavigationBarLook {
        let item = page.navigationItem
        let standard = standardAppearance(for: page)
        let edge = (isCompact ? item.compactScrollEdgeAppearance ?? compactScrollEdgeAppearance : nil)
            ?? item.scrollEdgeAppearance ?? scrollEdgeAppearance
        var edgeLook = edge?.resolved ?? {
            var transparent = standard.resolved
            transparent.background = .clear
            transparent.effect = nil
            transparent.effectAmount = 0
            transparent.shadow = .clear
            return transparent
        }()
        var standardLook = standard.resolved
        if let tint = item.barTintColor {
            let alpha = isTranslucent ? Self.translucentAlpha : 1
            standardLook.background = tint.withAlphaComponent(alpha)
            edgeLook.background = tint.withAlphaComponent(alpha)
        }
        var look = NavigationBarLook.blend(edgeLook, standardLook, Double(scrollEdgeProgress(of: page)))
        if !isTranslucent {
            look.background = look.background.alpha == 0 ? Self.defaultBarColor : look.background.withAlphaComponent(1)
            look.effect = nil
            look.effectAmount = 0
        }
        return look
    }

    /// The appearance `page` uses once content scrolls under the bar (compact when the bar is): its own, else
    /// the bar's. The titles' fonts come from it (a scroll-edge appearance's fonts are not used: Segue lays the
    /// bar out once per page).
    private func standardAppearance(for page: ViewController) -> NavigationBarAppearance {
        let item = page.navigationItem
        return (isCompact ? item.compactAppearance ?? compactAppearance : nil) ?? item.standardAppearance ?? standardAppearance
    }

    private func refreshLooks() {
        guard let top = navigationController?.topViewController, navigationController?.currentTransition == nil else { return }
        let look = look(for: top)
        background?.look = look
        content?.applyTitleColors(look)
    }

    // MARK: Showing a page

    /// Shows the content for the top of `stack` at once.
    func update(for stack: [ViewController]) {
        // What is kept per page is for the pages in the stack (a freed page's identifier may be reused).
        let inStack = Set(stack.map(ObjectIdentifier.init))
        hiddenLargeTitle = hiddenLargeTitle.filter { inStack.contains($0.key) }
        foundScrollViews = foundScrollViews.filter { inStack.contains($0.key) }
        content?.removeFromSuperview()
        background?.removeFromSuperview()
        guard let top = stack.last else { content = nil; background = nil; return }
        let below = stack.count > 1 ? stack[stack.count - 2] : nil
        frame.size.height = height(for: top)
        let back = makeBackground(for: top)
        insertSubview(back, at: 0)
        background = back
        let next = makeContent(for: top, below: below)
        addSubview(next)
        content = next
    }

    private func makeBackground(for page: ViewController) -> NavigationBarBackground {
        let b = NavigationBarBackground(frame: bounds)
        b.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        b.look = look(for: page)
        return b
    }

    private func makeContent(for page: ViewController, below: ViewController?) -> NavigationBarContent {
        let expanded = CGRect(x: 0, y: 0, width: bounds.width,
                              height: NavigationController.navigationBarHeight + Self.largeTitleHeight)
        let backTitle = below.map { item in
            item.navigationItem.backButtonTitle ?? item.navigationItem.backBarButtonItem?.title ?? item.navigationItem.title
        }
        let fonts = standardAppearance(for: page)
        let c = NavigationBarContent(frame: expanded, item: page.navigationItem, hasBackButton: below != nil,
                                     backTitle: backTitle ?? nil, showsLargeTitle: showsLargeTitle(page),
                                     titleFont: fonts.titleFont, largeTitleFont: fonts.largeTitleFont)
        c.autoresizingMask = [.flexibleWidth]
        let look = look(for: page)
        c.applyTitleColors(look)
        let shown = largeTitleShown(for: page)
        c.setLargeTitleShown(shown)
        c.setInlineTitleShown(!showsLargeTitle(page) || isUnder(hidden: Self.largeTitleHeight - shown), animated: false)
        c.backButton?.addAction({ [weak self] _ in
            self?.navigationController?.backButtonTapped()
        }, for: .touchUpInside)
        return c
    }

    // MARK: Transitions

    /// Moves the bar from `from`'s content to `to`'s alongside `coordinator`, as iOS does: on a push the old
    /// title travels into the new back button's place while the new title comes in from the trailing side, a
    /// pop the reverse; large titles slide with their pages; backgrounds cross-fade (a page's bar tint moves
    /// exactly as its page does; when both pages' looks are equal the one background stays, as UIKit's bar keeps its
    /// background when the appearance does not change); the bar's height goes from one page's to the other's.
    /// `crossFades`: everything fades where it is instead of moving (under Reduce Motion, and for a page's
    /// zoom ``ViewController/preferredTransition``, as UIKit's bar does during a zoom).
    func transition(from: ViewController, to: ViewController, operation: NavigationController.Operation,
                    coordinator: ContainerTransition, crossFades: Bool = false) {
        guard let nav = navigationController else { return }
        let old = content
        let oldBackground = background
        let stack = nav.viewControllers
        let below = stack.firstIndex { $0 === to }.flatMap { $0 > 0 ? stack[$0 - 1] : nil }
        let incoming = makeContent(for: to, below: below)
        let push = operation == .push
        let w = bounds.width
        let parallax = crossFades ? 0 : nav.transitionSettings.parallax
        let shift = crossFades ? 0 : w * Self.titleSlideFraction
        let slidesBackgrounds = !crossFades && (from.navigationItem.barTintColor != nil || to.navigationItem.barTintColor != nil)
        // Both pages look the same: the one background stays (two translucent ones cross-faded would let
        // more of the backdrop through half-way: 1 - (1 - a/2)^2 of cover, not a).
        let keepsBackground = !slidesBackgrounds && oldBackground != nil && oldBackground?.look == look(for: to)
        let incomingBackground = keepsBackground ? oldBackground! : makeBackground(for: to)
        let endHeight = height(for: to)
        View.performWithoutAnimation {
            incoming.prepareToArrive(replacing: old, push: push, shift: shift, pageTravel: push ? w : -parallax * w,
                                     moves: !crossFades)
            if slidesBackgrounds {
                incomingBackground.frame = bounds.offsetBy(dx: push ? w : -parallax * w, dy: 0)
            }
            if !keepsBackground {
                // A push fades its background in over the old one; a pop's lies under the old one, which fades out.
                incomingBackground.alpha = push && !slidesBackgrounds && oldBackground != nil ? 0 : 1
                if push, let oldBackground {
                    insertSubview(incomingBackground, aboveSubview: oldBackground)
                } else if let oldBackground {
                    insertSubview(incomingBackground, belowSubview: oldBackground)
                } else {
                    insertSubview(incomingBackground, at: 0)
                }
            }
            addSubview(incoming)
        }
        content = incoming
        background = incomingBackground
        coordinator.animateAlongsideTransition(in: self, animation: { [weak self] _ in
            guard let self else { return }
            self.frame.size.height = endHeight
            incoming.arrive()
            old?.leave(towards: incoming, push: push, shift: shift, pageTravel: push ? -parallax * w : w, moves: !crossFades)
            if slidesBackgrounds {
                incomingBackground.frame = self.bounds
                oldBackground?.frame = self.bounds.offsetBy(dx: push ? -parallax * w : w, dy: 0)
            } else if keepsBackground {
                // Nothing to fade: the bar's one background stays as it is.
            } else if push {
                incomingBackground.alpha = 1
                oldBackground?.alpha = 0
            } else {
                oldBackground?.alpha = 0
            }
        }, completion: { [weak self] context in
            guard let self else { return }
            // The container may already have shown its stack's top (`update(for:)`) before this runs: then
            // that content is current, and both the old and the incoming content leave.
            if context.isCancelled, self.content === incoming {
                self.content = old
                self.background = oldBackground
            }
            for view in [old, oldBackground, incoming, incomingBackground] as [View?] {
                guard let view, view !== self.content, view !== self.background else { continue }
                view.removeFromSuperview()
            }
        })
    }
}

/// One page's bar background: its appearance's blur and colour, and the hairline at the bar's bottom.
@MainActor
final class NavigationBarBackground: View {
    let effectView = VisualEffectView(effect: nil)
    let colorView = View()
    let shadowView = View()
    /// The hairline's thickness, in points (one pixel at 2x, as on iPhones of that scale).
    static let shadowThickness: CGFloat = 0.5

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        layer.name = "bar background"
        for view in [effectView, colorView] {
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
        colorView.layer.name = "bar tint"
        shadowView.frame = CGRect(x: 0, y: bounds.height - Self.shadowThickness, width: bounds.width, height: Self.shadowThickness)
        shadowView.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        shadowView.isUserInteractionEnabled = false
        addSubview(shadowView)
    }

    /// The colours drawn.
    var look: NavigationBarLook? {
        didSet {
            guard let look, look != oldValue else { return }
            View.performWithoutAnimation {
                colorView.backgroundColor = look.background
                shadowView.backgroundColor = look.shadow
                if let style = look.effect, look.effectAmount > 0 {
                    if (effectView.effect as? BlurEffect)?.style != style { effectView.effect = BlurEffect(style: style) }
                    effectView.alpha = CGFloat(look.effectAmount)
                } else {
                    effectView.effect = nil
                }
            }
        }
    }
}
