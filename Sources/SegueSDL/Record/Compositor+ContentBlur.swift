import Foundation
import SegueAnimation

/// Groups (offscreen passes) and content blurs (`Layer.contentBlurRadius`, ``ContentBlur``) in the record
/// pass.
///
/// A layer with a content blur (σ of at least about half a pixel) is recorded as a group, as a layer faded
/// with sublayers is: a begin operation, the layer's parts and sublayers drawn offscreen, an end operation
/// that composites them at the layer's opacity. The begin and end operations carry σ in target pixels
/// (their ``CompositorOp/width``); the executors blur the group's pixels before compositing them. What the
/// group draws is recorded without the clips around the layer (its mask, its superlayers'
/// `masksToBounds`): the blur reads the layer's whole picture, and the clips cut the blurred pixels (the
/// end operation's clip). Only the part of the layer within the kernel's reach of those clips is drawn.
///
/// The pixels: the begin operation's bounds are those drawn offscreen and read (what is drawn, grown by
/// the reach, inside the target), the end operation's those written (the same inside the clips). A change
/// of σ or of the opacity changes both operations, so the damage takes in every pixel the blur spreads
/// to. A change inside the group damages the pixels it touches; ``damageContentBlurSpread()`` grows that
/// damage by the reach (within the group's pixels), since a changed pixel changes the blur that far
/// around. The blurred pixels are not kept from frame to frame: a group the damage touches is blurred
/// again (a layer changing over a still blurred title blurs the title again, as a blurred title animating
/// does anyway). The executors redraw a damaged blurred group whole (the blur of one pixel reads its
/// neighbours), and composite it where the damage asks; a group the damage does not touch is not drawn
/// nor blurred.
extension Compositor {
    /// The layer's content blur in target pixels (its radius scaled as the backdrop blur's is, by
    /// ``blurScale(_:_:)``); 0 when it blurs nothing (σ below about half a pixel: the boxes are one pixel).
    func contentBlurSigma(_ p: LayerProperties, _ toTarget: Homography) -> Double {
        guard p.contentBlurRadius > 0, p.contentBlurRadius.isFinite else { return 0 }
        let sigma = p.contentBlurRadius * Self.blurScale(p.bounds, toTarget)
        return ContentBlur.reach(sigma: sigma) > 0 ? sigma : 0
    }

    /// Records a group of `layer` composited at `alpha`: what `body` records, drawn offscreen, blurred by
    /// `contentBlur` target pixels when that is above 0.
    func recordGroup(_ layer: Layer, alpha: Double, contentBlur sigma: Double, _ body: () throws -> Void) rethrows {
        let reach = sigma > 0 ? ContentBlur.reach(sigma: sigma) : 0
        let begin = list.ops.count
        list.ops.append(CompositorOp(kind: .beginGroup, layer: ObjectIdentifier(layer), toTarget: .identity,
                                     rect: .zero, width: sigma, alpha: alpha, bounds: .empty, level: currentLevel))
        let saved = (clip: currentClip, bounds: recordingBounds)
        if reach > 0 {
            // Drawn without the clips around the layer, as far as the blur of what they keep reaches.
            recordingBounds = clipBounds.grown(by: reach).intersection(recordingBounds)
            currentClip = -1
        }
        currentLevel += 1
        try body()
        currentLevel -= 1
        (currentClip, recordingBounds) = saved
        var drawn = PixelRect.empty
        for i in (begin + 1)..<list.ops.count { drawn = drawn.union(list.ops[i].bounds) }
        var written = drawn
        if reach > 0 {
            drawn = drawn.grown(by: reach).intersection(recordingBounds)
            written = drawn.intersection(clipBounds)
        }
        let end = list.ops.count
        list.ops[begin].bounds = drawn
        list.ops[begin].partner = Int32(end)
        list.ops.append(CompositorOp(kind: .endGroup, layer: ObjectIdentifier(layer), toTarget: .identity,
                                     rect: .zero, width: sigma, alpha: alpha, clip: reach > 0 ? currentClip : -1,
                                     bounds: written, partner: Int32(begin), level: currentLevel))
        lastFrame.offscreenPasses += 1
    }

    /// Grows the damage of what changed inside each content-blurred group by the kernel's reach, inside
    /// the pixels the group writes (see the extension's comment): the operations of the group that differ
    /// from the last frame's or were drawn in one frame only, and what the blurred groups nested in it
    /// spread. Inner groups first. Damage from outside the group (a layer over it) is not grown: the
    /// executors redraw and blur the whole group under it anyway, and its blurred pixels there are the same.
    /// Called after ``computeDamage(_:)`` matched the frames.
    func damageContentBlurSpread() {
        let ops = list.ops, old = previous.ops
        let m = matching
        guard m.oldIndex.count == ops.count, ops.contains(where: { $0.kind == .beginGroup && $0.width > 0 }) else { return }
        var spreads: [(begin: Int, pixels: PixelRect)] = []
        for k in ops.indices.reversed() where ops[k].kind == .beginGroup && ops[k].width > 0 {
            let end = Int(ops[k].partner)
            var changed = PixelRect.empty
            for i in (k + 1)..<end {
                let j = Int(m.oldIndex[i])
                if j < 0 {
                    changed = changed.union(ops[i].bounds)
                } else if !ops[i].drawsSame(as: old[j]) || !sameClip(ops[i].clip, old[j].clip) {
                    changed = changed.union(ops[i].bounds).union(old[j].bounds)
                }
            }
            let oldBegin = Int(m.oldIndex[k])
            if oldBegin >= 0, old[oldBegin].kind == .beginGroup {
                for j in (oldBegin + 1)..<Int(old[oldBegin].partner) where !m.isMatched[j] { changed = changed.union(old[j].bounds) }
            }
            for inner in spreads where inner.begin > k && inner.begin < end { changed = changed.union(inner.pixels) }
            guard !changed.isEmpty else { continue }
            let spread = changed.grown(by: ContentBlur.reach(sigma: ops[k].width)).intersection(ops[end].bounds)
            spreads.append((k, spread))
            damage.formUnion(spread)
        }
    }
}
