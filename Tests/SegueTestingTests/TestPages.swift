import SegueAnimation
import SegueUI

/// A page with a red square at (20, 200, 40, 40) on white (below a navigation bar) and a button at
/// (100, 100, 120, 44) that pushes a ``Detail``.
@MainActor
final class Home: ViewController {
    static let squareFrame = CGRect(x: 20, y: 200, width: 40, height: 40)
    static let buttonFrame = CGRect(x: 100, y: 100, width: 120, height: 44)
    let square = View(frame: Home.squareFrame)
    var buttonTaps = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Home"
        view.backgroundColor = .white
        square.backgroundColor = Color(red: 1, green: 0, blue: 0)
        view.addSubview(square)
        let button = Button(frame: Home.buttonFrame, title: "Push")
        button.addAction({ [weak self] _ in
            self?.buttonTaps += 1
            self?.navigationController?.pushViewController(Detail(), animated: true)
        }, for: .touchUpInside)
        view.addSubview(button)
    }
}

/// A blue page.
@MainActor
final class Detail: ViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Detail"
        view.backgroundColor = Color(red: 0, green: 0, blue: 1)
    }
}

/// A page with a pan recognizer (of `Recognizer`'s kind) over it that records each report.
@MainActor
final class PanPage<Recognizer: PanGestureRecognizer>: ViewController {
    var reports: [(state: GestureRecognizer.State, translation: CGPoint, velocity: CGPoint)] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let pan = Recognizer()
        pan.addAction { [weak self] pan in
            guard let self else { return }
            self.reports.append((pan.state, pan.translation(in: self.view), pan.velocity(in: self.view)))
        }
        view.addGestureRecognizer(pan)
    }
}
