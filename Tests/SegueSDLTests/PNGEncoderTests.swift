import CSDL2
import CSDL2Image
import CZlib
import Foundation
import SegueAnimation
import Testing
@testable import SegueSDL

/// Every pixel of a PNG file, decoded by SDL2_image (libpng), row by row, straight alpha.
@MainActor
private func decodedPixels(_ path: String) throws -> (width: Int, height: Int, pixels: [Pixel]) {
    let loaded = try #require(IMG_Load(path))
    defer { SDL_FreeSurface(loaded) }
    let rgba = try #require(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0))
    defer { SDL_FreeSurface(rgba) }
    let width = Int(rgba.pointee.w), height = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
    let bytes = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self)
    var pixels: [Pixel] = []
    for y in 0..<height {
        for x in 0..<width {
            let p = bytes + y * pitch + x * 4
            pixels.append(Pixel(r: p[0], g: p[1], b: p[2], a: p[3]))
        }
    }
    return (width, height, pixels)
}

/// The colour type byte of a PNG file's IHDR chunk (signature 8 + length 4 + type 4 + width 4 + height 4 +
/// bit depth 1 = offset 25).
private func colourType(_ path: String) throws -> UInt8 {
    try Data(contentsOf: URL(fileURLWithPath: path))[25]
}

@Suite(.serialized) @MainActor
struct PNGEncoderTests {
    @Test func translucentPixelsAreWrittenAsRGBAWithStraightAlpha() throws {
        // Premultiplied ARGB, 3x2 with a stride of 4 pixels (the fourth of each row is not in the frame):
        // transparent, opaque red, half-transparent blue; a quarter-opaque grey, opaque white, 1/255 alpha.
        let frame: [UInt32] = [0x0000_0000, 0xFFFF_0000, 0x8000_0080, 0x1234_5678,
                               0x4020_2020, 0xFFFF_FFFF, 0x0101_0001, 0x1234_5678]
        let bytes = frame.withUnsafeBytes { PNGEncoder.encode(argb: $0.baseAddress!, width: 3, height: 2, stride: 16) }
        let path = NSTemporaryDirectory() + "segue-png-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try colourType(path) == PNGEncoder.colourTypeRGBA)
        let decoded = try decodedPixels(path)
        #expect(decoded.width == 3 && decoded.height == 2)
        #expect(decoded.pixels == [
            Pixel(r: 0, g: 0, b: 0, a: 0), Pixel(r: 255, g: 0, b: 0, a: 255), Pixel(r: 0, g: 0, b: 255, a: 128),
            Pixel(r: 128, g: 128, b: 128, a: 64), Pixel(r: 255, g: 255, b: 255, a: 255), Pixel(r: 255, g: 0, b: 255, a: 1),
        ])
    }

    @Test func anOpaqueFrameIsWrittenAsRGBAndDecodesExactly() throws {
        let c = try Canvas(width: 40, height: 30, backEnd: .cpu)
        c.add(solidLayer(CGRect(x: 0, y: 0, width: 20, height: 30), .red))
        c.add(solidLayer(CGRect(x: 5, y: 5, width: 30, height: 10), Color(red: 0, green: 0.5, blue: 1, alpha: 0.5)))
        try c.draw()
        let compositor = try #require(c.compositor)
        let path = NSTemporaryDirectory() + "segue-png-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try c.savePNG(to: path)
        #expect(try colourType(path) == PNGEncoder.colourTypeRGB)
        let decoded = try decodedPixels(path)
        var mismatches = 0
        for y in 0..<30 {
            for x in 0..<40 where decoded.pixels[y * 40 + x] != compositor.readPixel(x: x, y: y) { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(decoded.pixels[39] == Pixel(r: 255, g: 255, b: 255, a: 255))
        #expect(decoded.pixels[0] == Pixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func unpremultiplyingRoundsToNearest() {
        #expect(PNGEncoder.unpremultiplied(0, alpha: 0) == 0)
        #expect(PNGEncoder.unpremultiplied(64, alpha: 128) == 128)   // 64 * 255 / 128 = 127.5, rounded up
        #expect(PNGEncoder.unpremultiplied(1, alpha: 3) == 85)
        #expect(PNGEncoder.unpremultiplied(200, alpha: 199) == 255)  // over-bright input is clamped
    }

    @Test func adler32MatchesZlibsAtEveryLength() {
        var seed: UInt32 = 7
        let bytes = (0..<20_000).map { _ -> UInt8 in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: seed >> 24)
        }
        let ones = [UInt8](repeating: 255, count: 40_000)   // the largest sums
        for data in [bytes, ones] {
            for length in [0, 1, 15, 16, 17, 5551, 5552, 5553, 11_104, 19_999, data.count] {
                data.withUnsafeBytes { all in
                    let part = UnsafeRawBufferPointer(rebasing: all[0..<length])
                    let theirs = UInt32(adler32(1, part.baseAddress?.assumingMemoryBound(to: UInt8.self), uInt(length)))
                    #expect(Adler32.checksum(part) == theirs, "\(length) bytes")
                }
            }
        }
    }
}
