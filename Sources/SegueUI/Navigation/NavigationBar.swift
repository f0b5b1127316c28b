import SegueAnimation

/// The bar at the top of a navigation controller (`UINavigationBar`): the top page's title, a back button
/// titled after the page below (tapping it pops), the pages' bar buttons, and a background tinted by the
/// top page's ``NavigationItem/barTintColor``. During a push or pop its content cross-fades and slides
/// with the pages, alongside the transition (so it is scrubbed with an interactive pop too).
///
/// Differs from UIKit: a plain bar with text buttons; no large titles, prompts or appearance API.
@MainActor
public final class NavigationBar: View {
    /// The bar's background where no page gives a tint (iOS's light bar).
    public static let defaultBarColor = Color(white: 0.97)
    /// The title's font size, in points (iOS's 17 pt semibold).
    public static let titleFontSize: CGFloat = 17
    /// The back button's leading inset and width, in points.
    public static let backButtonInset: CGFloat = 8
    /// The back button's width, in points (a fixed slot: Segue does not measure the back title yet).
    public static let backButtonWidth: CGFloat = 120
    /// How far titles slide during a transition, as a fraction of the bar's width.
    public static let titleSlideFraction: CGFloat = 0.3

    /// The opacity of a translucent bar's background: iOS 7-12's default bar was white at about 85 %
    /// over a blur of what lies below (developers' measurements; Apple documents no number). Segue draws
    /// no blur.
    public static let translucentAlpha: CGFloat = 0.85

    /// Whether the bar is translucent (default true, as in UIKit): its background lets the pages show through, and the navigation
    /// controller's transition view spans the whole view with the pages under the bar (the bar's height is
    /// in their ``View/safeAreaInsets``; a page without `.top` in its
    /// ``ViewController/edgesForExtendedLayout`` starts below it). An opaque bar puts the transition view
    /// and the pages below it. Scroll views under a translucent bar start their content below it
    /// (``CollectionView/adjustedContentInset``).
    public var isTranslucent = true {
        didSet {
            guard isTranslucent != oldValue else { return }
            applyTranslucency()
            navigationController?.viewIfLoaded?.setNeedsLayout()
        }
    }

