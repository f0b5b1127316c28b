import Foundation
import SegueAnimation
import SegueUI

/// The gallery's blur page (U): blur views of several ``BlurEffect`` styles over colourful content that
/// keeps moving (bars sliding and discs drifting, repeating), so the blur is redone every frame; a tap on a
/// blur view fades its effect out and back in (the radius and the tint together). Its id in the trace is
/// `blur`.
@MainActor
final class BlurDemoPage: ViewController {
    /// The styles shown, top to bottom, left to right (a name for each label).
    static let styles: [(BlurEffect.Style, String)] = [
        (.systemUltraThinMaterial, "Ultra thin"), (.systemThinMaterial, "Thin"),
        (.systemMaterial, "Material"), (.systemThickMaterial, "Thick"),
        (.systemChromeMaterialDark, "Chrome dark"), (.dark, "Dark (iOS 7)"),
    ]
    /// The bars' colours (iOS's system colours: red, orange, yellow, green, blue, purple).
    static let barColors: [Color] = [Color(rgb: 0xFF3B30), Color(rgb: 0xFF9500), Color(rgb: 0xFFCC00),
                                     Color(rgb: 0x34C759), Color(rgb: 0x007AFF), Color(rgb: 0xAF52DE)]
    /// A bar's width, in points, and how far the bars slide (one period of their colours), in points.
    static let barWidth: CGFloat = 36
    /// How long the bars take to slide one period, in seconds.
    static let slideDuration: TimeInterval = 3
    /// The blur views' size, gap and corner radius, in points.
    static let blurSize = CGSize(width: 150, height: 90)
    static let gap: CGFloat = 16
    static let cornerRadius: CGFloat = 14
    /// How long a tapped blur takes to fade out (and back in), in seconds.
    static let fadeDuration: TimeInterval = 0.6

    private let content = View(frame: .zero)
    private var blurs: [VisualEffectView] = []

    override init() {
        super.init()
        title = "Blur"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        view.clipsToBounds = true
        view.addSubview(content)
        for (style, name) in Self.styles {
            let blur = VisualEffectView(effect: BlurEffect(style: style))
            blur.layer.cornerRadius = Self.cornerRadius
            blur.clipsToBounds = true
            let label = Label(frame: .zero, text: name)
            label.font = .boldSystemFont(ofSize: 15)
            label.textAlignment = .center
            label.textColor = style.tintColor.red < 0.5 ? .white : .black
            label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            blur.contentView.addSubview(label)
            blur.isUserInteractionEnabled = true
            let tap = TapGestureRecognizer()
            tap.addAction { [weak blur] _ in
                guard let blur else { return }
                let effect = blur.effect
                View.animate(withDuration: Self.fadeDuration, delay: 0, options: [.curveEaseInOut], animations: { blur.effect = nil },
                             completion: { _ in View.animate(withDuration: Self.fadeDuration) { blur.effect = effect } })
            }
            blur.addGestureRecognizer(tap)
            view.addSubview(blur)
            blurs.append(blur)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        let period = Self.barWidth * CGFloat(Self.barColors.count)
        if content.subviews.isEmpty || content.frame.height != b.height {
            buildContent(width: b.width + period, height: b.height)
        }
        let columns = max(1, Int((b.width - Self.gap) / (Self.blurSize.width + Self.gap)))
        let used = CGFloat(columns) * (Self.blurSize.width + Self.gap) - Self.gap
        for (i, blur) in blurs.enumerated() {
            let column = i % columns, row = i / columns
            blur.frame = CGRect(x: (b.width - used) / 2 + CGFloat(column) * (Self.blurSize.width + Self.gap),
                                y: 80 + CGFloat(row) * (Self.blurSize.height + Self.gap),
                                width: Self.blurSize.width, height: Self.blurSize.height)
            blur.contentView.subviews.first?.frame = blur.bounds
        }
    }

    /// Diagonal-free content: coloured bars, one period wider than the page, sliding left by one period
    /// again and again; white discs drifting up and down over them.
    private func buildContent(width: CGFloat, height: CGFloat) {
        for view in content.subviews { view.removeFromSuperview() }
        content.layer.removeAllAnimations()
        let period = Self.barWidth * CGFloat(Self.barColors.count)
        content.frame = CGRect(x: 0, y: 0, width: width, height: height)
        var x: CGFloat = 0, i = 0
        while x < width {
            let bar = View(frame: CGRect(x: x, y: 0, width: Self.barWidth, height: height))
            bar.backgroundColor = Self.barColors[i % Self.barColors.count]
            content.addSubview(bar)
            x += Self.barWidth
            i += 1
        }
        for k in 0..<5 {
            let disc = View(frame: CGRect(x: 30 + CGFloat(k) * 90, y: 60 + CGFloat(k % 2) * 120, width: 44, height: 44))
            disc.backgroundColor = k % 2 == 0 ? .white : .black
            disc.layer.cornerRadius = 22
            content.addSubview(disc)
            View.animate(withDuration: 1.5 + 0.3 * Double(k), delay: 0, options: [.repeat, .autoreverse, .curveEaseInOut],
                         animations: { disc.center.y += 140 })
        }
        View.animate(withDuration: Self.slideDuration, delay: 0, options: [.repeat, .curveLinear],
                     animations: { self.content.center.x -= period })
    }
}
