import CSDL2
import CSDL2Image
import Foundation
import SegueSDL

/// An image in memory: `width` x `height` pixels, row by row from the top left, 8-bit RGBA with straight
/// alpha (`Pixel`). What ``SegueTestHost/image(scale:)`` renders and a reference PNG decodes to.
public struct SnapshotImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels, `width * height` of them, row by row.
    public var pixels: [Pixel]

    /// An image of `width` x `height` pixels filled with `fill` (default transparent).
    public init(width: Int, height: Int, fill: Pixel = Pixel(r: 0, g: 0, b: 0, a: 0)) {
        precondition(width > 0 && height > 0, "An image needs at least one pixel, got \(width)x\(height)")
        self.width = width
        self.height = height
        pixels = [Pixel](repeating: fill, count: width * height)
    }

    /// The compositor's last frame.
    @MainActor
    init(_ compositor: HeadlessCompositor) {
        self.init(width: compositor.pixelWidth, height: compositor.pixelHeight)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = compositor.readPixel(x: x, y: y) }
        }
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Pixel {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The image in the PNG file at `path`, decoded by SDL2_image (any PNG: a reference edited or
    /// re-compressed by another tool reads the same). Throws ``SnapshotFileError`` when it cannot be read.
    public init(contentsOfPNGFile path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw SnapshotFileError(path: path, problem: "no such file") }
        guard let loaded = IMG_Load(path) else { throw SnapshotFileError(path: path, problem: "not a PNG image (\(Self.sdlError))") }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw SnapshotFileError(path: path, problem: "cannot be converted to RGBA (\(Self.sdlError))")
        }
        defer { SDL_FreeSurface(rgba) }
        let w = Int(rgba.pointee.w), h = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
        guard w > 0, h > 0 else { throw SnapshotFileError(path: path, problem: "has no pixels") }
        self.init(width: w, height: h)
        let bytes = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            for x in 0..<w {
                let p = bytes + y * pitch + x * 4
                pixels[y * w + x] = Pixel(r: p[0], g: p[1], b: p[2], a: p[3])
            }
        }
    }

    /// Writes the image as a PNG file at `path` (exact: straight alpha, 8 bits a channel), making the
    /// directories it needs.
    public func writePNG(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for (i, p) in pixels.enumerated() {
            bytes[i * 4] = p.r; bytes[i * 4 + 1] = p.g; bytes[i * 4 + 2] = p.b; bytes[i * 4 + 3] = p.a
        }
        let saved: Int32 = bytes.withUnsafeMutableBytes { buffer in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(buffer.baseAddress, Int32(width), Int32(height), 32,
                                                                   Int32(width * 4), SDL_PIXELFORMAT_ABGR8888.rawValue) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        guard saved == 0 else { throw SnapshotFileError(path: path, problem: "cannot be written (\(Self.sdlError))") }
    }

    private static var sdlError: String { String(cString: SDL_GetError()) }
}

/// A snapshot file that cannot be read or written.
public struct SnapshotFileError: Error, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong with it.
    public var problem: String

    /// The file and what is wrong with it: `path: problem`.
    public var description: String { "\(path): \(problem)" }
}
