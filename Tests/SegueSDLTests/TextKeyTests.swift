import Testing
import SegueAnimation
@testable import SegueSDL

/// The rendered-text cache's key compares and hashes its string by UTF-8 bytes (no normalization at each
/// lookup), and still tells texts, sizes and wrap widths apart.
@Suite @MainActor
struct TextKeyTests {
    private func key(_ string: String, size: Double = 15, scale: Double = 1, lines: Int = 1) -> OpenFonts.TextKey {
        var text = TextContents(string, fontSize: size, color: .black)
        text.numberOfLines = lines
        return OpenFonts.TextKey(text, scale: scale, wrapWidth: 120)
    }

    @Test func theSameTextGivesEqualKeysWithEqualHashes() {
        let a = key("Page 1 · Row 17"), b = key("Page 1 · Row " + String(17))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        var cache: [OpenFonts.TextKey: Int] = [a: 1]
        cache[b, default: 0] += 1
        #expect(cache.count == 1 && cache[a] == 2)
    }

    @Test func otherTextsSizesAndWrapWidthsAreOtherKeys() {
        let a = key("Page 1 · Row 17")
        #expect(a != key("Page 1 · Row 18"))
        #expect(a != key("Page 1 · Row 1"))
        #expect(a != key("Page 1 · Row 17", size: 16))
        #expect(a != key("Page 1 · Row 17", scale: 2))
        #expect(a != key("Page 1 · Row 17", lines: 0))
    }

    @Test func canonicallyEquivalentStringsOfOtherBytesAreTwoKeys() {
        // "é" as one scalar and as "e" plus a combining accent: equal Swift strings, two cache entries.
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        #expect(key(composed) != key(decomposed))
    }

    @Test func longStringsDifferingInTheirLastByteOnlyAreTwoKeysAndEmptyStringsOne() {
        // Past the 15 bytes a string keeps inline, the bytes are compared in its storage at once.
        let long = String(repeating: "Navigation title ", count: 4)
        #expect(key(long + "A") == key(String(repeating: "Navigation title ", count: 4) + "A"))
        #expect(key(long + "A") != key(long + "B"))
        #expect(key(long) != key(long + " "))
        #expect(key("") == key(String()) && key("") != key(" "))
        #expect(OpenFonts.TextKey.sameBytes("Row 1\u{0}", "Row 1\u{0}") && !OpenFonts.TextKey.sameBytes("Row 1\u{0}", "Row 1\u{1}"))
    }
}