    weak var navigationController: NavigationController?
    /// The content shown now (title, back button), replaced during transitions.
    private(set) var content: NavigationBarContent?

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        autoresizingMask = [.flexibleWidth]
        applyTranslucency()
    }

    /// The background and the page tints, opaque or translucent.
    private func applyTranslucency() {
        backgroundColor = isTranslucent ? .clear : Self.defaultBarColor
        for tint in subviews where tint.layer.name == Self.tintName { tint.alpha = isTranslucent ? Self.translucentAlpha : 1 }
    }

    private static let tintName = "bar tint"

    /// The title shown now.
    public var title: String? { content?.titleLabel.text }
    /// The back button shown now (nil at the root).
    public var backButton: Button? { content?.backButton }

    /// The page's tint behind the bar's content (it moves with its page during a transition).
    private(set) var tintView: View?
    /// The tint shown for the top page (its ``NavigationItem/barTintColor``, or ``defaultBarColor``).
    public var currentTintColor: Color? { tintView?.backgroundColor }

    /// Shows the content for the top of `stack` at once.
    func update(for stack: [ViewController]) {
        content?.removeFromSuperview()
        tintView?.removeFromSuperview()
        guard let top = stack.last else { content = nil; tintView = nil; return }
        let below = stack.count > 1 ? stack[stack.count - 2] : nil
        let tint = makeTint(for: top)
        addSubview(tint)
        tintView = tint
        let next = makeContent(for: top, below: below)
        addSubview(next)
        content = next
    }

    private func makeTint(for page: ViewController) -> View {
        let tint = View(frame: bounds)
        tint.backgroundColor = page.navigationItem.barTintColor ?? Self.defaultBarColor
        tint.alpha = isTranslucent ? Self.translucentAlpha : 1
        tint.layer.name = Self.tintName
        tint.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tint.isUserInteractionEnabled = false
        return tint
    }

    private func makeContent(for page: ViewController, below: ViewController?) -> NavigationBarContent {
        let c = NavigationBarContent(frame: bounds, item: page.navigationItem,
                                     backTitle: below.map { $0.navigationItem.backButtonTitle ?? $0.navigationItem.title ?? "Back" })
        c.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        c.backButton?.addAction({ [weak self] _ in
            self?.navigationController?.backButtonTapped()
        }, for: .touchUpInside)
        return c
    }

    /// Cross-fades and slides the bar's content from `from`'s to `to`'s alongside `coordinator`; each page's
    /// bar tint moves exactly as its page does (in from the trailing edge over the old one on a push, the
    /// lower one a parallax step behind).
    /// `crossFades`: under Reduce Motion, the titles and tints fade where they are instead of sliding.
    func transition(from: ViewController, to: ViewController, operation: NavigationController.Operation,
                    coordinator: ContainerTransition, crossFades: Bool = false) {
        guard let nav = navigationController else { return }
        let old = content
        let oldTint = tintView
        let stack = nav.viewControllers
        let below = stack.firstIndex { $0 === to }.flatMap { $0 > 0 ? stack[$0 - 1] : nil }
        let incoming = makeContent(for: to, below: below)
        let incomingTint = makeTint(for: to)
        let push = operation == .push
        let w = bounds.width
        let parallax = crossFades ? 0 : nav.transitionSettings.parallax
        let shift = crossFades ? 0 : w * Self.titleSlideFraction * (push ? 1 : -1)
        View.performWithoutAnimation {
            incoming.alpha = 0
            incoming.frame = bounds.offsetBy(dx: shift, dy: 0)
            incomingTint.frame = crossFades ? bounds : bounds.offsetBy(dx: push ? w : -parallax * w, dy: 0)
            if crossFades { incomingTint.alpha = push ? 0 : 1 }
            if push, let oldTint {
                insertSubview(incomingTint, aboveSubview: oldTint)
            } else if let oldTint {
                insertSubview(incomingTint, belowSubview: oldTint)
            } else {
                insertSubview(incomingTint, at: 0)
            }
            addSubview(incoming)
        }
        content = incoming
        tintView = incomingTint
        coordinator.animateAlongsideTransition(in: self, animation: { [weak self] _ in
            guard let self else { return }
            incoming.alpha = 1
            incoming.frame = self.bounds
            incomingTint.frame = self.bounds
            old?.alpha = 0
            old?.frame = self.bounds.offsetBy(dx: -shift, dy: 0)
            if crossFades {
                // The tint above fades: the incoming one in on a push, the old one out on a pop.
                if push { incomingTint.alpha = 1 } else { oldTint?.alpha = 0 }
            } else {
                oldTint?.frame = self.bounds.offsetBy(dx: push ? -parallax * w : w, dy: 0)
            }
        }, completion: { [weak self] context in
            guard let self else { return }
            // The container may already have shown its stack's top (`update(for:)`) before this runs: then
            // that content is current, and both the old and the incoming content leave.
            if context.isCancelled, self.content === incoming {
                self.content = old
                self.tintView = oldTint
            }
            for view in [old, oldTint, incoming, incomingTint] {
                guard let view, view !== self.content, view !== self.tintView else { continue }
                view.removeFromSuperview()
            }
        })
    }
}

/// One page's bar content: its title and back button.
@MainActor
final class NavigationBarContent: View {
    let titleLabel = Label()
    let backButton: Button?

    let leftButton: Button?
    let rightButton: Button?

    init(frame: CGRect, item: NavigationItem, backTitle: String?) {
        backButton = (backTitle == nil || item.hidesBackButton || item.leftBarButtonItem != nil) ? nil : Button()
        leftButton = item.leftBarButtonItem.map { Self.button(for: $0) }
        rightButton = item.rightBarButtonItem.map { Self.button(for: $0) }
        super.init(frame: frame)
        titleLabel.text = item.title
        titleLabel.font = Font.boldSystemFont(ofSize: NavigationBar.titleFontSize)
        titleLabel.textAlignment = .center
        titleLabel.frame = bounds.insetBy(dx: NavigationBar.backButtonWidth, dy: 0)
        titleLabel.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(titleLabel)
        if let backButton, let backTitle {
            backButton.setTitle("‹ " + backTitle, for: .normal)
            backButton.frame = CGRect(x: NavigationBar.backButtonInset, y: 0, width: NavigationBar.backButtonWidth,
                                      height: bounds.height)
            addSubview(backButton)
        }
        if let leftButton {
            leftButton.frame = CGRect(x: NavigationBar.backButtonInset, y: 0, width: NavigationBar.backButtonWidth,
                                      height: bounds.height)
            addSubview(leftButton)
        }
        if let rightButton {
            rightButton.frame = CGRect(x: bounds.width - NavigationBar.backButtonInset - NavigationBar.backButtonWidth, y: 0,
                                       width: NavigationBar.backButtonWidth, height: bounds.height)
            rightButton.autoresizingMask = [.flexibleLeftMargin]
            addSubview(rightButton)
        }
    }

    private static func button(for item: BarButtonItem) -> Button {
        let button = Button()
        button.setTitle(item.title, for: .normal)
        button.addAction({ [weak item] _ in
            guard let item else { return }
            item.action?(item)
        }, for: .touchUpInside)
        return button
    }
}
