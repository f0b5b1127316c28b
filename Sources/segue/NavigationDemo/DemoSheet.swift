import Foundation
import SegueAnimation
import SegueUI

/// A sheet of the demo app (`P` presents one, Escape or a drag down dismisses it): a title and a few rows,
/// presented with the dimming sheet presentation; its id (`modal0`, `modal1`...) names it in the trace.
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

    init(index: Int, record: @escaping (String) -> Void) {
        self.index = index
        self.record = record
        super.init()
        title = "Sheet \(index + 1)"
        modalPresentationStyle = .custom
        transitioningDelegate = sheetDelegate
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        view.layer.cornerRadius = Self.cornerRadius
        view.clipsToBounds = true
        let header = Label(frame: CGRect(x: 0, y: 0, width: 2000, height: DemoPage.rowHeight))
        header.text = "  \(title ?? id) · drag down or Escape to dismiss"
        header.textColor = .white
        header.backgroundColor = Self.headerColor
        view.addSubview(header)
        for row in 0..<Self.rowCount {
            let label = Label(frame: CGRect(x: DemoPage.rowInset, y: DemoPage.rowHeight * CGFloat(row + 1),
                                            width: 400, height: DemoPage.rowHeight))
            label.text = "\(title ?? id) · Row \(row + 1)"
            view.addSubview(label)
        }
    }

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
