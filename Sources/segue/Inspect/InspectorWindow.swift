import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// The `segue inspect` window: the app's frame (drawn by the CPU compositor from the inspected run), a
/// timeline under it (transitions as bars, input events as ticks, the playhead), and a side panel with the
/// frame's trace and the selected page's model and presentation values.
///
/// Keys: Left/Right step one frame (with Shift: ten), Space plays or pauses, Up/Down choose the speed (1,
/// 0.25, 0.1), Home/End go to the first/last frame, Escape quits. Pointer: drag on the timeline to scrub;
/// click a page or sheet in the frame to select it.
@MainActor
final class InspectorWindow: Window {
    static let speeds = [1.0, 0.25, 0.1]
    static let panelWidth = 400.0
    static let timelineHeight = 96.0
    static let margin = 12.0
    static let barColors: [String: Color] = [
        "push": Color(rgb: 0x34C759), "pop": Color(rgb: 0xFF9500), "tab": Color(rgb: 0x5856D6),
        "present": Color(rgb: 0x007AFF), "dismiss": Color(rgb: 0xFF2D55),
    ]

    let session: InspectorSession
    private let compositor: HeadlessCompositor
    /// The app's frame, stretched to fit.
    private let appView = InspectorFrameView()
    private let timeline = InspectorTimelineView()
    private let panel = Label()
    private let status = Label()
    /// The page or sheet whose values the panel lists.
    private(set) var selected: String?
    /// Playing: the speed (frames of the run per frame of the window); nil while paused.
    private(set) var playingSpeed: Double?
    private var speedIndex = 0
    /// Where playback is, in frames of the run (fractional at speeds below 1).
    private var playhead = 0.0
    /// The frame whose picture is shown (nil: none yet).
    private var drawnFrame: Int?

    /// A window showing `session`'s run, its frames drawn by `compositor` (of the script's size).
    init(clock: FrameClock, size: CGSize, session: InspectorSession, compositor: HeadlessCompositor) {
        self.session = session
        self.compositor = compositor
        super.init(clock: clock, size: size)
        backgroundColor = Color(white: 0.12)
        appView.backgroundColor = .black
        appView.onSelect = { [weak self] point in self?.select(at: point) }
        timeline.onScrub = { [weak self] fraction in self?.scrub(to: fraction) }
        panel.numberOfLines = 0
        panel.font = Font.systemFont(ofSize: 13)
        panel.textColor = Color(white: 0.92)
        status.font = Font.systemFont(ofSize: 13)
        status.textColor = .white
        for v in [appView, timeline, panel, status] { addSubview(v) }
        timeline.configure(bars: session.bars, ticks: session.eventFrames, lastFrame: session.lastFrame)
        show()
    }

    override var keyCommands: [KeyCommand] {
        super.keyCommands + [
            KeyCommand(input: .left, title: "Back one frame", repeats: true) { [weak self] in self?.step(-1) },
            KeyCommand(input: .right, title: "On one frame", repeats: true) { [weak self] in self?.step(1) },
            KeyCommand(input: .space, title: "Play or pause", repeats: false) { [weak self] in self?.togglePlay() },
            KeyCommand(input: .up, title: "Faster", repeats: false) { [weak self] in self?.changeSpeed(-1) },
            KeyCommand(input: .down, title: "Slower", repeats: false) { [weak self] in self?.changeSpeed(1) },
            KeyCommand(input: Key("Home"), title: "First frame", repeats: false) { [weak self] in self?.go(to: 0) },
            KeyCommand(input: Key("End"), title: "Last frame", repeats: false) { [weak self] in
                guard let self else { return }
                self.go(to: self.session.lastFrame)
            },
            KeyCommand(input: .escape, title: "Quit", repeats: false) { [weak self] in self?.requestQuit() },
        ]
    }

    // MARK: Moving through the run

    func step(_ frames: Int) {
        playingSpeed = nil
        go(to: session.frame + frames)
    }

