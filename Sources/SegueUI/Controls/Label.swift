import Foundation
import SegueAnimation

/// Text in a view (`UILabel`): the text is laid out by the renderer inside the bounds, vertically
/// centred, and measured through ``TextMeasurement`` (``sizeThatFits(_:)``, ``View/sizeToFit()``,
/// ``intrinsicContentSize``), shortened by ``lineBreakMode`` when it is wider than the bounds.
///
/// Differs from UIKit: no attributed text; `textAlignment` is left/center/right; lines of multi-line text
/// are broken by the renderer (SDL2_ttf), at about the places ``TextMeasurement/lines(of:in:width:)``
/// gives. Like UIKit, a label ignores pointers by default (`isUserInteractionEnabled` is false).
@MainActor
open class Label: View {
    /// The text (nil shows nothing).
    public var text: String? { didSet { updateContents() } }
    /// The font (default 17 pt regular).
    public var font = Font.systemFont(ofSize: Font.defaultPointSize) { didSet { updateContents() } }
    /// The text colour (default black).
    public var textColor = Color.black { didSet { updateContents() } }
    /// The horizontal alignment (default left).
    public var textAlignment = TextContents.Alignment.left { didSet { updateContents() } }
    /// The most lines to show; 0 means no limit (default 1).
    public var numberOfLines = 1 { didSet { updateContents() } }
    /// How a single line wider than the bounds is shortened (default `.byTruncatingTail`, as in UIKit):
    /// the drawn text ends with "…" and fits the bounds' width.
    public var lineBreakMode = LineBreakMode.byTruncatingTail { didSet { updateContents() } }

    /// The text as drawn now: ``text`` shortened to the bounds' width by ``lineBreakMode`` (single-line
    /// labels with a width; nil while there is no text).
    public private(set) var displayedText: String?
    private var contentsWidth: CGFloat = -1

    /// A label with no text; user interaction is off, as in UIKit.
    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// A label showing `text`.
    public convenience init(frame: CGRect = .zero, text: String?) {
        self.init(frame: frame)
        self.text = text
        updateContents()
    }

    /// The text's measured size: one line's full width (`numberOfLines` 1), else its lines broken within
    /// `size.width`, at most `numberOfLines` of them. Zero without text.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let width = size.width > 0 ? Double(size.width) : .infinity
        return TextMeasurement.size(of: text, in: font, width: width, numberOfLines: numberOfLines)
    }

    /// The text's size on one line (or its lines broken only at newlines).
    open override var intrinsicContentSize: CGSize {
        guard let text, !text.isEmpty else { return .zero }
        return TextMeasurement.size(of: text, in: font, numberOfLines: numberOfLines)
    }

    /// Shortens the drawn text again when the width changed.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if bounds.width != contentsWidth { updateContents() }
    }

    private func updateContents() {
        contentsWidth = bounds.width
        guard let text, !text.isEmpty else {
            displayedText = nil
            layer.contents = nil
            return
        }
        var shown = text
        if numberOfLines == 1, bounds.width > 0 {
            shown = TextMeasurement.truncated(text, in: font, toWidth: Double(bounds.width), mode: lineBreakMode)
        }
        displayedText = shown
        layer.contents = .text(TextContents(shown, fontSize: font.pointSize, color: textColor,
                                            alignment: textAlignment, isBold: font.isBold,
                                            numberOfLines: numberOfLines))
    }
}
