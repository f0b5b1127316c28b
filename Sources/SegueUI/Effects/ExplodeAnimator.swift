import SegueAnimation

/// Explode: the back page breaks into a grid of tiles that fly off, each turning, shrinking and fading
/// on its own course, revealing the front page. The courses are drawn from a ``SplitMix64`` seeded with
/// ``seed``: the same seed gives the same explosion every time.
///
/// Geometry, forwards, at progress `p`: tile `k` (row by row) draws, in order, a direction `a` in
/// `0..<2π`, a distance `d` in `minimumFlight...maximumFlight` times the page's diagonal, a turn `r` in
/// `-maximumTurn..<maximumTurn` and an end scale `e` in `minimumScale..<1`; its pose is the uniform
/// scale `1 + (e - 1)·p`, the turn `r·p` about its centre and the move `p·d·(cos a, sin a)`; its alpha is
/// `1 - p`. The back page is hidden for the effect and its tiles are snapshots. With no back page
/// (a presentation that keeps the presenter out of the transition) the front page fades in instead.
///
/// Differs from UIKit: no stock counterpart (the StarWars.iOS "explode" and VCTransitionsLibrary's
/// `ExplodeAnimationController`, which use unseeded randomness).
@MainActor
public final class ExplodeAnimator: ReversibleTransitionAnimator {
    /// The seed of the tiles' courses.
    public var seed: UInt64
    /// How many tiles across the page (our choice: 8, tiles of 50 points on a 400-point page; the rows
    /// follow from the page's shape, tiles about square).
    public var columns: Int = 8
    /// The shortest and longest flight, as fractions of the page's diagonal (our choice: every tile
    /// leaves a good way, most of them off the page).
    public var minimumFlight: Double = 0.3
    /// The longest flight, as a fraction of the page's diagonal.
    public var maximumFlight: Double = 0.9
    /// The largest turn of a tile, in radians either way (our choice: up to a half turn).
    public var maximumTurn: Double = .pi
    /// The smallest end scale of a tile, a fraction of its size.
    public var minimumScale: Double = 0.2

    /// An explosion whose courses are drawn from `seed`.
    public init(seed: UInt64 = 1, duration: Double = ReversibleTransitionAnimator.defaultDuration, reverse: Bool = false) {
        self.seed = seed
        super.init(duration: duration, reverse: reverse)
    }

    /// One tile's course: where it flies, how far it turns, how small it ends.
    struct Course {
        var dx: Double, dy: Double, turn: Double, scale: Double
    }

    /// The courses of `count` tiles for a page with diagonal `diagonal`, drawn in order from the seed.
    func courses(count: Int, diagonal: Double) -> [Course] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let direction = 2 * Double.pi * random.nextUnit()
            let distance = diagonal * (minimumFlight + (maximumFlight - minimumFlight) * random.nextUnit())
            let turn = maximumTurn * (2 * random.nextUnit() - 1)
            let scale = minimumScale + (1 - minimumScale) * random.nextUnit()
            return Course(dx: distance * cos(direction), dy: distance * sin(direction), turn: turn, scale: scale)
        }
    }

    override public func stages(of stage: EffectStage) -> (start: () -> Void, end: () -> Void) {
        guard let back = stage.back else {
            let front = stage.front
            return (start: { front.alpha = 0 }, end: { front.alpha = 1 })
        }
        let size = back.bounds.size
        let columns = max(1, self.columns)
        let side = size.width / Double(columns)
        let rows = max(1, Int((size.height / side).rounded()))
        let height = size.height / Double(rows)
        var rects: [CGRect] = []
        for row in 0..<rows {
            for column in 0..<columns {
                rects.append(CGRect(x: Double(column) * side, y: Double(row) * height, width: side, height: height))
            }
        }
        let tiles = stage.addPieces(of: back, rects: rects)
        stage.hide(back)
        let diagonal = (size.width * size.width + size.height * size.height).squareRoot()
        let flights = zip(tiles, courses(count: tiles.count, diagonal: diagonal)).map { ($0, $1) }
        func place(_ p: Double) {
            for (tile, course) in flights {
                let s = 1 + (course.scale - 1) * p
                tile.transform3D = Transform3D(scaleX: s, y: s)
                    .rotated(by: course.turn * p, x: 0, y: 0, z: 1)
                    .concatenating(Transform3D(translationX: course.dx * p, y: course.dy * p))
                tile.alpha = 1 - p
            }
        }
        return (start: { place(0) }, end: { place(1) })
    }
}

extension TransitionEffect {
    /// The back page breaks into tiles that fly off, on courses drawn from `seed`: ``ExplodeAnimator``.
    public static func explode(seed: UInt64 = 1) -> TransitionEffect {
        TransitionEffect(name: "explode seed \(seed)") { ExplodeAnimator(seed: seed, reverse: $0) }
    }
}
