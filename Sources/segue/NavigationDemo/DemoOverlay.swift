import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// What the HUD (`H`) says, computed from the same data the replay trace writes (``TraceFrame``) plus the
/// window's frame timings: a test compares the two.
struct HUDReadout: Equatable {
    /// Frames per second and frame time over the last second, in the window (nil headless: no pacing).
    struct Timing: Equatable {
        var framesPerSecond: Double
        var p50Milliseconds: Double
        var p99Milliseconds: Double
    }

    var timing: Timing?
    /// The running transition, as the trace gives it (nil: none).
    var transition: TraceTransition?
    /// The input that started (or last caught) the running transition: mouse drag, trackpad, touch,
    /// keyboard, back button (nil: not known; not shown without a transition).
    var input: InputSource?
    /// Whether Reduce Motion is on (A).
    var reduceMotion = false
    /// The layer tree's time scale (1: normal; 0.1 in slow motion).
    var timeScale: Double
    /// The push/pop animation chosen with 1–5.
    var animator: String
    /// The renderer, when known.
    var renderer: String?
    /// The raster caches' hits and misses, when known.
    var rasterCache: String?
    /// Where a recording is being made, nil when none is.
    var recording: String?
    /// How the animator line names the animator and its keys (`%@`: the animator).
    var animatorFormat = "push/pop animator: %@ (1–5)"
    /// The key lines shown under the readout.
    var keyLines = HUDReadout.keys

    /// The demo app's keys, on four lines.
    static let keys = [
        "H HUD · M model/presentation · R record input",
        "S slow motion · A reduce motion · 1–5 push/pop animator",
        "Return push · Z zoom · Backspace pop · ←/→ tabs · P sheet · D detent sheet",
        "Esc dismiss/quit · back button or Alt+← pop · trackpad swipes drag",
    ]

    /// The lines shown, top to bottom.
    var lines: [String] {
        var lines: [String] = []
        if let timing {
            lines.append(String(format: "%.1f fps · frame p50 %.2f ms · p99 %.2f ms", timing.framesPerSecond,
                                timing.p50Milliseconds, timing.p99Milliseconds))
        } else {
            lines.append("virtual clock (no frame timings)")
        }
        lines.append(transitionLine)
        if transition != nil, let input { lines.append("driven by: \(input)") }
        if reduceMotion { lines.append("reduce motion: on (cross-fades; A: off)") }
        lines.append(timeScale == 1 ? "time scale 1" : String(format: "time scale %g (S: back to 1)", timeScale))
        lines.append(animatorFormat.replacingOccurrences(of: "%@", with: animator))
        if let renderer { lines.append("renderer: \(renderer)") }
        if let rasterCache { lines.append("raster cache (hits/misses): \(rasterCache)") }
        if let recording { lines.append("● recording to \(recording) (R stops)") }
        return lines + keyLines
    }

    /// `push · interactive · animating · 42%`, or `no transition`.
    var transitionLine: String {
        guard let t = transition else { return "no transition" }
        return "\(t.kind.rawValue)\(t.interactive ? " · interactive" : "") · \(t.phase.rawValue) · "
            + "\(Int((Self.tracedPercent(t) * 100).rounded()))%"
    }

    /// The percent as the trace writes it (``TraceLine/percentDecimals`` decimals): the HUD shows what
    /// the trace says, not a value a rounding away from it.
    static func tracedPercent(_ t: TraceTransition) -> Double {
        let scale = pow(10, Double(TraceLine.percentDecimals))
        return (t.percent * scale).rounded() / scale
    }

    /// The progress bar's fill, 0...1 (0 with no transition).
    var progress: Double { transition.map { min(max(Self.tracedPercent($0), 0), 1) } ?? 0 }
}

/// The demo window's overlays, drawn above everything (sheets included) and never hit: the HUD, and the
/// model/presentation outlines (`M`: for each page or sheet whose presentation is not where its model
/// is, a thin outline at the model frame, labelled with both x values). Plain layers that never animate,
/// set in ``DemoWindow/willRender()`` from the frame's presentation.
@MainActor
final class DemoOverlay {
    /// The HUD panel's width, its line height and font size, in points (wide enough for its longest line at 13 pt).
    static let hudWidth = 470.0
    static let lineHeight = 18.0
    static let hudFontSize = 13.0
    static let ghostColor = Color(red: 1, green: 0.18, blue: 0.33)

    let root = Layer()
    private let hud = Layer()
    private var hudLines: [Layer] = []
    private let barTrack = Layer(), barFill = Layer()
    private let ghosts = Layer()
    private var ghostPool: [(outline: Layer, label: Layer)] = []

    var showsHUD = false { didSet { hud.isHidden = !showsHUD } }
    var showsGhosts = false { didSet { ghosts.isHidden = !showsGhosts } }

    init() {
        root.name = "overlay"
        hud.name = "hud"
        hud.backgroundColor = Color(white: 0.08, alpha: 0.82)
        hud.cornerRadius = 10
        hud.isHidden = true
        barTrack.backgroundColor = Color(white: 1, alpha: 0.2)
        barTrack.cornerRadius = 2
        barFill.backgroundColor = .systemBlue
        barFill.cornerRadius = 2
        hud.addSublayer(barTrack)
        hud.addSublayer(barFill)
        ghosts.name = "ghosts"
        ghosts.isHidden = true
        root.addSublayer(ghosts)
        root.addSublayer(hud)
    }

    /// The HUD's lines as drawn (empty when hidden).
    var shownHUDLines: [String] {
        guard showsHUD else { return [] }
        return hudLines.compactMap { line in
            guard !line.isHidden, case .text(let text)? = line.contents else { return nil }
            return text.string
        }
    }

