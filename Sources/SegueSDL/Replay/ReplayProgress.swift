import Foundation

/// A progress bar for a long replay, on one line that it redraws (`\r`) and erases at the end:
/// `replay [##########..........]  50%  frame 90/180`.
///
/// It appears only once the replay has run for ``delayBeforeShowing`` of wall time (a short replay shows
/// nothing), and `standardErrorIfTerminal()` gives one only when standard error is a terminal, so
/// piped or redirected output (tests, the one-line errors of bad input) never sees it. The wall clock read
/// here only paces the bar; the replay itself runs on its virtual clock. A trace written to a terminal's
/// standard output (`--trace -`) gets no bar either: the two would interleave on the screen.
@MainActor
public final class ReplayProgress {
    /// Wall time a replay runs before the bar appears.
    public static let delayBeforeShowing: Duration = .seconds(1)
    /// The shortest wall time between two redraws (10 a second).
    static let redrawInterval: Duration = .milliseconds(100)
    /// Characters of the bar between its brackets.
    static let barWidth = 30

    private let write: (String) -> Void
    private let now: () -> ContinuousClock.Instant
    private var start: ContinuousClock.Instant?
    private var lastDrawn: ContinuousClock.Instant?
    private var lineLength = 0

    /// A bar written with `write`, timed by `now` (a test's clock; by default the wall clock).
    public init(write: @escaping (String) -> Void, now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.write = write
        self.now = now
    }

    /// A bar on standard error if it is a terminal, else nil; nil too when `traceOnStandardOutput` and
    /// standard output is a terminal.
    public static func standardErrorIfTerminal(traceOnStandardOutput: Bool) -> ReplayProgress? {
        guard isatty(STDERR_FILENO) == 1, !(traceOnStandardOutput && isatty(STDOUT_FILENO) == 1) else { return nil }
        return ReplayProgress { FileHandle.standardError.write(Data($0.utf8)) }
    }

    /// Whether the bar is on the screen.
    public var isShown: Bool { lineLength > 0 }

    /// Frame `frame` of `0...lastFrame` has run: redraws the bar if it is due.
    public func update(frame: Int, lastFrame: Int) {
        let time = now()
        guard let start else {
            start = time
            return
        }
        guard time - start >= Self.delayBeforeShowing else { return }
        if let lastDrawn, time - lastDrawn < Self.redrawInterval, frame < lastFrame { return }
        lastDrawn = time
        let fraction = lastFrame > 0 ? Double(frame) / Double(lastFrame) : 1
        let filled = Int((fraction * Double(Self.barWidth)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: Self.barWidth - filled)
        let percent = String(Int((fraction * 100).rounded(.down)))
        let line = "replay [\(bar)] " + String(repeating: " ", count: 3 - percent.count) + percent
            + "%  frame \(frame)/\(lastFrame)"
        write("\r" + line + String(repeating: " ", count: max(0, lineLength - line.count)))
        lineLength = max(lineLength, line.count)
    }

    /// Erases the bar, if it was shown.
    public func finish() {
        guard lineLength > 0 else { return }
        write("\r" + String(repeating: " ", count: lineLength) + "\r")
        lineLength = 0
    }
}
