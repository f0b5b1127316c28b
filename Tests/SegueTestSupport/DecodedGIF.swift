import CGif
import Foundation

/// (SegueTestSupport: shared by the test targets that read Segue's animated images back.)
/// A GIF file read back with giflib's reader (`DGifOpenFileName`, `DGifSlurp`), for tests: the screen,
/// the loop count of the NETSCAPE2.0 extension, and each image with its rectangle, delay and colours.
public struct DecodedGIF {
    public struct Image {
        public var left: Int, top: Int, width: Int, height: Int
        /// In hundredths of a second.
        public var delay: Int
        public var disposal: Int
        /// 0xRRGGBB of each pixel of the rectangle, row by row.
        public var pixels: [UInt32]
    }

    public var width: Int
    public var height: Int
    /// The NETSCAPE2.0 loop count (0: for ever), nil without the extension.
    public var loopCount: Int?
    public var images: [Image]

    public init(path: String) throws {
        var error: Int32 = 0
        guard let file = DGifOpenFileName(path, &error) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
        }
        defer { DGifCloseFile(file, &error) }
        guard DGifSlurp(file) == GIF_OK else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path]) }
        width = Int(file.pointee.SWidth)
        height = Int(file.pointee.SHeight)
        images = []
        for i in 0..<Int(file.pointee.ImageCount) {
            let saved = file.pointee.SavedImages[i]
            let blocks = (0..<Int(saved.ExtensionBlockCount)).map { saved.ExtensionBlocks[$0] }
            for (k, block) in blocks.enumerated() where block.Function == APPLICATION_EXT_FUNC_CODE
                && Array(UnsafeBufferPointer(start: block.Bytes, count: Int(block.ByteCount))) == Array("NETSCAPE2.0".utf8)
                && k + 1 < blocks.count {
                let data = UnsafeBufferPointer(start: blocks[k + 1].Bytes, count: Int(blocks[k + 1].ByteCount))
                if data.count == 3, data[0] == 1 { loopCount = Int(data[1]) | Int(data[2]) << 8 }
            }
            var control = GraphicsControlBlock()
            _ = DGifSavedExtensionToGCB(file, Int32(i), &control)
            let desc = saved.ImageDesc
            guard let map = desc.ColorMap ?? file.pointee.SColorMap else { throw CocoaError(.fileReadCorruptFile) }
            let colours = (0..<Int(map.pointee.ColorCount)).map {
                let c = map.pointee.Colors[$0]
                return UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
            }
            let count = Int(desc.Width * desc.Height)
            let pixels = (0..<count).map { colours[Int(saved.RasterBits[$0])] }
            images.append(Image(left: Int(desc.Left), top: Int(desc.Top), width: Int(desc.Width), height: Int(desc.Height),
                                delay: Int(control.DelayTime), disposal: Int(control.DisposalMode), pixels: pixels))
        }
    }

    /// The screen (0xRRGGBB, row by row; black where nothing was drawn) once images 0...`last` are shown,
    /// each left in place (the writer's disposal).
    public func screen(after last: Int) -> [UInt32] {
        var screen = [UInt32](repeating: 0, count: width * height)
        for image in images[0...last] {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    screen[(image.top + y) * width + image.left + x] = image.pixels[y * image.width + x]
                }
            }
        }
        return screen
    }
}
