import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// The benchmark's scenes: two full-window pages of 100 views with text each, sliding and rotating
/// (rasterized or not); or, as the yardstick, one full-window texture sliding the same way.
@MainActor
final class BenchScene: HostedScene {
    enum Content {
        case pages(rasterized: Bool)
        case fullWindowTexture
    }

    /// With `--blur`: blur views over the moving pages, a bar across the top and a rounded panel in the
    /// middle, of the system material's radius and tint (`BlurEffect.Style.systemMaterial`).
    static let blurBarHeight: CGFloat = 100
    static let blurPanelSize = CGSize(width: 400, height: 240)
    static let blurPanelCornerRadius: CGFloat = 20

    /// Views per page side: 10 x 10 = 100 views per page.
    static let gridSide = 10
    /// Seconds for one slide of the pages (then they slide back).
    static let slideDuration = 2.5

    let layerTree: LayerTree
    let wantsToQuit = false
    private let content: Content
    /// Whether blur views lie over the pages (`--blur`).
    private let blurs: Bool
    /// The size the scene was last built for: the host lays the scene out again at the start of each
    /// run, and rebuilding it then (new layers, so new rasterizations) would put that work in the first
    /// measured frame.
    private var builtSize: CGSize?

    init(clock: FrameClock, content: Content, blurs: Bool = false) {
        self.content = content
        self.blurs = blurs
        let root = Layer()
        root.backgroundColor = Color(white: 0.1)
        layerTree = LayerTree(root: root, clock: clock)
    }

    func resize(to size: CGSize) {
        guard size != builtSize else { return }
        builtSize = size
        let root = layerTree.root
        root.frame = CGRect(origin: .zero, size: size)
        for sublayer in root.sublayers { sublayer.removeFromSuperlayer() }
        switch content {
        case .pages(let rasterized):
            let back = page(size, tint: Color(rgb: 0xE5F0FF), rasterized: rasterized)
            let front = page(size, tint: Color(rgb: 0xFFF3E0), rasterized: rasterized)
            root.addSublayer(back)
            root.addSublayer(front)
            slide(back, size, fromX: 0, toX: -0.25 * size.width, fromAngle: 0, toAngle: -0.05)
            slide(front, size, fromX: 0.6 * size.width, toX: 0.2 * size.width, fromAngle: 0.06, toAngle: 0)
        case .fullWindowTexture:
            let sheet = Layer()
            sheet.frame = CGRect(origin: .zero, size: size)
            let w = Int(size.width), h = Int(size.height)
            sheet.contents = .bitmap(Bitmap(width: w, height: h) { x, y in
                Color(red: Double(x % 256) / 255, green: Double(y % 256) / 255, blue: 0.6)
            })
            root.addSublayer(sheet)
            slide(sheet, size, fromX: 0, toX: -0.25 * size.width, fromAngle: 0, toAngle: -0.05)
        }
        if blurs {
            let style = BlurEffect.Style.systemMaterial
            let bar = Layer()
            bar.frame = CGRect(x: 0, y: 0, width: size.width, height: Self.blurBarHeight)
            let panel = Layer()
            panel.frame = CGRect(x: (size.width - Self.blurPanelSize.width) / 2, y: (size.height - Self.blurPanelSize.height) / 2,
                                 width: Self.blurPanelSize.width, height: Self.blurPanelSize.height)
            panel.cornerRadius = Self.blurPanelCornerRadius
            for layer in [bar, panel] {
                layer.backdropBlurRadius = style.blurRadius
                layer.backgroundColor = style.tintColor
                root.addSublayer(layer)
            }
        }
    }

    func handle(_ event: InputEvent) {
        if case .window(.resized(let size)) = event { resize(to: size) }
    }
    func runQueuedWork() {}
    func layoutIfNeeded() {}

    /// A full-window page: a grid of rounded views, each with a title and a subtitle.
    private func page(_ size: CGSize, tint: Color, rasterized: Bool) -> Layer {
        let page = Layer()
        page.frame = CGRect(origin: .zero, size: size)
        page.backgroundColor = tint
        page.shadowOpacity = 0.3
        page.shadowRadius = 12
        page.shouldRasterize = rasterized
        let side = Self.gridSide
        let cellW = size.width / Double(side), cellH = size.height / Double(side)
        for row in 0..<side {
            for column in 0..<side {
                let view = Layer()
                view.frame = CGRect(x: Double(column) * cellW + 4, y: Double(row) * cellH + 4,
                                  width: cellW - 8, height: cellH - 8)
                view.backgroundColor = .white
                view.cornerRadius = 8
                view.borderWidth = 1
                view.borderColor = Color(white: 0.8)
                let label = Layer()
                label.frame = CGRect(x: 6, y: 4, width: cellW - 20, height: cellH - 16)
                label.contents = .text(TextContents("Item \(row * side + column + 1)", fontSize: 14, color: .black))
                view.addSublayer(label)
                page.addSublayer(view)
            }
        }
        return page
    }

    private func slide(_ layer: Layer, _ size: CGSize, fromX: Double, toX: Double, fromAngle: Double, toAngle: Double) {
        let move = BasicAnimation(.positionX, from: size.width / 2 + fromX, to: size.width / 2 + toX,
                                  duration: Self.slideDuration, timingFunction: MediaTimingFunction(name: .easeInEaseOut))
        let turn = BasicAnimation(.transformRotationZ, from: fromAngle, to: toAngle, duration: Self.slideDuration,
                                  timingFunction: MediaTimingFunction(name: .easeInEaseOut))
        for animation in [move, turn] as [Animation] {
            animation.repeatCount = .infinity
            animation.autoreverses = true
        }
        layer.add(move, forKey: "slide")
        layer.add(turn, forKey: "turn")
    }
}
