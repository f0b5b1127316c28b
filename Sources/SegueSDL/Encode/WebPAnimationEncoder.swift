import CWebP

/// Encodes an animated WebP through libwebp's animation encoder (`WebPAnimEncoder`, libwebpmux): frames
/// of a fixed size, each added at its start time in milliseconds, looping forever. Lossless: every pixel
/// is kept exactly (flat UI colours and text compress well that way). The encoder itself stores only what
/// changed from frame to frame and merges identical frames into the previous one's duration.
///
/// The whole animation is kept in memory (encoded) until ``finish(at:)`` assembles the file's bytes.
package final class WebPAnimationEncoder {
    /// The largest side of a WebP image, in pixels (the format's limit).
    package static let maximumSide = 16383
    /// libwebp's compression effort, 0 (fastest) ... 6 (smallest); 4 is its default.
    static let method: Int32 = 4
    /// For lossless, libwebp's effort within the method, 0...100; 75 is its default.
    static let losslessEffort: Float = 75

    /// The width in pixels.
    package let width: Int
    /// The height in pixels.
    package let height: Int
    /// Frames added so far.
    package private(set) var frameCount = 0

    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var lastTimestamp = -1

    /// An encoder of `width` x `height` frames (1...``maximumSide`` each).
    package init(width: Int, height: Int) throws(WebPEncoderError) {
        precondition((1...Self.maximumSide).contains(width) && (1...Self.maximumSide).contains(height),
                     "A WebP image is 1...\(Self.maximumSide) pixels a side, got \(width)x\(height)")
        self.width = width
        self.height = height
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw WebPEncoderError(reason: "libwebp's version does not match its headers")
        }
        options.anim_params.loop_count = 0   // for ever
        config.lossless = 1
        config.quality = Self.losslessEffort
        config.method = Self.method
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw WebPEncoderError(reason: "the animation encoder could not be made (out of memory)")
        }
        self.encoder = encoder
    }

    deinit {
        WebPAnimEncoderDelete(encoder)
    }

    /// Adds a frame starting at `milliseconds` (after the previous frame's start): `width` x `height`
    /// premultiplied ARGB pixels (`0xAARRGGBB`), `stride` bytes a row. A pixel that is not opaque is taken
    /// over black, as the GIF does.
    package func add(argb pixels: UnsafePointer<UInt32>, stride: Int, at milliseconds: Int) throws(WebPEncoderError) {
        guard let encoder else { preconditionFailure("add(argb:stride:at:) after finish(at:)") }
        precondition(milliseconds > lastTimestamp, "Frames in time order")
        lastTimestamp = milliseconds
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw WebPEncoderError(reason: "libwebp's version does not match its headers") }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        defer { WebPPictureFree(&picture) }
        // 0xAARRGGBB in little-endian memory is the bytes B, G, R, A: BGRX, alpha ignored (premultiplied
        // colours are the pixel over black).
        let imported = UnsafeRawPointer(pixels).withMemoryRebound(to: UInt8.self, capacity: stride * height) {
            WebPPictureImportBGRX(&picture, $0, Int32(stride))
        }
        guard imported != 0 else { throw WebPEncoderError(reason: "out of memory") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0 else {
            throw WebPEncoderError(reason: Self.message(encoder))
        }
        frameCount += 1
    }

    /// Ends the last frame at `milliseconds` and returns the file's bytes.
    package func finish(at milliseconds: Int) throws(WebPEncoderError) -> [UInt8] {
        guard let encoder else { preconditionFailure("finish(at:) twice") }
        precondition(milliseconds > lastTimestamp, "The end after the last frame's start")
        guard WebPAnimEncoderAdd(encoder, nil, Int32(milliseconds), nil) != 0 else {
            throw WebPEncoderError(reason: Self.message(encoder))
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw WebPEncoderError(reason: Self.message(encoder)) }
        WebPAnimEncoderDelete(encoder)
        self.encoder = nil
        return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
    }

    private static func message(_ encoder: OpaquePointer) -> String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "libwebp failed"
    }
}

/// libwebp could not encode the animation.
package struct WebPEncoderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libwebp's message, or what failed.
    package var reason: String

    /// `WebP encoding failed (out of memory)`.
    package var description: String { "WebP encoding failed (\(reason))" }
}
