import Foundation
import SegueAnimation
import SegueUI

/// The gallery's matched-geometry demo: a list whose rows have a coloured, rounded avatar, and a detail
/// page with the same avatar large (the same ``SegueUI/View/matchedGeometryID``). Pushed through
/// ``MatchedGeometryNavigationDelegate``, the avatar flies between the two and the rest cross-fades.
@MainActor
final class MatchedGeometryListPage: ViewController {
    /// Rows shown, with their avatar colours (our choice: distinct hues).
    static let colors: [Color] = [.systemBlue, Color(rgb: 0xFF9500), Color(rgb: 0x34C759), Color(rgb: 0xAF52DE), Color(rgb: 0xFF2D55)]
    /// The height of a row, in points (UIKit's default table row is 44; a row with an avatar is taller).
    static let rowHeight = 64.0
    /// The avatar's side in a row, in points.
    static let avatarSide = 44.0

    /// Called with the row's index when a row is tapped.
    var onSelect: ((Int) -> Void)?

    override init() {
        super.init()
        title = "Contacts"
    }

    override func viewDidLoad() {
        view.backgroundColor = .systemGroupedBackground
        for (i, color) in Self.colors.enumerated() {
            let row = View(frame: CGRect(x: 0, y: 20 + Double(i) * Self.rowHeight, width: 400, height: Self.rowHeight - 1))
            row.backgroundColor = .white
            row.autoresizingMask = [.flexibleWidth]
            let avatar = View(frame: CGRect(x: 16, y: (Self.rowHeight - 1 - Self.avatarSide) / 2, width: Self.avatarSide, height: Self.avatarSide))
            avatar.backgroundColor = color
            avatar.layer.cornerRadius = Self.avatarSide / 2
            avatar.matchedGeometryID = "avatar\(i)"
            row.addSubview(avatar)
            let title = Label(frame: CGRect(x: 76, y: 0, width: 280, height: Self.rowHeight - 1))
            title.text = "Contact \(i + 1)"
            row.addSubview(title)
            let tap = TapGestureRecognizer()
            tap.addAction { [weak self] _ in self?.onSelect?(i) }
            row.addGestureRecognizer(tap)
            view.addSubview(row)
        }
    }
}

/// The detail page of ``MatchedGeometryListPage``: the row's avatar large, a rounded square.
@MainActor
final class MatchedGeometryDetailPage: ViewController {
    /// The large avatar's frame, in points (our choice: centred near the top of a 400-point-wide page).
    static let avatarFrame = CGRect(x: 100, y: 60, width: 200, height: 200)
    /// The large avatar's corner radius, in points.
    static let avatarCornerRadius = 24.0

    let index: Int

    init(index: Int) {
        self.index = index
        super.init()
        title = "Contact \(index + 1)"
    }

    override func viewDidLoad() {
        view.backgroundColor = .white
        let avatar = View(frame: Self.avatarFrame)
        avatar.backgroundColor = MatchedGeometryListPage.colors[index]
        avatar.layer.cornerRadius = Self.avatarCornerRadius
        avatar.matchedGeometryID = "avatar\(index)"
        view.addSubview(avatar)
        let name = Label(frame: CGRect(x: 20, y: 290, width: 360, height: 30))
        name.text = "Contact \(index + 1)"
        name.textAlignment = .center
        view.addSubview(name)
    }
}

/// Gives a navigation controller matched-geometry pushes and pops.
@MainActor
final class MatchedGeometryNavigationDelegate: NavigationControllerDelegate {
    /// What the rest of the pages plays while the avatar flies (nil: a cross-fade); the gallery sets its
    /// chosen effect.
    var rest: TransitionEffect?

    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        let animator = MatchedGeometryAnimator(operation: operation)
        animator.rest = rest
        return animator
    }
}

/// The demo's navigation controller: the list at the root; a tap on a row pushes its detail. Keeps its
/// delegate (navigation controllers hold theirs weakly).
@MainActor
final class MatchedGeometryDemo {
    let navigationController: NavigationController
    let delegate = MatchedGeometryNavigationDelegate()

    init() {
        let list = MatchedGeometryListPage()
        navigationController = NavigationController(rootViewController: list)
        navigationController.delegate = delegate
        // The edge pan scrubs the matched flight back (UIKit's own pop gesture would not drive a custom animator).
        navigationController.edgePanDrivesCustomAnimators = true
        list.onSelect = { [weak navigationController] i in
            navigationController?.pushViewController(MatchedGeometryDetailPage(index: i), animated: true)
        }
    }
}
