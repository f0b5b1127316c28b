import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// A grid of coloured cells (a photo grid).
@MainActor
final class GridPage: ViewController {
    static let cellFrames = (0..<6).map { i in CGRect(x: 20 + Double(i % 3) * 120, y: 80 + Double(i / 3) * 120, width: 100, height: 100) }
    private(set) var cells: [View] = []
    override func viewDidLoad() {
        view.backgroundColor = .white
        for (i, frame) in Self.cellFrames.enumerated() {
            let cell = View(frame: frame)
            cell.backgroundColor = Color(red: Double(i) / 6, green: 0.5, blue: 1 - Double(i) / 6)
            cell.layer.cornerRadius = 8
            cell.accessibilityIdentifier = "cell\(i)"
            view.addSubview(cell)
            cells.append(cell)
        }
    }
}

/// A detail page with a large image area and a caption.
@MainActor
final class PhotoPage: ViewController {
    static let imageFrame = CGRect(x: 0, y: 100, width: 400, height: 300)
    let imageView = View()
    let color: Color
    init(color: Color) {
        self.color = color
        super.init()
    }
    override func viewDidLoad() {
        view.backgroundColor = .black
        imageView.frame = Self.imageFrame
        imageView.backgroundColor = color
        imageView.accessibilityIdentifier = "image"
        view.addSubview(imageView)
        let caption = View(frame: CGRect(x: 20, y: 450, width: 360, height: 30))
        caption.backgroundColor = .gray
        view.addSubview(caption)
    }
}

@MainActor
@Suite struct ZoomTransitionTests {
    let h = Harness()
    static let duration = 0.4

    /// A grid at the root of a navigation controller (no bar), a photo page for cell `index`, and its zoom.
    func makeStack(index: Int = 4, pushed: Bool) -> (NavigationController, GridPage, PhotoPage, ZoomTransition) {
        let grid = GridPage()
        let nav = NavigationController(rootViewController: grid)
        nav.isNavigationBarHidden = true
        h.window.rootViewController = nav
        h.frames(1)
        let photo = PhotoPage(color: grid.cells[index].backgroundColor!)
        let zoom = ZoomTransition(detail: photo, sourceView: { [unowned grid] in grid.cells[index] },
                                  destinationView: { [unowned photo] in photo.imageView })
        zoom.duration = Self.duration
        nav.delegate = zoom
        if pushed {
            nav.pushViewController(photo, animated: false)
            h.frames(1)
        }
        return (nav, grid, photo, zoom)
    }

    func settle(_ nav: NavigationController) {
        for _ in 0..<240 where nav.currentTransition != nil { h.frames(1) }
        h.frames(1)
    }

    func flightFrame(sourceLocation: SourceLocation = #_sourceLocation) -> CGRect? {
        let found = flights(in: h.window)
        #expect(found.count == 1, sourceLocation: sourceLocation)
        return found.first?.layer.renderedProperties.frame
    }

    /// Drags on the photo page from (200, `y0`) down by each of `dys` (one frame apart), then lets go
    /// after `hold` seconds (0: at once, still moving).
    func drag(y0: Double = 120, _ dys: [Double], hold: Double, release: Bool = true) {
        var t = 10.0
        h.down(200, y0, at: t)
        for dy in dys {
            t += 1.0 / 60
            h.move(200, y0 + dy, at: t)
            h.frames(1)
        }
        if release {
            h.up(200, y0 + dys.last!, at: t + hold)
            h.frames(1)
        }
    }

    @Test func pushGrowsTheCellIntoTheImageAlongTheCurveWhileThePageFadesIn() {
        let (nav, grid, photo, zoom) = makeStack(pushed: false)
        defer { withExtendedLifetime(zoom) {} }   // the navigation controller holds its delegate weakly
        let cell = GridPage.cellFrames[4]
        nav.pushViewController(photo, animated: true)
        h.frames(1)
        #expect(flightFrame().map { isClose($0, cell) } == true)
        #expect(grid.cells[4].isHidden && photo.imageView.isHidden)
        h.frames(6)
        let f = easeInEaseOut(0.25)
        #expect(flightFrame().map { isClose($0, lerp(cell, PhotoPage.imageFrame, f)) } == true)
        #expect(isClose(photo.view.layer.renderedProperties.opacity, f, tolerance: 1e-6))
        #expect(grid.view.layer.renderedProperties.opacity == 1)   // the list stays under the detail
        settle(nav)
        #expect(nav.topViewController === photo)
        checkNothingLeft(in: h.window, pages: [grid, photo])
        checkNavigationInvariants(nav, in: h.window)
    }

    /// A navigation delegate that scrubs a zoom push, to see its end.
    @MainActor
    final class ScrubbedZoomPush: NavigationControllerDelegate {
        let animator: ZoomTransitionAnimator
        let interaction = PercentDrivenInteractiveTransition()
        init(animator: ZoomTransitionAnimator) { self.animator = animator }
        func navigationController(_ navigationController: NavigationController,
                                  animationControllerFor operation: NavigationController.Operation,
                                  from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            animator
        }
        func navigationController(_ navigationController: NavigationController,
                                  interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
            -> (any ViewControllerInteractiveTransitioning)? {
            interaction
        }
    }

