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
            return Measurement(name: move.name, travel: abs(to - from), fractions: deviceFractions.map { fraction($0.time) },
                               settle: settled.map { times[$0] - times[start] })
        }
    }

    /// Prints the sheet's table (a mark beside each figure outside the device's range); says on stderr
    /// when one is, and returns whether all agree.
    @discardableResult
    static func report() -> Bool {
        let measured: [Measurement]
        do { measured = try measure() } catch {
            FileHandle.standardError.write(Data("error: the sheet's replay: \(error)\n".utf8))
            return false
        }
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
