import CWebP
import Foundation

/// An animated WebP file read back with libwebp's animation decoder (`WebPAnimDecoder`), for tests: the
/// canvas, the loop count and each frame as shown (the whole canvas) with its end time.
public struct DecodedWebP {
    public struct Frame {
        /// When the frame ends, in milliseconds from the start.
        public var end: Int
        /// 0xRRGGBB of each pixel of the canvas, row by row (alpha dropped).
        public var pixels: [UInt32]
    }

    public var width: Int
    public var height: Int
    /// 0: for ever.
    public var loopCount: Int
    public var frames: [Frame]

    public init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var decoded: (Int, Int, Int, [Frame])?
        data.withUnsafeBytes { bytes in
            var webp = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: bytes.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return }
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else { return }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return }
            let (w, h) = (Int(info.canvas_width), Int(info.canvas_height))
            var frames: [Frame] = []
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else { return }
                let pixels = (0..<w * h).map { i in
                    UInt32(buffer[4 * i]) << 16 | UInt32(buffer[4 * i + 1]) << 8 | UInt32(buffer[4 * i + 2])
                }
                frames.append(Frame(end: Int(timestamp), pixels: pixels))
            }
            decoded = (w, h, Int(info.loop_count), frames)
        }
        guard let (w, h, loop, frames) = decoded else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path]) }
        width = w
        height = h
        loopCount = loop
        self.frames = frames
    }
}
