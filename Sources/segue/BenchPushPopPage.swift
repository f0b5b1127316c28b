import SegueAnimation
import SegueUI

/// One page of the peers' push/pop workload (../shared/peers/README.md): a full-window view holding a
/// column of 100 rows, each a 24x24 rounded swatch view and a ``SegueUI/Label`` "Page n · Row i", 32
/// points a row (25 rows visible in 800 points), on the page's background colour.
///
/// The column is a plain view, not a scroll view: the peers' pages are scrollable but nobody scrolls
/// them in the workload. With `rasterized`, the page view's layer sets `shouldRasterize`, as an iOS
/// developer would for a page that slides without changing.
@MainActor
final class BenchPushPopPage: ViewController {
    /// Rows per page, as in the peers.
    static let rowCount = 100
    /// Row height, swatch side and corner radius, label font size, left padding and spacing, in points
    /// (the peers' `qt_stackview.qml`: height 32, 24x24 radius 4, 15 px, padding 16, spacing 12).
    static let rowHeight = 32.0, swatchSide = 24.0, swatchRadius = 4.0, labelFontSize = 15.0
    static let leftPadding = 16.0, spacing = 12.0
    /// Page backgrounds (the peers': #fafafa and #eef3ff).
    static let pageColors: [UInt32] = [0xFAFAFA, 0xEEF3FF]
    /// Swatch saturation and lightness (the peers' `Qt.hsla(index / 100, 0.65, 0.5)`).
    static let swatchSaturation = 0.65, swatchLightness = 0.5

    /// The page's number, 1 or 2 (its background and its labels).
    let number: Int
    /// Whether the page view's layer is rasterized (`shouldRasterize`).
    let rasterized: Bool

    /// Page `number` (1 or 2), rasterized or drawn view by view.
    init(number: Int, rasterized: Bool) {
        precondition(Self.pageColors.indices.contains(number - 1), "BenchPushPopPage: page 1 or 2")
        self.number = number
        self.rasterized = rasterized
        super.init()
        title = "Page \(number)"
    }

    /// The column of rows, laid out by autoresizing (the page fills the navigation
    /// controller's transition view; the rows follow its width).
    override func viewDidLoad() {
        super.viewDidLoad()
        let page = view!
        page.backgroundColor = Color(rgb: Self.pageColors[number - 1])
        page.clipsToBounds = true
        page.layer.shouldRasterize = rasterized
        let width = page.bounds.width
        let column = View(frame: CGRect(x: 0, y: 0, width: width, height: Double(Self.rowCount) * Self.rowHeight))
        column.autoresizingMask = [.flexibleWidth]
        for i in 0..<Self.rowCount {
            column.addSubview(makeRow(i, width: width))
        }
        page.addSubview(column)
    }

    /// Row `i` (from 0): the swatch, vertically centred, and the label after it, filling the rest.
    private func makeRow(_ i: Int, width: Double) -> View {
        let row = View(frame: CGRect(x: 0, y: Double(i) * Self.rowHeight, width: width, height: Self.rowHeight))
        row.autoresizingMask = [.flexibleWidth]
        let swatch = View(frame: CGRect(x: Self.leftPadding, y: (Self.rowHeight - Self.swatchSide) / 2,
                                        width: Self.swatchSide, height: Self.swatchSide))
        swatch.layer.cornerRadius = Self.swatchRadius
        swatch.backgroundColor = Color(hue: Double(i) / Double(Self.rowCount), saturation: Self.swatchSaturation,
                                       lightness: Self.swatchLightness)
        let labelX = Self.leftPadding + Self.swatchSide + Self.spacing
        let label = Label(frame: CGRect(x: labelX, y: 0, width: width - labelX, height: Self.rowHeight),
                          text: "Page \(number) · Row \(i + 1)")
        label.font = Font.systemFont(ofSize: Self.labelFontSize)
        label.autoresizingMask = [.flexibleWidth]
        row.addSubview(swatch)
        row.addSubview(label)
        return row
    }
}
