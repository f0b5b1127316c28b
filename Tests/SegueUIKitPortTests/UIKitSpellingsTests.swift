import SegueUIKit
import Testing

/// UIKit spellings that need more than an alias, compiled and checked.
@MainActor
@Suite struct UIKitSpellingsTests {
    @Test func viewWithZeroFrameIsUnambiguous() {
        let view = UIView(frame: .zero)
        #expect(view.frame == .zero)
    }

    @Test func aControllersDefaultRootViewResizesWithItsContainer() {
        let h = PortHarness(width: 400, height: 600)
        let controller = UIViewController()
        h.window.rootViewController = controller
        let child = UIViewController()
        controller.addChild(child)
        child.view.frame = controller.view.bounds
        controller.view.addSubview(child.view)
        child.didMove(toParent: controller)
        h.window.handle(.window(.resized(CGSize(width: 500, height: 700))))
        h.frames(1)
        #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 500, height: 700))
        #expect(child.view.frame == CGRect(x: 0, y: 0, width: 500, height: 700))
    }

    @Test func layerSpellingsOfCoreAnimation() {
        let layer = CALayer()
        layer.backgroundColor = UIColor.red.cgColor
        layer.opacity = 0.5
        layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(layer.backgroundColor == UIColor.red.cgColor)
        #expect(layer.opacity == Float(0.5))
        #expect(abs(layer.affineTransform().b - 1) < 1e-12)
        #expect(layer.animationKeys() == nil)
        layer.backgroundColor = nil
        #expect(layer.backgroundColor == nil)
    }
}
