import Foundation

/// A node of the layer tree (`CALayer`): model values that change at once when set, animations that run
/// on the layer's own local time, and the presentation computed from both each frame.
///
/// Differs from Core Animation:
/// - Properties are typed; animations name a ``LayerProperty`` instead of a string key path.
/// - No implicit animations: setting a property outside an animation block (``Transaction`` with
///   animation parameters, e.g. `View.animate`) changes it at once, as for a UIView's backing layer.
/// - ``presentation()`` returns a ``LayerProperties`` value, not a layer object.
/// - The current media time comes from the ``LayerTree`` the layer belongs to, not a global clock.
@MainActor
open class Layer: MediaTiming {
    // The presentation pass reads the properties marked `@exclusivity(unchecked)` every frame for every
    // layer; Segue touches layers from the main actor only and never holds an access across a call that
    // could reach the same property, so the dynamic exclusivity checks (a large share of the pass's time)
    // are turned off for them. They come first, together, so that the pass touches few cache lines of a
    // layer; the large model and full presentation come after them.
    /// The layer's timeline (`CAMediaTiming`): speed 0 freezes everything below, and `timeOffset` then scrubs it.
    @exclusivity(unchecked) public var timing = MediaTimingValues() {
        didSet { if oldValue.isPlain != timing.isPlain { markTreeDirty() }; noteDrawnStateChanged() }
    }
    /// The layer's animations, in the order they were added (later ones apply on top).
    @exclusivity(unchecked) var entries: [AnimationEntry] = [] {
        didSet {
            // With no animation left the model shows (the store's rebuild no longer visits the layer).
            if entries.isEmpty { presentationSource = .model }
            markTreeDirty()
            noteAnimationsChanged(wasAnimated: !oldValue.isEmpty)
        }
    }
    /// Whether an entry waits for its begin time to be fixed at the next update.
    @exclusivity(unchecked) var hasPendingBegins = false
    /// Where the last update left this layer's presentation: nowhere (the model shows), in its tree's
    /// animation store (the fast path's values, over the model), or in ``fullPresentation``.
    enum PresentationSource { case model, slots(AnimationStore, Range<Int>, generation: Int), full }
    @exclusivity(unchecked) var presentationSource = PresentationSource.model

    /// The layer this one is a sublayer of.
    public internal(set) weak var superlayer: Layer?
    /// The sublayers, back to front (before `zPosition` sorting).
    @exclusivity(unchecked) public internal(set) var sublayers: [Layer] = []
    /// A layer whose alpha masks this one (in this layer's coordinates), e.g. a circle for a reveal.
    @exclusivity(unchecked) public var mask: Layer? {
        didSet {
            oldValue?.maskedLayer = nil
            mask?.maskedLayer = self
            markTreeDirty()
            if let oldValue { noteLeft(oldValue) }; if let mask { noteJoined(mask) }
        }
    }
    /// The layer this one masks, if it is a mask.
    public private(set) weak var maskedLayer: Layer?

    // The drawn state below is read for every layer each frame by the recorder and the damage step: final
    // (no dynamic dispatch from other modules) and without dynamic exclusivity checks, as above.
    /// What the layer shows inside its bounds.
    @exclusivity(unchecked) public final var contents: LayerContents? { didSet { noteDrawnStateChanged() } }
    /// Where bitmap and snapshot contents sit in the bounds (default ``ContentsGravity/resize``: stretched).
    /// Not animatable (nor is it in Core Animation).
    @exclusivity(unchecked) public final var contentsGravity = ContentsGravity.resize { didSet { if contentsGravity != oldValue { noteDrawnStateChanged() } } }
    /// Pixels of a bitmap contents per point, for the positional ``contentsGravity`` values (default 1).
    @exclusivity(unchecked) public final var contentsScale: CGFloat = 1 { didSet { if contentsScale != oldValue { noteDrawnStateChanged() } } }
    /// Whether the layer and its sublayers are not drawn (not animatable, unlike Core Animation's).
    @exclusivity(unchecked) public final var isHidden = false { didSet { noteDrawnStateChanged() } }
    /// Whether sublayers are clipped to the bounds (with the corner radius).
    @exclusivity(unchecked) public final var masksToBounds = false { didSet { noteDrawnStateChanged() } }
    /// Whether the back of the layer is drawn when it faces away (default true).
    @exclusivity(unchecked) public final var isDoubleSided = true { didSet { noteDrawnStateChanged() } }
    /// Whether the renderer caches the subtree as one texture while it is unchanged (`shouldRasterize`).
    @exclusivity(unchecked) public final var shouldRasterize = false { didSet { noteDrawnStateChanged() } }
    /// A name for debugging and traces.
    public var name: String?

