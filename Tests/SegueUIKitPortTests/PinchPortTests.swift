import SegueUIKit
import Testing

/// A zooming view controller as UIKit tutorials write it (minus `@objc` and `#selector`): a
/// `UIPinchGestureRecognizer` whose handler scales a view by the change since the last call and resets
/// `scale` to 1. Driven with the Ctrl-simulated second touch.
@MainActor
final class ZoomingViewController: UIViewController {
    let photo = UIView(frame: CGRect(x: 150, y: 250, width: 100, height: 100))
    private(set) var zoom: CGFloat = 1

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(photo)
        let pinch = UIPinchGestureRecognizer(target: self, action: ZoomingViewController.handlePinch)
        view.addGestureRecognizer(pinch)
    }

    func handlePinch(_ recognizer: UIPinchGestureRecognizer) {
        guard recognizer.state == .began || recognizer.state == .changed else { return }
        zoom *= recognizer.scale
        photo.transform = CGAffineTransform(scaleX: zoom, y: zoom)
        recognizer.scale = 1
    }
}

@MainActor
@Suite struct PinchPortTests {
    @Test func aTutorialsIncrementalPinchHandlerZoomsByTheTotalScale() {
        let h = PortHarness()
        let controller = ZoomingViewController()
        h.window.rootViewController = controller
        h.frames(1)
        let ctrl: UIKeyModifierFlags = .control
        func send(_ phase: PointerEvent.Phase, _ x: CGFloat, _ t: Double) {
            h.window.handle(.pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: 300), timestamp: t, modifierFlags: ctrl)))
        }
        // The view's centre is (200, 300): the pointer 100 pt right of it, the simulated touch 100 pt left.
        send(.down, 300, 0)
        send(.moved, 320, 0.02)
        send(.moved, 350, 0.04)
        send(.up, 350, 0.3)
        // Out from 200 pt apart to 300 pt apart: 1.5 in all, whatever the steps.
        #expect(abs(controller.zoom - 1.5) < 1e-12)
    }
}
