import Foundation
import SegueAnimation
import SegueUI

/// A page of the demo app: a navigation bar title, rows of labels with coloured swatches in its stack's
/// colour, and an id (`tab0.page2`) that the replay trace names it by.
@MainActor
final class DemoPage: ViewController {
    /// Rows on a page.
    static let rowCount = 14
    /// A row's height, in points (iOS's default table row).
    static let rowHeight: CGFloat = 44
    /// A swatch's side and corner radius, in points.
    static let swatchSide: CGFloat = 28
    static let swatchCornerRadius: CGFloat = 7
    /// Left inset of a row's swatch and text, in points (iOS's table inset).
    static let rowInset: CGFloat = 16
    /// The colour of each tab's stack.
    static let stackColors: [Color] = [.systemBlue, Color(rgb: 0x34C759), Color(rgb: 0xFF9500)]  // iOS blue, green, orange

    let tab: Int
    /// Its place in its stack, fixed when it joins the stack (a push queued behind others gets the place it
    /// ends up in, so ids stay unique).
    private(set) var depth: Int
    /// Told about appearance and containment (for the trace's log).
    let record: (String) -> Void

    var id: String { "tab\(tab).page\(depth)" }
    /// Whether the page is the large-title list `L` pushes (spec: replay-and-trace, key L): title
    /// `Large <depth>`, `largeTitleDisplayMode = .always`, a list of ``largeListRowCount`` rows.
    let isLargeTitleList: Bool
    /// How many rows the large-title list has.
    static let largeListRowCount = 60

    init(tab: Int, depth: Int, isLargeTitleList: Bool = false, record: @escaping (String) -> Void) {
        self.tab = tab
        self.depth = depth
        self.isLargeTitleList = isLargeTitleList
        self.record = record
        super.init()
        // Only the L pages show a large title; the others keep theirs inline when the bar prefers large ones.
        navigationItem.largeTitleDisplayMode = isLargeTitleList ? .always : .never
        // The list runs under the demo's opaque bar, so that its content inset follows the large title.
        extendedLayoutIncludesOpaqueBars = isLargeTitleList
        updateTitle()
        // Every other page has its own bar tint (it travels with the page during push and pop).
        if depth % 2 == 1 {
            navigationItem.barTintColor = Color.interpolate(from: .white, to: Self.stackColors[tab % Self.stackColors.count],
                                                            fraction: Self.barTintStrength)
        }
    }

    /// How much of the stack's colour tints an odd page's bar (0: white, 1: the full colour).
    static let barTintStrength = 0.18

    override func viewDidLoad() {
        super.viewDidLoad()
        let color = Self.stackColors[tab % Self.stackColors.count]
        view.backgroundColor = .white
        if isLargeTitleList {
            addList()
            return
        }
        for row in 0..<Self.rowCount {
            let y = CGFloat(row) * Self.rowHeight
            let swatch = View(frame: CGRect(x: Self.rowInset, y: y + (Self.rowHeight - Self.swatchSide) / 2,
                                            width: Self.swatchSide, height: Self.swatchSide))
            swatch.backgroundColor = color.withAlphaComponent(1 - Double(row) / Double(Self.rowCount) * 0.6)
            swatch.layer.cornerRadius = Self.swatchCornerRadius
            view.addSubview(swatch)
            swatches.append(swatch)
            let label = Label(frame: CGRect(x: Self.rowInset * 2 + Self.swatchSide, y: y, width: 300, height: Self.rowHeight))
            label.text = "\(title ?? id) · Row \(row + 1)"
            view.addSubview(label)
            // As wide as the page (viewDidLayoutSubviews): a wider one would stick out of a page turned in 3D.
            let separator = View(frame: CGRect(x: Self.rowInset, y: y + Self.rowHeight - 1, width: view.bounds.width, height: 1))
            separators.append(separator)
            separator.backgroundColor = Color(white: 0.9)
            view.addSubview(separator)
        }
    }

    /// The large-title page's list: full-width rows of ``rowHeight`` filling the page, under the bar.
    private func addList() {
        let list = DemoRowCell.makeList(frame: view.bounds)
        rows.title = title ?? id
        rows.count = Self.largeListRowCount
        list.dataSource = rows
        list.delegate = rows
        view.addSubview(list)
        self.list = list
    }

    /// The large-title page's list, and its rows (held here: the list holds them weakly).
    private(set) var list: CollectionView?
    private let rows = DemoSheetRows()

    private var separators: [View] = []
    /// The rows' coloured icons, top first (the first is where Z zooms a page out of).
    private(set) var swatches: [View] = []

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        for separator in separators { separator.frame.size.width = max(view.bounds.width - Self.rowInset, 0) }
    }

    override func viewWillAppear(_ animated: Bool) { record("\(id).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { record("\(id).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { record("\(id).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { record("\(id).viewDidDisappear") }
    private func updateTitle() {
        title = depth == 0 ? DemoWindow.tabTitles[tab % DemoWindow.tabTitles.count]
            : isLargeTitleList ? "Large \(depth)" : "Page \(depth)"
        rows.title = title ?? id
    }

    override func willMove(toParent parent: ViewController?) {
        if let stack = parent as? NavigationController {
            depth = stack.viewControllers.count   // called as it joins, before it is in the stack
            updateTitle()
        }
        record("\(id).willMoveToParent" + (parent == nil ? ":nil" : ""))
        super.willMove(toParent: parent)
    }
    override func didMove(toParent parent: ViewController?) {
        record("\(id).didMoveToParent" + (parent == nil ? ":nil" : ""))
        super.didMove(toParent: parent)
    }
}
