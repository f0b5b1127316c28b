import Foundation
import SegueAnimation

/// The back button of a navigation bar: a chevron and the previous page's back title (its ``Button/titleLabel``),
/// which moves on its own during a push or pop.
@MainActor
public final class NavigationBackButton: Button {
    /// The chevron.
    public let chevronLabel = Label()
    /// The chevron's text (DejaVu Sans has no SF Symbol; a single guillemet at the title's size).
    public static let chevron = "‹"
    /// The space between the chevron and the title, in points.
    public static let chevronSpacing: CGFloat = 5

    override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        titleLabel.autoresizingMask = []
        titleLabel.textAlignment = .left
        chevronLabel.text = Self.chevron
        chevronLabel.textColor = .systemBlue
        addSubview(chevronLabel)
    }

    /// The width of a back button showing `title` (empty: the chevron alone) in `font`.
    static func width(showing title: String, font: Font) -> CGFloat {
        let chevron = CGFloat(font.width(of: chevron))
        guard !title.isEmpty else { return chevron + NavigationBar.backButtonTrailingPadding }
        return chevron + chevronSpacing + CGFloat(font.width(of: title)) + NavigationBar.backButtonTrailingPadding
    }

    /// Takes touches at least ``NavigationBar/buttonMinimumWidth`` points from its leading edge, the bar's
    /// whole height, however short its title (the chevron alone is 17 points wide; UIKit's targets are wider
    /// than what they draw too).
    override public func point(inside point: CGPoint, with event: Event?) -> Bool {
        point.x >= 0 && point.x < max(bounds.width, NavigationBar.buttonMinimumWidth) && point.y >= 0 && point.y < bounds.height
    }

    /// Places the chevron at the leading edge and the title after it.
    override public func layoutSubviews() {
        super.layoutSubviews()
        let font = titleLabel.font
        let chevronWidth = CGFloat(font.width(of: Self.chevron))
        chevronLabel.font = font
        chevronLabel.frame = CGRect(x: 0, y: 0, width: chevronWidth, height: bounds.height)
        titleLabel.frame = restingTitleFrame
    }

    /// The title's frame at rest, in the button's coordinates: its measured width plus one point of slack, so
    /// that the label's own truncation never shortens a title the layout measured to fit.
    var restingTitleFrame: CGRect {
        let x = CGFloat(titleLabel.font.width(of: Self.chevron)) + Self.chevronSpacing
        return CGRect(x: x, y: 0, width: max(0, bounds.width - x - NavigationBar.backButtonTrailingPadding + 1), height: bounds.height)
    }
}

/// One page's bar content: its inline title, back button, bar buttons and large title, laid out from measured
/// text (see ``NavigationBar``). Its frame is the bar row plus the large title's room; the bar clips it.
@MainActor
final class NavigationBarContent: View {
    let titleLabel = Label()
    let backButton: NavigationBackButton?
    let leftButton: Button?
    let rightButton: Button?
    /// Clips the large title to the room below the bar row that it has now.
    let largeTitleContainer = View()
    let largeTitleLabel: Label?
    private let item: NavigationItem
    private let backTitle: String?
    private(set) var isInlineTitleShown = true
    private var largeTitleShown: CGFloat = 0

