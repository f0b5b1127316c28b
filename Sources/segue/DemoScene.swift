import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// The scene `segue run` shows: four cells animating forever — a spring, a 3D card flip with back faces,
/// a circle reveal, a group fade with rotating text — plus a HUD with the frame statistics.
@MainActor
final class DemoScene: HostedScene {
    let layerTree: LayerTree
    private(set) var wantsToQuit = false

    /// The size of one demo cell, in points.
    static let cellSize = CGSize(width: 300, height: 240)
    /// Space kept between neighbouring cells, in points.
    static let cellGap = 16.0
    /// The smallest scale a cell is drawn at in a small window (unitless); below it cells may overlap.
    static let minimumCellScale = 0.3
    /// Frames between HUD refreshes (twice a second).
    static let hudRefreshFrames = 30
    /// The perspective distance of the flip, in points (m34 = -1/500, a common iOS choice).
    static let flipPerspective = 500.0

    private let statistics: () -> FrameStatistics
    private let rendererName: String
    private let title = Layer()
    private let hud = Layer()
    private var cells: [Layer] = []
    private var frameCount = 0

    init(clock: FrameClock, statistics: @escaping () -> FrameStatistics, rendererName: String) {
        self.statistics = statistics
        self.rendererName = rendererName
        let root = Layer()
        root.backgroundColor = .systemGroupedBackground
        layerTree = LayerTree(root: root, clock: clock)
        title.contents = .text(TextContents("Segue — the layer tree on SDL (Esc quits)", fontSize: 24, isBold: true))
        hud.contents = .text(TextContents("…", fontSize: 14, color: .darkGray))
        root.addSublayer(title)
        root.addSublayer(hud)
        cells = [springCell(), flipCell(), revealCell(), fadeCell()]
        for cell in cells { root.addSublayer(cell) }
    }

    func resize(to size: CGSize) {
        let root = layerTree.root
        root.frame = CGRect(origin: .zero, size: size)
        title.frame = CGRect(x: 24, y: 16, width: size.width - 48, height: 36)
        hud.frame = CGRect(x: 24, y: size.height - 32, width: size.width - 48, height: 24)
        // A 2x2 grid of cells centred in the space between the title and the HUD, scaled down (never up)
        // when a quadrant is smaller than a cell, so a small window still shows all four apart.
        let top = 60.0, bottom = size.height - 40
        let quadrant = CGSize(width: size.width / 2 - Self.cellGap, height: (bottom - top) / 2 - Self.cellGap)
        let scale = max(min(1, quadrant.width / Self.cellSize.width, quadrant.height / Self.cellSize.height), Self.minimumCellScale)
        for (i, cell) in cells.enumerated() {
            let column = Double(i % 2), row = Double(i / 2)
            let cx = size.width * (column == 0 ? 0.25 : 0.75)
            let cy = top + (bottom - top) * (row == 0 ? 0.25 : 0.75)
            cell.position = CGPoint(x: cx, y: cy)
            cell.transform = Transform3D(scaleX: scale, y: scale)
        }
    }

    func handle(_ event: InputEvent) {
        switch event {
        case .key(let key) where key.isDown && key.key == .escape: wantsToQuit = true
        case .window(.closeRequested): wantsToQuit = true
        default: break
        }
    }

    func runQueuedWork() {
        frameCount += 1
        guard frameCount % Self.hudRefreshFrames == 0 else { return }
        let s = statistics()
        let text = rendererName + String(format: " · %.1f fps · work p50 %.2f ms · p99 %.2f ms · late %d",
                          s.framesPerSecond, s.workPercentile(50) * 1000, s.workPercentile(99) * 1000, s.lateFrames)
        hud.contents = .text(TextContents(text, fontSize: 14, color: .darkGray))
    }

    // MARK: Cells

    private func makeCell(_ caption: String) -> Layer {
        let cell = Layer()
        cell.bounds = CGRect(origin: .zero, size: Self.cellSize)
        cell.backgroundColor = .white
        cell.cornerRadius = 16
        cell.shadowOpacity = 0.15
        cell.shadowRadius = 8
        cell.shadowOffset = CGSize(width: 0, height: 4)
        let label = Layer()
        label.frame = CGRect(x: 0, y: Self.cellSize.height - 36, width: Self.cellSize.width, height: 28)
        label.contents = .text(TextContents(caption, fontSize: 15, color: .gray, alignment: .center))
        cell.addSublayer(label)
        return cell
    }

