// The effects catalogue's "Effects in one line" (SegueUI's documentation, EffectsCatalogue.md) quotes the four
// lines of `chooseEffects`: an effect for a navigation controller, a tab bar controller, a presented page and
// a container of your own. The test runs them and checks each container took its effect and the custom
// container's transition played it to the end.
import SegueUIKit
import Testing

/// A container of your own with two children, `old` shown first.
@MainActor
final class EffectsInOneLineContainer: UIViewController {
    let old = UIViewController()
    let new = UIViewController()
    var containerView: UIView { view }

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(old)
        view.addSubview(old.view)
        old.didMove(toParent: self)
    }

    /// Gives each container its effect, and moves this container from `old` to `new` with a fold.
    func chooseEffects(navigationController: UINavigationController, tabBarController: UITabBarController,
                       detail: UIViewController) {
        old.willMove(toParent: nil)
        addChild(new)
        navigationController.transitionEffect = .cube(.horizontal)
        tabBarController.transitionEffect = .zoomSlide()
        detail.modalTransitionEffect = .scaleInCard()            // the seeds' card, with its presentation controller
        transition(from: old, to: new, in: containerView, effect: .fold(strips: 8), reverse: false)  // your container
    }
}

@MainActor
@Suite struct EffectsInOneLinePortTests {
    @Test func theFourLinesGiveEachContainerItsEffectAndFoldTheCustomContainer() throws {
        let h = PortHarness()
        let container = EffectsInOneLineContainer()
        h.window.rootViewController = container
        h.frames(1)
        let navigation = UINavigationController(rootViewController: UIViewController())
        let tabs = UITabBarController()
        let detail = UIViewController()
        container.chooseEffects(navigationController: navigation, tabBarController: tabs, detail: detail)
        #expect(navigation.transitionEffect?.name == "cube horizontal")
        #expect(tabs.transitionEffect?.name == "zoom slide left")
        #expect(detail.modalTransitionEffect?.name == "scale-in card")
        h.frames(2)
        let running = try #require(container.new.view.superview)
        #expect(running === container.view)
        try h.host.runUntilIdle()
        #expect(container.old.view.superview == nil)
        #expect(container.new.view.superview === container.view)
        #expect(container.new.view.frame == container.view.bounds)
    }
}
