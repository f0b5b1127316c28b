import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// The text cache remembers each layer's last look-up (its key and picture) so that a label drawn again
/// skips hashing its key. Every change of what the key is made of must show in the next frame, exactly as
/// a label that only ever showed the new text; a look-up whose picture the cache dropped must not be used.
@Suite(.serialized) @MainActor
struct TextLookupTests {
    /// A 240x60 canvas with one label (200x40 at (20, 10)) showing `text`.
    private func labelScene(_ text: TextContents) throws -> (Canvas, Layer) {
        let c = try Canvas(width: 240, height: 60, backEnd: .cpu)
        let label = Layer()
        label.frame = CGRect(x: 20, y: 10, width: 200, height: 40)
        label.contents = .text(text)
        c.add(label)
        return (c, label)
    }

    /// Every pixel of the two canvases, compared.
    private func differingPixels(_ a: Canvas, _ b: Canvas) throws -> Int {
        var count = 0
        for y in 0..<60 { for x in 0..<240 where try a.pixel(x, y) != b.pixel(x, y) { count += 1 } }
        return count
    }

    /// Draws the label with `old`, then with `new` in the next frame; compared with a label that only ever
    /// showed `new`. Returns the differing pixels against that reference and against the old text.
    private func change(from old: TextContents, to new: TextContents, width: Double = 200) throws -> (reference: Int, old: Int) {
        let (c, label) = try labelScene(old)
        try c.draw()
        try c.draw()
        let (before, _) = try labelScene(old)
        try before.draw()
        label.contents = .text(new)
        label.bounds.size.width = width
        try c.draw()
        let (reference, referenceLabel) = try labelScene(new)
        referenceLabel.bounds.size.width = width
        try reference.draw()
        return (try differingPixels(c, reference), try differingPixels(c, before))
    }

    @Test func aLabelWhoseStringChangesShowsTheNewString() throws {
        let d = try change(from: TextContents("Row 1"), to: TextContents("Row 2"))
        #expect(d.reference == 0 && d.old > 0, "\(d)")
    }

    @Test func aLabelWhoseFontSizeChangesShowsTheNewSize() throws {
        let d = try change(from: TextContents("Row 1", fontSize: 17), to: TextContents("Row 1", fontSize: 20))
        #expect(d.reference == 0 && d.old > 0, "\(d)")
    }

    @Test func aLabelThatTurnsBoldShowsTheBoldFace() throws {
        let d = try change(from: TextContents("Row 1"), to: TextContents("Row 1", isBold: true))
        #expect(d.reference == 0 && d.old > 0, "\(d)")
    }

    @Test func aWrappedLabelWhoseWidthChangesIsWrappedAgain() throws {
        let words = "one two three four five six seven"
        let d = try change(from: TextContents(words, fontSize: 12, numberOfLines: 2),
                           to: TextContents(words, fontSize: 12, numberOfLines: 2), width: 120)
        #expect(d.reference == 0 && d.old > 0, "\(d)")
    }

    @Test func aLabelThatMayWrapShowsItsLinesWrapped() throws {
        let words = "one two three four five six seven eight"
        let d = try change(from: TextContents(words, fontSize: 12), to: TextContents(words, fontSize: 12, numberOfLines: 2))
        #expect(d.reference == 0 && d.old > 0, "\(d)")
    }

    /// "é" as one code point and as "e" and a combining accent: equal Swift strings, different bytes, which
    /// the text key tells apart (SDL_ttf draws both alike here): the frame records the new bytes' picture,
    /// a change, and redraws the label's pixels.
    @Test func aLabelWhoseStringChangesToCanonicallyEquivalentBytesRecordsTheNewBytes() throws {
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        #expect(composed == decomposed)
        let (c, label) = try labelScene(TextContents(composed))
        try c.draw()
        label.contents = .text(TextContents(decomposed))
        try c.draw()
        let keys = c.recorder.list.ops.compactMap { op -> [UInt8]? in
            if case .text(let key, _) = op.source { return Array(key.string.utf8) }
            return nil
        }
        #expect(keys == [Array(decomposed.utf8)])
        #expect(c.counters.damagedPixels > 0)
    }

    /// The texts evicted from the cache (not drawn for a while, here all of them at once): the label's
    /// last look-up goes with them, and its next frame renders the text again rather than pointing at a
    /// dropped picture (which would draw nothing).
    @Test func aLabelWhoseTextWasEvictedShowsItAgain() throws {
        let (c, label) = try labelScene(TextContents("Row 1"))
        try c.draw()
        c.recorder.text.evict(frameIndex: c.recorder.frameIndex + 1, keepFrames: 0, now: true)
        #expect(c.recorder.text.cacheSizes.texts == 0)
        label.position.x += 3
        try c.draw()
        let (reference, referenceLabel) = try labelScene(TextContents("Row 1"))
        referenceLabel.position.x += 3
        try reference.draw()
        #expect(try differingPixels(c, reference) == 0)
        #expect(c.recorder.text.cacheSizes.texts == 2)   // its coverage and its coloured picture, again
    }

    /// The cache emptied when it is full (``CompositorText/maxCachedTexts`` texts, here within 33 frames,
    /// before any could be evicted): a still label's last look-up goes with it.
    @Test func aLabelWhoseTextWasDroppedWithAFullCacheShowsItAgain() throws {
        let (c, label) = try labelScene(TextContents("Row 1"))
        let counters = (0..<64).map { k in
            let counter = Layer()
            counter.frame = CGRect(x: Double(k % 16) * 4, y: Double(k / 16) * 4, width: 4, height: 4)
            c.add(counter)
            return counter
        }
        try c.draw()
        // Each frame renders 64 more texts (the counters'): 1 + 32 x 64 > 2048, so the cache is emptied in
        // the 32nd of these frames, the label's text with the rest.
        for frame in 0..<32 {
            for (k, counter) in counters.enumerated() { counter.contents = .text(TextContents("\(frame)-\(k)", fontSize: 4)) }
            try c.draw()
        }
        for counter in counters { counter.removeFromSuperlayer() }
        label.position.x += 3
        try c.draw()
        let (reference, referenceLabel) = try labelScene(TextContents("Row 1"))
        referenceLabel.position.x += 3
        try reference.draw()
        #expect(try differingPixels(c, reference) == 0)
        // Rendered again: the cache holds the label's text.
        let key = CompositorText.Key(TextContents("Row 1"), scale: 1, wrapWidth: 200)
        #expect(c.recorder.text.picture(key, color: .black) != nil)
    }
}
