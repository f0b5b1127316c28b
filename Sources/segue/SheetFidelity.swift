import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// The detent sheet's part of `segue fidelity`: replays the demo's page sheet (`D`) headless at 402 x 874
/// through present, medium -> large and large -> medium (`animateChanges` in code), and a dismissal from
/// large, and prints the fraction of the travel its top edge covered 50, 100, 200 and 300 ms after the
/// motion started, and when it came within 0.5 pt of its end, beside the device's ranges (spec
/// gestures-and-timing, "Sheets, measured on the same device").
@MainActor
enum SheetFidelity {
    /// The window the device was measured at, in points (iPhone 16 Pro).
    static let size = CGSize(width: 402, height: 874)
    /// The sheet's id in the trace (the demo's first presentation).
    static let sheetID = "modal0"
    /// The device's ranges: the fraction of the travel at each time after the motion starts (ms).
    static let deviceFractions: [(time: Double, range: ClosedRange<Double>)] = [
        (50, 0.23...0.29), (100, 0.55...0.60), (200, 0.88...0.90), (300, 0.97...0.98),
    ]
    /// The device's settle: within ``SheetSpring/settleTolerance`` of the end after 460-520 ms.
    static let deviceSettle = 460.0...520.0

    /// One move of the sheet: what starts it, at which time (ms).
    struct Move {
        var name: String
        var time: Double
        /// Called after the frame at or after `time` (nil: a key event of the script starts it).
        var action: (@MainActor (DemoWindow) -> Void)?
    }

    /// One measured move.
    struct Measurement {
        var name: String
        var travel: CGFloat
        var fractions: [Double?]
        var settle: Double?
        /// The fraction of the travel covered in every frame from the onset, with its time in ms from it.
        var series: [(time: Double, fraction: Double)] = []
    }

    static func detent(_ id: SheetPresentationController.Detent.Identifier) -> @MainActor (DemoWindow) -> Void {
        { window in
            guard let sheet = window.sheets.last?.sheetPresentationController else { return }
            sheet.animateChanges { sheet.selectedDetentIdentifier = id }
        }
    }

    static let moves: [Move] = [
        Move(name: "present (D, to medium)", time: 100, action: nil),
        Move(name: "medium -> large (animateChanges)", time: 1000, action: detent(.large)),
        Move(name: "large -> medium (animateChanges)", time: 2000, action: detent(.medium)),
        Move(name: "medium -> large (animateChanges)", time: 3000, action: detent(.large)),
        Move(name: "dismiss from large (Escape)", time: 4000, action: nil),
    ]

    /// Replays the moves and measures each.
    static func measure() throws -> [Measurement] {
        let script = ReplayScript(size: size, duration: 5000, events: [
            ReplayEvent(time: 100, kind: .key("D")), ReplayEvent(time: 4000, kind: .key("Escape")),
        ])
        let driver = ReplayDriver(script: script)
        let window = DemoWindow(clock: driver.clock, size: size)
        var times: [Double] = []
        var tops: [CGFloat?] = []
        _ = try driver.run(window, afterFrame: { k in
            let t = ReplayTimeline.time(ofFrame: k)
            times.append(t)
            tops.append(window.traceSnapshot().views.first { $0.id == sheetID }?.frame.minY)
            for move in moves where move.action != nil && t >= move.time && t - 1000.0 / 60 < move.time {
                move.action?(window)
            }
        })
        return moves.enumerated().map { i, move in
            let end = i + 1 < moves.count ? moves[i + 1].time : times.last ?? 0
            let span = times.indices.filter { times[$0] >= move.time && times[$0] < end }
            // The sheet's top where it rests before and after (off the bottom edge when not in the window).
            let off = size.height
            let y = { (k: Int) -> CGFloat in tops[k] ?? off }
            guard let first = span.first, let last = span.last else {
                return Measurement(name: move.name, travel: 0, fractions: [], settle: nil)
            }
            let from = y(max(first - 1, 0)), to = y(last)
            // The onset: the last frame standing at `from` before the first that moved.
            guard let moved = span.first(where: { abs(y($0) - from) > 0.01 }) else {
                return Measurement(name: move.name, travel: 0, fractions: [], settle: nil)
            }
            let start = moved - 1
            let fraction = { (ms: Double) -> Double? in
                let k = start + Int((ms * 60 / 1000).rounded())
                return k < tops.count ? Double((y(k) - from) / (to - from)) : nil
            }
            let settled = span.first { k in k >= start && span.filter { $0 >= k }.allSatisfy { abs(y($0) - to) <= SheetSpring.settleTolerance } }
            var m = Measurement(name: move.name, travel: abs(to - from), fractions: deviceFractions.map { fraction($0.time) },
                                settle: settled.map { times[$0] - times[start] })
            m.series = span.filter { $0 >= start }.map { k in (times[k] - times[start], Double((y(k) - from) / (to - from))) }
            return m
        }
    }

