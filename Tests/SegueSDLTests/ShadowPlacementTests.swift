import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// On the CPU compositor, a shadow moved by a translation alone is placed on the nearest whole pixels
/// (as a picture so moved is) and copied from its blurred mask, not resampled.
@Suite(.serialized) @MainActor
struct ShadowPlacementTests {
    private func shadowed(x: Double) throws -> Canvas {
        let c = try Canvas(backEnd: .cpu)
        let card = solidLayer(CGRect(x: x, y: 60, width: 80, height: 120), .white)
        card.shadowOpacity = 0.5
        card.shadowRadius = 6
        card.shadowOffset = CGSize(width: 40, height: 0)
        c.add(card)
        try c.draw()
        return c
    }

    @Test func aShadowOnFractionalPixelsIsDrawnOnTheNearestWholeOnes() throws {
        let whole = try shadowed(x: 100), fractional = try shadowed(x: 100.3), other = try shadowed(x: 101)
        // Right of the card (x 180...) only the shadow shows: x 180..<230 over the card's rows.
        var differing = 0, differingFromNext = 0
        for y in 70..<170 {
            for x in 182..<228 {
                if try whole.pixel(x, y) != fractional.pixel(x, y) { differing += 1 }
                if try whole.pixel(x, y) != other.pixel(x, y) { differingFromNext += 1 }
            }
        }
        #expect(differing == 0)
        // A whole pixel further, the shadow's edge is elsewhere: the comparison can tell.
        #expect(differingFromNext > 0)
    }
}