    /// The progress bar's fill as drawn, as a fraction of its track.
    var shownProgress: Double { barTrack.frame.width > 0 ? barFill.frame.width / barTrack.frame.width : 0 }

    /// The outlines as drawn: each one's frame and label (empty when hidden).
    var shownGhosts: [(frame: CGRect, label: String)] {
        guard showsGhosts else { return [] }
        return ghostPool.compactMap { pair in
            guard !pair.outline.isHidden, case .text(let text)? = pair.label.contents else { return nil }
            return (pair.outline.frame, text.string)
        }
    }

    /// Keeps the overlay the window layer's last sublayer (views added later insert theirs above it).
    func keepOnTop(of windowLayer: Layer) {
        if windowLayer.sublayers.last !== root {
            root.removeFromSuperlayer()
            windowLayer.addSublayer(root)
        }
        if root.frame != windowLayer.bounds { root.frame = windowLayer.bounds }
    }

    /// Shows `readout` in the HUD (top right, under the navigation bar); a line wider than the panel is
    /// broken at spaces onto the lines under it (a phone-sized window is narrower than the panel).
    func showHUD(_ readout: HUDReadout, in bounds: CGRect) {
        let width = min(Self.hudWidth, bounds.width - 16)
        let textWidth = width - 20
        let readoutLines = readout.lines
        let firstKeyLine = readoutLines.count - readout.keyLines.count
        // Each drawn line: its text, whether it is a key line (grey), whether the progress bar follows it
        // (the bar sits under the transition line, the readout's second).
        var shown: [(text: String, isKey: Bool, barAfter: Bool)] = []
        for (index, line) in readoutLines.enumerated() {
            let parts = Self.wrapped(line, width: textWidth)
            for (k, part) in parts.enumerated() {
                shown.append((part, index >= firstKeyLine, index == 1 && k == parts.count - 1))
            }
        }
        let height = Double(shown.count) * Self.lineHeight + 16 + 8
        let frame = CGRect(x: bounds.maxX - width - 8, y: 52, width: width, height: height)
        if hud.frame != frame { hud.frame = frame }
        while hudLines.count < shown.count {
            let line = Layer()
            hudLines.append(line)
            hud.addSublayer(line)
        }
        var y = 8.0
        for (i, layer) in hudLines.enumerated() {
            layer.isHidden = i >= shown.count
            guard i < shown.count else { continue }
            let contents = LayerContents.text(TextContents(shown[i].text, fontSize: Self.hudFontSize,
                                                           color: shown[i].isKey ? Color(white: 0.7) : .white))
            if layer.contents != contents { layer.contents = contents }
            let lineFrame = CGRect(x: 10, y: y, width: textWidth, height: Self.lineHeight)
            if layer.frame != lineFrame { layer.frame = lineFrame }
            y += Self.lineHeight
            if shown[i].barAfter {
                let track = CGRect(x: 10, y: y + 1, width: textWidth, height: 4)
                if barTrack.frame != track { barTrack.frame = track }
                let fill = CGRect(x: 10, y: y + 1, width: textWidth * readout.progress, height: 4)
                if barFill.frame != fill { barFill.frame = fill }
                y += 8
            }
        }
    }

    /// `line` broken at spaces into lines at most `width` points wide in the HUD's font, as measured by the
    /// host's text measurement (a single word wider than that stays whole on its own line).
    static func wrapped(_ line: String, width: Double) -> [String] {
        let font = Font.systemFont(ofSize: hudFontSize)
        guard font.width(of: line) > width else { return [line] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || font.width(of: candidate) <= width {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }

    /// One outline per entry: `model` is where the page's model puts it, `shown` where it is drawn.
    /// Labels sit inside the window (a model frame may be off screen), one under the other.
    func showGhosts(_ entries: [(id: String, model: CGRect, shown: CGRect)], in bounds: CGRect) {
        while ghostPool.count < entries.count {
            let outline = Layer(), label = Layer()
            outline.borderColor = Self.ghostColor
            outline.borderWidth = 1.5
            label.backgroundColor = Self.ghostColor
            label.cornerRadius = 4
            ghosts.addSublayer(outline)
            ghosts.addSublayer(label)
            ghostPool.append((outline, label))
        }
        for (i, pair) in ghostPool.enumerated() {
            pair.outline.isHidden = i >= entries.count
            pair.label.isHidden = i >= entries.count
            guard i < entries.count else { continue }
            let entry = entries[i]
            if pair.outline.frame != entry.model { pair.outline.frame = entry.model }
            let text = String(format: "%@ model x %.1f · shown x %.1f", entry.id, entry.model.minX, entry.shown.minX)
            let contents = LayerContents.text(TextContents(text, fontSize: 12, color: .white, alignment: .center))
            if pair.label.contents != contents { pair.label.contents = contents }
            let width = 280.0
            let x = min(max(entry.model.minX + 8, bounds.minX + 8), bounds.maxX - width - 8)
            let y = min(max(entry.model.midY - 10, bounds.minY + 8), bounds.maxY - 28) + 24 * Double(i)
            let labelFrame = CGRect(x: x, y: y, width: width, height: 20)
            if pair.label.frame != labelFrame { pair.label.frame = labelFrame }
        }
    }
}

extension View {
    /// The bounding box of the view in `window` points by its layers' model values (where UIKit's
    /// `frame` and `convert` say it is), nil when it is not in `window`.
    @MainActor
    func modelFrame(in window: Window) -> CGRect? {
        TraceView.placement(of: self, in: window, values: { $0.model })?.frame
    }
}
