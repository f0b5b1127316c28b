import SegueUIKit

/// The tests' instrument for the library and tutorial ports, not part of any of them: a
/// `UIViewController` that records the appearance callbacks it gets, in order. A port's controllers
/// subclass it where the original subclasses `UIViewController`, and behave exactly as they would.
@MainActor
class AppearanceRecordingViewController: UIViewController {
    /// The callbacks received so far: "viewWillAppear", "viewDidAppear", "viewWillDisappear",
    /// "viewDidDisappear".
    private(set) var appearances: [String] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        appearances.append("viewWillAppear")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        appearances.append("viewDidAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        appearances.append("viewWillDisappear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        appearances.append("viewDidDisappear")
    }
}
