import Foundation
import SegueAnimation
import SegueUI

/// The gallery's first page: every effect of the catalogue as a row, in columns; the chosen one is
/// highlighted. A click on a row chooses it and pushes a page with it (Up/Down or E choose by key).
@MainActor
final class EffectListPage: ViewController {
    /// A row's height, in points.
    static let rowHeight: CGFloat = 30
    /// A column's width, in points.
    static let columnWidth: CGFloat = 250
    /// The inset of the list from the page's edges, in points.
    static let inset: CGFloat = 12
    /// The chosen row's background (iOS's selected-cell grey-blue).
    static let highlight = Color(rgb: 0xD1E3FF)

    let effects: [TransitionEffect]
    let id: String
    let record: (String) -> Void
    /// Called with the index of a clicked row.
    var onChoose: (Int) -> Void = { _ in }
    private var rows: [Label] = []

    init(effects: [TransitionEffect], id: String, record: @escaping (String) -> Void) {
        self.effects = effects
        self.id = id
        self.record = record
        super.init()
        title = "Effects"
    }

    /// How many rows fit in a column of a page of `height` points.
    static func rowsPerColumn(height: CGFloat) -> Int { max(1, Int((height - 2 * inset) / rowHeight)) }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Color(white: 0.96)
        for (index, effect) in effects.enumerated() {
            let row = Label(frame: .zero, text: "  \(index + 1). \(effect.name)")
            row.layer.cornerRadius = 6
            row.isUserInteractionEnabled = true
            let tap = TapGestureRecognizer()
            tap.addAction { [weak self] _ in self?.onChoose(index) }
            row.addGestureRecognizer(tap)
            view.addSubview(row)
            rows.append(row)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let perColumn = Self.rowsPerColumn(height: view.bounds.height)
        for (index, row) in rows.enumerated() {
            let column = index / perColumn, line = index % perColumn
            row.frame = CGRect(x: Self.inset + CGFloat(column) * Self.columnWidth, y: Self.inset + CGFloat(line) * Self.rowHeight,
                               width: Self.columnWidth - 8, height: Self.rowHeight - 2)
        }
    }

    /// Highlights row `index` (the chosen effect).
    func highlight(_ index: Int) {
        for (i, row) in rows.enumerated() { row.backgroundColor = i == index ? Self.highlight : .white }
    }

    override func viewWillAppear(_ animated: Bool) { record("\(id).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { record("\(id).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { record("\(id).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { record("\(id).viewDidDisappear") }
}
