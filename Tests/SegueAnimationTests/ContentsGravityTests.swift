import Foundation
import Testing
import SegueAnimation

/// Core Animation's contents gravities, worked out by hand for 200 x 100 contents in a 100 x 100 box at
/// (10, 20).
@Suite struct ContentsGravityTests {
    let size = CGSize(width: 200, height: 100)
    let box = CGRect(x: 10, y: 20, width: 100, height: 100)

    @Test func theScalingGravities() {
        #expect(ContentsGravity.resize.rect(forContentsOfSize: size, in: box) == box)
        // Fit: scale 0.5 (the width binds), 100 x 50, centred vertically.
        #expect(ContentsGravity.resizeAspect.rect(forContentsOfSize: size, in: box) == CGRect(x: 10, y: 45, width: 100, height: 50))
        // Fill: scale 1 (the height binds), 200 x 100, centred horizontally (50 over each side).
        #expect(ContentsGravity.resizeAspectFill.rect(forContentsOfSize: size, in: box) == CGRect(x: -40, y: 20, width: 200, height: 100))
    }

    @Test func thePositionalGravitiesKeepTheNaturalSize() {
        let small = CGSize(width: 40, height: 20)
        func r(_ g: ContentsGravity) -> CGRect { g.rect(forContentsOfSize: small, in: box) }
        #expect(r(.center) == CGRect(x: 40, y: 60, width: 40, height: 20))
        #expect(r(.top) == CGRect(x: 40, y: 20, width: 40, height: 20))
        #expect(r(.bottom) == CGRect(x: 40, y: 100, width: 40, height: 20))
        #expect(r(.left) == CGRect(x: 10, y: 60, width: 40, height: 20))
        #expect(r(.right) == CGRect(x: 70, y: 60, width: 40, height: 20))
        #expect(r(.topLeft) == CGRect(x: 10, y: 20, width: 40, height: 20))
        #expect(r(.topRight) == CGRect(x: 70, y: 20, width: 40, height: 20))
        #expect(r(.bottomLeft) == CGRect(x: 10, y: 100, width: 40, height: 20))
        #expect(r(.bottomRight) == CGRect(x: 70, y: 100, width: 40, height: 20))
    }

    @Test @MainActor func thePresentationCopiesTheGravityAndTheScale() {
        let layer = Layer()
        layer.contentsGravity = .resizeAspectFill
        layer.contentsScale = 2
        let copy = layer.presentation()!
        #expect(copy.contentsGravity == .resizeAspectFill && copy.contentsScale == 2)
    }
}
