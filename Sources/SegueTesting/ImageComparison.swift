import SegueSDL

/// How an image compares with its reference (`compare(_:with:tolerance:)`).
public struct ImageComparison: Sendable, Hashable {
    /// Whether the images match within the tolerance.
    public var matches: Bool
    /// The size of the image compared, and of the reference, in pixels.
    public var actualSize: (width: Int, height: Int) { (actualWidth, actualHeight) }
    let actualWidth: Int, actualHeight: Int, referenceWidth: Int, referenceHeight: Int
    /// How many pixels differ by more than the tolerance's ``ImageTolerance/perPixel`` (all of them when
    /// the sizes differ).
    public var differingPixels: Int
    /// The largest difference of any channel of any pixel (0...255; 255 when the sizes differ).
    public var largestDifference: Int
    /// The first differing pixel, row by row (nil when none differs or the sizes differ).
    public var firstDifference: (x: Int, y: Int)? { firstX.map { ($0, firstY!) } }
    let firstX: Int?, firstY: Int?
    /// The tolerance used.
    public var tolerance: ImageTolerance

    /// Whether the sizes differ.
    public var sizesDiffer: Bool { actualWidth != referenceWidth || actualHeight != referenceHeight }

    /// One sentence for a failure message: what differs and by how much.
    public var summary: String {
        if sizesDiffer {
            return "the image is \(actualWidth)x\(actualHeight) pixels, the reference \(referenceWidth)x\(referenceHeight)"
        }
        let total = actualWidth * actualHeight
        let percent = Double(differingPixels) / Double(total) * 100
        var s = "\(differingPixels) of \(total) pixels (\(Self.format(percent)) %) differ by more than \(tolerance.perPixel) levels"
        if let first = firstDifference { s += ", the first at (\(first.x), \(first.y))" }
        s += "; the largest difference is \(largestDifference) levels; allowed: \(Self.format(tolerance.perImage * 100)) % of the pixels"
        return s
    }

    static func format(_ v: Double) -> String {
        let s = String(format: "%.4f", v)
        var t = s
        while t.hasSuffix("0") { t.removeLast() }
        if t.hasSuffix(".") { t.removeLast() }
        return t
    }

    /// Whether two comparisons found the same: the result, the counts, both sizes, the first difference
    /// and the tolerance.
    public static func == (a: ImageComparison, b: ImageComparison) -> Bool {
        a.matches == b.matches && a.differingPixels == b.differingPixels && a.largestDifference == b.largestDifference
            && a.actualWidth == b.actualWidth && a.actualHeight == b.actualHeight && a.referenceWidth == b.referenceWidth
            && a.referenceHeight == b.referenceHeight && a.firstX == b.firstX && a.firstY == b.firstY && a.tolerance == b.tolerance
    }

    /// Hashes the number of differing pixels and the largest difference (equal comparisons hash alike).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(differingPixels)
        hasher.combine(largestDifference)
    }
}

/// Compares `image` with `reference`, pixel by pixel, within `tolerance`.
public func compare(_ image: SnapshotImage, with reference: SnapshotImage, tolerance: ImageTolerance = .exact) -> ImageComparison {
    guard image.width == reference.width, image.height == reference.height else {
        return ImageComparison(matches: false, actualWidth: image.width, actualHeight: image.height,
                               referenceWidth: reference.width, referenceHeight: reference.height,
                               differingPixels: image.width * image.height, largestDifference: 255,
                               firstX: nil, firstY: nil, tolerance: tolerance)
    }
    var differing = 0, largest = 0
    var first: (Int, Int)?
    for i in 0..<image.pixels.count {
        let d = channelDifference(image.pixels[i], reference.pixels[i])
        largest = max(largest, d)
        if d > tolerance.perPixel {
            differing += 1
            if first == nil { first = (i % image.width, i / image.width) }
        }
    }
    let allowed = tolerance.perImage * Double(image.pixels.count)
    return ImageComparison(matches: Double(differing) <= allowed, actualWidth: image.width, actualHeight: image.height,
                           referenceWidth: reference.width, referenceHeight: reference.height,
                           differingPixels: differing, largestDifference: largest,
                           firstX: first?.0, firstY: first?.1, tolerance: tolerance)
}

/// The largest difference of the four channels of two pixels.
func channelDifference(_ a: Pixel, _ b: Pixel) -> Int {
    max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
}

/// The difference image of `image` and `reference`: the reference faded to a fifth of its contrast (so
/// the layout shows), with every pixel that differs by more than `tolerance.perPixel` in magenta (and
/// differences within the tolerance in light pink). Of the size of the larger of the two; where only one
/// has pixels, magenta.
public func differenceImage(_ image: SnapshotImage, _ reference: SnapshotImage, tolerance: ImageTolerance = .exact) -> SnapshotImage {
    let w = max(image.width, reference.width), h = max(image.height, reference.height)
    let magenta = Pixel(r: 255, g: 0, b: 255, a: 255), pink = Pixel(r: 255, g: 190, b: 255, a: 255)
    var out = SnapshotImage(width: w, height: h, fill: magenta)
    for y in 0..<h {
        for x in 0..<w where x < image.width && y < image.height && x < reference.width && y < reference.height {
            let a = image[x, y], r = reference[x, y]
            let d = channelDifference(a, r)
            if d > tolerance.perPixel {
                out[x, y] = magenta
            } else if d > 0 {
                out[x, y] = pink
            } else {
                // Faded: the reference's luminance over white, at a fifth of its contrast.
                let luma = (Int(r.r) * 299 + Int(r.g) * 587 + Int(r.b) * 114) / 1000
                let covered = Int(r.a) * (255 - luma) / 255
                let v = UInt8(255 - covered / 5)
                out[x, y] = Pixel(r: v, g: v, b: v, a: 255)
            }
        }
    }
    return out
}
