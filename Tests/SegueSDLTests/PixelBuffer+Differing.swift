@testable import SegueSDL

extension PixelBuffer {
    /// How many of this buffer's pixels differ from `other`'s at the same place (over this buffer's size; the
    /// two are expected to be the same size).
    func differingPixels(from other: PixelBuffer) -> Int {
        var n = 0
        for y in 0..<Int(height) {
            for x in 0..<Int(width) where pixel(x: x, y: y) != other.pixel(x: x, y: y) { n += 1 }
        }
        return n
    }
}
