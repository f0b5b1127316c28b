import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The pieces the ready interaction controllers share: the one operation of the pinch and the drag-down
/// (``InteractionOperation``) and what it asks the container to do, and the gesture actions every ready
/// controller installs (a recognizer outliving its controller turns itself off).
@MainActor
@Suite struct InteractionOperationTests {
    @Test func thePinchAndTheDragDownTakeOneOperationValue() {
        let operation = InteractionOperation.dismiss
        let pinch = PinchInteractionController(), drag = VerticalSwipeInteractionController()
        pinch.wire(to: ViewController(), for: operation)
        drag.wire(to: ViewController(), for: operation)
        guard case .dismiss? = pinch.operation, case .dismiss? = drag.operation else {
            Issue.record("wired .dismiss, read \(String(describing: pinch.operation)) and \(String(describing: drag.operation))")
            return
        }
    }

    @Test func popAndDismissAskForTheContainersPopAndDismissal() {
        guard case .pop = InteractionOperation.pop.action else { Issue.record("pop maps to \(InteractionOperation.pop.action)"); return }
        guard case .dismiss = InteractionOperation.dismiss.action else {
            Issue.record("dismiss maps to \(InteractionOperation.dismiss.action)"); return
        }
    }

    @Test func aCustomOperationRunsTheAppsActionOnceAndReturnsItsTransition() {
        var runs = 0
        let action = InteractionOperation.custom { runs += 1; return nil }.action
        guard case .custom = action else { Issue.record("custom maps to \(action)"); return }
        let vc = ViewController()
        #expect(action.canPerform(on: vc))
        #expect(runs == 0)
        #expect(action.perform(on: vc) == nil)
        #expect(runs == 1)
    }

    /// Each ready controller's gesture, made to send its action (no arena: the state applies at once).
    static let controllers: [@MainActor () -> (controller: AnyObject, gesture: GestureRecognizer)] = [
        { let c = PinchInteractionController(); return (c, c.gestureRecognizer) },
        { let c = VerticalSwipeInteractionController(); return (c, c.gestureRecognizer) },
        { let c = SwipeInteractionController(start: .anywhere); return (c, c.gestureRecognizer) },
    ]

    @Test(arguments: 0..<3) func aRecognizerLeftBehindByItsControllerTurnsItselfOff(_ index: Int) {
        var made: (controller: AnyObject, gesture: GestureRecognizer)? = Self.controllers[index]()
        let gesture = made!.gesture
        weak let controller = made!.controller
        // While the controller lives, an action (nothing wired: nothing to do) leaves the recognizer on.
        gesture.state = .began
        gesture.state = .cancelled
        #expect(gesture.isEnabled)
        made = nil
        #expect(controller == nil)
        gesture.resetForNextSequence()
        gesture.state = .began
        #expect(!gesture.isEnabled)
    }
}
