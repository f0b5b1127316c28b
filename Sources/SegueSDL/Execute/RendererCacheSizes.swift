/// What a renderer back-end keeps from frame to frame: its cached pictures (textures on the GPU path) by
/// kind, and their pixel bytes. `segue soak` compares them at rest before and after thousands of
/// transitions; they must come back to where they were (nothing in UIKit corresponds).
public struct RendererCacheSizes: Sendable, Equatable, CustomStringConvertible {
    /// Pictures of bitmaps (`Layer.contents`).
    public var bitmaps = 0
    /// Pictures of snapshots (`View.snapshotView`).
    public var snapshots = 0
    /// Pictures of rasterized layers (`shouldRasterize`).
    public var rasters = 0
    /// Shadow masks (CPU compositor; the GPU path draws shadows as geometry).
    public var shadows = 0
    /// Rendered texts (coverage and coloured pictures on the CPU compositor; textures on the GPU path).
    public var texts = 0
    /// Offscreen targets kept for group opacity and masks.
    public var offscreens = 0
    /// The GPU executor's textures of the pictures above (each uploaded once per version).
    public var textures = 0
    /// The pixel bytes of all of them.
    public var bytes = 0

    /// Sizes, all zero unless given.
    public init(bitmaps: Int = 0, snapshots: Int = 0, rasters: Int = 0, shadows: Int = 0, texts: Int = 0,
                offscreens: Int = 0, textures: Int = 0, bytes: Int = 0) {
        self.bitmaps = bitmaps
        self.snapshots = snapshots
        self.rasters = rasters
        self.shadows = shadows
        self.texts = texts
        self.offscreens = offscreens
        self.textures = textures
        self.bytes = bytes
    }

    /// Pictures of every kind, and textures.
    public var pictures: Int { bitmaps + snapshots + rasters + shadows + texts + offscreens + textures }

    /// Both counts added (a recorder's pictures and an executor's textures).
    public static func + (a: RendererCacheSizes, b: RendererCacheSizes) -> RendererCacheSizes {
        RendererCacheSizes(bitmaps: a.bitmaps + b.bitmaps, snapshots: a.snapshots + b.snapshots, rasters: a.rasters + b.rasters,
                           shadows: a.shadows + b.shadows, texts: a.texts + b.texts, offscreens: a.offscreens + b.offscreens,
                           textures: a.textures + b.textures, bytes: a.bytes + b.bytes)
    }

    /// `14 pictures (bitmaps 0, snapshots 0, rasterized 2, shadows 3, texts 9, offscreen 0), 1.2 MB`.
    public var description: String {
        let mb = Double(bytes) / 1_048_576
        let megabytes = (mb * 10).rounded() / 10
        return "\(pictures) pictures (bitmaps \(bitmaps), snapshots \(snapshots), rasterized \(rasters), "
            + "shadows \(shadows), texts \(texts), offscreen \(offscreens)\(textures > 0 ? ", textures \(textures)" : "")), \(megabytes) MB"
    }
}