    func go(to frame: Int) {
        do { try session.seek(to: frame) } catch { fail(error) }
        playhead = Double(session.frame)
        show()
    }

    func scrub(to fraction: Double) {
        playingSpeed = nil
        go(to: Int((fraction * Double(session.lastFrame)).rounded()))
    }

    func togglePlay() {
        if playingSpeed != nil {
            playingSpeed = nil
        } else {
            if session.frame >= session.lastFrame { go(to: 0) }
            playingSpeed = Self.speeds[speedIndex]
        }
        show()
    }

    func changeSpeed(_ delta: Int) {
        speedIndex = min(max(speedIndex + delta, 0), Self.speeds.count - 1)
        if playingSpeed != nil { playingSpeed = Self.speeds[speedIndex] }
        show()
    }

    func select(at point: CGPoint) {
        selected = session.page(at: point)
        show()
    }

    private func fail(_ error: Error) {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        requestQuit()
    }

    /// Every frame while playing back (each moves the run on).
    override var nextFrameRequest: FrameRequest {
        playingSpeed != nil ? .nextFrame : super.nextFrameRequest
    }

    /// Playback: one window frame moves the run on by the speed.
    override func runQueuedWork() {
        super.runQueuedWork()
        guard let speed = playingSpeed else { return }
        playhead = min(playhead + speed, Double(session.lastFrame))
        let target = Int(playhead.rounded(.down))
        if target != session.frame {
            do { try session.seek(to: target) } catch { fail(error) }
        }
        if session.frame >= session.lastFrame { playingSpeed = nil }
        show()
    }

    // MARK: Showing

    override func layoutSubviews() {
        super.layoutSubviews()
        let m = Self.margin
        let appArea = CGRect(x: m, y: m, width: max(1, bounds.width - Self.panelWidth - 3 * m),
                             height: max(1, bounds.height - Self.timelineHeight - 4 * m - 18))
        let app = session.script.size
        let scale = min(appArea.width / app.width, appArea.height / app.height)
        appView.frame = CGRect(x: appArea.minX, y: appArea.minY, width: app.width * scale, height: app.height * scale)
        appView.appSize = app
        status.frame = CGRect(x: m, y: appArea.maxY + m, width: appArea.width, height: 18)
        timeline.frame = CGRect(x: m, y: status.frame.maxY + m, width: bounds.width - 2 * m, height: Self.timelineHeight)
        panel.frame = CGRect(x: appArea.maxX + m, y: m, width: Self.panelWidth, height: panel.frame.height)
    }

    /// The frame's picture, the playhead, the status line and the panel.
    private func show() {
        if drawnFrame != session.frame {
            do {
                try compositor.render(session.window.layerTree)
                appView.layer.contents = .bitmap(compositor.bitmap())
                drawnFrame = session.frame
            } catch {
                fail(error)
            }
        }
        timeline.playhead = session.lastFrame > 0 ? Double(session.frame) / Double(session.lastFrame) : 0
        let time = ReplayTimeline.time(ofFrame: session.frame)
        let play = playingSpeed.map { String(format: "playing at %g×", $0) } ?? String(format: "paused (Space plays at %g×)", Self.speeds[speedIndex])
        status.text = String(format: "frame %d of %d · %.3f ms · %@ · ←/→ step · ↑/↓ speed · click a page", session.frame,
                             session.lastFrame, time, play)
        let lines = panelLines()
        panel.text = lines.joined(separator: "\n")
        // Top-aligned: the label centres its text vertically, so it is as tall as its lines.
        panel.frame.size.height = Double(lines.count) * Self.panelLineHeight + 4
    }

    /// The panel's line height at its 13-point font, in points.
    static let panelLineHeight = 16.0

