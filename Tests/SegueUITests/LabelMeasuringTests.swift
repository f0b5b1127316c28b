import Testing
@testable import SegueUI
import SegueAnimation
import SegueTestSupport

/// Labels measure and shorten their text through ``TextMeasurement``. SegueUI's own tests run with no host,
/// so the measurer is ``EstimatedTextMeasurer``: every character 0.55 em, lines 1.2 em apart, which makes
/// every expected size below a hand computation (17 pt: 9.35 pt a character, 20.4 pt a line; sizes round up
/// to half points).
@MainActor
@Suite(.estimatedTextMeasurements) struct LabelMeasuringTests {
    @Test func theSuiteMeasuresWithTheEstimate() {
        #expect(TextMeasurement.measurer is EstimatedTextMeasurer)
    }

    @Test func sizeThatFitsIsTheTextsWidthAndOneLineRoundedUpToHalfPoints() {
        let label = Label(text: "Hello")   // 5 x 9.35 = 46.75 -> 47; 20.4 -> 20.5
        #expect(label.sizeThatFits(CGSize(width: 1000, height: 1000)) == CGSize(width: 47, height: 20.5))
        #expect(label.intrinsicContentSize == CGSize(width: 47, height: 20.5))
    }

    @Test func sizeToFitKeepsTheOriginAndTakesTheMeasuredSize() {
        let label = Label(frame: CGRect(x: 10, y: 20, width: 5, height: 5), text: "Hi")   // 18.7 -> 19
        label.sizeToFit()
        #expect(label.frame == CGRect(x: 10, y: 20, width: 19, height: 20.5))
    }

    @Test func aSingleLineIsMeasuredWhole() {
        // One line is as wide as its text, whatever width is offered (UIKit's single-line label too).
        let label = Label(text: "Hello world")   // 11 x 9.35 = 102.85 -> 103
        #expect(label.sizeThatFits(CGSize(width: 50, height: 100)).width == 103)
    }

    @Test func multipleLinesBreakAtSpacesWithinTheOfferedWidth() {
        let label = Label(text: "Hello big world")
        label.numberOfLines = 0
        // Within 100 pt: "Hello big" (9 x 9.35 = 84.15) fits, "Hello big world" (140.25) does not.
        #expect(label.sizeThatFits(CGSize(width: 100, height: 0)) == CGSize(width: 84.5, height: 41))
        label.numberOfLines = 1
        #expect(TextMeasurement.lines(of: "Hello big world", in: label.font, width: 50) == ["Hello", "big", "world"])
        #expect(TextMeasurement.lines(of: "Abcdefghij", in: label.font, width: 50) == ["Abcde", "fghij"])
    }

    @Test func textWiderThanTheLabelIsDrawnShortenedWithAnEllipsis() {
        // 40 pt holds 4 characters (37.4): three kept and the ellipsis.
        let label = Label(frame: CGRect(x: 0, y: 0, width: 40, height: 20), text: "Hello world")
        #expect(label.displayedText == "Hel…")
        label.lineBreakMode = .byTruncatingHead
        #expect(label.displayedText == "…rld")
        label.lineBreakMode = .byTruncatingMiddle
        #expect(label.displayedText == "He…d")
        label.lineBreakMode = .byClipping
        #expect(label.displayedText == "Hello world")
    }

    @Test func theTailCutDropsTheSpacesBeforeTheEllipsis() {
        // 60 pt holds 6 characters (56.1): "Hello " kept, its space dropped -> "Hello…" (56.1).
        let label = Label(frame: CGRect(x: 0, y: 0, width: 60, height: 20), text: "Hello world")
        #expect(label.displayedText == "Hello…")
    }

    @Test func aWiderLabelShowsMoreAfterLayout() {
        let label = Label(frame: CGRect(x: 0, y: 0, width: 40, height: 20), text: "Hello world")
        label.frame.size.width = 200
        label.layoutIfNeeded()
        #expect(label.displayedText == "Hello world")
        if case .text(let contents)? = label.layer.contents {
            #expect(contents.string == "Hello world")
        } else {
            Issue.record("the label draws no text")
        }
    }

    @Test func fontMetricsComeFromTheMeasurer() {
        let font = Font.systemFont(ofSize: 20)
        #expect(font.lineHeight == 24)
        #expect(font.ascender == 19)
        #expect(abs(font.descender - -5) < 1e-9)
        #expect(font.width(of: "abcd") == 44)
    }
}
