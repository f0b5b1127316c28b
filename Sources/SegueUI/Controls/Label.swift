import Foundation
import SegueAnimation

/// Text in a view (`UILabel`): the text is laid out by the renderer inside the bounds, vertically
/// centred.
///
/// Differs from UIKit: no attributed text, no `sizeToFit` measuring (the renderer measures; give the
/// label a frame), `textAlignment` is left/center/right. Like UIKit, a label ignores pointers by default
/// (`isUserInteractionEnabled` is false).
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

    private func updateContents() {
        guard let text, !text.isEmpty else {
            layer.contents = nil
            return
        }
        layer.contents = .text(TextContents(text, fontSize: font.pointSize, color: textColor,
                                            alignment: textAlignment, isBold: font.isBold,
                                            numberOfLines: numberOfLines))
    }
}
