import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

@MainActor
@Suite struct HitTestingTests {
    /// A 400x600 root with a 100x50 child centred at (200, 300).
    func makeTree() -> (root: View, child: View) {
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        let child = View(frame: CGRect(x: 150, y: 275, width: 100, height: 50))
        root.addSubview(child)
        return (root, child)
    }

    @Test func hitsTheDeepestViewFrontToBack() {
        let (root, child) = makeTree()
        let front = View(frame: CGRect(x: 150, y: 275, width: 50, height: 50))
        root.addSubview(front)
        #expect(root.hitTest(CGPoint(x: 160, y: 280), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 240, y: 280), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 500, y: 10), with: nil) == nil)
    }

    @Test func rotatedViewIsHitWhereItIsDrawn() {
        let (root, child) = makeTree()
        child.transform = CGAffineTransform(rotationAngle: .pi / 2)
        // Rotated a quarter turn about its centre, the child spans x 175...225, y 250...350.
        #expect(root.hitTest(CGPoint(x: 200, y: 255), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 200, y: 345), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 160, y: 300), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 240, y: 300), with: nil) === root)
        // The child's own coordinates turn with it: its top-left corner (0, 0) is at (225, 250).
        #expect(isClose(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 225, y: 250), tolerance: 1e-9))
        #expect(isClose(child.convert(CGPoint(x: 225, y: 250), from: root), .zero, tolerance: 1e-9))
    }

    @Test func scaledViewIsHitWhereItIsDrawn() {
        let (root, child) = makeTree()
        child.transform = CGAffineTransform(scaleX: 2, y: 2)
        // Doubled about its centre: x 100...300, y 250...350.
        #expect(root.hitTest(CGPoint(x: 105, y: 255), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 295, y: 345), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 95, y: 300), with: nil) === root)
        #expect(isClose(child.convert(CGPoint(x: 100, y: 50), to: root), CGPoint(x: 300, y: 350)))
    }

    @Test func rotatedAndScaledParentCarriesItsSubviews() {
        let (root, child) = makeTree()
        let grandchild = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.addSubview(grandchild)
        child.transform = CGAffineTransform(rotationAngle: .pi).scaledBy(x: 2, y: 2)
        // A half turn and a doubling about (200, 300): the child's (5, 5) lands at (290, 340).
        let p = grandchild.convert(CGPoint(x: 5, y: 5), to: root)
        #expect(isClose(p, CGPoint(x: 290, y: 340), tolerance: 1e-9))
        #expect(root.hitTest(p, with: nil) === grandchild)
    }

    @Test func viewTurnedInDepthIsHitThroughItsPerspective() {
        let (root, child) = makeTree()
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        child.transform3D = t.rotated(by: .pi / 3, x: 0, y: 1, z: 0)
        let inside = child.convert(CGPoint(x: 90, y: 25), to: root)
        #expect(root.hitTest(inside, with: nil) === child)
        // Turned 60 degrees about y, the child is narrower on screen than its 100 points.
        #expect(root.hitTest(CGPoint(x: 155, y: 300), with: nil) === root)
    }

    @Test func hiddenTransparentAndDisabledViewsAreSkipped() {
        let (root, child) = makeTree()
        let p = CGPoint(x: 200, y: 300)
        child.isHidden = true
        #expect(root.hitTest(p, with: nil) === root)
        child.isHidden = false
        child.alpha = View.hitTestMinimumAlpha / 2
        #expect(root.hitTest(p, with: nil) === root)
        child.alpha = 1
        child.isUserInteractionEnabled = false
        #expect(root.hitTest(p, with: nil) === root)
    }

    @Test func subviewOutsideItsSuperviewIsNotHit() {
        let (root, child) = makeTree()
        let sticking = View(frame: CGRect(x: 90, y: 0, width: 50, height: 20))
        child.addSubview(sticking)
        // UIKit's rule: hit testing stops at the superview's bounds even without clipping.
        #expect(root.hitTest(CGPoint(x: 270, y: 280), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 245, y: 280), with: nil) === sticking)
    }
}