    private func springCell() -> Layer {
        let cell = makeCell("spring (position.x)")
        let ball = Layer()
        ball.frame = CGRect(x: 0, y: 70, width: 64, height: 64)
        ball.cornerRadius = 16
        ball.backgroundColor = .systemBlue
        ball.shadowOpacity = 0.35
        ball.shadowRadius = 6
        ball.shadowOffset = CGSize(width: 0, height: 6)
        cell.addSublayer(ball)
        let spring = SpringAnimation(.positionX)
        spring.fromValue = 56
        spring.toValue = Self.cellSize.width - 56
        spring.stiffness = 120
        spring.damping = 4
        spring.duration = 2.5
        spring.repeatCount = .infinity
        spring.autoreverses = true
        ball.add(spring, forKey: "spring")
        return cell
    }

    private func flipCell() -> Layer {
        let cell = makeCell("3D flip, m34 = -1/500")
        cell.sublayerTransform = .perspective(distance: Self.flipPerspective)
        let card = Layer()
        card.frame = CGRect(x: 60, y: 40, width: 180, height: 120)
        func face(_ text: String, _ color: Color) -> Layer {
            let face = solid(CGRect(x: 0, y: 0, width: 180, height: 120), color)
            face.cornerRadius = 14
            face.isDoubleSided = false
            face.contents = .text(TextContents(text, fontSize: 28, color: .white, alignment: .center, isBold: true))
            return face
        }
        let back = face("Back", Color(rgb: 0xFF9500))
        back.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
        card.addSublayer(face("Front", .systemBlue))
        card.addSublayer(back)
        cell.addSublayer(card)
        let flip = BasicAnimation(.transformRotationY, from: 0, to: 2 * .pi, duration: 4,
                                  timingFunction: MediaTimingFunction(name: .easeInEaseOut))
        flip.repeatCount = .infinity
        card.add(flip, forKey: "flip")
        return cell
    }

    private func revealCell() -> Layer {
        let cell = makeCell("circle reveal (animated mask)")
        let picture = Layer()
        picture.frame = CGRect(x: 30, y: 20, width: 240, height: 160)
        picture.cornerRadius = 12
        picture.masksToBounds = true
        picture.contents = .bitmap(Bitmap(width: 64, height: 64) { x, y in
            Color(red: Double(x) / 63, green: 0.4 + 0.4 * Double(y) / 63, blue: 1 - Double(x) / 63)
        })
        let caption = Layer()
        caption.frame = CGRect(x: 0, y: 60, width: 240, height: 40)
        caption.contents = .text(TextContents("Revealed", fontSize: 30, color: .white, alignment: .center, isBold: true))
        picture.addSublayer(caption)
        let circle = Layer()
        circle.backgroundColor = .black
        circle.position = CGPoint(x: 120, y: 80)
        circle.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        circle.cornerRadius = 150
        picture.mask = circle
        let grow = BasicAnimation(.bounds, from: CGRect(x: 0, y: 0, width: 0, height: 0),
                                  to: CGRect(x: 0, y: 0, width: 300, height: 300), duration: 1.6,
                                  timingFunction: MediaTimingFunction(name: .easeInEaseOut))
        let round = BasicAnimation(.cornerRadius, from: 0, to: 150, duration: 1.6,
                                   timingFunction: MediaTimingFunction(name: .easeInEaseOut))
        for animation in [grow, round] as [Animation] {
            animation.repeatCount = .infinity
            animation.autoreverses = true
        }
        circle.add(grow, forKey: "grow")
        circle.add(round, forKey: "round")
        cell.addSublayer(picture)
        return cell
    }

    private func fadeCell() -> Layer {
        let cell = makeCell("group opacity · rotating text")
        let group = solid(CGRect(x: 40, y: 30, width: 220, height: 150), Color(rgb: 0x34C759))
        group.cornerRadius = 12
        group.borderWidth = 4
        group.borderColor = Color(rgb: 0x1E7B34)
        group.addSublayer(solid(CGRect(x: 20, y: 20, width: 110, height: 110), Color(rgb: 0xFF3B30)))
        let label = Layer()
        label.frame = CGRect(x: 40, y: 55, width: 180, height: 40)
        label.contents = .text(TextContents("Hello, Linux", fontSize: 24, color: .black, alignment: .center, isBold: true))
        group.addSublayer(label)
        cell.addSublayer(group)
        let fade = BasicAnimation(.opacity, from: 1, to: 0.25, duration: 1.5)
        fade.repeatCount = .infinity
        fade.autoreverses = true
        group.add(fade, forKey: "fade")
        let spin = BasicAnimation(.transformRotationZ, from: -0.3, to: 0.3, duration: 2)
        spin.repeatCount = .infinity
        spin.autoreverses = true
        label.add(spin, forKey: "spin")
        return cell
    }

    private func solid(_ frame: CGRect, _ color: Color) -> Layer {
        let layer = Layer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }
}
