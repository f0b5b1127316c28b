import SegueAnimation

/// A view that shows a visual effect over what lies behind it, with its own content on top
/// (`UIVisualEffectView`): put subviews in ``contentView``.
///
/// ``effect`` is settable and animatable, as in UIKit since iOS 10: changed in an animation block or a
/// property animator (`visualEffectView.effect = nil` to fade a blur out, a blur for nil to fade it in),
/// the effect's tint goes from the old look to the new along the animation, so an animator's
/// `fractionComplete` scrubs it and an interactive transition drives it.
///
/// A ``BlurEffect`` blurs what lies behind the view (its layer's `Layer.backdropBlurRadius`, the
/// style's radius, inside its bounds and corner radius) and draws the style's tint over it, in a tint view
/// that is its first subview, under ``contentView``. Fading an effect in or out animates the blur radius
/// (from or to 0) and the tint's opacity (from or to 0) together; changing from one style to another
/// animates the radius, the tint's colour and its opacity.
///
/// Differs from UIKit: the blur is drawn by Segue's renderers from what is drawn under the view in the
/// same frame; fading the view itself (its `alpha`) fades the blur smoothly, where UIKit documents that
/// an alpha below 1 on the view or a superview breaks the effect (a superview's alpha below 1 does here
/// too: the blur then sees only what that superview draws under it).
@MainActor
open class VisualEffectView: View {
    /// The view to add subviews to, above the effect (it fills the view and resizes with it).
    public let contentView: View
    /// Draws the effect's tint (the first subview).
    private let tintView: View

    /// The effect shown (nil: none). Animatable.
    open var effect: VisualEffect? {
        didSet { showEffect(from: oldValue) }
    }

    /// A view showing `effect` (`UIVisualEffectView(effect:)`), of zero size until given a frame.
    public init(effect: VisualEffect?) {
        contentView = View(frame: .zero)
        tintView = View(frame: .zero)
        self.effect = effect
        super.init(frame: .zero)
        for view in [tintView, contentView] {
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(view)
        }
        tintView.isUserInteractionEnabled = false
        tintView.layer.name = "visual effect tint"
        View.performWithoutAnimation { showEffect(from: nil) }
    }

    /// A view with no effect, of `frame`.
    public convenience override init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    /// Keeps the tint and the content filling the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        tintView.frame = bounds
        contentView.frame = bounds
    }

    /// Shows ``effect``'s blur and tint. From no effect, the colour is set at once (invisible at opacity 0)
    /// so that only the opacity animates; to no effect, the colour stays and the opacity goes to 0. The
    /// blur radius goes to the style's, or to 0, in the same animation.
    private func showEffect(from old: VisualEffect?) {
        let blur = effect as? BlurEffect
        let oldBlur = old as? BlurEffect
        layer.backdropBlurRadius = blur?.style.blurRadius ?? 0
        if let blur {
            let tint = blur.style.tintColor
            let opaque = Color(red: tint.red, green: tint.green, blue: tint.blue, alpha: 1)
            if oldBlur == nil {
                View.performWithoutAnimation { tintView.backgroundColor = opaque }
            } else {
                tintView.backgroundColor = opaque
            }
            tintView.alpha = CGFloat(tint.alpha)
        } else {
            tintView.alpha = 0
        }
    }
}