    /// Draws the moves' fraction of the travel over the first 600 ms (a dot a 60 Hz frame, one colour a
    /// move) over the device's ranges (grey bars at 50, 100, 200 and 300 ms, the settle band shaded).
    static func plot(_ measured: [Measurement], to path: String) throws {
        let canvas = PlotCanvas(size: CGSize(width: 960, height: 640))
        let area = CGRect(x: 80, y: 70, width: 840, height: 400)
        let span = 600.0, top = 1.05
        func px(_ t: Double) -> CGFloat { area.minX + CGFloat(t / span) * area.width }
        func py(_ f: Double) -> CGFloat { area.maxY - CGFloat(f / top) * area.height }
        let grid = Color(white: 0.88), device = Color(white: 0.55)
        canvas.box(CGRect(x: px(deviceSettle.lowerBound), y: area.minY, width: px(deviceSettle.upperBound) - px(deviceSettle.lowerBound),
                          height: area.height), Color(white: 0.93))
        for t in stride(from: 0.0, through: span, by: 100) {
            canvas.box(CGRect(x: px(t) - 0.5, y: area.minY, width: 1, height: area.height), grid)
            canvas.text("\(Int(t))", CGRect(x: px(t) - 30, y: area.maxY + 6, width: 60, height: 18), alignment: .center)
        }
        for f in stride(from: 0.0, through: 1.0, by: 0.25) {
            canvas.box(CGRect(x: area.minX, y: py(f) - 0.5, width: area.width, height: 1), grid)
            canvas.text(String(format: "%.2f", f), CGRect(x: 10, y: py(f) - 9, width: 62, height: 18), alignment: .right)
        }
        for (t, range) in deviceFractions {
            canvas.box(CGRect(x: px(t) - 4, y: py(range.upperBound), width: 8, height: max(py(range.lowerBound) - py(range.upperBound), 2)), device)
        }
        canvas.text("Detent sheet moves: the iPhone's ranges (grey bars, settle shaded) and Segue's (402 x 874 pt)",
                    CGRect(x: area.minX, y: 16, width: area.width, height: 22), size: 15)
        canvas.text("ms from the onset of motion (each dot a 60 Hz frame of segue replay)",
                    CGRect(x: area.minX, y: area.maxY + 26, width: area.width, height: 18), alignment: .center)
        canvas.text("fraction of the travel", CGRect(x: 4, y: area.minY - 26, width: 200, height: 18))
        let colours = FidelityPlot.colours + [Color(red: 0.6, green: 0.2, blue: 0.6, alpha: 1)]
        var legend = 0
        var drawn = Set<String>()
        // One line a kind of move (the table repeats medium -> large).
        for m in measured where !m.series.isEmpty && drawn.insert(m.name).inserted {
            let c = colours[legend % colours.count]
            let points = m.series.filter { $0.time <= span }.map { CGPoint(x: px($0.time), y: py(min($0.fraction, top))) }
            for (a, b) in zip(points, points.dropFirst()) { canvas.segment(a, b, c) }
            for p in points { canvas.box(CGRect(x: p.x - 2.5, y: p.y - 2.5, width: 5, height: 5), c) }
            let settle = m.settle.map { String(format: "%.0f ms", $0) } ?? "—"
            canvas.box(CGRect(x: area.minX, y: area.maxY + 58 + CGFloat(legend) * 20, width: 24, height: 4), c)
            canvas.text("\(m.name), \(String(format: "%.0f", m.travel)) pt: settles in \(settle)",
                        CGRect(x: area.minX + 32, y: area.maxY + 50 + CGFloat(legend) * 20, width: area.width - 32, height: 18), colour: c)
            legend += 1
        }
        try canvas.savePNG(to: path)
    }

    /// Prints the sheet's table (a mark beside each figure outside the device's range); says on stderr
    /// when one is, and returns whether all agree. With `plot`, also draws ``plot(_:to:)`` there.
    @discardableResult
    static func report(plot path: String? = nil) throws -> Bool {
        let measured: [Measurement]
        do { measured = try measure() } catch {
            FileHandle.standardError.write(Data("error: the sheet's replay: \(error)\n".utf8))
            return false
        }
        if let path { try plot(measured, to: path) }
        var agrees = true
        func cell(_ v: Double?, in range: ClosedRange<Double>, _ format: String) -> String {
            guard let v else { agrees = false; return "—" }
            let ok = range.contains((v * 1000).rounded() / 1000)
            if !ok { agrees = false }
            return String(format: format, v) + (ok ? "" : " ✗")
        }
        let head = deviceFractions.map { "\(Int($0.time)) ms" } + ["settle (0.5 pt)"]
        var lines = ["",
                     "Detent sheet at \(Int(size.width)) x \(Int(size.height)) (fraction of the travel after the motion starts):",
                     "",
                     "| move | travel | " + head.joined(separator: " | ") + " |",
                     "|---|---|" + String(repeating: "---|", count: head.count),
                     "| iPhone (all moves, 225-811 pt) | | "
                        + deviceFractions.map { String(format: "%.2f-%.2f", $0.range.lowerBound, $0.range.upperBound) }.joined(separator: " | ")
                        + String(format: " | %.0f-%.0f ms |", deviceSettle.lowerBound, deviceSettle.upperBound)]
        for m in measured {
            let fractions = zip(m.fractions, deviceFractions).map { cell($0, in: $1.range, "%.3f") }
            lines.append("| \(m.name) | \(String(format: "%.0f pt", m.travel)) | " + fractions.joined(separator: " | ")
                         + " | " + cell(m.settle, in: deviceSettle, "%.0f ms") + " |")
        }
        print(lines.joined(separator: "\n"))
        if !agrees { FileHandle.standardError.write(Data("the detent sheet is off the device (✗)\n".utf8)) }
        return agrees
    }
}
