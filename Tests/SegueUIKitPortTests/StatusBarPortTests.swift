import SegueUIKit
import Testing

/// Status-bar code as UIKit apps write it compiles and reads back what UIKit would resolve; the desktop
/// has no status bar, so nothing is drawn (the article Porting from UIKit).
@MainActor
final class LightStatusBarViewController: UIViewController {
    var isDark = false { didSet { setNeedsStatusBarAppearanceUpdate() } }
    override var preferredStatusBarStyle: UIStatusBarStyle { isDark ? .lightContent : .darkContent }
    override var prefersStatusBarHidden: Bool { isDark }
    override var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .slide }
}

/// A container handing the status bar to its child, as navigation and tab controllers do.
@MainActor
final class StatusBarForwardingContainer: UIViewController {
    let content = LightStatusBarViewController()
    override var childForStatusBarStyle: UIViewController? { content }
    override var childForStatusBarHidden: UIViewController? { content }
}

@MainActor
@Suite struct StatusBarPortTests {
    @Test func theKeyWindowResolvesTheStatusBarAsUIKitDoes() {
        let h = PortHarness()
        let container = StatusBarForwardingContainer()
        h.window.rootViewController = container
        #expect(UIApplication.shared.statusBarStyle == .darkContent)
        #expect(!UIApplication.shared.isStatusBarHidden)
        #expect(UIApplication.shared.statusBarFrame == .zero)
        container.content.isDark = true
        #expect(h.window.statusBarStyle == .lightContent && h.window.isStatusBarHidden)

        // A sheet that does not capture the status bar leaves it to the presenter; one that does takes it.
        let sheet = LightStatusBarViewController()
        sheet.modalPresentationStyle = .overFullScreen
        container.present(sheet, animated: false)
        h.frames(2)
        #expect(h.window.statusBarStyle == .lightContent)
        sheet.modalPresentationCapturesStatusBarAppearance = true
        #expect(h.window.statusBarStyle == .darkContent && !h.window.isStatusBarHidden)
        sheet.dismiss(animated: false)
        h.frames(2)

        // A full-screen presentation always takes it.
        let cover = UIViewController()
        cover.modalPresentationStyle = .fullScreen
        container.present(cover, animated: false)
        h.frames(2)
        #expect(h.window.statusBarStyle == .default && !h.window.isStatusBarHidden)
    }
}
