import Testing
@testable import SegueAnimation
@testable import SegueUI

/// iOS 27's detent sheet as the spec measured it on an iPhone 16 Pro (spec gestures-and-timing, "Sheets,
/// measured on the same device"), at its 402 x 874 pt: the floating medium card, the large sheet, the blend
/// between them, the dimming, and the one spring every move has. Expected values come from the spec's
/// numbers, not from the code.
@MainActor
@Suite struct SheetIOS27Tests {
    let h = Harness(size: CGSize(width: 402, height: 874))
    let log = CallLog()

    // The device's figures (spec).
    /// The medium card on 402 x 874: 8 pt from each side and the bottom, 451 pt tall.
    static let mediumFrame = CGRect(x: 8, y: 874 - 8 - 451, width: 402 - 16, height: 451)
    /// The large sheet: full width, its top 62 pt below the screen's, 812 pt tall.
    static let largeFrame = CGRect(x: 0, y: 62, width: 402, height: 812)
    /// The fraction of the travel covered at 50, 100, 200 and 300 ms after the motion starts: 3, 6, 12
    /// and 18 frames of the 60 Hz virtual clock.
    static let fractions: [(frames: Int, range: ClosedRange<CGFloat>)] = [
        (3, 0.23...0.29), (6, 0.55...0.60), (12, 0.88...0.90), (18, 0.97...0.98),
    ]

    func presentSheet(detents: [SheetPresentationController.Detent],
                      selected: SheetPresentationController.Detent.Identifier? = nil,
                      configure: (SheetPresentationController) -> Void = { _ in })
        -> (b: LoggingViewController, sheet: SheetPresentationController) {
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let b = LoggingViewController("B", log: log)
        let sheet = b.sheetPresentationController!
        sheet.detents = detents
        sheet.selectedDetentIdentifier = selected
        configure(sheet)
        a.present(b, animated: true)
        h.settlePresentations(then: 120)
        return (b, sheet)
    }

    func expectFrame(_ actual: CGRect, _ expected: CGRect, _ what: String, tolerance: Double = 1e-6) {
        let ok = isClose(actual.minX, expected.minX, tolerance: tolerance) && isClose(actual.minY, expected.minY, tolerance: tolerance)
            && isClose(actual.width, expected.width, tolerance: tolerance) && isClose(actual.height, expected.height, tolerance: tolerance)
        #expect(ok, "\(what): \(actual), expected \(expected)")
    }

    /// The sheet's drawn top edge every frame from now for `count` frames (the first: before any frame).
    func drawnTops(of view: View, frames count: Int) -> [CGFloat] {
        var tops = [view.layer.renderedProperties.frame.minY]
        for _ in 0..<count {
            h.frames(1)
            tops.append(view.layer.renderedProperties.frame.minY)
        }
        return tops
    }

    /// Checks a move recorded by ``drawnTops(of:frames:)`` from `from` to `to` against the device's shape:
    /// the fractions at 50/100/200/300 ms after the motion starts (the last frame standing at `from`), and
    /// the settle within 0.5 pt in `settle` ms.
    func expectDeviceShape(_ tops: [CGFloat], from: CGFloat, to: CGFloat, settle: ClosedRange<Double>, _ move: String) {
        // Before the first frame the layer shows its model (the end); the move starts at the last frame
        // still drawn at `from`.
        guard let standing = tops.firstIndex(where: { abs($0 - from) <= 1e-6 }),
              let moved = tops[standing...].firstIndex(where: { abs($0 - from) > 1e-6 }) else {
            Issue.record("\(move): the sheet never moved from \(from)")
            return
        }
        let start = moved - 1
        for (frames, range) in Self.fractions {
            let f = (tops[start + frames] - from) / (to - from)
            #expect(range.contains(f), "\(move): top edge at frame +\(frames) covers \(f) of the travel, device \(range)")
        }
        let settled = tops.indices.first { k in k >= start && tops[k...].allSatisfy { abs($0 - to) <= 0.5 } }
        let ms = settled.map { Double($0 - start) * 1000 / 60 }
        #expect(ms.map { settle.contains($0) } == true, "\(move): within 0.5 pt after \(String(describing: ms)) ms, expected \(settle)")
    }

    // MARK: Geometry

    @Test func theMediumDetentIsAFloatingCardEightPointsInWithConcentricCorners() {
        let (b, sheet) = presentSheet(detents: [.medium(), .large()])
        expectFrame(b.view.frame, Self.mediumFrame, "medium")
        expectFrame(b.view.layer.renderedProperties.frame, Self.mediumFrame, "medium, drawn")
        // 451 / 874 of the screen; the corners 62 - 8.
        #expect(isClose(b.view.frame.height / 874, 0.516, tolerance: 0.0005))
        #expect(isClose(b.view.layer.cornerRadius, 54))
        #expect(b.view.clipsToBounds)
        _ = sheet
    }