    /// The frame's trace (stack, sheets, transition) and the selected page's values.
    func panelLines() -> [String] {
        let trace = session.traceSnapshot
        var lines = ["tab \(trace.tab ?? 0) · stack \(trace.stack?.joined(separator: ", ") ?? "-")"]
        lines.append("sheets: \((trace.modal ?? []).isEmpty ? "none" : (trace.modal ?? []).joined(separator: ", "))")
        if let t = trace.transition {
            lines.append(String(format: "%@%@ · %@ · %.3f", t.kind.rawValue, t.interactive ? " (interactive)" : "", t.phase.rawValue, t.percent))
        } else {
            lines.append("no transition")
        }
        lines.append("")
        if let id = selected, let details = session.details(of: id) {
            lines += details.lines
        } else {
            lines.append(selected.map { "\($0) is not in the window at this frame" } ?? "click a page or sheet to see its values")
        }
        return lines
    }
}

/// The app's frame: clicks select the page under them (in the app's points).
@MainActor
final class InspectorFrameView: View {
    var appSize = CGSize(width: 1, height: 1)
    var onSelect: (CGPoint) -> Void = { _ in }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, bounds.width > 0, bounds.height > 0 else { return }
        let p = touch.location(in: self)
        onSelect(CGPoint(x: p.x / bounds.width * appSize.width, y: p.y / bounds.height * appSize.height))
    }
}

/// The timeline: a bar per transition (by kind), a tick per input event, the playhead; dragging scrubs.
@MainActor
final class InspectorTimelineView: View {
    var onScrub: (Double) -> Void = { _ in }
    var playhead = 0.0 { didSet { setNeedsLayout() } }
    private var bars: [(InspectorSession.Bar, View)] = []
    private var ticks: [(Int, View)] = []
    private var lastFrame = 1
    private let head = View()
    private let track = View()

    func configure(bars: [InspectorSession.Bar], ticks: [Int], lastFrame: Int) {
        self.lastFrame = max(1, lastFrame)
        backgroundColor = Color(white: 0.18)
        layer.cornerRadius = 6
        track.backgroundColor = Color(white: 0.28)
        addSubview(track)
        for bar in bars {
            let v = View()
            v.backgroundColor = InspectorWindow.barColors[bar.kind] ?? .gray
            v.alpha = bar.interactive ? 1 : 0.75
            v.layer.cornerRadius = 3
            let label = Label()
            label.text = bar.kind + (bar.interactive ? " (interactive)" : "")
            label.font = Font.systemFont(ofSize: 11)
            label.textColor = .white
            v.addSubview(label)
            addSubview(v)
            self.bars.append((bar, v))
        }
        for frame in ticks {
            let v = View()
            v.backgroundColor = Color(white: 0.85)
            addSubview(v)
            self.ticks.append((frame, v))
        }
        head.backgroundColor = Color(rgb: 0xFF3B30)
        addSubview(head)
    }

    private func x(ofFrame frame: Double) -> Double { 10 + (bounds.width - 20) * frame / Double(lastFrame) }

    override func layoutSubviews() {
        super.layoutSubviews()
        track.frame = CGRect(x: 10, y: 38, width: bounds.width - 20, height: 4)
        for (bar, v) in bars {
            let x0 = x(ofFrame: Double(bar.frames.lowerBound)), x1 = x(ofFrame: Double(bar.frames.upperBound + 1))
            v.frame = CGRect(x: x0, y: 14, width: max(2, x1 - x0), height: 20)
            v.subviews.first?.frame = CGRect(x: 4, y: 2, width: max(0, x1 - x0 - 8), height: 16)
        }
        for (frame, v) in ticks { v.frame = CGRect(x: x(ofFrame: Double(frame)) - 0.5, y: 50, width: 1, height: 12) }
        head.frame = CGRect(x: x(ofFrame: playhead * Double(lastFrame)) - 1, y: 6, width: 2, height: bounds.height - 12)
    }

    private func scrub(_ touches: Set<Touch>) {
        guard let touch = touches.first, bounds.width > 20 else { return }
        onScrub(min(max((touch.location(in: self).x - 10) / (bounds.width - 20), 0), 1))
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { scrub(touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { scrub(touches) }
}
