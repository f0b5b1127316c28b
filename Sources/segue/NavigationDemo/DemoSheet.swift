import Foundation
import SegueAnimation
import SegueUI

/// A sheet of the demo app (`P` presents one, Escape or a drag down dismisses it): a title and a few rows,
/// presented with the dimming sheet presentation; its id (`modal0`, `modal1`...) names it in the trace.
/// `D` presents one as iOS's stock page sheet instead (``init(index:detents:record:)``): medium and large
/// detents and a grabber, the pages receding behind it at large.
@MainActor
final class DemoSheet: ViewController {
    /// Gives the sheet the replay spec's dimming sheet (`.custom`): the stock page sheet would recede the
    /// pages behind it and change the spec's trace.
    private let sheetDelegate = DimmingSheetTransitioningDelegate()

    /// Rows on a sheet.
    static let rowCount = 6
    /// The sheet's corner radius, in points (iOS's sheet).
    static let cornerRadius: CGFloat = 12
    /// The colour of the sheet's header.
    static let headerColor = Color(rgb: 0xAF52DE)   // iOS purple

    let index: Int
    let record: (String) -> Void
    var id: String { "modal\(index)" }
    /// Whether this is the stock page sheet with detents (`D`) rather than the spec's sheet (`P`).
    let hasDetents: Bool

    /// The spec's sheet (`detents` false), or the stock page sheet (`.automatic`, as `present` gives
    /// since iOS 13) configured before presenting as Apple's code does: medium and large detents, resting
    /// at medium, with a grabber.
    init(index: Int, detents: Bool = false, record: @escaping (String) -> Void) {
        self.index = index
        self.record = record
        hasDetents = detents
        super.init()
        title = detents ? "Detent sheet \(index + 1)" : "Sheet \(index + 1)"
        guard detents else {
            modalPresentationStyle = .custom
            transitioningDelegate = sheetDelegate
            return
        }
        if let sheet = sheetPresentationController {
            sheet.detents = [.medium(), .large()]
            sheet.prefersGrabberVisible = true
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        if !hasDetents {
            view.layer.cornerRadius = Self.cornerRadius
            view.clipsToBounds = true
        }
        let header = Label(frame: CGRect(x: 0, y: 0, width: 2000, height: DemoPage.rowHeight))
        header.text = hasDetents ? "  \(title ?? id) · drag up or down, Escape to dismiss"
                                 : "  \(title ?? id) · drag down or Escape to dismiss"
        header.textColor = .white
        header.backgroundColor = Self.headerColor
        view.addSubview(header)
        if hasDetents {
            addList(below: header)
            return
        }
        for row in 0..<Self.rowCount {
            let label = Label(frame: CGRect(x: DemoPage.rowInset, y: DemoPage.rowHeight * CGFloat(row + 1),
                                            width: 400, height: DemoPage.rowHeight))
            label.text = "\(title ?? id) · Row \(row + 1)"
            view.addSubview(label)
        }
    }

    /// The detent sheet's rows: a list of ``listRowCount`` rows under the header, so that a drag in it
    /// shows scroll-to-expand (scrolled up at its top while at medium, the sheet rises to large first) and
    /// the reverse handover (at large, the rest of the same drag scrolls the list).
    private func addList(below header: View) {
        let top = header.frame.maxY
        let list = DemoRowCell.makeList(frame: CGRect(x: 0, y: top, width: view.bounds.width, height: max(view.bounds.height - top, 0)))
        list.dataSource = rows
        list.delegate = rows
        rows.title = title ?? id
        view.addSubview(list)
    }

    /// The detent sheet list's data source (held here: the list holds it weakly).
    private let rows = DemoSheetRows()
    /// How many rows the detent sheet lists.
    static let listRowCount = 30

    override func viewWillAppear(_ animated: Bool) { record("\(id).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { record("\(id).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { record("\(id).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { record("\(id).viewDidDisappear") }
}

/// Presents with a ``DimmingSheetPresentationController`` (the spec's sheet of the demo's `P`), with the stock
/// animator and the sheet's own drag.
@MainActor
final class DimmingSheetTransitioningDelegate: ViewControllerTransitioningDelegate {
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        DimmingSheetPresentationController(presentedViewController: presented, presenting: presenting)
    }
}

/// The rows of a detent sheet's list: full-width rows of ``DemoPage/rowHeight``.
@MainActor
final class DemoSheetRows: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    var title = ""
    /// How many rows the list has.
    var count = DemoSheet.listRowCount

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: DemoRowCell.reuseIdentifier, for: indexPath) as! DemoRowCell
        cell.label.text = "\(title) · Row \(indexPath.item + 1)"
        return cell
    }

    func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        CGSize(width: collectionView.bounds.width, height: DemoPage.rowHeight)
    }
}

/// A row of a detent sheet's list: a label inset as the pages' rows are.
@MainActor
final class DemoRowCell: CollectionViewCell {
    static let reuseIdentifier = "row"
    let label = Label(frame: .zero)

    /// A white list of `frame` whose rows are these cells, full width and ``DemoPage/rowHeight`` tall with no
    /// spacing, growing with its superview (the demo's pages, its detent sheet and the gallery's titles page).
    static func makeList(frame: CGRect) -> CollectionView {
        let layout = CollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        layout.itemSize = CGSize(width: frame.width, height: DemoPage.rowHeight)
        let list = CollectionView(frame: frame, collectionViewLayout: layout)
        list.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        list.backgroundColor = .white
        list.register(DemoRowCell.self, forCellWithReuseIdentifier: reuseIdentifier)
        return list
    }

    required init(frame: CGRect) {
        super.init(frame: frame)
        label.frame = CGRect(x: DemoPage.rowInset, y: 0, width: max(frame.width - DemoPage.rowInset, 0), height: frame.height)
        label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(label)
    }
}