    @Test func atTheEndOfThePushTheImageIsAtTheDetailsFrame() {
        let (nav, grid, photo, _) = makeStack(index: 2, pushed: false)
        let scrubbed = ScrubbedZoomPush(animator: ZoomTransitionAnimator(
            sourceView: { [unowned grid] in grid.cells[2] }, destinationView: { ($0 as! PhotoPage).imageView },
            duration: Self.duration))
        nav.delegate = scrubbed
        nav.pushViewController(photo, animated: true)
        h.frames(1)
        scrubbed.interaction.update(1)
        h.frames(1)
        #expect(flightFrame().map { isClose($0, PhotoPage.imageFrame) } == true)
        #expect(photo.view.layer.renderedProperties.opacity == 1)
        scrubbed.interaction.update(0.5)
        h.frames(1)
        #expect(flightFrame().map { isClose($0, lerp(GridPage.cellFrames[2], PhotoPage.imageFrame, 0.5)) } == true)
        scrubbed.interaction.finish()
        settle(nav)
        checkNothingLeft(in: h.window, pages: [grid, photo])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func draggingDownScrubsTheImageBackTowardsTheCell() {
        let (nav, grid, photo, zoom) = makeStack(pushed: true)
        let height = photo.view.bounds.height
        drag([10, 40, 0.25 * height, 0.5 * height], hold: 0, release: false)
        // Held still, the drawn page settles onto the finger's progress (the tracking spring).
        h.frames(20)
        #expect(nav.currentTransition?.phase == .interacting)
        #expect(zoom.interaction.interactionInProgress)
        #expect(flightFrame().map { isClose($0, lerp(PhotoPage.imageFrame, GridPage.cellFrames[4], 0.5), tolerance: 0.5) } == true)
        #expect(isClose(photo.view.layer.renderedProperties.opacity, 0.5, tolerance: 0.005))
        // Held still, then let go at half the height: past the commit fraction, it pops into the cell.
        h.up(200, 120 + 0.5 * height, at: 11)
        settle(nav)
        #expect(nav.topViewController === grid)
        #expect(!zoom.interaction.interactionInProgress)
        checkNothingLeft(in: h.window, pages: [grid, photo])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aShortDownwardFlickPopsIntoTheCell() {
        let (nav, grid, photo, zoom) = makeStack(pushed: true)
        defer { withExtendedLifetime(zoom) {} }
        let height = photo.view.bounds.height
        // 0.1 of the height, the last moves at 30 pt a frame (1800 pt/s, over 3 heights per second).
        drag([10, 20, 0.1 * height - 30, 0.1 * height], hold: 0)
        #expect(nav.currentTransition?.interactionController === zoom.interaction)
        #expect(0.1 < TransitionSettings.defaultCommitFraction)
        settle(nav)
        #expect(nav.topViewController === grid)
        checkNothingLeft(in: h.window, pages: [grid, photo])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aSmallDragReleasedAtRestCancelsBackToTheDetailExactly() {
        let (nav, grid, photo, zoom) = makeStack(pushed: true)
        defer { withExtendedLifetime(zoom) {} }
        let height = photo.view.bounds.height
        drag([10, 20, 0.1 * height], hold: 0.2)
        #expect(nav.currentTransition?.interactionController === zoom.interaction)
        settle(nav)
        #expect(nav.topViewController === photo)
        #expect(photo.imageView.frame == PhotoPage.imageFrame && photo.view.frame == nav.transitionView.bounds)
        #expect(grid.view.superview == nil)
        checkNothingLeft(in: h.window, pages: [grid, photo])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func theZoomFindsTheSourceViewAtTheTimeOfThePop() {
        // The cell moved while the detail was shown (a scroll): the pop lands where it is now.
        let (nav, grid, photo, zoom) = makeStack(pushed: true)
        let moved = GridPage.cellFrames[4].offsetBy(dx: 0, dy: -60)
        grid.cells[4].frame = moved
        nav.delegate = zoom
        nav.popViewController(animated: true)
        h.frames(1)
        h.frames(12)
        #expect(flightFrame().map { isClose($0, lerp(PhotoPage.imageFrame, moved, 0.5)) } == true)
        settle(nav)
        checkNothingLeft(in: h.window, pages: [grid, photo])
    }

    @Test func presentedModallyTheDragDownDismissesIntoTheCell() {
        let grid = GridPage()
        h.window.rootViewController = grid
        h.frames(1)
        let photo = PhotoPage(color: .red)
        let zoom = ZoomTransition(detail: photo, sourceView: { [unowned grid] in grid.cells[1] },
                                  destinationView: { [unowned photo] in photo.imageView })
        zoom.duration = Self.duration
        photo.transitioningDelegate = zoom
        photo.modalPresentationStyle = .fullScreen   // the full-screen presentation the test measures
        grid.present(photo, animated: true)
        h.frames(1)
        h.frames(12)
        #expect(flightFrame().map { isClose($0, lerp(GridPage.cellFrames[1], PhotoPage.imageFrame, 0.5)) } == true)
        for _ in 0..<40 { h.frames(1) }
        #expect(grid.presentedViewController === photo)
        checkNothingLeft(in: h.window, pages: [photo])
        let height = photo.view.bounds.height
        drag([10, 40, 0.5 * height], hold: 0, release: false)
        h.frames(20)   // held still: the tracking spring brings the drawn page onto the progress
        #expect(flightFrame().map { isClose($0, lerp(PhotoPage.imageFrame, GridPage.cellFrames[1], 0.5), tolerance: 0.5) } == true)
        h.up(200, 120 + 0.5 * height, at: 11)
        for _ in 0..<60 { h.frames(1) }
        #expect(grid.presentedViewController == nil)
        checkNothingLeft(in: h.window, pages: [grid, photo])
    }
}
