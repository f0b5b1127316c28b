import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// The peers' workload (../shared/peers/README.md): two full-window pages, each a column of 100 rows
/// (a 24x24 rounded swatch and the label "Page n · Row i", 32 points a row), pushed and popped back to
/// back with the stock navigation motion; the harness's marker lines around a measurement window and an
/// idle window, so that `peers/measure.py` measures Segue the way it measures Qt and GTK.
///
/// The navigation controller does not exist yet, so the scene moves the pages itself with the stock
/// push/pop motion of uikit-semantics.md §6: the top page enters from +W, the lower page goes to -0.3 W,
/// a black dimming layer over the lower page goes from 0 to 0.1 opacity; a pop mirrors it. All three
/// on one critically damped spring (response 0.3 s) starting at 8.3 widths per second. As UIKit does,
/// a page that is not on screen once a transition ends leaves the tree.
@MainActor
final class BenchPushPopScene: HostedScene {
    /// Rows per page, as in the peers.
    static let rowCount = 100
    /// Row height, swatch side and corner radius, label font size, left padding and spacing, in points
    /// (the peers' `qt_stackview.qml`: height 32, 24x24 radius 4, 15 px, padding 16, spacing 12).
    static let rowHeight = 32.0, swatchSide = 24.0, swatchRadius = 4.0, labelFontSize = 15.0
    static let leftPadding = 16.0, spacing = 12.0
    /// Page backgrounds (the peers': #fafafa and #eef3ff).
    static let pageColors: [UInt32] = [0xFAFAFA, 0xEEF3FF]
    /// Swatch saturation and lightness (the peers' `Qt.hsla(index / 100, 0.65, 0.5)`).
    static let swatchSaturation = 0.65, swatchLightness = 0.5
    /// Where the lower page goes during a push, as a fraction of the width (uikit-semantics.md §6).
    static let parallaxFraction = -0.3
    /// The dimming over the lower page at the end of a push (uikit-semantics.md §6).
    static let dimmingOpacity = 0.1
    /// The stock push/pop spring: critically damped, response 0.3 s, starting at 8.3 widths per second
    /// (uikit-semantics.md §6: iOS 26/27 measured on device).
    static let spring = Spring(dampingRatio: 1, response: 0.3)
    static let initialVelocity = 8.3
    /// Seconds between the end of the measurement and the idle window (the peers' 300 ms settle).
    static let settleBeforeIdle = 0.3

    let layerTree: LayerTree
    private(set) var wantsToQuit = false
    private let pages: [Layer]
    private let dimming = Layer()
    private let rasterized: Bool
    private var builtSize: CGSize?

    /// The harness's phases.
    enum Phase { case warmUp, measure, drain, settle, idle, done }
    private(set) var phase = Phase.warmUp
    private let warmUp: Double, duration: Double, idle: Double
    private let presentedFrames: () -> Int
    private let describeRenderer: () -> [String: String]
    private let wallClock: () -> Double
    private var phaseStart = 0.0
    private var framesAtStart = 0
    private var navigations = 0
    private var navigationDurations: [Double] = []
    private var navigationStart = 0.0
    /// Whether page 2 is on top (pushed).
    private var pushed = false
    private var transitionRunning = false
    private var transitionEnded = false
    private var started = false

    init(clock: FrameClock, rasterized: Bool, warmUp: Double, duration: Double, idle: Double,
         presentedFrames: @escaping () -> Int, describeRenderer: @escaping () -> [String: String],
         wallClock: @escaping () -> Double) {
        self.rasterized = rasterized
        self.warmUp = warmUp
        self.duration = duration
        self.idle = idle
        self.presentedFrames = presentedFrames
        self.describeRenderer = describeRenderer
        self.wallClock = wallClock
        let root = Layer()
        root.backgroundColor = .white
        layerTree = LayerTree(root: root, clock: clock)
        pages = [Layer(), Layer()]
        dimming.backgroundColor = .black
        dimming.opacity = 0
    }

    func resize(to size: CGSize) {
        guard size != builtSize else { return }
        builtSize = size
        layerTree.root.frame = CGRect(origin: .zero, size: size)
        dimming.frame = CGRect(origin: .zero, size: size)
        for (i, page) in pages.enumerated() { build(page, number: i + 1, size) }
        if page1OnScreenOnly { layerTree.root.addSublayer(pages[0]) }
    }

    private var page1OnScreenOnly: Bool { pages[0].superlayer == nil && pages[1].superlayer == nil }

    private func build(_ page: Layer, number: Int, _ size: CGSize) {
        for sublayer in page.sublayers { sublayer.removeFromSuperlayer() }
        page.frame = CGRect(origin: .zero, size: size)
        page.backgroundColor = Color(rgb: Self.pageColors[number - 1])
        page.masksToBounds = true
        page.shouldRasterize = rasterized
        // The scrollable column (not scrolled): 100 rows, the first 25 visible.
        let column = Layer()
        column.frame = CGRect(x: 0, y: 0, width: size.width, height: Double(Self.rowCount) * Self.rowHeight)
        for i in 0..<Self.rowCount {
            let row = Layer()
            row.frame = CGRect(x: 0, y: Double(i) * Self.rowHeight, width: size.width, height: Self.rowHeight)
            let swatch = Layer()
            swatch.frame = CGRect(x: Self.leftPadding, y: (Self.rowHeight - Self.swatchSide) / 2,
                                width: Self.swatchSide, height: Self.swatchSide)
            swatch.cornerRadius = Self.swatchRadius
            swatch.backgroundColor = Color(hue: Double(i) / Double(Self.rowCount), saturation: Self.swatchSaturation,
                                           lightness: Self.swatchLightness)
            let label = Layer()
            let labelX = Self.leftPadding + Self.swatchSide + Self.spacing
            label.frame = CGRect(x: labelX, y: 0, width: size.width - labelX, height: Self.rowHeight)
            label.contents = .text(TextContents("Page \(number) · Row \(i + 1)", fontSize: Self.labelFontSize))
            row.addSublayer(swatch)
            row.addSublayer(label)
            column.addSublayer(row)
        }
        page.addSublayer(column)
    }

