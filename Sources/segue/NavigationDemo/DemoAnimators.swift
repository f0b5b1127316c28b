import Foundation
import SegueAnimation
import SegueUI

/// The push/pop animations the demo offers (keys 1–5), shown in the HUD. Each but the stock one is an
/// effect of the catalogue (``SegueUI/TransitionEffect``), set as the stacks' `transitionEffect`; the edge
/// pan scrubs every one. `segue gallery` shows all of them.
enum DemoTransitionEffect: Int, CaseIterable, Sendable {
    case stock = 1, crossfade, zoom, flip, circleReveal

    var title: String {
        switch self {
        case .stock: "stock"
        case .crossfade: "crossfade"
        case .zoom: "zoom"
        case .flip: "flip"
        case .circleReveal: "circle reveal"
        }
    }

    /// The catalogue's effect (nil: the stock push and pop).
    var transitionEffect: TransitionEffect? {
        switch self {
        case .stock: nil
        case .crossfade: .crossfade
        case .zoom: .zoom()
        case .flip: .flip()
        case .circleReveal: .circleReveal()
        }
    }

    /// The key that picks it (`1`...`5`).
    var key: Key { Key(String(rawValue)) }
}
