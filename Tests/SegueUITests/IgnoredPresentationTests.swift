import Testing
@testable import SegueAnimation
@testable import SegueUI

/// A present UIKit ignores (it logs "Attempt to present ... whose view is not in the window hierarchy." or
/// "... which is already presenting ..." and does nothing): Segue does nothing too, and says why in
/// UIKit's words. Found by the monkey (a present from a sheet that had been dismissed failed a
/// precondition).
@MainActor
@Suite struct IgnoredPresentationTests {
    let h = Harness()
    let log = CallLog()

    /// Nothing of `c`'s presentation happened: no links, no container view, no transition, no callbacks.
    func expectNotPresented(_ c: ViewController, from source: ViewController, completed: Bool,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!completed, sourceLocation: sourceLocation)
        #expect(source.presentedViewController == nil && c.presentingViewController == nil, sourceLocation: sourceLocation)
        // No presentation ran: its presentation controller (made on reading, as UIKit's) has no container.
        #expect(c.presentationController?.containerView == nil && !c.isBeingPresented, sourceLocation: sourceLocation)
        #expect(c.viewIfLoaded?.window == nil, sourceLocation: sourceLocation)
        #expect(h.window.modalPresentations.currentTransition == nil, sourceLocation: sourceLocation)
        #expect(!h.window.subviews.contains { $0 is PresentationContainerView }, sourceLocation: sourceLocation)
        #expect(!log.entries.contains { $0.hasPrefix("C.") }, sourceLocation: sourceLocation)
    }

    @Test func aPresentFromADismissedSheetDoesNothing() {
        let a = LoggingViewController("A", log: log)
        h.window.rootViewController = a
        h.frames(1)
        let b = LoggingViewController("B", log: log)
        b.modalPresentationStyle = .pageSheet
        a.present(b, animated: true)
        h.settlePresentations()
        b.dismiss(animated: true)
        h.settlePresentations()
        #expect(b.viewIfLoaded?.window == nil && b.presentingViewController == nil)

        let c = LoggingViewController("C", log: log)
        var completed = false
        b.present(c, animated: true) { completed = true }
        h.settlePresentations()
        expectNotPresented(c, from: b, completed: completed)
        #expect(h.window.subviews.count == 1 && h.window.subviews[0] === a.view)
        #expect(b.presentationRefusal == .notInWindowHierarchy)
    }

    @Test func aPresentFromAControllerNeverShownDoesNothing() {
        h.window.rootViewController = LoggingViewController("A", log: log)
        h.frames(1)
        let offscreen = LoggingViewController("B", log: log)
        let c = LoggingViewController("C", log: log)
        var completed = false
        offscreen.present(c, animated: false) { completed = true }
        h.settlePresentations()
        expectNotPresented(c, from: offscreen, completed: completed)
        #expect(offscreen.presentationRefusal == .notInWindowHierarchy)
    }

    @Test func aControllerInTheWindowThatPresentsNothingMayPresent() {
        let a = LoggingViewController("A", log: log)
        h.window.rootViewController = a
        h.frames(1)
        #expect(a.presentationRefusal == nil)
    }

    @Test func aControllerThatAlreadyPresentsIsRefusedNamingWhatItPresents() {
        let a = LoggingViewController("A", log: log)
        h.window.rootViewController = a
        h.frames(1)
        let b = LoggingViewController("B", log: log)
        b.modalPresentationStyle = .overFullScreen   // A's view stays in the window
        a.present(b, animated: false)
        h.settlePresentations()
        #expect(a.presentationRefusal == .alreadyPresenting("<LoggingViewController>"))
    }

    /// UIKit's lines (iOS 13 and later), with the controllers' addresses left out.
    @Test func theDiagnosticReadsAsUIKitsLogLine() {
        let a = ViewController(), b = ViewController(), c = LoggingViewController("C", log: log)
        #expect(IgnoredPresentation(presenting: c, on: a, from: b, reason: .notInWindowHierarchy).description
                == "Attempt to present <LoggingViewController> on <ViewController> (from <ViewController>) "
                + "whose view is not in the window hierarchy.")
        #expect(IgnoredPresentation(presenting: c, on: a, from: a, reason: .alreadyPresenting("<ViewController>")).description
                == "Attempt to present <LoggingViewController> on <ViewController> (from <ViewController>) "
                + "which is already presenting <ViewController>.")
    }
}
