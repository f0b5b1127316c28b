// The page sheet as WWDC 2021's "Customize and resize sheets in UIKit" configures it, written here in our own
// words as an iOS developer writes it against UIKit: the presented controller's `sheetPresentationController`
// is set up before `present` (detents, the selected and largest undimmed detents, no scroll expansion, a
// grabber, a corner radius, the delegate), and the delegate hears of the user's detent changes.
// Changes Swift on Linux forces: `import UIKit` -> `import SegueUIKit`; no NSObject superclass.
import SegueUIKit
import Testing

@MainActor
final class PickerHostViewController: UIViewController, UISheetPresentationControllerDelegate {
    let picker = UIViewController()
    var detentChanges: [UISheetPresentationController.Detent.Identifier?] = []

    func showPicker() {
        if let sheet = picker.sheetPresentationController {
            sheet.detents = [.medium(), .large()]
            sheet.selectedDetentIdentifier = .medium
            sheet.largestUndimmedDetentIdentifier = .medium
            sheet.prefersScrollingExpandsWhenScrolledToEdge = false
            sheet.prefersGrabberVisible = true
            sheet.preferredCornerRadius = 20
            sheet.delegate = self
        }
        present(picker, animated: true)
    }

    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {
        detentChanges.append(sheetPresentationController.selectedDetentIdentifier)
    }
}

@MainActor
@Suite struct PageSheetPortTests {
    /// A 400 x 600 window: the large detent is 560 pt tall (600 less the sheet's 40 pt top inset), medium
    /// half of it.
    let h = PortHarness()

    func settle() { h.frames(90) }

    func drag(from y0: CGFloat, to ys: [CGFloat], at t0: Double) {
        h.down(200, y0, at: t0)
        var t = t0
        for y in ys {
            t += 1.0 / 60
            h.move(200, y, at: t)
            h.frames(1)
        }
        h.up(200, ys.last!, at: t + 0.2)
    }

    @Test func theSheetConfiguredBeforePresentingRestsAtMediumUndimmedWithAGrabber() {
        let host = PickerHostViewController()
        h.window.rootViewController = host
        h.frames(1)
        host.showPicker()
        #expect(host.picker.modalPresentationStyle == .automatic)
        settle()
        let sheet = host.picker.sheetPresentationController!
        #expect(host.picker.presentationController === sheet)
        // iOS 27: the medium detent is a floating card, 451/874 of the window tall (310 pt of 600), 8 pt in.
        #expect(host.picker.view.frame == CGRect(x: 8, y: 282, width: 384, height: 310))
        #expect(host.picker.view.layer.cornerRadius == 20)
        #expect(sheet.grabberView.superview === host.picker.view)
        // Undimmed at medium: the host under the sheet still takes touches, and is not receded.
        #expect(h.window.hitTest(CGPoint(x: 200, y: 100), with: nil) === host.view)
        #expect(host.view.transform == .identity)
        // A page sheet's presenter stays: no disappearance, still in the window.
        #expect(host.view.window === h.window)
    }

    @Test func theUsersDragToLargeIsToldToTheDelegateAndCodesChangeIsNot() {
        let host = PickerHostViewController()
        h.window.rootViewController = host
        h.frames(1)
        host.showPicker()
        settle()
        drag(from: 400, to: [380, 300, 200, 120, 120], at: 10)
        settle()
        let sheet = host.picker.sheetPresentationController!
        #expect(sheet.selectedDetentIdentifier == .large)
        #expect(host.picker.view.frame.minY == 62)
        #expect(host.detentChanges == [.large])
        sheet.animateChanges { sheet.selectedDetentIdentifier = .medium }
        settle()
        #expect(host.picker.view.frame.minY == 282)
        #expect(host.detentChanges == [.large])
    }
}
