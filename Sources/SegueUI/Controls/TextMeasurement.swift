import SegueAnimation

/// A font's vertical metrics, in points (`UIFont`'s `ascender`, `descender`, `lineHeight`).
public struct FontMetrics: Sendable, Hashable {
    /// The distance from the baseline to the top of the tallest glyphs (positive).
    public var ascender: Double
    /// The distance from the baseline to the bottom of the lowest glyphs (negative, as in UIKit).
    public var descender: Double
    /// The distance from one line's baseline to the next.
    public var lineHeight: Double

    /// Metrics of `ascender`, `descender` (negative) and `lineHeight` points.
    public init(ascender: Double, descender: Double, lineHeight: Double) {
        self.ascender = ascender
        self.descender = descender
        self.lineHeight = lineHeight
    }

    /// The space between lines beyond the glyphs' own height (`UIFont.leading`).
    public var leading: Double { max(0, lineHeight - (ascender - descender)) }
}

/// What measures text: the seam through which SegueUI learns how wide a string is in a font and how tall its
/// lines are. A host installs one (``TextMeasurement/measurer``) that measures the font it draws with:
/// Segue's SDL host measures DejaVu Sans through SDL2_ttf, in every host (window, headless replay, test host),
/// so that layout is the same whether or not anything is drawn.
@MainActor
public protocol TextMeasuring: Sendable {
    /// The width of `string` on one line in `font`, in points (unhinted, independent of the display scale,
    /// as Core Text measures).
    func width(of string: String, in font: Font) -> Double
    /// The vertical metrics of `font`.
    func metrics(of font: Font) -> FontMetrics
}

/// The text measurer SegueUI lays out with, and the layout rules built on it (line breaking, truncation).
///
/// Differs from UIKit: the measurer is installed by the host (Core Text is always there in UIKit): Segue's
/// hosts install SDL2_ttf's measurements of the font they draw with (``install(_:)``) before they build a
/// scene. Until one does, ``EstimatedTextMeasurer`` estimates widths from the font size, so that SegueUI
/// alone still lays text out by the same rules. `withMeasurer(_:_:)` measures with another for the length
/// of a call (tests that need one measurer whatever else runs in the process).
@MainActor
public enum TextMeasurement {
    /// The measurer every label, button and bar measures with now: the one of the innermost
    /// `withMeasurer(_:_:)`, else the installed one, else the estimate.
    public static var measurer: any TextMeasuring { ScopedTextMeasurer.value ?? installed ?? EstimatedTextMeasurer() }

    /// Makes `measurer` the process's measurer (a host, once, before it builds its first scene).
    public static func install(_ measurer: any TextMeasuring) { installed = measurer }

    /// The measurer installed for the process, if any.
    public static private(set) var installed: (any TextMeasuring)?

    /// Runs `body` with `measurer` as ``measurer`` (in this task and the tasks it starts), whatever is
    /// installed.
    public static func withMeasurer<R>(_ measurer: any TextMeasuring, _ body: () throws -> R) rethrows -> R {
        try ScopedTextMeasurer.$value.withValue(measurer, operation: body)
    }

    /// Runs `body` with `measurer` as ``measurer`` (the asynchronous form, e.g. for a test trait's scope).
    public nonisolated static func withMeasurer<R>(_ measurer: any TextMeasuring, _ body: () async throws -> R) async rethrows -> R {
        try await ScopedTextMeasurer.$value.withValue(measurer, operation: body)
    }

    /// The ellipsis UIKit truncates with.
    public static let ellipsis = "…"

    /// `string` in `font` shortened to fit `width` points by `mode` (``LineBreakMode``): the whole string when
    /// it fits; else as many characters as fit with ``ellipsis`` at the tail, head or middle; the ellipsis
    /// alone when not even one character fits with it; the whole string for modes that do not truncate.
    public static func truncated(_ string: String, in font: Font, toWidth width: Double,
                                 mode: LineBreakMode = .byTruncatingTail) -> String {
        let m = measurer
        guard m.width(of: string, in: font) > width + widthTolerance else { return string }
        let characters = Array(string)
        func candidate(_ kept: Int) -> String {
            switch mode {
            case .byTruncatingHead:
                return ellipsis + String(characters.suffix(kept))
            case .byTruncatingMiddle:
                let head = (kept + 1) / 2
                return String(characters.prefix(head)) + ellipsis + String(characters.suffix(kept - head))
            default:
                let prefix = String(characters.prefix(kept))
                // UIKit drops the spaces before the ellipsis.
                return prefix.trimmingTrailingSpaces + ellipsis
            }
        }
        switch mode {
        case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle:
            // The longest cut that fits: widths grow with the characters kept.
            var low = 0, high = characters.count - 1
            guard m.width(of: candidate(0), in: font) <= width + widthTolerance else { return ellipsis }
            while low < high {
                let mid = (low + high + 1) / 2
                if m.width(of: candidate(mid), in: font) <= width + widthTolerance { low = mid } else { high = mid - 1 }
            }
            return candidate(low)
        default:
            return string
        }
    }

