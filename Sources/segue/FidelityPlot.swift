import Foundation
import SegueAnimation
import SegueSDL

/// The fidelity report's plot (`segue fidelity --plot`): the top page's x over time around the lift for a
/// few device gestures, one colour each, drawn as layers by the CPU compositor (no plotting library): a
/// dot per 60 Hz frame joined by lines, the lift at 0, and for each gesture the iPhone's settle time (a
/// solid line in its colour) and Segue's (dashed).
@MainActor
enum FidelityPlot {
    /// The picture's size, in pixels.
    static let size = CGSize(width: 960, height: 560)
    /// The plotted area inside the picture.
    static let area = CGRect(x: 80, y: 70, width: 840, height: 400)
    /// The time axis, in ms from the lift.
    static let timeRange = -400.0...600.0
    /// One colour per gesture, in order.
    static let colours = [Color(red: 0.13, green: 0.42, blue: 0.85, alpha: 1), Color(red: 0.9, green: 0.45, blue: 0.1, alpha: 1),
                          Color(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)]

    static func write(_ plotted: [(DeviceGesture, FidelityMeasurement)], to path: String) throws {
        let canvas = PlotCanvas(size: size)
        let width = plotted.first?.1.width ?? 402
        func px(_ t: Double) -> CGFloat {
            area.minX + CGFloat((t - timeRange.lowerBound) / (timeRange.upperBound - timeRange.lowerBound)) * area.width
        }
        func py(_ x: CGFloat) -> CGFloat { area.maxY - x / width * area.height }
        let box = canvas.box
        func segment(_ a: CGPoint, _ b: CGPoint, _ c: Color, thickness: CGFloat = 2) { canvas.segment(a, b, c, thickness: thickness) }
        func text(_ s: String, _ r: CGRect, size: Double = 13, colour: Color = .black, alignment: TextContents.Alignment = .left) {
            canvas.text(s, r, size: size, colour: colour, alignment: alignment)
        }
        func dashed(atTime t: Double, _ c: Color) { canvas.dashed(x: px(t), from: area.minY, to: area.maxY, c) }
        let grid = Color(white: 0.88)
        // Grid and axes: every 100 ms, every 100 pt, the lift and the page's two ends.
        for t in stride(from: timeRange.lowerBound, through: timeRange.upperBound, by: 100) {
            box(CGRect(x: px(t) - 0.5, y: area.minY, width: 1, height: area.height), t == 0 ? Color(white: 0.45) : grid)
            text(String(format: "%+.0f", t).replacingOccurrences(of: "+0", with: "0"),
                 CGRect(x: px(t) - 30, y: area.maxY + 6, width: 60, height: 18), alignment: .center)
        }
        for x in [0, 100, 200, 300, width] {
            box(CGRect(x: area.minX, y: py(x) - 0.5, width: area.width, height: 1), grid)
            text("\(Int(x))", CGRect(x: 10, y: py(x) - 9, width: 62, height: 18), alignment: .right)
        }
        text("Released pops on the iPhone (iOS 27) and in Segue: the top page's x around the lift (402 x 874 pt)",
             CGRect(x: area.minX, y: 16, width: area.width, height: 22), size: 16)
        text("ms from the lift (each dot a 60 Hz frame of segue replay; thin lines: the finger's travel past the slop)", CGRect(x: area.minX, y: area.maxY + 26, width: area.width, height: 18),
             alignment: .center)
        text("page x (pt)", CGRect(x: 4, y: area.minY - 26, width: 120, height: 18))
        // The series, their settle marks and the legend.
        for (i, (g, m)) in plotted.enumerated() {
            let c = colours[i % colours.count]
            let points = m.series.compactMap { s -> CGPoint? in
                let t = s.time - m.start
                guard timeRange.contains(t), let x = s.x else { return nil }
                return CGPoint(x: px(t), y: py(x))
            }
            for (a, b) in zip(points, points.dropFirst()) { segment(a, b, c) }
            // The finger's travel past the slop before the lift: the page trails it (tracking spring).
            let finger = m.finger.compactMap { s -> CGPoint? in
                let t = s.time - m.start
                return timeRange.contains(t) ? CGPoint(x: px(t), y: py(s.x)) : nil
            }
            for (a, b) in zip(finger, finger.dropFirst()) { segment(a, b, c.withAlphaComponent(0.45), thickness: 1) }
            for p in points { box(CGRect(x: p.x - 2.5, y: p.y - 2.5, width: 5, height: 5), c) }
            box(CGRect(x: px(g.device.settle) - 1.5, y: area.minY, width: 3, height: area.height), c)
            if let settle = m.settle { dashed(atTime: settle, c) }
            let y = area.maxY + 52 + CGFloat(i) * 20
            box(CGRect(x: area.minX, y: y + 6, width: 24, height: 4), c)
            let settle = m.settle.map { String(format: "%.0f", $0) } ?? "—"
            text("\(g.device.gesture): the iPhone \(g.device.outcome ?? "") and settles in \(Int(g.device.settle)) ms (solid line); "
                 + "Segue \(m.outcome), \(settle) ms (dashed)", CGRect(x: area.minX + 32, y: y - 2, width: area.width - 32, height: 18),
                 colour: c)
        }
        try canvas.savePNG(to: path)
    }
}
