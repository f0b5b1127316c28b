import Foundation
import Testing
import SegueAnimation
import SegueUI

/// `View.snapshotView(afterScreenUpdates:)` drawn headless: what the picture shows after the source is
/// changed in the same turn.
@Suite(.serialized) @MainActor
struct SnapshotViewPixelTests {
    /// A red 100x100 card at (20, 20) with a green right half, its layer in the canvas.
    func makeCard(in c: Canvas) -> (card: View, half: View) {
        let card = View(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        card.backgroundColor = .red
        let half = View(frame: CGRect(x: 50, y: 0, width: 50, height: 100))
        half.backgroundColor = .green
        card.addSubview(half)
        c.add(card.layer)
        return (card, half)
    }

    @Test func snapshotWithoutScreenUpdatesShowsTheSourceAsItWasAtTheCall() throws {
        let c = try Canvas()
        let (card, half) = makeCard(in: c)
        let snapshot = try #require(card.snapshotView(afterScreenUpdates: false))
        snapshot.frame.origin = CGPoint(x: 200, y: 20)
        c.add(snapshot.layer)
        card.isHidden = true
        card.center = CGPoint(x: 70, y: 200)
        card.backgroundColor = .blue
        half.backgroundColor = .blue
        try c.draw()
        try c.saveIfAsked("snapshot-view-at-call")
        #expect(try c.pixel(225, 70) == red)
        #expect(try c.pixel(275, 70) == green)
        #expect(try c.pixel(70, 70) == white, "the source itself is hidden")
    }

    @Test func snapshotAfterScreenUpdatesShowsTheChangesMadeBeforeTheRender() throws {
        let c = try Canvas()
        let (card, half) = makeCard(in: c)
        let snapshot = try #require(card.snapshotView(afterScreenUpdates: true))
        snapshot.frame.origin = CGPoint(x: 200, y: 20)
        c.add(snapshot.layer)
        half.backgroundColor = .blue
        try c.draw()
        #expect(try c.pixel(225, 70) == red)
        #expect(try c.pixel(275, 70) == blue)
    }
}