    @Test func theLargeDetentIsFullWidthUnderTheStatusAreaWithTheScreensCorners() {
        let (b, _) = presentSheet(detents: [.medium(), .large()], selected: .large)
        expectFrame(b.view.frame, Self.largeFrame, "large")
        #expect(isClose(b.view.layer.cornerRadius, 62))
    }

    @Test func aSmallCustomDetentIsAFloatingCardToo() {
        let (b, _) = presentSheet(detents: [.custom(identifier: .init("small")) { _ in 225 }, .medium(), .large()])
        expectFrame(b.view.frame, CGRect(x: 8, y: 874 - 8 - 225, width: 386, height: 225), "custom 225")
        #expect(isClose(b.view.layer.cornerRadius, 54))
    }

    @Test func theGeometryIsRulesThatHoldOnOtherWindows() {
        // 400 x 600: medium 451/874 of 600 tall, 8 pt in; large 600 - 62 tall.
        let small = Harness()
        let a = small.showRoot(LoggingViewController("A", log: log), clearing: log)
        let b = LoggingViewController("B", log: log)
        b.sheetPresentationController!.detents = [.medium(), .large()]
        a.present(b, animated: false)
        small.settlePresentations(then: 120)
        let height = (600 * 451.0 / 874).rounded()   // 310: whole points
        expectFrame(b.view.frame, CGRect(x: 8, y: 600 - 8 - height, width: 384, height: height), "medium on 400 x 600")
        b.sheetPresentationController!.selectedDetentIdentifier = .large
        small.frames(1)
        expectFrame(b.view.frame, CGRect(x: 0, y: 62, width: 400, height: 538), "large on 400 x 600")
    }

    @Test func betweenMediumAndLargeTheInsetsAndTheRadiusBlendWithTheHeight() {
        let (_, sheet) = presentSheet(detents: [.medium(), .large()])
        let bounds = CGRect(x: 0, y: 0, width: 402, height: 874)
        // Half way in height between 451 and 812: half the inset (4 pt), half way between the radii.
        let mid: CGFloat = (451 + 812) / 2
        #expect(isClose(sheet.expansion(forHeight: mid), 0.5, tolerance: 1e-6))
        expectFrame(sheet.sheetFrame(height: mid, in: bounds), CGRect(x: 4, y: 874 - 4 - mid, width: 394, height: mid), "half way")
        #expect(isClose(sheet.cornerRadius(forHeight: mid), 58, tolerance: 1e-6))
        // Below medium (a drag towards dismissal) the card keeps its insets; above large, none.
        expectFrame(sheet.sheetFrame(height: 300, in: bounds), CGRect(x: 8, y: 874 - 8 - 300, width: 386, height: 300), "below medium")
        #expect(sheet.expansion(forHeight: 840) == 1)
    }

    @Test func theBlendFollowsTheSpringFromMediumToLarge() {
        let (b, sheet) = presentSheet(detents: [.medium(), .large()])
        sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
        var xs: [CGFloat] = [b.view.layer.renderedProperties.frame.minX]
        var tops: [CGFloat] = [b.view.layer.renderedProperties.frame.minY]
        for _ in 0..<40 {
            h.frames(1)
            xs.append(b.view.layer.renderedProperties.frame.minX)
            tops.append(b.view.layer.renderedProperties.frame.minY)
        }
        // Every frame: the side inset is 8 x the share of the way not yet covered by the top edge.
        for (x, top) in zip(xs, tops) {
            let covered = (415 - top) / (415 - 62)
            #expect(isClose(x, 8 * (1 - covered), tolerance: 1e-6), "inset \(x) at top \(top)")
        }
        #expect(xs.contains { $0 > 0.5 && $0 < 7.5 })
        expectFrame(b.view.layer.renderedProperties.frame, Self.largeFrame, "large at rest")
    }

    // MARK: Dimming

    @Test func theDimmingIsBlackAtOneFifthAtEveryDimmedDetent() {
        let (b, sheet) = presentSheet(detents: [.medium(), .large()])
        #expect(sheet.dimmingView.alpha == 0.2)
        #expect(sheet.dimmingView.backgroundColor == .black)
        sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
        h.settlePresentations(then: 120)
        #expect(sheet.dimmingView.alpha == 0.2)
        #expect(isClose(Double(sheet.dimmingView.layer.renderedProperties.opacity), 0.2, tolerance: 1e-6))
        _ = b
    }

    @Test func undimmedAtMediumTheDimmingFadesInTowardsLarge() {
        let (_, sheet) = presentSheet(detents: [.medium(), .large()]) { $0.largestUndimmedDetentIdentifier = .medium }
        #expect(sheet.dimmingView.alpha == 0)
        #expect(isClose(sheet.dimming(forHeight: (451 + 812) / 2), 0.1, tolerance: 1e-6))
        sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
        h.settlePresentations(then: 120)
        #expect(isClose(sheet.dimmingView.alpha, 0.2, tolerance: 1e-9))
    }