    /// The tree this layer is the root of, if any.
    weak var hostingTree: LayerTree?

    /// The model values: what was last set.
    @exclusivity(unchecked) public internal(set) var model = LayerProperties()
    /// What changed in the subtree, for renderers (see `Layer+ChangeTracking.swift`).
    @exclusivity(unchecked) var changeTracking = LayerChangeTracking()
    /// The whole presentation of the last update, in the ``PresentationSource/full`` case: boxed, allocated
    /// the first time a layer needs it and then overwritten in place each frame, so that layers animated
    /// on the fast path (most) stay small.
    @exclusivity(unchecked) var fullPresentation: PresentationBox?

    /// A layer with Core Animation's defaults: zero bounds, anchor (0.5, 0.5), opacity 1, no background.
    public required init() {}

    // MARK: Model properties

    /// Sets a property's model value; inside an animation block, the change is also captured as an
    /// animation from the old value (see ``Transaction``).
    public func setValue<Value>(_ newValue: Value, for property: LayerProperty<Value>) {
        let old = property.get(model)
        property.set(&model, newValue)
        guard old != newValue else { return }
        noteDrawnStateChanged()
        Transaction.noteChange(property, of: self, from: old, to: newValue)
        if let capture = Transaction.activeCapture {
            capture.capture(property, of: self, from: old, to: newValue)
        }
    }

    /// The model value of a property.
    public func value<Value>(for property: LayerProperty<Value>) -> Value { property.get(model) }

