import Foundation
import SegueAnimation
import SegueUI

/// A page the gallery shows an effect on: a coloured header with a big title, then rows of text with
/// rounded thumbnails, like an app's detail page. Its id (`effects.page2`) names it in the replay trace.
@MainActor
class GalleryPage: ViewController {
    /// The header's height, in points.
    static let headerHeight: CGFloat = 150
    /// A row's height, in points (iOS's default table row).
    static let rowHeight: CGFloat = 44
    /// Rows under the header.
    static let rowCount = 8
    /// The thumbnails' side and corner radius, in points.
    static let thumbnailSide: CGFloat = 30
    static let thumbnailCornerRadius: CGFloat = 8
    /// Left inset of rows, in points (iOS's table inset).
    static let inset: CGFloat = 16
    /// The header colours, one per depth in turn (iOS's system colours: indigo, teal, pink, green, orange).
    static let palette: [Color] = [Color(rgb: 0x5856D6), Color(rgb: 0x30B0C7), Color(rgb: 0xFF2D55),
                                   Color(rgb: 0x34C759), Color(rgb: 0xFF9500)]

    /// Its id in the trace and the log (`effects.page2`, `sheet0`).
    private(set) var id: String
    /// Its depth (the header's colour follows it).
    private(set) var depth: Int
    let record: (String) -> Void
    /// The pinch that pops this page (pushed pages of the effects tab have one).
    var pinch: PinchInteractionController?
    /// For a page pushed on a stack: the id's prefix and the title's start, its depth following both.
    private let stackNaming: (prefix: String, titleStem: String)?

    init(id: String, depth: Int, title: String, record: @escaping (String) -> Void) {
        self.id = id
        self.depth = depth
        self.record = record
        stackNaming = nil
        super.init()
        self.title = title
    }

    /// A page for a stack: `<prefix>.page<depth>`, titled `<titleStem> <depth>`, its depth fixed when it
    /// joins the stack (a push queued behind a running pop, whose page has left the stack's list but not
    /// the screen, gets the depth it has when it runs: two pages never share an id).
    init(prefix: String, depth: Int, titleStem: String, record: @escaping (String) -> Void) {
        id = "\(prefix).page\(depth)"
        self.depth = depth
        self.record = record
        stackNaming = (prefix, titleStem)
        super.init()
        title = "\(titleStem) \(depth)"
    }

    override func willMove(toParent parent: ViewController?) {
        if let stack = parent as? NavigationController, let (prefix, stem) = stackNaming {
            depth = stack.viewControllers.count   // called as it joins, before it is in the stack
            id = "\(prefix).page\(depth)"
            title = "\(stem) \(depth)"
        }
        super.willMove(toParent: parent)
    }

    var color: Color { Self.palette[depth % Self.palette.count] }
    /// The views that span the page's width, with their left inset.
    private var fullWidth: [(view: View, inset: CGFloat)] = []

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        for (piece, inset) in fullWidth { piece.frame.size.width = max(view.bounds.width - inset, 0) }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        // Full-width pieces follow the page's width (viewDidLayoutSubviews): wider ones would stick out of a
        // page that an effect turns in 3D.
        let header = View(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: Self.headerHeight))
        fullWidth.append((header, 0))
        header.backgroundColor = color
        view.addSubview(header)
        let big = Label(frame: CGRect(x: Self.inset, y: Self.headerHeight - 60, width: 600, height: 44))
        big.text = title
        big.font = Font.boldSystemFont(ofSize: 34)
        big.textColor = .white
        view.addSubview(big)
        for row in 0..<Self.rowCount {
            let y = Self.headerHeight + CGFloat(row) * Self.rowHeight
            let thumbnail = View(frame: CGRect(x: Self.inset, y: y + (Self.rowHeight - Self.thumbnailSide) / 2,
                                               width: Self.thumbnailSide, height: Self.thumbnailSide))
            thumbnail.backgroundColor = Self.palette[(depth + row + 1) % Self.palette.count]
            thumbnail.layer.cornerRadius = Self.thumbnailCornerRadius
            view.addSubview(thumbnail)
            let label = Label(frame: CGRect(x: Self.inset * 2 + Self.thumbnailSide, y: y, width: 500, height: Self.rowHeight))
            label.text = "\(title ?? id) · Item \(row + 1)"
            view.addSubview(label)
            let separator = View(frame: CGRect(x: Self.inset, y: y + Self.rowHeight - 1, width: view.bounds.width, height: 1))
            fullWidth.append((separator, Self.inset))
            separator.backgroundColor = Color(white: 0.9)
            view.addSubview(separator)
        }
    }

    override func viewWillAppear(_ animated: Bool) { record("\(id).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) {
        record("\(id).viewDidAppear")
        // The page's pinch drives its stack's effect while it is the top page.
        if let pinch { navigationController?.effectInteractionController = pinch }
    }
    override func viewWillDisappear(_ animated: Bool) { record("\(id).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { record("\(id).viewDidDisappear") }
}
