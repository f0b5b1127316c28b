import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// One coloured, rounded element of a ``MatchedPage``.
struct MatchedElement {
    var id: String?
    var frame: CGRect
    var radius: CGFloat
    var color: Color
}

/// A page of coloured rounded views placed at fixed frames, some with a matching identifier.
@MainActor
final class MatchedPage: ViewController {
    let elements: [MatchedElement]
    private(set) var elementViews: [View] = []

    init(_ elements: [MatchedElement]) {
        self.elements = elements
        super.init()
    }

    override func viewDidLoad() {
        view.backgroundColor = .white
        for e in elements {
            let v = View(frame: e.frame)
            v.matchedGeometryID = e.id
            v.layer.cornerRadius = e.radius
            v.backgroundColor = e.color
            v.accessibilityIdentifier = e.id ?? "plain"
            view.addSubview(v)
            elementViews.append(v)
        }
    }

    func element(_ id: String) -> View { elementViews.first { $0.matchedGeometryID == id }! }
}

/// A navigation delegate that answers with matched-geometry animators (and, when set, an interaction).
@MainActor
final class MatchedNavigationDelegate: NavigationControllerDelegate {
    var duration: Double
    var interaction: PercentDrivenInteractiveTransition?
    init(duration: Double) { self.duration = duration }
    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        MatchedGeometryAnimator(operation: operation, duration: duration)
    }
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
        -> (any ViewControllerInteractiveTransitioning)? {
        interaction
    }
}

/// The value of the cubic Bézier timing curve with control points (x1, y1), (x2, y2) at time fraction
/// `x`, from its definition (B(t) = 3(1-t)^2 t P1 + 3(1-t) t^2 P2 + t^3, x(t) solved by bisection):
/// independent of the code under test.
func cubicBezierValue(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double) -> Double {
    func coordinate(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if coordinate(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return coordinate(y1, y2, (lo + hi) / 2)
}

/// UIKit's ease-in-ease-out (0.42, 0, 0.58, 1) at `x` (spec uikit-semantics §7).
func easeInEaseOut(_ x: Double) -> Double { cubicBezierValue(x1: 0.42, y1: 0, x2: 0.58, y2: 1, at: x) }

func lerp(_ a: CGRect, _ b: CGRect, _ f: Double) -> CGRect {
    CGRect(x: a.minX + (b.minX - a.minX) * f, y: a.minY + (b.minY - a.minY) * f,
           width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f)
}

func lerp(_ a: Color, _ b: Color, _ f: Double) -> Color {
    Color(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
          blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
}

func isClose(_ a: CGRect, _ b: CGRect, tolerance: Double = 1e-6) -> Bool {
    isClose(a.minX, b.minX, tolerance: tolerance) && isClose(a.minY, b.minY, tolerance: tolerance)
        && isClose(a.width, b.width, tolerance: tolerance) && isClose(a.height, b.height, tolerance: tolerance)
}

func isClose(_ a: Color, _ b: Color, tolerance: Double = 1e-6) -> Bool {
    isClose(a.red, b.red, tolerance: tolerance) && isClose(a.green, b.green, tolerance: tolerance)
        && isClose(a.blue, b.blue, tolerance: tolerance) && isClose(a.alpha, b.alpha, tolerance: tolerance)
}

/// The flying views of a running matched or zoom transition in `root`'s tree.
@MainActor
func flights(in root: View) -> [View] {
    allViews(in: root).filter { $0.accessibilityIdentifier?.hasSuffix(".flight") == true }
}

/// Nothing of a matched or zoom transition is left in the window: no flight, no snapshot anywhere in
/// the layer tree, and every view of `pages` visible, opaque, untransformed.
@MainActor
func checkNothingLeft(in window: Window, pages: [ViewController], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(flights(in: window).isEmpty, sourceLocation: sourceLocation)
    var layers = [window.layer]
    while let layer = layers.popLast() {
        if case .snapshot = layer.contents {
            Issue.record("a snapshot is left in the window: \(layer.name ?? "layer")", sourceLocation: sourceLocation)
        }
        layers += layer.sublayers
    }
    for page in pages {
        for v in allViews(in: page.view) {
            #expect(!v.isHidden && v.alpha == 1 && v.transform3D == .identity,
                    "\(v.accessibilityIdentifier ?? "view") is not at rest", sourceLocation: sourceLocation)
        }
    }
    checkLayersAtRest(in: window, sourceLocation: sourceLocation)
}