    /// The lines `string` breaks into in `font` within `width` points: at spaces where a word fits no more,
    /// inside a word only when the word alone is wider than the line (and at every newline).
    public static func lines(of string: String, in font: Font, width: Double) -> [String] {
        let m = measurer
        var lines: [String] = []
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let attempt = line.isEmpty ? String(word) : line + " " + word
                if m.width(of: attempt, in: font) <= width + widthTolerance || line.isEmpty && word.isEmpty {
                    line = attempt
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                // A word wider than the line breaks between characters.
                var rest = String(word)
                while m.width(of: rest, in: font) > width + widthTolerance, rest.count > 1 {
                    var cut = rest.count - 1
                    while cut > 1, m.width(of: String(rest.prefix(cut)), in: font) > width + widthTolerance { cut -= 1 }
                    lines.append(String(rest.prefix(cut)))
                    rest = String(rest.dropFirst(cut))
                }
                line = rest
            }
            lines.append(line)
        }
        return lines
    }

    /// The size `string` takes in `font`: its widest line and its lines' height, limited to `numberOfLines`
    /// (0: no limit) lines broken within `width` (`.infinity`: only at newlines). Widths are rounded up to the
    /// next 1/`roundingScale` point, as UIKit rounds a label's size up to its screen's pixels.
    public static func size(of string: String, in font: Font, width: Double = .infinity,
                            numberOfLines: Int = 1) -> CGSize {
        guard !string.isEmpty else { return .zero }
        let metrics = measurer.metrics(of: font)
        var lines: [String]
        if numberOfLines == 1 {
            lines = [string.replacingNewlines]
        } else {
            lines = Self.lines(of: string, in: font, width: width)
            if numberOfLines > 0, lines.count > numberOfLines { lines = Array(lines.prefix(numberOfLines)) }
        }
        let widest = lines.map { measurer.width(of: $0, in: font) }.max() ?? 0
        return CGSize(width: roundedUp(numberOfLines == 1 ? widest : min(widest, width)), height: roundedUp(Double(lines.count) * metrics.lineHeight))
    }

    /// Sizes are rounded up to this many parts of a point (UIKit rounds to its screen's pixels; Segue's
    /// layout does not depend on the display's scale, so it uses the 2x grid of most iPhones' points).
    public static let roundingScale = 2.0

    /// Widths within this many points of the space count as fitting (measurement rounding).
    static let widthTolerance = 0.001

    static func roundedUp(_ value: Double) -> Double {
        (value * roundingScale - widthTolerance).rounded(.up) / roundingScale
    }
}

/// The measurer of the innermost `TextMeasurement.withMeasurer(_:_:)` (a task-local value).
enum ScopedTextMeasurer {
    @TaskLocal static var value: (any TextMeasuring)?
}

/// How a label shortens or breaks text that does not fit (`NSLineBreakMode`).
public enum LineBreakMode: Int, Sendable {
    /// Breaks at word boundaries (lines beyond the last one shown are cut).
    case byWordWrapping = 0
    /// Breaks at characters.
    case byCharWrapping
    /// Cuts the text at the edge.
    case byClipping
    /// "…" then the end of the text.
    case byTruncatingHead
    /// The start of the text then "…" (UILabel's default).
    case byTruncatingTail
    /// The start, "…", the end.
    case byTruncatingMiddle
}

/// Widths estimated from the font size: every character `averageAdvance` ems wide, lines `lineHeight` ems
/// apart. What SegueUI measures with until a host installs the measurements of the font it draws with (see
/// ``TextMeasurement``): only SegueUI's own tests and scenes no host shows use it.
public struct EstimatedTextMeasurer: TextMeasuring {
    /// The width of every character, in ems (about DejaVu Sans's average for lower-case text).
    public static let averageAdvance = 0.55
    /// The distance between baselines, in ems.
    public static let lineHeight = 1.2
    /// The ascender, in ems.
    public static let ascender = 0.95

    /// The estimator.
    public init() {}

    /// `averageAdvance` ems for each character of `string`.
    public func width(of string: String, in font: Font) -> Double {
        Double(string.count) * Self.averageAdvance * font.pointSize
    }

    /// `ascender` and `lineHeight` ems; the descender is the rest of the line.
    public func metrics(of font: Font) -> FontMetrics {
        FontMetrics(ascender: Self.ascender * font.pointSize,
                    descender: (Self.ascender - Self.lineHeight) * font.pointSize,
                    lineHeight: Self.lineHeight * font.pointSize)
    }
}

extension Font {
    /// The font's vertical metrics from the installed measurer (``TextMeasurement/measurer``).
    @MainActor public var metrics: FontMetrics { TextMeasurement.measurer.metrics(of: self) }
    /// The ascender, in points (`UIFont.ascender`).
    @MainActor public var ascender: Double { metrics.ascender }
    /// The descender, in points, negative (`UIFont.descender`).
    @MainActor public var descender: Double { metrics.descender }
    /// The distance between baselines, in points (`UIFont.lineHeight`).
    @MainActor public var lineHeight: Double { metrics.lineHeight }
    /// The extra space between lines, in points (`UIFont.leading`).
    @MainActor public var leading: Double { metrics.leading }

    /// The width of `string` on one line in this font, in points.
    @MainActor public func width(of string: String) -> Double {
        TextMeasurement.measurer.width(of: string, in: self)
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }

    var replacingNewlines: String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
    }
}
