import Foundation
import SegueSDL

/// A transition at chosen moments, tiled left to right into one image (``image``) to compare as one
/// snapshot: a film strip shows motion where a single snapshot shows a still screen.
///
/// A fraction `f` is the frame `f` of the way from the transition's first frame (the first with a running
/// transition: 0) to the frame it is over (the first with none again: 1), rounded to the nearest frame,
/// so the moments are the same frames run after run.
public struct FilmStrip: Sendable, Hashable {
    /// The fractions a strip shows by default: the start, the quarters, the end.
    public static let defaultFractions: [Double] = [0, 0.25, 0.5, 0.75, 1]
    /// Pixels between two tiles.
    public static let gap = 8
    /// The colour between the tiles (mid grey, so a white or a black page shows its edges).
    public static let gapColour = Pixel(r: 128, g: 128, b: 128, a: 255)

    /// The fractions shown.
    public var fractions: [Double]
    /// The frame shown for each fraction (host frame indices).
    public var frames: [Int]
    /// The window at each of those frames.
    public var tiles: [SnapshotImage]

    /// The tiles side by side, ``gap`` pixels of ``gapColour`` apart.
    public var image: SnapshotImage {
        let w = tiles.map(\.width).reduce(0, +) + Self.gap * (tiles.count - 1)
        let h = tiles.map(\.height).max() ?? 1
        var out = SnapshotImage(width: max(1, w), height: h, fill: Self.gapColour)
        var left = 0
        for tile in tiles {
            for y in 0..<tile.height {
                for x in 0..<tile.width { out[left + x, y] = tile[x, y] }
            }
            left += tile.width + Self.gap
        }
        return out
    }
}

extension SegueTestHost {
    /// Runs `action` (which starts a transition: a tap, a key, a push in code, a swipe), then frames until
    /// the window is idle, drawing every frame at `scale`, and returns the transition at `fractions` of its
    /// run as a ``FilmStrip``. Throws ``SegueTestHostError/badInput(_:)`` when no transition ran, and the
    /// errors of ``runUntilIdle(timeout:)``.
    public func filmStrip(at fractions: [Double] = FilmStrip.defaultFractions, scale: Double = 1,
                          timeout: TimeInterval = SegueTestHost.defaultTimeout,
                          of action: () throws -> Void) throws -> FilmStrip {
        guard !fractions.isEmpty, fractions.allSatisfy({ $0.isFinite && (0...1).contains($0) }) else {
            throw SegueTestHostError.badInput("A film strip's fractions must be within 0...1, got \(fractions)")
        }
        var images: [Int: SnapshotImage] = [:]
        let first = frame + 1
        try recordingFrames({ index in images[index] = try self.image(scale: scale) }) {
            try action()
            try runUntilIdle(timeout: timeout)
        }
        let lines = trace.filter { $0.frame >= first }
        guard let begin = lines.first(where: { $0.snapshot.transition != nil })?.frame else {
            throw SegueTestHostError.badInput("No transition ran for the film strip (frames \(first) through \(frame))")
        }
        let end = lines.first(where: { $0.frame > begin && $0.snapshot.transition == nil })?.frame ?? frame
        let chosen = fractions.map { begin + Int((Double(end - begin) * $0).rounded()) }
        return FilmStrip(fractions: fractions, frames: chosen, tiles: chosen.map { images[$0]! })
    }

    /// Runs `body` with `observer` told of every frame it runs (after the frame), then rethrows the first
    /// error `observer` threw.
    func recordingFrames(_ observer: @escaping (Int) throws -> Void, _ body: () throws -> Void) throws {
        precondition(frameRecorder == nil, "One recording at a time: a film strip or a motion curve is being recorded")
        frameRecorder = observer
        recorderError = nil
        defer { frameRecorder = nil }
        try body()
        if let recorderError { throw recorderError }
    }
}
