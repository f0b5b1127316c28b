import Foundation
import SegueAnimation

extension View {
    /// How a view's contents (an ``ImageView``'s image, a snapshot) sit in its bounds (`UIView.ContentMode`):
    /// the layer's `Layer.contentsGravity` under UIKit's names.
    ///
    /// Differs from UIKit: `.redraw` stretches as `.scaleToFill` does (Segue has no `draw(_:)` to call
    /// again).
    public enum ContentMode: Int, Sendable, Hashable, CaseIterable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right,
             topLeft, topRight, bottomLeft, bottomRight

        /// The layer gravity of this mode.
        public var contentsGravity: ContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }
    }

    /// How the contents sit in the bounds (default ``ContentMode/scaleToFill``), kept in the layer's
    /// `Layer.contentsGravity`. Contents overflowing the bounds (aspect fill, a large image
    /// centred) are cut only when ``clipsToBounds`` is set, as in UIKit.
    public var contentMode: ContentMode {
        get { ContentMode.allCases.first { $0.contentsGravity == layer.contentsGravity && $0 != .redraw } ?? .scaleToFill }
        set { layer.contentsGravity = newValue.contentsGravity }
    }
}
