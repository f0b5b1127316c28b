import Foundation
import SegueAnimation

/// Backdrop blurs (`Layer.backdropBlurRadius`, ``BackdropBlur``): recorded as an operation before the
/// layer's background, signed with what is drawn under them, and damaged so that an executor that blurs
/// again finds the backdrop it reads redrawn.
///
/// **While the backdrop is still**, the blurred pixels are reused: each backdrop operation's key
/// (``PictureSource/backdrop(_:)``) signs everything drawn before it over the pixels it reads (each such
/// operation's kind, layer, map, shape, colours, opacity, clip, pixels and picture, in order), σ and those
/// pixels. An executor that finds pixels kept for that key draws them (a hit); otherwise it blurs what it
/// drew under the operation this frame and keeps the result (a miss). A new key changes the operation, so
/// the damage takes in the pixels it reads (its ``CompositorOp/bounds``); so does a key the executors have
/// no pixels for (the blur was hidden when its key came), so that a miss always reads a redrawn backdrop.
/// A blur that a later opaque operation hides entirely is not blurred at all, and costs no damage.
extension Compositor {
    /// Records the layer's backdrop blur, if it has one that blurs (σ of at least about half a pixel) and
    /// pixels to draw on.
    func recordBackdrop(_ layer: Layer, _ p: LayerProperties, _ toTarget: Homography, alpha: Double) {
        guard p.backdropBlurRadius > 0, p.bounds.width > 0, p.bounds.height > 0,
              let box = CompositorGeometry.projectedBox(p.bounds, toTarget) else { return }
        let written = box.expanded(by: Self.antialiasMargin).intersection(clipBounds)
        let sigma = p.backdropBlurRadius * Self.blurScale(p.bounds, toTarget)
        let reach = BackdropBlur.backdropReach(sigma: sigma)
        guard !written.isEmpty, reach > 0 else { return }
        let read = currentLevel == 0
            ? PixelRect(x0: written.x0 - reach, y0: written.y0 - reach, x1: written.x1 + reach, y1: written.y1 + reach)
                .intersection(recordingBounds)
            : written
        var op = CompositorOp(kind: .backdrop, layer: ObjectIdentifier(layer), toTarget: toTarget, rect: p.bounds,
                              radius: p.cornerRadius, width: sigma, alpha: alpha, clip: currentClip, bounds: read,
                              level: currentLevel)
        op.written = written
        list.ops.append(op)
    }

    /// Target pixels per point of the layer's map, for its blur: the square root of the affine part's
    /// determinant (a uniform scale's factor, a rotation's 1), times the pixel scale; under perspective the
    /// ratio of the projected diagonal to the layer's.
    static func blurScale(_ rect: CGRect, _ toTarget: Homography) -> Double {
        if toTarget.isAffine {
            return abs(toTarget.m11 * toTarget.m22 - toTarget.m12 * toTarget.m21).squareRoot()
        }
        guard let a = toTarget.apply(CGPoint(x: rect.minX, y: rect.minY)),
              let b = toTarget.apply(CGPoint(x: rect.maxX, y: rect.maxY)) else { return 1 }
        return a.distance(to: b) / max(1e-9, (rect.width * rect.width + rect.height * rect.height).squareRoot())
    }

    /// Signs the recorded list's backdrop operations (``BackdropBlur/Key``), and notes their slots as
    /// recorded this frame. Called once the list is recorded.
    func signBackdrops() {
        // The keys are set once the list is no longer read through a second reference: writing an operation
        // while `ops` holds the array would copy the whole list.
        var keys: [(index: Int, key: BackdropBlur.Key)] = []
        do {
            let ops = list.ops
            for k in ops.indices where ops[k].kind == .backdrop {
                let read = ops[k].bounds
                var hasher = Hasher()
                hasher.combine(read.x0); hasher.combine(read.y0); hasher.combine(read.x1); hasher.combine(read.y1)
                hasher.combine(ops[k].width)
                hasher.combine(ops[k].level)
                for j in 0..<k where !ops[j].bounds.intersection(read).isEmpty {
                    hash(ops[j], into: &hasher)
                }
                let slot = BackdropBlur.Slot(layer: ops[k].layer, depth: nestingDepth)
                recordedBackdrops.insert(slot)
                keys.append((k, BackdropBlur.Key(slot: slot, signature: UInt64(bitPattern: Int64(hasher.finalize())))))
            }
        }
        for (k, key) in keys { list.ops[k].source = .backdrop(key) }
    }

    private func combine(_ r: PixelRect, into hasher: inout Hasher) {
        hasher.combine(r.x0); hasher.combine(r.y0); hasher.combine(r.x1); hasher.combine(r.y1)
    }

    /// Everything of an operation that decides its pixels.
    private func hash(_ op: CompositorOp, into hasher: inout Hasher) {
        hasher.combine(op.kind.rawValue)
        hasher.combine(op.layer)
        hasher.combine(op.toTarget)
        hasher.combine(op.rect.minX); hasher.combine(op.rect.minY); hasher.combine(op.rect.width); hasher.combine(op.rect.height)
        hasher.combine(op.radius)
        hasher.combine(op.width)
        hasher.combine(op.color)
        hasher.combine(op.alpha)
        if op.clip >= 0 {
            for point in list.clips[Int(op.clip)].points { hasher.combine(point.x); hasher.combine(point.y) }
        }
        hasher.combine(op.clip >= 0)
        combine(op.bounds, into: &hasher)
        combine(op.hole, into: &hasher)
        combine(op.written, into: &hasher)
        hasher.combine(op.source)
        hasher.combine(op.sourceRect.minX); hasher.combine(op.sourceRect.minY)
        hasher.combine(op.sourceRect.width); hasher.combine(op.sourceRect.height)
        hasher.combine(op.sourceIsOpaque)
        hasher.combine(op.level)
    }

    /// Adds to the frame's damage the pixels read by each visible backdrop blur that the executors have no
    /// pixels for under its key (see the extension's comment).
    func damageBackdropsToBlur() {
        let ops = list.ops
        for k in ops.indices where ops[k].kind == .backdrop {
            guard case .backdrop(let key) = ops[k].source, pictures.backdrops[key.slot]?.key != key,
                  !list.backdropIsHidden(k) else { continue }
            damage.formUnion(ops[k].bounds)
        }
    }

    /// Drops the blurred pixels of the backdrop operations not recorded this frame.
    func sweepBackdrops() {
        if pictures.backdrops.keys.contains(where: { !recordedBackdrops.contains($0) }) {
            pictures.backdrops = pictures.backdrops.filter { recordedBackdrops.contains($0.key) }
        }
        recordedBackdrops.removeAll(keepingCapacity: true)
    }
}

extension CompositorOpList {
    /// Whether an opaque operation drawn after backdrop operation `k` (outside groups) covers every pixel it
    /// writes: then it is not blurred.
    func backdropIsHidden(_ k: Int) -> Bool {
        let written = ops[k].written
        for j in (k + 1)..<ops.count where ops[j].level == 0 && ops[j].opaque.contains(written) { return true }
        return false
    }
}
