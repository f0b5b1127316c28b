import CGif
import Foundation

/// Writes an animated GIF file through giflib (GIF89a): a logical screen of a fixed size, the NETSCAPE2.0
/// application extension that makes players loop forever, and images added one at a time, each with its own
/// colour table (``GIFImage``), its delay and "do not dispose" (an image covers part of the screen and the
/// rest keeps what earlier images drew).
///
/// The file is written as images are added; ``close()`` ends it. giflib's errors are thrown as
/// ``GIFEncoderError`` with its message.
package final class GIFEncoder {
    /// The largest side of a GIF's logical screen, in pixels (a 16-bit field in the file).
    package static let maximumSide = 65535
    /// The largest delay of one image, in hundredths of a second (a 16-bit field).
    package static let maximumDelay = 65535
    /// The loop count written in the NETSCAPE2.0 extension: 0 is "forever".
    static let loopForever: UInt16 = 0
    /// The mode a new file is created with, before the umask: read and write for all (as `fopen` does).
    static let newFileMode: mode_t = 0o666
    /// Bits of colour resolution declared in the screen descriptor (8 bits a channel).
    static let colourResolution: Int32 = 8

    /// The file's path.
    package let path: String
    /// The logical screen's width in pixels.
    package let width: Int
    /// The logical screen's height in pixels.
    package let height: Int
    /// Images written so far.
    package private(set) var imageCount = 0

    private var file: UnsafeMutablePointer<GifFileType>?

    /// Creates (or truncates) the file at `path` and writes the header, the logical screen of `width` x
    /// `height` pixels (no global colour table) and the loop extension.
    package init(path: String, width: Int, height: Int) throws(GIFEncoderError) {
        precondition((1...Self.maximumSide).contains(width) && (1...Self.maximumSide).contains(height),
                      "A GIF screen is 1...\(Self.maximumSide) pixels a side, got \(width)x\(height)")
        self.path = path
        self.width = width
        self.height = height
        // Opened here, not by EGifOpenFileName, which creates files readable by their owner only (0600):
        // a GIF gets the permissions the umask gives any new file, as the PNGs do.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, Self.newFileMode)
        guard descriptor >= 0 else {
            throw GIFEncoderError(path: path, reason: String(cString: strerror(errno)))
        }
        var error: Int32 = 0
        guard let file = EGifOpenFileHandle(descriptor, &error) else {
            closeDescriptor(descriptor)
            throw GIFEncoderError(path: path, reason: Self.message(error))
        }
        self.file = file
        EGifSetGifVersion(file, true)
        try check(EGifPutScreenDesc(file, Int32(width), Int32(height), Self.colourResolution, 0, nil))
        // NETSCAPE2.0: sub-block 1 is the loop count (little-endian), 0 for ever.
        try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
        try check(Array("NETSCAPE2.0".utf8).withUnsafeBytes { EGifPutExtensionBlock(file, Int32($0.count), $0.baseAddress) })
        let loop: [UInt8] = [1, UInt8(Self.loopForever & 0xFF), UInt8(Self.loopForever >> 8)]
        try check(loop.withUnsafeBytes { EGifPutExtensionBlock(file, Int32($0.count), $0.baseAddress) })
        try check(EGifPutExtensionTrailer(file))
    }

    deinit {
        if let file {
            var error: Int32 = 0
            _ = EGifCloseFile(file, &error)
        }
    }

    /// Adds `image`, shown for `delay` hundredths of a second (0...``maximumDelay``) before the next.
    package func add(_ image: GIFImage, delay: Int) throws(GIFEncoderError) {
        guard let file else { preconditionFailure("add(_:delay:) after close()") }
        precondition((0...Self.maximumDelay).contains(delay), "A GIF delay is 0...\(Self.maximumDelay) hundredths, got \(delay)")
        precondition(image.left >= 0 && image.top >= 0 && image.width >= 1 && image.height >= 1
                     && image.left + image.width <= width && image.top + image.height <= height,
                     "The image must lie in the screen")
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                           DelayTime: Int32(delay), TransparentColor: NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))

        let colours = stride(from: 0, to: image.palette.count, by: 3).map {
            GifColorType(Red: image.palette[$0], Green: image.palette[$0 + 1], Blue: image.palette[$0 + 2])
        }
        guard let map = GifMakeMapObject(Int32(colours.count), colours) else {
            preconditionFailure("A GIF colour table has 2...256 entries, a power of two; got \(colours.count)")
        }
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(file, Int32(image.left), Int32(image.top), Int32(image.width), Int32(image.height), false, map))
        var indices = image.indices
        try check(indices.withUnsafeMutableBufferPointer { EGifPutLine(file, $0.baseAddress, Int32($0.count)) })
        imageCount += 1
    }

    /// Writes the trailer and closes the file.
    package func close() throws(GIFEncoderError) {
        guard let file else { return }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else { throw GIFEncoderError(path: path, reason: Self.message(error)) }
    }

    private func check(_ status: Int32) throws(GIFEncoderError) {
        guard status == GIF_OK else { throw GIFEncoderError(path: path, reason: Self.message(file?.pointee.Error ?? 0)) }
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}

/// Closes a file descriptor (the global `close`, which ``GIFEncoder/close()`` hides inside the class).
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}

/// One image of a GIF: a rectangle of the screen, its colour table and a colour index per pixel.
package struct GIFImage: Sendable, Hashable {
    /// The rectangle's left edge on the screen, in pixels.
    package var left: Int
    /// The rectangle's top edge on the screen, in pixels.
    package var top: Int
    /// The rectangle's width in pixels.
    package var width: Int
    /// The rectangle's height in pixels.
    package var height: Int
    /// The colour table: red, green, blue of each entry; 2, 4, ... or 256 entries.
    package var palette: [UInt8]
    /// A palette index per pixel, row by row (`width * height`).
    package var indices: [UInt8]

    /// An image of the rectangle at (`left`, `top`), `width` x `height` pixels.
    package init(left: Int, top: Int, width: Int, height: Int, palette: [UInt8], indices: [UInt8]) {
        precondition(indices.count == width * height, "One index a pixel")
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.palette = palette
        self.indices = indices
    }
}

/// giflib could not write a GIF file (`--gif OUT.gif: cannot be written (...)`).
package struct GIFEncoderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    package var path: String
    /// giflib's message.
    package var reason: String

    /// `--gif out.gif: cannot be written (Failed to open given file)`.
    package var description: String { "--gif \(path): cannot be written (\(reason))" }
}
