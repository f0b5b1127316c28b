import Foundation
import SegueTestSupport
import SegueAnimation
import Testing
@testable import SegueSDL

/// The replay's GIF and WebP: one image per frame that changed (for the GIF the rectangle of what
/// changed), times from each frame's rounded start, unchanged frames merged, looping; read back with
/// giflib and libwebp. The GIF's quantiser and the replay's progress bar.
@Suite(.serialized) @MainActor
struct ReplayAnimatedImageTests {
    @Test func aFrameStartsAtItsTimeRoundedToTheNearestHundredth() {
        #expect((0...7).map(ReplayGIFWriter.centiseconds(atFrame:)) == [0, 2, 3, 5, 7, 8, 10, 12])
        #expect(ReplayGIFWriter.centiseconds(atFrame: 60) == 100)
        #expect(ReplayGIFWriter.centiseconds(atFrame: 61) == 102)
    }

    /// A red square turns blue at frame 4 and red again at frame 9; 12 frames (0.2 s) at half scale.
    @Test func changedFramesBecomeImagesOfWhatChangedAndUnchangedOnesLengthenTheDelay() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.gif"
        let clock = VirtualClock()
        let root = Layer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.backgroundColor = .white
        let square = solidLayer(CGRect(x: 100, y: 100, width: 50, height: 40), .red)
        root.addSublayer(square)
        let tree = LayerTree(root: root, clock: clock)
        let writer = try ReplayGIFWriter(path: path, every: 1, scale: 0.5, windowSizes: [CGSize(width: 400, height: 300)])
        defer { writer.close() }
        #expect((writer.pixelWidth, writer.pixelHeight) == (200, 150))
        for frame in 0...11 {
            if frame > 0 { clock.advance(frames: 1) }
            if frame == 4 { square.backgroundColor = .blue }
            if frame == 9 { square.backgroundColor = .red }
            tree.update()
            try writer.render(tree, size: CGSize(width: 400, height: 300))
            try writer.save(frame: frame)
        }
        try writer.finish()

