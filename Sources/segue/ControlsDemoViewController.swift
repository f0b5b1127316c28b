import Foundation
import SegueAnimation
import SegueUI

/// The controls demo page: labels, buttons that count clicks, generated images, and a panel to drag and
/// fling. It exercises hit testing, the responder chain, controls, a pan recognizer with its release
/// velocity, and a spring that keeps that velocity.
///
/// Keys: Escape asks the window to quit; R puts the panel back.
@MainActor
final class ControlsDemoViewController: ViewController {
    /// How far a fling carries the panel per unit of release velocity, in seconds: the projected distance
    /// of a scroll view's normal deceleration (rate 0.998 per ms gives v · 0.998 / (1 - 0.998) / 1000 ≈
    /// 0.5 s).
    static let flingProjectionTime = 0.998 / (1 - 0.998) / 1000
    /// Releases slower than this, in points per second, do not fling (the panel just stays).
    static let minimumFlingSpeed = 50.0
    /// The margin the panel keeps from the page's edges after a fling, in points.
    static let panelMargin = 16.0

    private let titleLabel = Label(text: "Segue controls")
    private let subtitleLabel = Label(text: "Click the buttons. Drag the panel and fling it.")
    private let counterLabel = Label(text: "")
    private let plusButton = Button(title: "+1")
    private let resetButton = Button(title: "Reset")
    private let statusLabel = Label(text: "Panel at rest")
    private let gradient = ImageView(image: Image.linearGradient(size: CGSize(width: 160, height: 100),
                                                                 colors: Color(rgb: 0xFF9500), Color(rgb: 0xAF52DE)))
    private let star = ImageView(image: Image.star(size: 100, color: Color(rgb: 0xFFCC00)))
    private let panel = View()
    private let panelLabel = Label(text: "Drag me")
    private var count = 0
    /// Where the panel was when the current drag began.
    private var dragStart = CGPoint.zero

    /// The number of clicks on "+1" since the last reset.
    var clickCount: Int { count }
    /// The draggable panel (for tests and traces).
    var panelView: View { panel }
    /// The page's id in replay traces (and its view's accessibility identifier).
    static let pageID = "controls.page"
    /// The panel's id in replay traces (and its accessibility identifier).
    static let panelID = "controls.panel"
    /// Told of each appearance callback, named as the replay trace's log spells it
    /// (`controls.page.viewWillAppear`); nil by default.
    var appearanceObserver: ((String) -> Void)?

    /// The page, titled "Controls".
    override init() {
        super.init()
        title = "Controls"
    }

    /// Builds the labels, buttons, images and draggable panel, and registers the Escape and R key commands.
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        view.accessibilityIdentifier = Self.pageID

        titleLabel.font = .boldSystemFont(ofSize: 28)
        subtitleLabel.textColor = .darkGray
        counterLabel.font = .systemFont(ofSize: 22)
        statusLabel.textColor = .darkGray
        statusLabel.font = .systemFont(ofSize: 15)

        for (button, color) in [(plusButton, Color.systemBlue), (resetButton, Color(rgb: 0xFF3B30))] {
            button.setBackgroundColor(color, for: .normal)
            button.setBackgroundColor(color.withAlphaComponent(0.6), for: .highlighted)
            button.setTitleColor(.white, for: .normal)
            button.layer.cornerRadius = 10
            button.titleLabel.font = .boldSystemFont(ofSize: 18)
        }
        plusButton.accessibilityIdentifier = "controls.plus"
        resetButton.accessibilityIdentifier = "controls.reset"
        plusButton.addTarget(self, action: ControlsDemoViewController.increment, for: .touchUpInside)
        resetButton.addTarget(self, action: ControlsDemoViewController.reset, for: .touchUpInside)

        gradient.layer.cornerRadius = 12
        gradient.clipsToBounds = true

        panel.backgroundColor = Color(rgb: 0x34C759)
        panel.layer.cornerRadius = 18
        panel.layer.shadowOpacity = 0.25
        panel.layer.shadowRadius = 8
        panel.layer.shadowOffset = CGSize(width: 0, height: 4)
        panel.accessibilityIdentifier = Self.panelID
        panelLabel.textColor = .white
        panelLabel.font = .boldSystemFont(ofSize: 18)
        panelLabel.textAlignment = .center
        panelLabel.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        panel.addSubview(panelLabel)
        panel.addGestureRecognizer(PanGestureRecognizer(target: self, action: ControlsDemoViewController.handlePan))