    /// `titleFont` and `largeTitleFont` come from the page's appearance (its `titleTextAttributes` and
    /// `largeTitleTextAttributes`); the back button keeps the bar's own 17-point font.
    init(frame: CGRect, item: NavigationItem, hasBackButton: Bool, backTitle: String?, showsLargeTitle: Bool,
         titleFont: Font = .boldSystemFont(ofSize: NavigationBar.titleFontSize),
         largeTitleFont: Font = .boldSystemFont(ofSize: NavigationBar.largeTitleFontSize)) {
        self.item = item
        self.backTitle = backTitle
        backButton = (!hasBackButton || item.hidesBackButton || item.leftBarButtonItem != nil) ? nil : NavigationBackButton()
        leftButton = item.leftBarButtonItem.map { Self.button(for: $0) }
        rightButton = item.rightBarButtonItem.map { Self.button(for: $0) }
        largeTitleLabel = showsLargeTitle ? Label() : nil
        super.init(frame: frame)
        titleLabel.text = item.title
        titleLabel.font = titleFont
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        for button in [backButton as Button?, leftButton, rightButton] {
            if let button { addSubview(button) }
        }
        largeTitleContainer.clipsToBounds = true
        largeTitleContainer.isUserInteractionEnabled = false
        addSubview(largeTitleContainer)
        if let largeTitleLabel {
            largeTitleLabel.text = item.title
            largeTitleLabel.font = largeTitleFont
            largeTitleContainer.addSubview(largeTitleLabel)
        }
        placeItems()
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

    /// The back title shown now ("" for the chevron alone; nil without a back button).
    private(set) var shownBackTitle: String?

    /// Lays the row out again when the width changes.
    override func layoutSubviews() {
        super.layoutSubviews()
        if bounds.width != placedWidth { placeItems() }
    }

    private var placedWidth: CGFloat = -1
    private var restingFrames: [ObjectIdentifier: CGRect] = [:]

    /// Places the items, the back button (its title shortened to fit) and the title (centred where it fits,
    /// else between the items, shortened), each at its resting frame.
    private func placeItems() {
        placedWidth = bounds.width
        let w = bounds.width
        let row = NavigationController.navigationBarHeight
        let font = titleLabel.font, backFont = Font.boldSystemFont(ofSize: NavigationBar.titleFontSize)
        func buttonWidth(_ button: Button) -> CGFloat {
            max(NavigationBar.buttonMinimumWidth, button.sizeThatFits(.zero).width + 2 * NavigationBar.buttonHorizontalPadding)
        }
        var leading: CGFloat = NavigationBar.largeTitleLeadingMargin
        var trailing: CGFloat = w - NavigationBar.largeTitleLeadingMargin
        if let rightButton {
            let bw = buttonWidth(rightButton)
            rightButton.frame = CGRect(x: w - NavigationBar.backButtonInset - bw, y: 0, width: bw, height: row)
            rightButton.autoresizingMask = [.flexibleLeftMargin]
            trailing = rightButton.frame.minX - NavigationBar.titleControlPadding
        }
        if let leftButton {
            let bw = buttonWidth(leftButton)
            leftButton.frame = CGRect(x: NavigationBar.backButtonInset, y: 0, width: bw, height: row)
            leading = leftButton.frame.maxX + NavigationBar.titleControlPadding
        }
        let titleWidth = CGFloat(item.title.map { font.width(of: $0) } ?? 0)
        if let backButton {
            let centredTitleStart = item.title?.isEmpty == false ? (w - titleWidth) / 2 : w
            var candidates: [String]
            switch item.backButtonDisplayMode {
            case .default: candidates = [backTitle, "Back"].compactMap { $0 }.filter { !$0.isEmpty } + [""]
            case .generic: candidates = ["Back", ""]
            case .minimal: candidates = [""]
            }
            let fits = { (title: String) -> Bool in
                let extent = NavigationBar.backButtonLeadingPadding + NavigationBackButton.width(showing: title, font: backFont)
                return extent <= NavigationBar.backButtonLeadingPadding + NavigationBar.backButtonWidth
                    && extent + NavigationBar.titleControlPadding <= centredTitleStart
            }
            let chosen = candidates.first(where: fits) ?? ""
            shownBackTitle = chosen
            backButton.setTitle(chosen, for: .normal)
            backButton.titleLabel.font = backFont
            backButton.frame = CGRect(x: NavigationBar.backButtonLeadingPadding, y: 0,
                                      width: NavigationBackButton.width(showing: chosen, font: backFont), height: row)
            backButton.layoutIfNeeded()
            leading = backButton.frame.maxX + NavigationBar.titleControlPadding
        }
        let shownWidth = max(0, min(titleWidth, trailing - leading))
        let x = min(max((w - shownWidth) / 2, leading), max(leading, trailing - shownWidth))
        titleLabel.frame = CGRect(x: x, y: 0, width: shownWidth, height: row)
        if let largeTitleLabel {
            largeTitleLabel.frame = CGRect(x: NavigationBar.largeTitleLeadingMargin, y: largeTitleShown - NavigationBar.largeTitleHeight,
                                           width: max(0, w - 2 * NavigationBar.largeTitleLeadingMargin), height: NavigationBar.largeTitleHeight)
        }
        largeTitleContainer.frame = CGRect(x: 0, y: row, width: w, height: largeTitleShown)
        restingFrames = [:]
        for view in movingViews { restingFrames[ObjectIdentifier(view)] = view.frame }
    }

    private var movingViews: [View] {
        [titleLabel, largeTitleContainer] + [backButton?.titleLabel].compactMap { $0 }
    }

    private func resting(_ view: View) -> CGRect { restingFrames[ObjectIdentifier(view)] ?? view.frame }

    // MARK: Large title and inline title

    /// Shows `shown` points of the large title below the bar row (its bottom stays at the room's bottom, so it
    /// slides up under the row as the content scrolls).
    func setLargeTitleShown(_ shown: CGFloat) {
        largeTitleShown = shown
        View.performWithoutAnimation {
            largeTitleContainer.frame = CGRect(x: largeTitleContainer.frame.minX, y: NavigationController.navigationBarHeight,
                                               width: bounds.width, height: shown)
            largeTitleLabel?.frame.origin.y = shown - NavigationBar.largeTitleHeight
        }
        restingFrames[ObjectIdentifier(largeTitleContainer)] = CGRect(x: 0, y: NavigationController.navigationBarHeight,
                                                                      width: bounds.width, height: shown)
    }

    /// Shows or hides the inline title (fading, rising ``NavigationBar/inlineTitleHiddenOffset`` points and
    /// sharpening from ``NavigationBar/inlineTitleHiddenBlurRadius`` over `duration` seconds when `animated`).
    func setInlineTitleShown(_ shown: Bool, animated: Bool, duration: Double = NavigationBar.titleTransitionDuration) {
        guard shown != isInlineTitleShown || !animated else { return }
        isInlineTitleShown = shown
        let apply = { [titleLabel] in
            titleLabel.alpha = shown ? 1 : 0
            titleLabel.transform = shown ? .identity : CGAffineTransform(translationX: 0, y: NavigationBar.inlineTitleHiddenOffset)
            titleLabel.layer.contentBlurRadius = shown ? 0 : NavigationBar.inlineTitleHiddenBlurRadius
        }
        if animated {
            View.animate(withDuration: duration, delay: 0, options: [.curveEaseOut], animations: apply)
        } else {
            View.performWithoutAnimation(apply)
        }
    }

    /// Colours the titles as `look` says.
    func applyTitleColors(_ look: NavigationBarLook) {
        View.performWithoutAnimation {
            if titleLabel.textColor != look.title { titleLabel.textColor = look.title }
            if let largeTitleLabel, largeTitleLabel.textColor != look.largeTitle { largeTitleLabel.textColor = look.largeTitle }
        }
    }

    // MARK: Transitions

    /// Puts this (incoming) content where a push or pop starts it, without animation: transparent, its title
    /// offset towards the trailing side on a push or at `old`'s back title on a pop, its back title at `old`'s
    /// title on a push, its large title a page's travel away.
    /// With `moves` false (a cross-fade) every part waits at its resting place, transparent.
    func prepareToArrive(replacing old: NavigationBarContent?, push: Bool, shift: CGFloat, pageTravel: CGFloat,
                         moves: Bool = true) {
        alpha = 1
        for button in [backButton as Button?, leftButton, rightButton] { button?.alpha = 0 }
        titleLabel.alpha = 0
        if !moves {
            titleLabel.frame = resting(titleLabel)
            if let backButton { backButton.titleLabel.frame = backButton.restingTitleFrame }
            if largeTitleLabel != nil {
                largeTitleContainer.frame = resting(largeTitleContainer)
                largeTitleContainer.alpha = 0
            }
            return
        }
        if push {
            titleLabel.frame = resting(titleLabel).offsetBy(dx: shift, dy: 0)
            if let backButton, let old {
                let from = old.resting(old.titleLabel)
                backButton.titleLabel.frame = backButton.convert(from, from: self).with(width: backButton.restingTitleFrame.width)
            }
        } else if let old, let oldBack = old.backButton {
            let at = old.convert(oldBack.restingTitleFrame, from: oldBack)
            titleLabel.frame = CGRect(x: at.minX, y: 0, width: resting(titleLabel).width, height: resting(titleLabel).height)
        } else {
            titleLabel.frame = resting(titleLabel).offsetBy(dx: -shift, dy: 0)
        }
        if largeTitleLabel != nil {
            largeTitleContainer.frame = resting(largeTitleContainer).offsetBy(dx: pageTravel, dy: 0)
            largeTitleContainer.alpha = push ? 1 : 0
        }
    }

    /// Brings every part to rest (inside the transition's animation).
    func arrive() {
        for button in [backButton as Button?, leftButton, rightButton] { button?.alpha = 1 }
        titleLabel.alpha = isInlineTitleShown ? 1 : 0
        titleLabel.frame = resting(titleLabel)
        if let backButton { backButton.titleLabel.frame = backButton.restingTitleFrame }
        if largeTitleLabel != nil {
            largeTitleContainer.frame = resting(largeTitleContainer)
            largeTitleContainer.alpha = 1
        }
    }

    /// Moves every part away as `incoming` arrives (inside the transition's animation): on a push the title
    /// travels into `incoming`'s back title and fades, the rest fades, the large title moves with its page and
    /// fades; on a pop the title slides towards the trailing side, the back title travels into `incoming`'s
    /// title, and the large title slides away with its page. With `moves` false (a cross-fade) every part
    /// fades where it is.
    func leave(towards incoming: NavigationBarContent, push: Bool, shift: CGFloat, pageTravel: CGFloat,
               moves: Bool = true) {
        for button in [backButton as Button?, leftButton, rightButton] { button?.alpha = 0 }
        titleLabel.alpha = 0
        if !moves {
            if largeTitleLabel != nil { largeTitleContainer.alpha = 0 }
            return
        }
        if push {
            if let back = incoming.backButton {
                let to = incoming.convert(back.restingTitleFrame, from: back)
                titleLabel.frame = CGRect(x: to.minX, y: 0, width: resting(titleLabel).width, height: resting(titleLabel).height)
            } else {
                titleLabel.frame = resting(titleLabel).offsetBy(dx: -shift, dy: 0)
            }
        } else {
            titleLabel.frame = resting(titleLabel).offsetBy(dx: shift, dy: 0)
            if let backButton {
                let to = backButton.convert(incoming.resting(incoming.titleLabel), from: incoming)
                backButton.titleLabel.frame = CGRect(x: to.minX, y: 0, width: backButton.restingTitleFrame.width,
                                                     height: backButton.restingTitleFrame.height)
            }
        }
        if largeTitleLabel != nil {
            largeTitleContainer.frame = resting(largeTitleContainer).offsetBy(dx: pageTravel, dy: 0)
            if push { largeTitleContainer.alpha = 0 }
        }
    }
}

private extension CGRect {
    func with(width: CGFloat) -> CGRect { CGRect(x: minX, y: minY, width: width, height: height) }
}
