// Segues as UIKit tutorials use them (an identifier, `prepare(for:sender:)` configuring the destination,
// `performSegue(withIdentifier:sender:)` from code, a `UIStoryboardSegue` subclass), the code of the
// porting guide's "Segues in code". Changes Swift on Linux forces: the segues are registered in `viewDidLoad`, where the
// storyboard drew them (there are no storyboards).
import SegueUIKit
import Testing

@MainActor
final class FruitListViewController: UIViewController {
    let fruits = ["Apples", "Pears"]

    override func viewDidLoad() {
        super.viewDidLoad()
        // Where the storyboard drew a Show segue and a Custom one:
        registerSegue(withIdentifier: "showFruit") { FruitDetailViewController() }
        registerSegue(withIdentifier: "about", kind: .custom(FadeSegue.init)) { UIViewController() }
    }

    func didSelectFruit(at index: Int) {
        performSegue(withIdentifier: "showFruit", sender: index)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if segue.identifier == "showFruit", let detail = segue.destination as? FruitDetailViewController,
           let index = sender as? Int {
            detail.fruit = fruits[index]
        }
    }
}

@MainActor
final class FruitDetailViewController: UIViewController {
    var fruit: String?
}

/// Presents its destination without animation, then fades its view in.
@MainActor
final class FadeSegue: UIStoryboardSegue {
    override func perform() {
        destination.modalPresentationStyle = .overFullScreen
        destination.view.alpha = 0
        source.present(destination, animated: false)
        UIView.animate(withDuration: 0.3) { self.destination.view.alpha = 1 }
    }
}

@MainActor
@Suite struct SeguesInCodePortTests {
    @Test func showSeguePushesThePreparedDestination() throws {
        let h = PortHarness()
        let list = FruitListViewController()
        let nav = UINavigationController(rootViewController: list)
        h.window.rootViewController = nav
        h.frames(1)
        list.didSelectFruit(at: 1)
        h.frames(40)
        let detail = try #require(nav.topViewController as? FruitDetailViewController)
        #expect(detail.fruit == "Pears")
        #expect(nav.viewControllers.count == 2 && list.presentedViewController == nil)
    }

    @Test func customSegueSubclassPresentsAndFades() throws {
        let h = PortHarness()
        let list = FruitListViewController()
        h.window.rootViewController = list
        h.frames(1)
        list.performSegue(withIdentifier: "about", sender: nil)
        h.frames(2)
        let about = try #require(list.presentedViewController)
        #expect(about.view.layer.presentation()!.opacity < 1)
        h.frames(30)
        #expect(abs(about.view.layer.presentation()!.opacity - 1) < 1e-6)
        #expect(list.view.window === h.window)   // over full screen: the list stays underneath
    }
}