        for subview in [titleLabel, subtitleLabel, counterLabel, plusButton, resetButton, gradient, star,
                        statusLabel, panel] as [View] {
            view.addSubview(subview)
        }
        addKeyCommand(KeyCommand(input: .escape, title: "Quit") { [unowned self] in self.view.window?.requestQuit() })
        addKeyCommand(KeyCommand(input: Key("R"), title: "Put the panel back") { [unowned self] in self.placePanel() })
        updateCounter()
    }

    /// Places the controls at fixed offsets from the top-left; the panel is placed the first time only.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        let m = ControlsDemoViewController.panelMargin * 2
        titleLabel.frame = CGRect(x: m, y: m, width: b.width - 2 * m, height: 36)
        subtitleLabel.frame = CGRect(x: m, y: m + 40, width: b.width - 2 * m, height: 24)
        counterLabel.frame = CGRect(x: m, y: m + 84, width: 260, height: 30)
        plusButton.frame = CGRect(x: m, y: m + 124, width: 120, height: 44)
        resetButton.frame = CGRect(x: m + 136, y: m + 124, width: 120, height: 44)
        gradient.frame = CGRect(x: m + 290, y: m + 84, width: 160, height: 100)
        star.frame = CGRect(x: m + 470, y: m + 84, width: 100, height: 100)
        statusLabel.frame = CGRect(x: m, y: b.height - m - 24, width: b.width - 2 * m, height: 24)
        if panel.frame.size == .zero { placePanel() }
    }

    /// Reports the callback to ``appearanceObserver``.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        appearanceObserver?("\(Self.pageID).viewWillAppear")
    }

    /// Becomes first responder, so that the key commands work; reports the callback.
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
        appearanceObserver?("\(Self.pageID).viewDidAppear")
    }

    /// Reports the callback to ``appearanceObserver``.
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        appearanceObserver?("\(Self.pageID).viewWillDisappear")
    }

    /// Reports the callback to ``appearanceObserver``.
    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        appearanceObserver?("\(Self.pageID).viewDidDisappear")
    }

    /// True: the page takes key presses for its key commands.
    override var canBecomeFirstResponder: Bool { true }

    // MARK: Actions

    private func increment(_ sender: Button) {
        count += 1
        updateCounter()
    }

    private func reset(_ sender: Button) {
        count = 0
        updateCounter()
    }

    private func updateCounter() {
        counterLabel.text = count == 1 ? "Clicked 1 time" : "Clicked \(count) times"
    }

    private func placePanel() {
        panel.layer.removeAllAnimations()
        let b = view.bounds
        panel.frame = CGRect(x: b.midX - 90, y: max(b.midY - 20, 260), width: 180, height: 110)
        statusLabel.text = "Panel at rest"
    }

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            // Catch the panel where it is on screen, stopping a running fling.
            let onScreen = panel.layer.presentationValues().position
            panel.layer.removeAllAnimations()
            panel.center = onScreen
            dragStart = onScreen
            statusLabel.text = "Dragging"
            fallthrough
        case .changed:
            let t = pan.translation(in: view)
            panel.center = CGPoint(x: dragStart.x + t.x, y: dragStart.y + t.y)
        case .ended:
            fling(with: pan.velocity(in: view))
        case .cancelled:
            statusLabel.text = "Drag cancelled"
        default:
            break
        }
    }

    /// Lets the panel coast from its release velocity to a projected rest point inside the page, along a
    /// critically damped spring whose initial velocity is the release velocity. With the rest point at
    /// `v · k`, the spring's angular frequency `ω = 2 / k` (response `π k`) makes the starting acceleration
    /// zero: the panel leaves the pointer at exactly its speed and only decelerates, without overshoot.
    private func fling(with velocity: CGPoint) {
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        statusLabel.text = "Released at (\(Int(velocity.x.rounded())), \(Int(velocity.y.rounded()))) pt/s"
        guard speed >= ControlsDemoViewController.minimumFlingSpeed else { return }
        let start = panel.center
        // The projection, shortened along the same direction so the panel stays inside the page.
        var k = ControlsDemoViewController.flingProjectionTime
        let inset = view.bounds.insetBy(dx: panel.bounds.width / 2 + ControlsDemoViewController.panelMargin,
                                        dy: panel.bounds.height / 2 + ControlsDemoViewController.panelMargin)
        if velocity.x > 0 { k = min(k, max(inset.maxX - start.x, 0) / velocity.x) }
        if velocity.x < 0 { k = min(k, min(inset.minX - start.x, 0) / velocity.x) }
        if velocity.y > 0 { k = min(k, max(inset.maxY - start.y, 0) / velocity.y) }
        if velocity.y < 0 { k = min(k, min(inset.minY - start.y, 0) / velocity.y) }
        guard k > 0 else { return }
        let target = CGPoint(x: start.x + velocity.x * k, y: start.y + velocity.y * k)
        // Spring velocity is in units of the whole distance per second: |v| / (|v| k) = 1 / k.
        let spring = Spring(dampingRatio: 1, response: Double.pi * k)
        let template = AnimationTemplate(duration: spring.settlingDuration(initialVelocity: 1 / k),
                                         timing: .spring(spring, initialVelocity: 1 / k),
                                         allowsUserInteraction: true)
        Transaction.perform(capturing: template) { panel.center = target }
    }
}
