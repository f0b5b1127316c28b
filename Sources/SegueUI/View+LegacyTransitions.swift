import SegueAnimation

/// The numbers behind the legacy transitions, named.
public enum LegacyTransitionMetrics {
    /// The viewer's distance for flips and curls, in points: `m34 = -1 / distance` (UIKit's exact value is
    /// not documented; 1000 pt gives a similar depth on a phone-sized view).
    public static let perspectiveDistance: Double = 1000
    /// How far a curl turns the page about its top edge, in radians (a little past upright, so it leaves
    /// the view; an approximation of UIKit's page curl).
    public static let curlAngle: Double = .pi * 0.55
}

extension View {
    /// Changes a view's content with a legacy transition (`UIView.transition(with:duration:options:animations:completion:)`).
    ///
    /// The view's look before `animations` is kept as a copy of its layer tree (`Layer.copyTree()`),
    /// the block's changes apply at once, and the transition in `options` (crossDissolve, flips, curls)
    /// plays between the two looks. Without a transition option the changes simply apply.
    ///
    /// Of the options, the transition, the curve and `allowUserInteraction` are used; `repeat`,
    /// `autoreverse` and `beginFromCurrentState` are not (UIKit documents none of them for transitions).
    ///
    /// Differs from UIKit: the curls are approximations (the page turns about its top edge, shaded by
    /// fading) rather than a true page curl.
    public static func transition(with view: View, duration: Double, options: ViewAnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let before = view.layer.copyTree()
        performWithoutAnimation { animations?() }
        guard let kind = options.transition, let superlayer = view.layer.superlayer else {
            if let completion { Transaction.enqueueCallback(for: view.layer) { completion(true) } }
            return
        }
        superlayer.insertSublayer(before, above: view.layer)
        play(kind, from: before, to: view.layer, duration: duration, options: options) { finished in
            before.removeFromSuperlayer()
            completion?(finished)
        }
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview with a legacy transition
    /// (`UIView.transition(from:to:duration:options:completion:)`): `toView` takes `fromView`'s place,
    /// the transition plays, then `fromView` is removed.
    ///
    /// Differs from UIKit: `showHideTransitionViews` is not offered.
    public static func transition(from fromView: View, to toView: View, duration: Double,
                                  options: ViewAnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let superview = fromView.superview, let index = superview.subviews.firstIndex(where: { $0 === fromView }) else {
            preconditionFailure("View.transition(from:to:...): fromView has no superview")
        }
        superview.insertSubview(toView, at: index)
        guard let kind = options.transition else {
            fromView.removeFromSuperview()
            if let completion { Transaction.enqueueCallback(for: toView.layer) { completion(true) } }
            return
        }
        play(kind, from: fromView.layer, to: toView.layer, duration: duration, options: options) { finished in
            fromView.removeFromSuperview()
            Transaction.perform(capturing: nil) { fromView.layer.opacity = 1 }
            completion?(finished)
        }
    }

    /// Plays a legacy transition between two layers that lie on top of each other (`before` above).
    private static func play(_ kind: ViewTransition, from before: Layer, to after: Layer, duration: Double,
                             options: ViewAnimationOptions, completion: @escaping (Bool) -> Void) {
        let template = AnimationTemplate(duration: duration, timing: .curve(options.timingFunction),
                                         allowsUserInteraction: options.contains(.allowUserInteraction))
        let perspective = Transform3D.perspective(distance: LegacyTransitionMetrics.perspectiveDistance)
        switch kind {
        case .crossDissolve:
            let fadeOut = BasicAnimation(.opacity, from: before.model.opacity, to: 0)
            template.add(fadeOut, to: before, forKey: "segue.transition")
            let fadeIn = BasicAnimation(.opacity, from: 0, to: after.model.opacity)
            template.add(fadeIn, to: after, forKey: "segue.transition")
            Transaction.perform(capturing: nil) { before.opacity = 0 }
        case .flipFromLeft, .flipFromRight, .flipFromTop, .flipFromBottom:
            // The old side turns away over the first half, the new side turns in over the second.
            let sign: Double = (kind == .flipFromLeft || kind == .flipFromTop) ? 1 : -1
            let horizontal = kind == .flipFromLeft || kind == .flipFromRight
            func turn(_ angle: Double) -> Transform3D {
                Transform3D(rotationAngle: angle, x: horizontal ? 0 : 1, y: horizontal ? 1 : 0, z: 0).concatenating(perspective)
            }
            let out = KeyframeAnimation(.transform)
            out.values = [before.transform.concatenating(perspective), turn(sign * .pi / 2), turn(sign * .pi / 2)]
            out.keyTimes = [0, 0.5, 1]
            let hideOld = KeyframeAnimation(.opacity)
            hideOld.values = [before.model.opacity, 0]
            hideOld.keyTimes = [0, 0.5]
            hideOld.calculationMode = .discrete
            let inward = KeyframeAnimation(.transform)
            inward.values = [turn(-sign * .pi / 2), turn(-sign * .pi / 2), after.transform.concatenating(perspective)]
            inward.keyTimes = [0, 0.5, 1]
            let showNew = KeyframeAnimation(.opacity)
            showNew.values = [0, after.model.opacity]
            showNew.keyTimes = [0, 0.5]
            showNew.calculationMode = .discrete
            template.add(AnimationGroup([out, hideOld]), to: before, forKey: "segue.transition")
            template.add(AnimationGroup([inward, showNew]), to: after, forKey: "segue.transition")
            Transaction.perform(capturing: nil) { before.opacity = 0 }
        case .curlUp:
            // The old page lifts about its top edge and leaves, uncovering the new one.
            curl(before, from: 0, to: -LegacyTransitionMetrics.curlAngle, fade: (1, 0), perspective: perspective, template: template)
            Transaction.perform(capturing: nil) { before.opacity = 0 }
        case .curlDown:
            // The new page comes down over the old one, turning about its top edge.
            curl(after, from: -LegacyTransitionMetrics.curlAngle, to: 0, fade: (0, 1), perspective: perspective, template: template)
            let keepOld = BasicAnimation(.opacity, from: before.model.opacity, to: before.model.opacity)
            template.add(keepOld, to: before, forKey: "segue.transition")
            Transaction.perform(capturing: nil) { before.opacity = 0 }
            // The old look stays under the new page: put it below.
            if let superlayer = before.superlayer { superlayer.insertSublayer(before, below: after) }
        }
        template.onAllStopped(completion)
    }

    /// Turns `layer` about its top edge between two angles (about the x axis), fading between two
    /// opacities (a shading stand-in).
    private static func curl(_ layer: Layer, from start: Double, to end: Double, fade: (Double, Double),
                             perspective: Transform3D, template: AnimationTemplate) {
        // Rotate about the top edge: move the pivot there, turn, move back.
        let h = layer.bounds.height
        let pivotShift = (layer.anchorPoint.y) * h
        func turn(_ angle: Double) -> Transform3D {
            Transform3D(translationX: 0, y: pivotShift, z: 0)
                .concatenating(Transform3D(rotationAngle: angle, x: 1, y: 0, z: 0))
                .concatenating(Transform3D(translationX: 0, y: -pivotShift, z: 0))
                .concatenating(perspective)
        }
        let rotate = KeyframeAnimation(.transform)
        rotate.values = [turn(start), turn((start + end) / 2), turn(end)]
        let shade = BasicAnimation(.opacity, from: CGFloat(fade.0) * layer.model.opacity, to: CGFloat(fade.1) * layer.model.opacity)
        template.add(AnimationGroup([rotate, shade]), to: layer, forKey: "segue.transition")
    }
}
