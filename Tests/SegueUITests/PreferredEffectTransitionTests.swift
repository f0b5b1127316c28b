import Testing
@testable import SegueAnimation
@testable import SegueUI

/// `preferredTransition` other than the zoom: `.crossDissolve`, `.coverVertical`, `.flipHorizontal` and
/// `.partialCurl` play their catalogue effect for a push and its pop (Segue's reading; UIKit uses them for
/// presentations) and, for `.crossDissolve`, for `present`.
@MainActor
@Suite struct PreferredEffectTransitionTests {
    let h = Harness()

    func stack() -> NavigationController {
        let nav = NavigationController(rootViewController: ViewController())
        nav.isNavigationBarHidden = true
        h.window.rootViewController = nav
        h.frames(1)
        return nav
    }

    /// Runs frames until `nav`'s transition ends (at most 3 s), recording the pushed page's drawn frame and
    /// opacity in each.
    func run(_ nav: NavigationController, page: ViewController) -> [(frame: CGRect, alpha: Double)] {
        var drawn: [(CGRect, Double)] = []
        for _ in 0..<180 where nav.currentTransition != nil {
            h.frames(1)
            let p = page.view.layer.renderedProperties
            drawn.append((p.frame, Double(p.opacity)))
        }
        h.frames(1)
        return drawn
    }

    @Test func aCrossDissolvePushFadesThePageInWhereItRestsAndItsPopFadesItOut() {
        let nav = stack()
        let page = ViewController()
        page.preferredTransition = .crossDissolve
        nav.pushViewController(page, animated: true)
        let push = run(nav, page: page)
        #expect(push.count > 5)
        #expect(push.allSatisfy { $0.frame.minX == 0 && $0.frame.minY == 0 })
        #expect(push.contains { $0.alpha > 0.2 && $0.alpha < 0.8 })
        #expect(nav.topViewController === page && page.view.layer.renderedProperties.opacity == 1)
        nav.popViewController(animated: true)
        let pop = run(nav, page: page)
        #expect(pop.contains { $0.alpha > 0.2 && $0.alpha < 0.8 })
        #expect(nav.viewControllers.count == 1)
    }

    @Test func aCoverVerticalPushRisesFromTheBottom() {
        let nav = stack()
        let page = ViewController()
        page.preferredTransition = .coverVertical
        nav.pushViewController(page, animated: true)
        let push = run(nav, page: page)
        let height = h.window.bounds.height
        #expect(push.allSatisfy { $0.frame.minX == 0 })
        #expect(push.contains { $0.frame.minY > 0.2 * height && $0.frame.minY < 0.8 * height })
        #expect(zip(push, push.dropFirst()).allSatisfy { $0.frame.minY >= $1.frame.minY })
        #expect(page.view.layer.renderedProperties.frame.minY == 0)
    }

    func pushesAndPops(with transition: ViewController.Transition) {
        let nav = stack()
        let page = ViewController()
        page.preferredTransition = transition
        nav.pushViewController(page, animated: true)
        let push = run(nav, page: page)
        #expect(push.count > 5 && nav.topViewController === page)
        nav.popViewController(animated: true)
        _ = run(nav, page: page)
        #expect(nav.viewControllers.count == 1 && nav.currentTransition == nil)
    }

    @Test func aFlipHorizontalPushesAndPopsThroughItsEffect() { pushesAndPops(with: .flipHorizontal) }

    @Test func aPartialCurlPushesAndPopsThroughItsEffect() { pushesAndPops(with: .partialCurl) }

    @Test func aCrossDissolvePresentationFadesTheControllerIn() {
        let root = ViewController()
        h.window.rootViewController = root
        h.frames(1)
        let presented = ViewController()
        presented.preferredTransition = .crossDissolve
        root.present(presented, animated: true)
        var alphas: [Double] = []
        for _ in 0..<120 where h.window.modalPresentations.currentTransition != nil || alphas.isEmpty {
            h.frames(1)
            alphas.append(Double(presented.view.layer.renderedProperties.opacity))
        }
        #expect(alphas.contains { $0 > 0.2 && $0 < 0.8 })
        #expect(root.presentedViewController === presented && presented.view.layer.renderedProperties.opacity == 1)
    }
}
