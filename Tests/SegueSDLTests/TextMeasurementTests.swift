import Testing
import SegueUI
@testable import SegueSDL

/// SDL2_ttf's measurements of DejaVu Sans, the font Segue draws with, as SegueUI's measurer sees them.
///
/// Expected values are DejaVu Sans's own numbers (2048 units per em), read from the font files' `hmtx`,
/// `hhea` and `cmap` tables by a separate reader of the TrueType format, not by SDL2_ttf: the advances of
/// "Back" (regular) sum to 4972 units, of "Large 2" (bold) to 8690; ascent 1901, descent -483, no line gap.
@MainActor
@Suite struct SDLTextMeasurerTests {
    let measurer: SDLTextMeasurer

    init() throws {
        measurer = try SDLTextMeasurer(fonts: FontLocator().locate())
    }

    @Test func aWordIsAsWideAsItsGlyphsAdvancesAtThePointSize() {
        #expect(measurer.width(of: "Back", in: .systemFont(ofSize: 17)) == 4972.0 * 17 / 2048)
        #expect(measurer.width(of: "Large 2", in: .boldSystemFont(ofSize: 34)) == 8690.0 * 34 / 2048)
    }

    @Test func widthsScaleWithThePointSizeAndDoNotDependOnTheDisplay() {
        let at17 = measurer.width(of: "Back", in: .systemFont(ofSize: 17))
        #expect(measurer.width(of: "Back", in: .systemFont(ofSize: 34)) == 2 * at17)
        #expect(measurer.width(of: "", in: .systemFont(ofSize: 17)) == 0)
    }

    @Test func metricsAreTheFontsAscentDescentAndLineSkip() {
        let metrics = measurer.metrics(of: .systemFont(ofSize: 17))
        #expect(metrics.ascender == 1901.0 * 17 / 2048)
        #expect(metrics.descender == -483.0 * 17 / 2048)
        #expect(metrics.lineHeight == 2384.0 * 17 / 2048)
        #expect(metrics.leading == 0)
    }
}
