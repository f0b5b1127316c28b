import Foundation

/// What a layer shows inside its bounds, besides its background and border: Core Animation's
/// `contents`, as a description the renderer turns into a texture (and caches).
///
/// Differs from Core Animation: `contents` is not a `CGImage`; it is text, a bitmap, or a snapshot of a
/// layer subtree, each drawn stretched to (text: laid out in) the bounds.
@MainActor
public enum LayerContents: Equatable {
    /// Text laid out in the bounds.
    case text(TextContents)
    /// A bitmap stretched over the bounds.
    case bitmap(Bitmap)
    /// A picture of a layer subtree taken once (see ``Snapshot``).
    case snapshot(Snapshot)
}

/// Text drawn as a layer's contents.
public struct TextContents: Sendable, Hashable {
    /// How lines sit between the bounds' left and right edges.
    public enum Alignment: Sendable, Hashable { case left, center, right }

    /// The text.
    public var string: String
    /// The font size, in points.
    public var fontSize: Double
    /// The text colour.
    public var color: Color
    /// How lines are aligned in the bounds.
    public var alignment: Alignment
    /// Whether the bold face is used.
    public var isBold: Bool
    /// The most lines to show; 0 means no limit (UILabel's `numberOfLines`).
    public var numberOfLines: Int

    /// Text contents; the defaults match UILabel's (17 pt, black, one line).
    public init(_ string: String, fontSize: Double = 17, color: Color = .black, alignment: Alignment = .left,
                isBold: Bool = false, numberOfLines: Int = 1) {
        self.string = string
        self.fontSize = fontSize
        self.color = color
        self.alignment = alignment
        self.isBold = isBold
        self.numberOfLines = numberOfLines
    }
}

/// An immutable RGBA bitmap (8 bits per channel, straight alpha, row by row from the top).
public final class Bitmap: Sendable, Equatable {
    /// The width, in pixels.
    public let width: Int
    /// The height, in pixels.
    public let height: Int
    /// `width · height` pixels as 0xRRGGBBAA.
    public let pixels: [UInt32]

    /// A bitmap from `width · height` pixels, 0xRRGGBBAA, row by row from the top.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width > 0 && height > 0, "A bitmap needs a positive size, got \(width)x\(height)")
        precondition(pixels.count == width * height, "A \(width)x\(height) bitmap needs \(width * height) pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A bitmap whose pixel at (x, y) is `color(x, y)`.
    public convenience init(width: Int, height: Int, color: (Int, Int) -> Color) {
        var pixels = [UInt32]()
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { pixels.append(Bitmap.pack(color(x, y))) }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// A colour as 0xRRGGBBAA.
    public static func pack(_ c: Color) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return byte(c.red) << 24 | byte(c.green) << 16 | byte(c.blue) << 8 | byte(c.alpha)
    }

    /// Identity: two bitmaps are equal only if they are the same object (the renderer caches by it).
    public static func == (a: Bitmap, b: Bitmap) -> Bool { a === b }
}

/// A picture of a layer subtree, rendered once into a texture by the renderer the first time it draws
/// the snapshot, then reused: later changes to the source do not show (`snapshotView(afterScreenUpdates:)`).
///
/// Differs from UIKit: the picture is taken at the next render, not at the call; the source's
/// presentation state at that frame is what it shows.
@MainActor
public final class Snapshot: Equatable {
    /// The layer whose subtree is pictured; nil once the picture has been taken.
    public private(set) var source: Layer?
    /// The size of the picture, in points (the source's bounds size when made).
    public let size: CGSize

    /// A snapshot of `source`'s subtree, `size` points large, taken at the next render.
    public init(source: Layer, size: CGSize) {
        self.source = source
        self.size = size
    }

    /// Called by the renderer once it holds the picture: the source is released.
    public func markTaken() { source = nil }

    /// Identity: two snapshots are equal only if they are the same object (the renderer caches by it).
    nonisolated public static func == (a: Snapshot, b: Snapshot) -> Bool { a === b }
}
