// Core Animation's and Core Graphics' names for Segue's types. Segue's own names are the primary API;
// these are the door in for code written against QuartzCore. What differs from Core Animation is said
// on Segue's types (`Layer`, `Animation`, `Transform3D`, ...) and, for the few shims, here.

/// `CALayer`: Segue's `Layer`.
public typealias CALayer = Layer
/// `CALayerContentsGravity`: the gravities of `CALayer.contentsGravity` (a Swift enum: `.resizeAspectFill`).
public typealias CALayerContentsGravity = ContentsGravity
/// `CAAnimation`: Segue's `Animation`, the base of every layer animation.
public typealias CAAnimation = Animation
/// `CAAnimationGroup`: Segue's `AnimationGroup`. Differs from Core Animation: `animations` is not
/// optional, and a child with no duration lasts the whole group.
public typealias CAAnimationGroup = AnimationGroup
/// `CAAnimationDelegate`: Segue's `AnimationDelegate` (both methods optional, main-actor isolated; no
/// `NSObject` needed).
public typealias CAAnimationDelegate = AnimationDelegate
/// `CAMediaTiming`: Segue's `MediaTiming`. Differs from Core Animation: `repeatCount` is a `Double`
/// (Core Animation's is a `Float`), so write `.infinity` rather than `Float.infinity`.
public typealias CAMediaTiming = MediaTiming
/// `CAMediaTimingFunction`: Segue's `MediaTimingFunction`, a value type (`init(name:)`,
/// `init(controlPoints:_:_:_:)`).
public typealias CAMediaTimingFunction = MediaTimingFunction
/// `CAMediaTimingFunctionName`: `.linear`, `.easeIn`, `.easeOut`, `.easeInEaseOut`, `.default`.
public typealias CAMediaTimingFunctionName = MediaTimingFunction.Name
/// `CAMediaTimingFillMode`: `.removed`, `.forwards`, `.backwards`, `.both`.
public typealias CAMediaTimingFillMode = FillMode
/// `CATransaction`: Segue's `Transaction` (`begin()`, `commit()`, `setAnimationDuration(_:)`,
/// `setCompletionBlock(_:)`, `setDisableActions(_:)`, ...).
public typealias CATransaction = Transaction
/// `CATransform3D`: Segue's `Transform3D`. Differs from Core Animation: its components are `Double`
/// (Swift converts `CGFloat` to and from `Double` implicitly), and it has methods as well as the
/// `CATransform3D...` functions.
public typealias CATransform3D = Transform3D
/// `CFTimeInterval`, which Foundation on Linux does not export: seconds, as a `Double`.
public typealias CFTimeInterval = TimeInterval

/// `CATransform3DIdentity`.
public let CATransform3DIdentity = Transform3D.identity
/// `CGAffineTransformIdentity` (Swift's spelling is `CGAffineTransform.identity`).
public let CGAffineTransformIdentity = CGAffineTransform.identity
