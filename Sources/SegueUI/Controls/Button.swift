import Foundation
import SegueAnimation

/// A button (`UIButton`, system type): a title that sends `.touchUpInside` when the pointer is released
/// inside it, highlighted while it is pressed inside.
///
/// Differs from UIKit: no images or configurations; ``setBackgroundColor(_:for:)`` is our addition (UIKit
/// uses background images per state). The title fills the bounds, centred.
@MainActor
open class Button: Control {
    /// Title opacity while highlighted (UIKit's system button dims its title to about 0.2; folklore).
    public static let highlightedTitleAlpha: CGFloat = 0.2

    /// The label showing the title.
    public let titleLabel: Label
    private var titles: [State: String] = [:]
    private var titleColors: [State: Color] = [.normal: .systemBlue]
    private var backgroundColors: [State: Color] = [:]

    /// A button with no title; the ``titleLabel`` fills the bounds and follows their size.
    public override init(frame: CGRect = .zero) {
        titleLabel = Label(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        titleLabel.textAlignment = .center
        titleLabel.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(titleLabel)
        stateDidChange()
    }

    /// A button with `title` for the normal state.
    public convenience init(frame: CGRect = .zero, title: String) {
        self.init(frame: frame)
        setTitle(title, for: .normal)
    }

    /// Sets the title shown in `state` (the normal title when a state has none).
    public func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        stateDidChange()
    }

    /// The title for `state`, falling back to the normal one.
    public func title(for state: State) -> String? { titles[state] ?? titles[.normal] }

    /// Sets the title colour in `state`.
    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        stateDidChange()
    }

    /// Sets the background colour in `state` (our addition).
    public func setBackgroundColor(_ color: Color?, for state: State) {
        backgroundColors[state] = color
        stateDidChange()
    }

    /// The current title's measured size (``Label/sizeThatFits(_:)``): a system button with no content
    /// insets, as UIKit's plain `.system` button without a configuration.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { titleLabel.sizeThatFits(size) }

    /// The current title's measured size.
    open override var intrinsicContentSize: CGSize { titleLabel.intrinsicContentSize }

    /// The title currently shown.
    public var currentTitle: String? { title(for: state) }

    /// Shows the title, title colour and background colour of the current state (else the normal state's),
    /// and dims the title to ``highlightedTitleAlpha`` while highlighted unless a highlighted title or
    /// background colour is set.
    open override func stateDidChange() {
        super.stateDidChange()
        let s = state
        titleLabel.text = title(for: s)
        titleLabel.textColor = titleColors[s] ?? titleColors[.normal] ?? .systemBlue
        titleLabel.alpha = isHighlighted && titleColors[.highlighted] == nil && backgroundColors[.highlighted] == nil
            ? Button.highlightedTitleAlpha : 1
        if let color = backgroundColors[s] ?? backgroundColors[.normal] {
            if backgroundBeforeStateColors == nil { backgroundBeforeStateColors = .some(backgroundColor) }
            backgroundColor = color
        } else if let original = backgroundBeforeStateColors {
            // No state colour applies any more: back to the background set on the view itself.
            backgroundColor = original
            backgroundBeforeStateColors = nil
        }
    }

    /// The view's own background from before a state's background colour replaced it.
    private var backgroundBeforeStateColors: Color??
}
