import CPixman
import Dispatch
import Foundation

/// What it takes to make a pixman image over a buffer's pixels in another thread: pixman images hold
/// per-use state (their validated flags), so threads never share one; they share the pixels, read-only
/// for sources, disjoint rows for the destination.
struct PixelImageView: @unchecked Sendable {
    let format: pixman_format_code_t
    let width: Int32, height: Int32, stride: Int32
    let bits: UnsafeMutableRawPointer
    var transform: pixman_transform_t?
    var filter = PIXMAN_FILTER_NEAREST
    var repeatMode = PIXMAN_REPEAT_NONE

    init(_ buffer: PixelBuffer, transform: pixman_transform_t? = nil, filter: pixman_filter_t = PIXMAN_FILTER_NEAREST,
         repeatMode: pixman_repeat_t = PIXMAN_REPEAT_NONE) {
        format = buffer.format
        width = buffer.width
        height = buffer.height
        stride = buffer.stride
        bits = buffer.pixels
        self.transform = transform
        self.filter = filter
        self.repeatMode = repeatMode
    }

    /// A new pixman image over the pixels, with the view's sampling settings (the caller unrefs it).
    func makeImage() -> OpaquePointer {
        guard let image = pixman_image_create_bits_no_clear(format, width, height, bits.assumingMemoryBound(to: UInt32.self), stride) else {
            fatalError("pixman_image_create_bits failed for a \(width)x\(height) view")
        }
        if var t = transform { pixman_image_set_transform(image, &t) }
        pixman_image_set_filter(image, filter, nil, 0)
        pixman_image_set_repeat(image, repeatMode)
        return image
    }
}

/// Composites large areas in horizontal bands, one per core: a full-window turned page costs pixman
/// ~11 ns a pixel with bilinear filtering (measured, 1280x800 on this 2-core machine: ~11.5 ms), more
/// than a frame's budget on one core.
enum ParallelComposite {
    /// Areas below this many pixels are composited on the calling thread (an eighth of a 1280x800
    /// window: below it, waking a second thread costs about what it saves).
    static let minimumPixels = 128_000
    /// Threads used: the cores, at most 4.
    static let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))

    private struct Job: @unchecked Sendable {
        let op: pixman_op_t
        let source: PixelImageView
        let mask: PixelImageView?
        let destination: PixelImageView
        let region: UnsafeMutablePointer<pixman_region32_t>
        let sourceOffset: (Int32, Int32)
        let maskOffset: (Int32, Int32)
    }

    /// Composites `source` (through `mask`) into `destination` over `region`: the source pixel for
    /// destination (x, y) is read at (x, y) + `sourceOffset` before the source's transform, the mask's
    /// at (x, y) + `maskOffset`. Large regions are split between threads.
    static func composite(_ op: pixman_op_t, source: PixelImageView, mask: PixelImageView?, into destination: PixelBuffer,
                          region: PixelRegion, sourceOffset: (Int32, Int32) = (0, 0), maskOffset: (Int32, Int32) = (0, 0)) {
        let e = region.extents
        guard !e.isEmpty else { return }
        let job = Job(op: op, source: source, mask: mask, destination: PixelImageView(destination), region: region.region,
                      sourceOffset: sourceOffset, maskOffset: maskOffset)
        let bands = e.area >= minimumPixels ? min(threads, Int(e.height)) : 1
        if bands <= 1 {
            run(job, band: e)
            return
        }
        let rows = (e.height + Int32(bands) - 1) / Int32(bands)
        DispatchQueue.concurrentPerform(iterations: bands) { i in
            let y0 = e.y0 + Int32(i) * rows
            let band = PixelRect(x0: e.x0, y0: y0, x1: e.x1, y1: min(e.y1, y0 + rows))
            if !band.isEmpty { run(job, band: band) }
        }
    }

    private static func run(_ job: Job, band: PixelRect) {
        let destination = job.destination.makeImage()
        let source = job.source.makeImage()
        let mask = job.mask?.makeImage()
        defer {
            pixman_image_unref(destination)
            pixman_image_unref(source)
            if let mask { pixman_image_unref(mask) }
        }
        var clip = pixman_region32_t()
        pixman_region32_init(&clip)
        defer { pixman_region32_fini(&clip) }
        pixman_region32_intersect_rect(&clip, job.region, band.x0, band.y0, UInt32(band.width), UInt32(band.height))
        pixman_image_set_clip_region32(destination, &clip)
        pixman_image_composite32(job.op, source, mask, destination,
                                 band.x0 + job.sourceOffset.0, band.y0 + job.sourceOffset.1,
                                 band.x0 + job.maskOffset.0, band.y0 + job.maskOffset.1,
                                 band.x0, band.y0, band.width, band.height)
    }
}
