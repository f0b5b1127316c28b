// The effects catalogue's "Blurs" (SegueUI's documentation, EffectsCatalogue.md) quotes the four lines of
// `unblur(_:)`: a title hidden by a 4 pt content blur, made sharp in an animation block. The test runs them
// and reads the title's presentation at exact times of the animation.
import SegueUIKit
import Testing

/// Blurs `title` (hidden), then animates it back to sharp over 0.45 s with the default curve (ease in, ease
/// out), as iOS 27's inline title appears.
@MainActor
func unblur(_ title: UILabel) {
    title.layer.contentBlurRadius = 4                     // hidden: blurred...
    View.animate(withDuration: 0.45) {
        title.layer.contentBlurRadius = 0                 // ...and sharp again as it appears
    }
}

@MainActor
@Suite struct ContentBlurCataloguePortTests {
    /// y of the ease-in-ease-out curve (Core Animation's (0.42, 0, 0.58, 1)) at x, by bisection on the
    /// Bézier's parameter.
    static func easeInEaseOut(_ x: Double) -> Double {
        func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if b(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, 0, 1)
    }

    @Test func theCataloguesTitleUnblursAlongTheDefaultCurve() {
        let h = PortHarness()
        let title = UILabel(frame: CGRect(x: 20, y: 100, width: 200, height: 30))
        title.text = "Title"
        h.window.addSubview(title)
        h.frames(1)
        unblur(title)
        #expect(title.layer.contentBlurRadius == 0)
        h.frames(1)  // the animation begins in this frame
        #expect(title.layer.renderedProperties.contentBlurRadius == 4)
        h.frames(9)  // 0.15 s: a third of the way in time
        #expect(abs(title.layer.renderedProperties.contentBlurRadius - 4 * (1 - Self.easeInEaseOut(1.0 / 3))) < 1e-6)
        h.frames(18)  // 0.45 s: done
        #expect(title.layer.renderedProperties.contentBlurRadius == 0)
    }
}