    // MARK: The spring

    @Test func presentingToMediumHasTheDevicesShape() {
        let a = h.showRoot(LoggingViewController("A", log: log), clearing: log)
        let b = LoggingViewController("B", log: log)
        b.sheetPresentationController!.detents = [.medium(), .large()]
        a.present(b, animated: true)
        h.frames(1)
        // From just below the bottom edge (874) to 415: 459 pt.
        expectDeviceShape(drawnTops(of: b.view, frames: 60), from: 874, to: 415, settle: 460...520, "present to medium")
    }

    @Test func aDetentChangeInCodeHasTheDevicesShape() {
        let (b, sheet) = presentSheet(detents: [.medium(), .large()])
        sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
        expectDeviceShape(drawnTops(of: b.view, frames: 60), from: 415, to: 62, settle: 460...520, "medium to large (353 pt)")
    }

    @Test func dismissingFromLargeHasTheDevicesShape() {
        let (b, _) = presentSheet(detents: [.medium(), .large()], selected: .large)
        b.dismiss(animated: true)
        h.frames(1)
        // 812 pt, from 62 to the bottom edge.
        expectDeviceShape(drawnTops(of: b.view, frames: 60), from: 62, to: 874, settle: 460...520, "dismiss from large")
    }

    @Test func aMoveToASmallCustomDetentHasTheDevicesShapeAndSettlesAFrameEarly() {
        let (b, sheet) = presentSheet(detents: [.custom(identifier: .init("small")) { _ in 225 }, .medium(), .large()],
                                      selected: .medium)
        sheet.animateChanges { sheet.selectedDetentIdentifier = .init("small") }
        // 415 -> 641: 226 pt. A linear spring that is at 0.97-0.98 at 300 ms cannot settle 0.5 pt over 226 pt
        // as late as 460 ms and over 811 pt by 520 ms: SheetSpring's fit settles this one at 450 ms (its
        // documented residual).
        expectDeviceShape(drawnTops(of: b.view, frames: 60), from: 415, to: 641, settle: 450...520, "medium to 225 pt")
    }

    /// A drag between detents is drawn as iOS 27 draws a dragged page: through the tracking spring (0.08 s,
    /// 0.85). The finger goes up 40 pt a frame from the medium card's top; the sheet trails it, then rests
    /// on it within 0.5 pt 0.1 s after the finger stops; let go at rest there, it settles at large.
    @Test func aDragBetweenDetentsFollowsTheFingerThroughTheTrackingSpring() {
        let (b, sheet) = presentSheet(detents: [.medium(), .large()])
        let top = Self.mediumFrame.minY   // 415
        var t = 10.0
        h.down(200, top + 20, at: t)
        // Recognized on the first move; the drag counts from there (the sheet's height under the finger).
        t += 1.0 / 60
        h.move(200, top + 10, at: t)
        h.frames(1)
        let start = b.view.layer.renderedProperties.frame.height   // 451
        #expect(start == Self.mediumFrame.height)
        var fingers: [CGFloat] = []
        var heights: [CGFloat] = []
        for k in 1...6 {
            t += 1.0 / 60
            h.move(200, top + 10 - 40 * CGFloat(k), at: t)
            h.frames(1)
            fingers.append(start + 40 * CGFloat(k))
            heights.append(b.view.layer.renderedProperties.frame.height)
        }
        // Moving, the sheet is shorter than the finger makes it (it trails), and it grows every frame.
        #expect(zip(heights.dropFirst(), fingers.dropFirst()).allSatisfy { $0 < $1 - 5 }, "\(heights) vs \(fingers)")
        #expect(zip(heights.dropFirst(), heights).allSatisfy { $0 > $1 })
        h.frames(6)
        let rest = b.view.layer.renderedProperties.frame.height
        #expect(abs(rest - fingers.last!) < 0.5, "\(rest) vs \(fingers.last!)")
        h.up(200, top + 10 - 240, at: t + 0.2)
        h.frames(90)
        #expect(sheet.selectedDetentIdentifier == .large)
        expectFrame(b.view.layer.renderedProperties.frame, Self.largeFrame, "at large")
    }

    @Test func theSpringsStartVelocityIsTheFingersAtARelease() {
        let spring = SheetSpring.standard
        // 600 pt/s over 300 pt: 2 travels per second; at rest: from rest, not at the fixed 3.
        #expect(spring.relativeVelocity(fingerVelocity: 600, travel: 300) == 2)
        #expect(spring.relativeVelocity(fingerVelocity: 0, travel: 300) == 0)
        #expect(spring.relativeVelocity(fingerVelocity: -300, travel: 300) == -1)
        // No ease-in without a finger: it starts at 3 travels per second.
        #expect(isClose(SpringSimulation(spring: spring.spring, initialVelocity: spring.initialVelocity).velocity(at: 0), 3))
    }
}