    func handle(_ event: InputEvent) {
        if case .key(let key) = event, key.isDown, key.key == .escape { wantsToQuit = true }
        if case .window(.closeRequested) = event { wantsToQuit = true }
        if case .window(.resized(let size)) = event { resize(to: size) }
    }

    /// The harness: warm-up navigations, the measurement window (which starts with a navigation), the
    /// drain of the last transition, a settle, then the idle window.
    func layoutIfNeeded() {}

    func runQueuedWork() {
        let now = wallClock()
        if !started {
            started = true
            phaseStart = now
            navigate(now)
            return
        }
        let ended = transitionEnded
        transitionEnded = false
        switch phase {
        case .warmUp:
            guard ended else { return }
            if now - phaseStart >= warmUp {
                phase = .measure
                navigations = 0
                navigationDurations.removeAll()
                framesAtStart = presentedFrames()
                emit("PEER_MEASURE_START")
                phaseStart = wallClock()
            }
            navigate(now)
        case .measure:
            if ended {
                navigations += 1
                navigationDurations.append(now - navigationStart)
            }
            if now - phaseStart >= duration {
                endMeasurement(now)
                phase = transitionRunning ? .drain : .settle
                phaseStart = now
            } else if ended {
                navigate(now)
            }
        case .drain:
            if ended {
                phase = .settle
                phaseStart = now
            }
        case .settle:
            if now - phaseStart >= Self.settleBeforeIdle {
                phase = .idle
                framesAtStart = presentedFrames()
                emit("PEER_IDLE_START")
                phaseStart = wallClock()
            }
        case .idle:
            if now - phaseStart >= idle {
                let frames = presentedFrames() - framesAtStart
                emit("PEER_IDLE_END " + json(["frames": "\(frames)", "wall_s": String(format: "%.3f", now - phaseStart)]))
                phase = .done
                wantsToQuit = true
            }
        case .done:
            break
        }
    }

    private func endMeasurement(_ now: Double) {
        let frames = presentedFrames() - framesAtStart
        let sorted = navigationDurations.sorted()
        var fields = ["frames": "\(frames)", "navigations": "\(navigations)",
                      "wall_s": String(format: "%.3f", now - phaseStart),
                      "nav_ms_median": sorted.isEmpty ? "null" : String(format: "%.1f", sorted[sorted.count / 2] * 1000),
                      "rasterized": rasterized ? "true" : "false"]
        for (key, value) in describeRenderer() { fields[key] = "\"\(value)\"" }
        emit("PEER_MEASURE_END " + json(fields))
    }

    /// One push (page 2 over page 1) or pop.
    private func navigate(_ now: Double) {
        let root = layerTree.root
        let width = root.bounds.width
        let lower = pages[0], upper = pages[1]
        if lower.superlayer == nil { root.insertSublayer(lower, at: 0) }
        if dimming.superlayer == nil { root.insertSublayer(dimming, above: lower) }
        if upper.superlayer == nil { root.addSublayer(upper) }
        let center = width / 2
        let lowerX = (pushed ? Self.parallaxFraction * width : 0) + center
        let upperX = (pushed ? 0 : width) + center
        let dim = pushed ? Self.dimmingOpacity : 0
        pushed.toggle()
        let lowerTo = (pushed ? Self.parallaxFraction * width : 0) + center
        let upperTo = (pushed ? 0 : width) + center
        let dimTo = pushed ? Self.dimmingOpacity : 0
        transitionRunning = true
        navigationStart = now
        move(upper, .positionX, from: upperX, to: upperTo) { [weak self] _ in self?.finishTransition() }
        move(lower, .positionX, from: lowerX, to: lowerTo)
        move(dimming, .opacity, from: dim, to: dimTo)
    }

    /// Moves `property` of `layer` with the stock spring; `completion` runs when it ends (set before the
    /// animation is added: the layer keeps a copy).
    private func move(_ layer: Layer, _ property: LayerProperty<CGFloat>, from: CGFloat, to: CGFloat,
                      completion: ((Bool) -> Void)? = nil) {
        layer.setValue(to, for: property)
        let spring = SpringAnimation(property)
        spring.spring = Self.spring
        spring.initialVelocity = Self.initialVelocity
        spring.fromValue = from
        spring.toValue = to
        spring.completion = completion
        layer.add(spring, forKey: property.name)
    }

    /// The transition ended: the page that is not on screen leaves the tree (as UIKit removes it).
    private func finishTransition() {
        transitionRunning = false
        transitionEnded = true
        if pushed {
            pages[0].removeFromSuperlayer()
            dimming.removeFromSuperlayer()
        } else {
            pages[1].removeFromSuperlayer()
            dimming.removeFromSuperlayer()
        }
    }

    private func json(_ fields: [String: String]) -> String {
        "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    }

    /// A marker line, written at once (unbuffered): the harness samples CPU time when it reads it.
    private func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

extension Color {
    /// A colour from hue (0...1), saturation and lightness (HSL, as Qt's `hsla`).
    init(hue: Double, saturation s: Double, lightness l: Double) {
        let c = (1 - abs(2 * l - 1)) * s
        let h = hue * 6
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(h) % 6 {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        let m = l - c / 2
        self.init(red: r + m, green: g + m, blue: b + m)
    }
}
