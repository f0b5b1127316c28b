import Foundation
import SegueAnimation

/// Shows an ``Image`` (`UIImageView`), placed in its bounds by ``View/contentMode`` (default
/// `.scaleToFill`: stretched).
///
/// Differs from UIKit: no animated images. Like UIKit, an image view ignores pointers by default.
@MainActor
open class ImageView: View {
    /// The image (nil shows nothing).
    public var image: Image? {
        didSet { showImage() }
    }

    /// An image view with no image; user interaction is off, as in UIKit.
    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// An image view the size of `image`, at the origin.
    public convenience init(image: Image?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        showImage()
    }

    private func showImage() {
        layer.contents = image.map { .bitmap($0.bitmap) }
        // The image's pixels per point, so that the positional content modes show it at its size.
        if let image, image.size.width > 0 { layer.contentsScale = CGFloat(image.bitmap.width) / image.size.width }
    }
}