        let gif = try DecodedGIF(path: path)
        #expect((gif.width, gif.height) == (200, 150))
        #expect(gif.loopCount == 0)
        #expect(gif.images.count == 3)
        #expect(gif.images.map { [$0.left, $0.top, $0.width, $0.height] } == [[0, 0, 200, 150], [50, 50, 25, 20], [50, 50, 25, 20]])
        // Frames 0-3, 4-8, 9-11 start at 0, 6.67 and 15 hundredths; the end is 12 frames, 20 hundredths.
        #expect(gif.images.map(\.delay) == [7, 8, 5])
        #expect(gif.images.allSatisfy { $0.disposal == 1 })   // left in place
        let first = gif.screen(after: 0), second = gif.screen(after: 1), third = gif.screen(after: 2)
        #expect(first[10 * 200 + 10] == 0xFFFFFF)
        #expect(first[60 * 200 + 60] == 0xFF0000)
        #expect(second[60 * 200 + 60] == 0x0000FF)
        #expect(second[10 * 200 + 10] == 0xFFFFFF)
        #expect(third == first)
    }

    /// The same frames as a WebP: a frame per change, each ending at the next one's start in whole
    /// milliseconds, the pixels exact (lossless).
    @Test func theWebPHasAFramePerChangeEndingAtTheNextFramesRoundedStartWithExactPixels() throws {
        #expect((0...4).map(ReplayWebPWriter.milliseconds(atFrame:)) == [0, 17, 33, 50, 67])
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.webp"
        let clock = VirtualClock()
        let root = Layer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.backgroundColor = .white
        let square = solidLayer(CGRect(x: 100, y: 100, width: 50, height: 40), .red)
        root.addSublayer(square)
        let tree = LayerTree(root: root, clock: clock)
        let writer = try ReplayWebPWriter(path: path, every: 1, scale: 0.5, windowSizes: [CGSize(width: 400, height: 300)])
        defer { writer.close() }
        for frame in 0...11 {
            if frame > 0 { clock.advance(frames: 1) }
            if frame == 4 { square.backgroundColor = .blue }
            if frame == 9 { square.backgroundColor = .red }
            tree.update()
            try writer.render(tree, size: CGSize(width: 400, height: 300))
            try writer.save(frame: frame)
        }
        #expect(writer.frameCount == 3)
        try writer.finish()
        let webp = try DecodedWebP(path: path)
        #expect((webp.width, webp.height) == (200, 150))
        #expect(webp.loopCount == 0)
        #expect(webp.frames.map(\.end) == [67, 150, 200])
        #expect(webp.frames[0].pixels[10 * 200 + 10] == 0xFFFFFF)
        #expect(webp.frames[0].pixels[60 * 200 + 60] == 0xFF0000)
        #expect(webp.frames[1].pixels[60 * 200 + 60] == 0x0000FF)
        #expect(webp.frames[2].pixels == webp.frames[0].pixels)
    }

    /// An image shown longer than a GIF delay can say (655.35 s) goes on in one-pixel images.
    @Test func aDelayLongerThanAGIFCanSayIsSplit() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/long.gif"
        let clock = VirtualClock()
        let root = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 200), .green)
        let tree = LayerTree(root: root, clock: clock)
        let writer = try ReplayGIFWriter(path: path, every: 1, scale: 1, windowSizes: [CGSize(width: 200, height: 200)])
        defer { writer.close() }
        for frame in [0, 39_999] {
            clock.advance(frames: frame - clock.frame)
            tree.update()
            try writer.render(tree, size: CGSize(width: 200, height: 200))
            try writer.save(frame: frame)
        }
        try writer.finish()
        let gif = try DecodedGIF(path: path)
        // 40,000 frames: 666.67 s, 66,667 hundredths.
        #expect(gif.images.map(\.delay) == [65_535, 66_667 - 65_535])
        #expect(gif.images.map { [$0.left, $0.top, $0.width, $0.height] } == [[0, 0, 200, 200], [0, 0, 1, 1]])
        #expect(gif.images[1].pixels == [0x00FF00])
    }

    /// A screen larger than a frame (a resize to a smaller window) is black around it.
    @Test func theScreenHoldsTheLargestWindowAndASmallerFrameIsOnBlack() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/resize.gif"
        let clock = VirtualClock()
        let root = solidLayer(CGRect(x: 0, y: 0, width: 300, height: 200), .white)
        let tree = LayerTree(root: root, clock: clock)
        let writer = try ReplayGIFWriter(path: path, every: 2, scale: 1,
                                         windowSizes: [CGSize(width: 200, height: 200), CGSize(width: 300, height: 250)])
        defer { writer.close() }
        tree.update()
        try writer.render(tree, size: CGSize(width: 200, height: 200))
        try writer.save(frame: 0)
        try writer.finish()
        let gif = try DecodedGIF(path: path)
        #expect((gif.width, gif.height) == (300, 250))
        #expect(gif.images.map(\.delay) == [3])   // 2 frames: 3.33 hundredths
        let screen = gif.screen(after: 0)
        #expect(screen[100 * 300 + 100] == 0xFFFFFF)
        #expect(screen[100 * 300 + 250] == 0)
        #expect(screen[225 * 300 + 100] == 0)
    }

    @Test func aRectangleOfAtMost256ColoursKeepsThemExactlyAndMoreAreMedianCut() {
        // 16 x 16 distinct greys-and-reds: exact.
        var few = (0..<256).map { UInt32(0xFF00_0000) | UInt32($0) << 16 | UInt32(255 - $0) }
        let exact = few.withUnsafeMutableBufferPointer {
            GIFQuantizer.image(of: $0.baseAddress!, rowLength: 16, x: 0, y: 0, width: 16, height: 16)
        }
        #expect(exact.palette.count == 256 * 3)
        for (i, index) in exact.indices.enumerated() {
            let p = Int(index) * 3
            #expect(UInt32(exact.palette[p]) << 16 | UInt32(exact.palette[p + 1]) << 8 | UInt32(exact.palette[p + 2])
                    == few[i] & 0xFF_FFFF)
        }
        // Three flat colours over most pixels and 1,024 rare ones: the flat ones exact, the rare ones near.
        var many = (0..<4096).map { i -> UInt32 in
            switch i % 16 {
            case 0..<6: 0xFFFF_FFFF
            case 6..<10: 0xFFF7_F7F7
            case 10..<12: 0xFF00_7AFF
            default: 0xFF00_0000 | UInt32((i / 16) % 256) << 16 | UInt32(i % 4) << 14 | 0x40
            }
        }
        let cut = many.withUnsafeMutableBufferPointer {
            GIFQuantizer.image(of: $0.baseAddress!, rowLength: 64, x: 0, y: 0, width: 64, height: 64)
        }
        #expect(cut.palette.count == 256 * 3)
        var worst = 0
        for (i, index) in cut.indices.enumerated() {
            let p = Int(index) * 3
            let v = many[i]
            let error = max(abs(Int(cut.palette[p]) - Int((v >> 16) & 0xFF)), abs(Int(cut.palette[p + 1]) - Int((v >> 8) & 0xFF)),
                            abs(Int(cut.palette[p + 2]) - Int(v & 0xFF)))
            if i % 16 < 12 { #expect(error == 0, "a flat colour is exact") }
            worst = max(worst, error)
        }
        #expect(worst > 0 && worst <= 16, "1,024 rare colours (128 of them exact) in 128 entries: worst channel error \(worst)")
        #expect(GIFQuantizer.tableSize(for: 1) == 2 && GIFQuantizer.tableSize(for: 3) == 4 && GIFQuantizer.tableSize(for: 129) == 256)
    }

    @Test func theProgressBarAppearsAfterASecondAndIsErasedAtTheEnd() {
        var now = ContinuousClock.now
        var written = ""
        let progress = ReplayProgress(write: { written += $0 }, now: { now })
        progress.update(frame: 0, lastFrame: 100)
        now += .milliseconds(900)
        progress.update(frame: 50, lastFrame: 100)
        #expect(written == "")   // under a second: nothing
        now += .milliseconds(200)
        progress.update(frame: 60, lastFrame: 100)
        #expect(written == "\rreplay [##################............]  60%  frame 60/100")
        now += .milliseconds(50)
        progress.update(frame: 61, lastFrame: 100)   // within 0.1 s of the last redraw: not redrawn
        #expect(progress.isShown && written.filter { $0 == "\r" }.count == 1)
        progress.update(frame: 100, lastFrame: 100)   // the last frame is always drawn
        #expect(written.hasSuffix("\rreplay [##############################] 100%  frame 100/100"))
        progress.finish()
        #expect(written.hasSuffix("\r" + String(repeating: " ", count: 59) + "\r"))
        #expect(!progress.isShown)
    }
}
