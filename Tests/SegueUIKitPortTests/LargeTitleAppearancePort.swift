// Large titles and bar appearances as iOS 13-18 tutorials write them (Apple's "Customizing your app's
// navigation bar" sample's pattern, in our own words): a list page with a large title, an opaque coloured
// appearance for the standard, compact and scroll-edge situations with white title attributes, a detail page
// that keeps its title inline and shows "Back" (`backButtonDisplayMode = .generic`), and a label sized to its
// text. Changes Swift on Linux forces: `import UIKit` -> `import SegueUIKit`; the list is a collection view
// (Segue has no UITableView), its cell a plain UICollectionViewCell.
import SegueUIKit
import Testing

@MainActor
final class InboxViewController: UIViewController, UICollectionViewDataSource {
    var collectionView: UICollectionView!
    let countLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Inbox"
        navigationItem.largeTitleDisplayMode = .always
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        layout.itemSize = CGSize(width: view.bounds.width, height: 44)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collectionView.dataSource = self
        view.addSubview(collectionView)
        countLabel.text = "42 unread"
        countLabel.font = .systemFont(ofSize: 13, weight: .semibold)
        countLabel.sizeToFit()
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit")
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 50 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

@MainActor
func makeInboxNavigation() -> (UINavigationController, InboxViewController) {
    let inbox = InboxViewController()
    let nav = UINavigationController(rootViewController: inbox)
    nav.navigationBar.prefersLargeTitles = true
    let appearance = UINavigationBarAppearance()
    appearance.configureWithOpaqueBackground()
    appearance.backgroundColor = .systemBlue
    appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
    appearance.largeTitleTextAttributes = [.foregroundColor: UIColor.white]
    nav.navigationBar.standardAppearance = appearance
    nav.navigationBar.compactAppearance = appearance
    nav.navigationBar.scrollEdgeAppearance = appearance
    return (nav, inbox)
}

@MainActor
@Suite struct LargeTitleAppearancePortTests {
    let h = PortHarness()

    @Test func theInboxShowsAWhiteLargeTitleOnABlueBar() {
        let (nav, inbox) = makeInboxNavigation()
        h.window.rootViewController = nav
        h.frames(1)
        #expect(nav.navigationBar.frame.height == 96)
        #expect(inbox.collectionView.adjustedContentInset.top == 96)
        #expect(nav.navigationBar.largeTitleLabel?.text == "Inbox")
        #expect(nav.navigationBar.largeTitleLabel?.textColor == .white)
        #expect(nav.navigationBar.currentTintColor == .systemBlue)
        // sizeToFit measured DejaVu Sans Bold (advances read from the font by a separate TrueType reader):
        // "42 unread" is 11726 units of 2048 at 13 pt = 74.43 pt, rounded up to the half point; its line
        // 2384 units = 15.13 pt, rounded up.
        #expect(inbox.countLabel.bounds.size == CGSize(width: 74.5, height: 15.5))
    }

    @Test func aDetailPageKeepsItsTitleInlineAndItsBackButtonGeneric() {
        let (nav, _) = makeInboxNavigation()
        h.window.rootViewController = nav
        h.frames(1)
        let detail = UIViewController()
        detail.title = "Message"
        detail.navigationItem.largeTitleDisplayMode = .never
        detail.navigationItem.backButtonDisplayMode = .generic
        nav.pushViewController(detail, animated: true)
        h.frames(60)
        #expect(nav.navigationBar.frame.height == 44)
        #expect(nav.navigationBar.largeTitleLabel == nil)
        #expect(nav.navigationBar.title == "Message" && nav.navigationBar.titleLabel?.textColor == .white)
        #expect(nav.navigationBar.backButton?.currentTitle == "Back")
        nav.popViewController(animated: true)
        h.frames(60)
        #expect(nav.navigationBar.frame.height == 96)
    }
}

// The pre-iOS 13 way many large-title tutorials still write (the bar's own attributes), unchanged but for
// the import: since iOS 13 UIKit sets them on the bar's appearances, and so does Segue.
@MainActor
final class LegacyAttributesListController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Recipes"
        view.backgroundColor = .systemBackground
        navigationController?.navigationBar.prefersLargeTitles = true
        navigationController?.navigationBar.largeTitleTextAttributes = [
            .foregroundColor: UIColor.systemOrange,
            .font: UIFont.systemFont(ofSize: 40, weight: .bold),
        ]
        navigationController?.navigationBar.titleTextAttributes = [.foregroundColor: UIColor.systemOrange]
    }
}

@MainActor
@Suite struct LegacyBarAttributesPortTests {
    let h = PortHarness()

    @Test func theBarsOwnAttributesColourAndSizeTheLargeTitle() {
        let list = LegacyAttributesListController()
        let nav = UINavigationController(rootViewController: list)
        h.window.rootViewController = nav
        h.frames(1)
        #expect(nav.navigationBar.largeTitleLabel?.text == "Recipes")
        #expect(nav.navigationBar.largeTitleLabel?.textColor == .systemOrange)
        #expect(nav.navigationBar.largeTitleLabel?.font == UIFont.systemFont(ofSize: 40, weight: .bold))
        #expect(nav.navigationBar.standardAppearance.titleTextAttributes[.foregroundColor] as? UIColor == .systemOrange)
        #expect(nav.navigationBar.frame.height == 96)
    }
}
