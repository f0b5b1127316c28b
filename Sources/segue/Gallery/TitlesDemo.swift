import Foundation
import SegueAnimation
import SegueUI

/// The gallery's titles page (T): a navigation controller presented full screen whose bar prefers large
/// titles. Its root, "Titles", lists a page for each `largeTitleDisplayMode` (automatic: large like the page
/// below; always; never; inline) and for each back-button case (a previous title that fits, one too long for the
/// back button's slot, which becomes "Back", a title so long that only the chevron is left, and the `.generic`
/// and `.minimal` display modes). Every page is a list, so that its large title collapses as it scrolls; Done
/// dismisses.
@MainActor
final class TitlesDemo {
    /// What a row of the root pushes.
    struct Entry {
        let title: String
        let mode: NavigationItem.LargeTitleDisplayMode
        let backMode: NavigationItem.BackButtonDisplayMode
        /// The back title the root gives the pushed page (nil: the root's title).
        let backTitle: String?
    }

    static let entries: [Entry] = [
        Entry(title: "Automatic", mode: .automatic, backMode: .default, backTitle: nil),
        Entry(title: "Always", mode: .always, backMode: .default, backTitle: nil),
        Entry(title: "Never", mode: .never, backMode: .default, backTitle: nil),
        Entry(title: "Inline", mode: .inline, backMode: .default, backTitle: nil),
        Entry(title: "Long back title", mode: .never, backMode: .default, backTitle: "All the titles of every mode"),
        Entry(title: "A title so long that the back button keeps only its chevron", mode: .never,
              backMode: .default, backTitle: nil),
        Entry(title: "Generic back button", mode: .never, backMode: .generic, backTitle: nil),
        Entry(title: "Minimal back button", mode: .never, backMode: .minimal, backTitle: nil),
    ]

    /// The navigation controller to present, its root the list of entries; `dismiss` runs on Done.
    static func makeNavigationController(dismiss: @escaping @MainActor () -> Void) -> NavigationController {
        let root = TitlesListPage(title: "Titles", rows: entries.map(\.title))
        root.navigationItem.largeTitleDisplayMode = .always
        root.navigationItem.rightBarButtonItem = BarButtonItem(title: "Done") { _ in dismiss() }
        let nav = NavigationController(rootViewController: root)
        nav.navigationBar.prefersLargeTitles = true
        root.onSelect = { [weak nav, weak root] index in
            guard let nav, let root else { return }
            let entry = entries[index]
            root.navigationItem.backButtonTitle = entry.backTitle
            let page = TitlesListPage(title: entry.title, rows: (1...30).map { "\(entry.title) · Row \($0)" })
            page.navigationItem.largeTitleDisplayMode = entry.mode
            page.navigationItem.backButtonDisplayMode = entry.backMode
            nav.pushViewController(page, animated: true)
        }
        return nav
    }
}

/// A page of the titles demo: a list of rows under its title; a tap on a row calls ``onSelect``.
@MainActor
final class TitlesListPage: ViewController, CollectionViewDataSource, CollectionViewDelegate {
    let rows: [String]
    var onSelect: ((Int) -> Void)?

    init(title: String, rows: [String]) {
        self.rows = rows
        super.init()
        self.title = title
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let list = DemoRowCell.makeList(frame: view.bounds)
        list.dataSource = self
        list.delegate = self
        view.addSubview(list)
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: DemoRowCell.reuseIdentifier, for: indexPath) as! DemoRowCell
        cell.label.text = rows[indexPath.item]
        return cell
    }

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        onSelect?(indexPath.item)
    }
}
