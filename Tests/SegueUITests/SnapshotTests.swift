import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

@MainActor
@Suite struct SnapshotTests {
    let h = Harness()

    /// A red 120x80 card at (10, 20) with a green 60x80 half on its right, in the window.
    func makeCard() -> (card: View, half: View) {
        let card = View(frame: CGRect(x: 10, y: 20, width: 120, height: 80))
        card.backgroundColor = .red
        let half = View(frame: CGRect(x: 60, y: 0, width: 60, height: 80))
        half.backgroundColor = .green
        card.addSubview(half)
        h.window.addSubview(card)
        return (card, half)
    }

    func pictureSource(of snapshot: View) -> Layer? {
        guard case .snapshot(let picture) = snapshot.layer.contents else { return nil }
        return picture.source
    }

    @Test func snapshotWithoutScreenUpdatesIsACopyMadeAtTheCall() throws {
        let (card, _) = makeCard()
        let snapshot = try #require(card.snapshotView(afterScreenUpdates: false))
        #expect(snapshot.frame == CGRect(x: 0, y: 0, width: 120, height: 80))
        let source = try #require(pictureSource(of: snapshot))
        #expect(source !== card.layer)
        #expect(source.superlayer == nil)
        #expect(source.model == card.layer.model)
        #expect(source.sublayers.count == 1 && source.sublayers[0] !== card.subviews[0].layer)
    }

    /// A blurred layer's snapshot keeps its blur, as it keeps every drawn property (a hidden navigation title
    /// is blurred by 4 points).
    @Test func aSnapshotKeepsTheContentBlurOfWhatItPictures() throws {
        let (card, half) = makeCard()
        half.layer.contentBlurRadius = 4
        let snapshot = try #require(card.snapshotView(afterScreenUpdates: false))
        let source = try #require(pictureSource(of: snapshot))
        #expect(source.sublayers.first?.model.contentBlurRadius == 4)
        #expect(source.sublayers.first?.model == half.layer.model)
    }

    @Test func snapshotWithoutScreenUpdatesIgnoresHidingMovingAndChangingTheSourceInTheSameTurn() throws {
        let (card, half) = makeCard()
        let snapshot = try #require(card.snapshotView(afterScreenUpdates: false))
        // What the seed articles' animators do next: hide the source, move it, change it.
        card.isHidden = true
        card.center = CGPoint(x: 300, y: 400)
        card.backgroundColor = .blue
        half.alpha = 0
        half.removeFromSuperview()
        let source = try #require(pictureSource(of: snapshot))
        #expect(!source.isHidden)
        #expect(source.position == CGPoint(x: 70, y: 60))
        #expect(source.backgroundColor == .red)
        #expect(source.sublayers.count == 1)
        #expect(source.sublayers[0].backgroundColor == .green)
        #expect(source.sublayers[0].opacity == 1)
        #expect(source.sublayers[0].frame == CGRect(x: 60, y: 0, width: 60, height: 80))
    }

    @Test func snapshotOfAViewInFlightShowsWhereItIsDrawnNowWithNoAnimation() throws {
        let (card, _) = makeCard()
        View.animate(withDuration: 1, options: .curveLinear, animations: { card.center = CGPoint(x: 270, y: 60) })
        h.frames(30)
        let drawn = card.layer.presentationValues()
        #expect(drawn.position.x > 70 && drawn.position.x < 270, "mid-flight: \(drawn.position.x)")
        let snapshot = try #require(card.snapshotView(afterScreenUpdates: false))
        let source = try #require(pictureSource(of: snapshot))
        #expect(source.model == drawn)
        #expect(source.presentationValues() == source.model, "the copy carries no animation")
        h.frames(60)
        #expect(source.position == drawn.position)
        #expect(card.layer.presentationValues().position == CGPoint(x: 270, y: 60))
    }

    @Test func snapshotTakenInsideAnAnimationBlockIsStill() throws {
        let (card, _) = makeCard()
        var snapshot: View?
        View.animate(withDuration: 1, animations: {
            snapshot = card.snapshotView(afterScreenUpdates: false)!
            card.alpha = 0
        })
        let taken = try #require(snapshot)
        let source = try #require(pictureSource(of: taken))
        #expect(source.opacity == 1)
        #expect(source.presentationValues() == source.model, "the copy carries no animation")
    }

    @Test func snapshotAfterScreenUpdatesPicturesTheSourceAtTheNextRender() throws {
        let view = View(frame: CGRect(x: 10, y: 20, width: 120, height: 80))
        view.accessibilityIdentifier = "card"
        let snapshot = try #require(view.snapshotView(afterScreenUpdates: true))
        #expect(snapshot.frame == CGRect(x: 0, y: 0, width: 120, height: 80))
        guard case .snapshot(let picture) = snapshot.layer.contents else {
            Issue.record("no snapshot contents")
            return
        }
        #expect(picture.source === view.layer)
        #expect(picture.size == CGSize(width: 120, height: 80))
        #expect(snapshot.accessibilityIdentifier == "card.snapshot")
        #expect(view.layer.name == "card")
    }
}