    /// The layer's own coordinate space (animatable, additive in view animations).
    public var bounds: CGRect {
        get { model.bounds }
        set { setValue(newValue, for: .bounds) }
    }
    /// Where the anchor point sits in the superlayer (animatable, additive in view animations).
    public var position: CGPoint {
        get { model.position }
        set { setValue(newValue, for: .position) }
    }
    /// The point of the bounds, in unit coordinates, at `position` and about which transforms pivot.
    public var anchorPoint: CGPoint {
        get { model.anchorPoint }
        set { setValue(newValue, for: .anchorPoint) }
    }
    /// Drawing order among siblings: higher draws later (on top).
    public var zPosition: CGFloat {
        get { model.zPosition }
        set { setValue(newValue, for: .zPosition) }
    }
    /// The 3D transform about the anchor point (animatable; interpolated by decomposition).
    public var transform: Transform3D {
        get { model.transform }
        set { setValue(newValue, for: .transform) }
    }
    /// A transform applied to the sublayers, about the anchor point (where perspective goes).
    public var sublayerTransform: Transform3D {
        get { model.sublayerTransform }
        set { setValue(newValue, for: .sublayerTransform) }
    }
    /// Opacity, 0...1, applied to the layer and its sublayers as a group (`Float`, as Core Animation's).
    public var opacity: Float {
        get { Float(model.opacity) }
        set { setValue(CGFloat(newValue), for: .opacity) }
    }
    /// The fill of the bounds (with the corner radius); nil (the default) for none. Reads back nil for a
    /// fully clear colour.
    public var backgroundColor: CGColor? {
        get { model.backgroundColor.nilIfClear }
        set { setValue(newValue ?? .clear, for: .backgroundColor) }
    }
    /// The radius of the rounded corners, in points.
    public var cornerRadius: CGFloat {
        get { model.cornerRadius }
        set { setValue(newValue, for: .cornerRadius) }
    }
    /// The width of the border drawn inside the bounds, in points.
    public var borderWidth: CGFloat {
        get { model.borderWidth }
        set { setValue(newValue, for: .borderWidth) }
    }
    /// The border's colour (default opaque black, as in Core Animation; nil reads back for clear).
    public var borderColor: CGColor? {
        get { model.borderColor.nilIfClear }
        set { setValue(newValue ?? .clear, for: .borderColor) }
    }
    /// The shadow's colour (default opaque black).
    public var shadowColor: CGColor? {
        get { model.shadowColor.nilIfClear }
        set { setValue(newValue ?? .clear, for: .shadowColor) }
    }
    /// The shadow's opacity, 0 (none, the default) ... 1 (`Float`, as Core Animation's).
    public var shadowOpacity: Float {
        get { Float(model.shadowOpacity) }
        set { setValue(CGFloat(newValue), for: .shadowOpacity) }
    }
    /// The shadow's blur radius, in points.
    public var shadowRadius: CGFloat {
        get { model.shadowRadius }
        set { setValue(newValue, for: .shadowRadius) }
    }
    /// A blur of what is drawn under the layer, in points (0, the default: none). Animatable.
    ///
    /// Drawn before the layer's background: the pixels drawn so far under the layer's bounds (with its
    /// corner radius, through its transform, inside its clips) are replaced by a Gaussian blur of them,
    /// whose standard deviation is this many points (as CSS's `backdrop-filter: blur()` and Core Image's
    /// `CIGaussianBlur` count a radius), scaled with the layer. The blur reads the backdrop beyond the bounds
    /// as far as the kernel reaches (the target's edge pixels extend past it). The background, contents,
    /// sublayers and border are drawn on top: a tinted blur is a translucent background.
    ///
    /// The layer's own opacity (below 1 with sublayers, it is drawn as a group offscreen) fades the blur:
    /// the blur is drawn under the group, mixed with the backdrop by the opacity, so a view with a blur fades
    /// in and out smoothly. The blur of a rasterized layer is drawn under its picture likewise.
    ///
    /// Differs from Core Animation, which keeps backdrop filters private (`CABackdropLayer`, used by
    /// `UIVisualEffectView`): a public property of every layer. As with UIKit's effect views (whose
    /// documentation warns of any superview's alpha below 1), a blur inside a superlayer's group (a
    /// superlayer at an opacity below 1 with sublayers, a rasterized superlayer, a snapshot) blurs only
    /// what that group draws under it; a snapshot of the layer itself does not blur.
    public var backdropBlurRadius: CGFloat {
        get { model.backdropBlurRadius }
        set { setValue(newValue, for: .backdropBlurRadius) }
    }
    /// A Gaussian blur of the layer and its sublayers as drawn, in points (0, the default: none). Animatable,
    /// as ``opacity`` is (one animation at a time in view animations; the presentation value is
    /// interpolated).
    ///
    /// The layer is drawn as a group offscreen (its shadow, background, contents, sublayers and border,
    /// with its own `masksToBounds` clip), and the group's pixels are replaced by their Gaussian blur, whose
    /// standard deviation is this many points (as ``backdropBlurRadius``, CSS's `filter: blur()` and Core
    /// Image's `CIGaussianBlur` count a radius), scaled with the layer. The blur spreads past the bounds as
    /// far as the kernel reaches (about 2.8 times the radius), fading into the transparent pixels around
    /// what is drawn (premultiplied alpha: a blurred opaque title becomes a soft, translucent one). The
    /// layer's mask and its superlayers' clips cut the blurred pixels, not what is blurred. The opacity
    /// applies to the blurred group.
    ///
    /// iOS 27's navigation bar hides a title this way (moved 15 pt down, faded, blurred by 4 pt).
    ///
    /// Differs from Core Animation, which has no public API for it: there it is the private `gaussianBlur`
    /// filter in `CALayer.filters` (`inputRadius`), animated through the `filters.gaussianBlur.inputRadius`
    /// key path; here a typed property of every layer. A layer blurred inside a rasterized layer or a
    /// snapshot is blurred in its picture.
    public var contentBlurRadius: CGFloat {
        get { model.contentBlurRadius }
        set { setValue(newValue, for: .contentBlurRadius) }
    }
    /// How far the shadow is offset, in points (default (0, -3), as in Core Animation).
    public var shadowOffset: CGSize {
        get { model.shadowOffset }
        set { setValue(newValue, for: .shadowOffset) }
    }

    /// The rectangle in the superlayer's coordinates (derived; see ``LayerProperties/frame``). Setting it
    /// sets position and bounds size (captured as animations of those inside an animation block).
    public var frame: CGRect {
        get { model.frame }
        set {
            var target = model
            target.frame = newValue
            setValue(target.bounds, for: .bounds)
            setValue(target.position, for: .position)
        }
    }
}

extension Layer {
    /// The transform as an affine transform (Core Animation's `affineTransform()`): the 2D part of
    /// ``transform``.
    public func affineTransform() -> CGAffineTransform { transform.affineTransform }

    /// Sets ``transform`` to an affine transform (Core Animation's `setAffineTransform(_:)`).
    public func setAffineTransform(_ t: CGAffineTransform) { transform = Transform3D(t) }
}
