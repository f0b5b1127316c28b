import Foundation
import SegueAnimation

/// The screen of an animated image of a replay (``ReplayGIFWriter``, ``ReplayWebPWriter``): frames drawn
/// by the CPU compositor (``HeadlessCompositor``, through a ``ReplayRender``: the replay's one render, or
/// the writer's own) at a scale, copied into a screen the size of the largest window of the script, at its
/// top left, on black when the window is smaller.
@MainActor
final class ReplayScreen {
    /// The opaque black around a frame smaller than the screen.
    static let background: UInt32 = 0xFF00_0000

    /// Pixels per point.
    let scale: Double
    /// The screen's width in pixels.
    let pixelWidth: Int
    /// The screen's height in pixels.
    let pixelHeight: Int

    /// The render whose frames are shown.
    let source: ReplayRender
    /// Whether ``source`` is the screen's own (it releases it).
    private let ownsSource: Bool
    /// The compositor's last frame, copied (reused from frame to frame).
    private var frameBytes: [UInt8] = []

    /// A screen holding the largest of `windowSizes` (points) at `scale` pixels per point, showing the
    /// frames of `render`, or of its own render when nil.
    init(scale: Double, windowSizes: [CGSize], render: ReplayRender?) throws {
        precondition(!windowSizes.isEmpty, "The window's size at least")
        source = try render ?? ReplayRender(scale: scale)
        ownsSource = render == nil
        let pixels = windowSizes.map { Self.pixelSize(of: $0, scale: scale) }
        self.scale = scale
        pixelWidth = pixels.map(\.width).max()!
        pixelHeight = pixels.map(\.height).max()!
    }

    /// The pixels of `size` points at `scale`, as ``HeadlessCompositor`` rounds them.
    nonisolated static func pixelSize(of size: CGSize, scale: Double) -> (width: Int, height: Int) {
        (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
    }

    /// A screen's worth of background pixels.
    func blankPixels() -> [UInt32] { [UInt32](repeating: Self.background, count: pixelWidth * pixelHeight) }

    /// Copies the last frame into `screen` (``pixelWidth`` x ``pixelHeight`` premultiplied ARGB pixels)
    /// at the top left; black around it.
    func copyFrame(into screen: inout [UInt32]) {
        let compositor = source.frame
        precondition(screen.count == pixelWidth * pixelHeight, "A screen's worth of pixels")
        let width = min(compositor.pixelWidth, pixelWidth), height = min(compositor.pixelHeight, pixelHeight)
        compositor.copyPixels(into: &frameBytes)
        let stride = compositor.pixelStride
        let (screenWidth, screenHeight) = (pixelWidth, pixelHeight)
        screen.withUnsafeMutableBufferPointer { screen in
            frameBytes.withUnsafeBytes { source in
                for row in 0..<screenHeight {
                    let line = screen.baseAddress! + row * screenWidth
                    guard row < height else {
                        line.update(repeating: Self.background, count: screenWidth)
                        continue
                    }
                    UnsafeMutableRawPointer(line).copyMemory(from: source.baseAddress! + row * stride, byteCount: width * 4)
                    if width < screenWidth { (line + width).update(repeating: Self.background, count: screenWidth - width) }
                }
            }
        }
    }

    /// Releases the render when it is the screen's own.
    func close() {
        if ownsSource { source.close() }
    }
}
