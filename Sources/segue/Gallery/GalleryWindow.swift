import Foundation
import SegueAnimation
import SegueSDL
import SegueUI

/// `segue gallery`: every effect of the catalogue (``TransitionEffect/catalogue``), shown in each
/// container on app-like pages, through the one-line adoption (`NavigationController.transitionEffect`,
/// `TabBarController.transitionEffect`, `ViewController.modalTransitionEffect`). Tab "Effects" lists them;
/// choosing one (a click, Up/Down, E) makes it the effect of every push and pop there, of the tab switches
/// and of the sheets. Tab "Photos" is a collection view of photos: a tap pushes bigger ones with a
/// layout-to-layout transition, a tap at the biggest zooms the photo out of its cell (a drag down, or
/// Backspace, zooms it back). Tab "Matched" has contacts whose avatars fly to their detail page (matched
/// geometry) while the rest of the pages plays the chosen effect.
///
///
/// - Return pushes a page, Backspace pops, a drag from the left edge scrubs the pop (any effect);
/// - Space plays the effect there and back (a push, then a pop when it lands);
/// - Left/Right switch tabs, a horizontal swipe in the content drives the switch;
/// - P presents a sheet, D iOS's stock page sheet (medium and large detents, a grabber), B a sheet out of a bubble (``BubbleDemoTransition``), F a sheet by flipping a card
///   (``FlipDemoTransition``), Escape dismisses it (or quits when there is none);
/// - U pushes the blur page (``BlurDemoPage``: blur views of several styles over moving colour; a tap
///   fades a blur out and back) on the selected tab;
/// - S slows every animation down, H shows the HUD (timings, the transition and its progress, the effect).
///
/// Traced like the demo app (`segue replay --scene gallery`): `tab`, the selected tab's `stack`
/// (`effects.page0`...), `modal` (`sheet0`...), the running transition, the pages' frames, the log.
@MainActor
final class GalleryWindow: Window, TraceableScene, SheetScene {
    /// The tabs' titles.
    static let tabTitles = ["Effects", "Photos", "Matched"]

    let effects: [TransitionEffect]
    let tabs: GalleryTabBarController
    /// The effects tab's stack.
    let effectsStack: GalleryNavigationController
    /// The three tabs' stacks.
    let stacks: [NavigationController]
    let list: EffectListPage
    private let matched = MatchedGeometryDemo()
    /// The index of the chosen effect in ``effects``.
    private(set) var chosen = 0
    var quitsOnEscape = true
    /// The HUD (H): frame timings, the transition, the effect, the keys.
    let overlay = DemoOverlay()
    /// The window's frame timings for the HUD (nil headless).
    var statisticsSource: (() -> FrameStatistics)?
    /// The renderer the HUD names (nil: not shown).
    var rendererDescription: String?
    /// The raster caches' hits and misses the HUD shows (nil: not shown).
    var rasterCacheSource: (() -> String)?
    /// The gallery's keys, as the HUD lists them.
    static let keyLines = [
        "H HUD · S slow motion · ↑/↓ or E effect · Space there and back",
        "Return push · Backspace pop · a drag from the left edge scrubs",
        "←/→ tabs · P sheet · D detent sheet · B bubble · F card flip · T titles",
        "Esc dismiss/quit · A reduce motion · back button or Alt+← pop · U blur",
        "a trackpad swipe drags like a finger",
    ]
    private var log: [String] = []
    private var sheetCount = 0
    /// Whether the push under way was started by Space (a pop follows when it lands).
    private var roundTrip = false

    init(clock: FrameClock, size: CGSize, effects: [TransitionEffect] = TransitionEffect.catalogue) {
        precondition(!effects.isEmpty, "the gallery needs at least one effect")
        self.effects = effects
        var record: (String) -> Void = { _ in }
        list = EffectListPage(effects: effects, id: "effects.page0") { record($0) }
        effectsStack = GalleryNavigationController(rootViewController: list, prefix: "effects")
        let photos = PhotoGridPage()
        stacks = [effectsStack, NavigationController(rootViewController: photos), matched.navigationController]
        for (index, nav) in stacks.enumerated() { nav.tabBarItem = TabBarItem(title: Self.tabTitles[index], tag: index) }
        tabs = GalleryTabBarController()
        tabs.showSceneTabs(stacks)
        super.init(clock: clock, size: size)
        record = { [unowned self] entry in self.log.append(entry) }
        let observe: (ContainerTransition, ContainerTransition.Event) -> Void = { [unowned self] transition, event in
            let word = event == .began ? "begin" : event == .finished ? "finish" : "cancel"
            self.log.append("transition.\(word):\(transition.kind.rawValue)")
            if event == .began { self.noteTransitionBegan() }
            if self.roundTrip, transition.kind == .push, event != .began {
                self.roundTrip = false
                if event == .finished { _ = self.selectedStack.popViewController(animated: true) }
            }
        }
        effectsStack.record = record
        for nav in stacks { nav.transitionObserver = observe }
        photos.openPhoto = { [unowned self] page, indexPath in self.zoom(into: indexPath, of: page) }
        tabs.transitionObserver = observe
        modalPresentations.transitionObserver = observe
        tabs.gallery = self
        list.onChoose = { [unowned self] index in
            self.choose(index)
            self.pushPage()
        }
        rootViewController = tabs
        layer.addSublayer(overlay.root)
        choose(0)
    }

    /// With the HUD shown, also a frame when its timing line is due for a refresh (as ``DemoWindow``'s).
    override var nextFrameRequest: FrameRequest {
        guard overlay.showsHUD else { return super.nextFrameRequest }
        return super.nextFrameRequest.earliest(.at(layerTree.clock.now + DemoWindow.hudTimingRefreshInterval))
    }

    override func willRender() {
        overlay.keepOnTop(of: layer)
        guard overlay.showsHUD else { return }
        var readout = HUDReadout(timing: statisticsSource.flatMap { DemoWindow.timing($0()) },
                                 transition: traceSnapshot().transition, timeScale: layerTree.timeScale, animator: effect.name,
                                 renderer: rendererDescription, rasterCache: rasterCacheSource?(), recording: nil)
        readout.animatorFormat = "effect: %@ (\(chosen + 1) of \(effects.count); ↑/↓ or E)"
        readout.keyLines = Self.keyLines
        readout.input = drivingInput
        readout.reduceMotion = isReduceMotionEnabled
        overlay.showHUD(readout, in: bounds)
    }

    /// The input that started, or last caught, the running transition.
    var drivingInput: InputSource?

    override func handle(_ event: InputEvent) {
        super.handle(event)
        let running = modalPresentations.currentTransition ?? tabs.currentTransition ?? selectedStack.currentTransition
        noteInput(event, transitionRunning: running != nil)
    }

    /// The chosen effect.
    var effect: TransitionEffect { effects[chosen] }

    /// Makes effect `index` the one every container plays.
    func choose(_ index: Int) {
        chosen = (index % effects.count + effects.count) % effects.count
        list.highlight(chosen)
        effectsStack.transitionEffect = effect
        tabs.transitionEffect = effect
        matched.delegate.rest = effect
        log.append("effect:\(effect.name)")
    }

    var selectedStack: NavigationController {
        stacks[min(max(tabs.selectedIndex, 0), stacks.count - 1)]
    }

    /// Pushes a page with the chosen effect on the effects tab (Return on the other tabs does nothing).
    func pushPage() {
        guard selectedStack === effectsStack else { return }
        effectsStack.pushPage()
    }

    /// Zooms photo `indexPath` of the grid out of its cell into a photo page with UIKit 18's API
    /// (`preferredTransition = .zoom`, Apple's documented code: the provider returns the cell showing the
    /// item now; the photo lines up with the cell through `alignmentRectProvider`); its drag down, its
    /// swipe from leading to trailing or its pinch in zooms it back, and its details list scrolls until
    /// it is at its top, where a drag down dismisses.
    func zoom(into indexPath: IndexPath, of page: PhotoGridPage) {
        guard let navigation = page.navigationController else { return }
        let photo = ZoomPhotoPage(color: PhotoCell.color(of: indexPath.item))
        photo.fillsWidth = true
        photo.showsDetails = true
        let collectionView = page.collectionView
        let options = ViewController.Transition.ZoomOptions()
        options.alignmentRectProvider = { context in
            let zoomed = context.zoomedViewController as! ZoomPhotoPage
            return zoomed.imageView.convert(zoomed.imageView.bounds, to: zoomed.view)
        }
        photo.preferredTransition = .zoom(options: options) { [weak collectionView] _ in
            collectionView?.cellForItem(at: indexPath)
        }
        navigation.pushViewController(photo, animated: true)
    }

    /// Pushes the blur page (``BlurDemoPage``) on the selected tab.
    func pushBlurPage() {
        guard selectedStack.currentTransition == nil else { return }
        selectedStack.pushViewController(BlurDemoPage(), animated: true)
    }

    /// Plays the effect there and back: a push, then a pop once it has landed.
    func playRoundTrip() {
        guard selectedStack === effectsStack, selectedStack.currentTransition == nil else { return }
        roundTrip = true
        pushPage()
    }

    /// The sheets presented now, bottom first.
    var sheets: [GallerySheet] { presented(GallerySheet.self) }

    var sheetRoot: ViewController { tabs }
    var topSheet: ViewController? { sheets.last }

    func popPage() { _ = selectedStack.popViewController(animated: true) }

    /// The bubble presentation of B (held here: a controller holds its transitioning delegate weakly).
    private let bubble = BubbleDemoTransition()

    /// Presents a sheet growing out of a bubble from near the bottom right corner (B).
    func presentBubbleSheet() {
        bubble.startingPoint = CGPoint(x: bounds.width - Self.bubbleInset, y: bounds.height - Self.bubbleInset)
        bubble.bubbleColor = GalleryPage.palette[(sheetCount + 2) % GalleryPage.palette.count]
        presentSheet(with: bubble, style: .custom)
    }

    /// The card flip of F (held here: a controller holds its transitioning delegate weakly).
    private let flip = FlipDemoTransition()

    /// Presents a sheet by flipping a card over in the middle of the window (F), full screen.
    func presentFlipSheet() {
        flip.cardFrame = CGRect(x: bounds.midX - Self.flipCardSize.width / 2, y: bounds.midY - Self.flipCardSize.height / 2,
                                width: Self.flipCardSize.width, height: Self.flipCardSize.height)
        presentSheet(with: flip, style: .fullScreen)
    }

    /// Presents the titles demo full screen (T): large titles in every display mode and the back title's
    /// shortening (``TitlesDemo``).
    func presentTitles() {
        let nav = TitlesDemo.makeNavigationController { [weak self] in
            self?.titles?.dismiss(animated: true)
        }
        nav.modalPresentationStyle = .fullScreen
        titles = nav
        presentOnTop(nav)
    }

    /// The titles demo while it is shown.
    private weak var titles: NavigationController?
    /// The titles demo's navigation controller while it is presented (tests).
    var presentedTitles: NavigationController? { titles }

    /// Presents the next sheet from the top-most controller with one of the gallery's own transitions.
    private func presentSheet(with transition: GalleryModalTransition, style: ModalPresentationStyle) {
        let sheet = GallerySheet(index: sheetCount, effect: effect) { [unowned self] in self.log.append($0) }
        sheetCount += 1
        sheet.modalTransitionEffect = nil
        sheet.transitioningDelegate = transition
        sheet.modalPresentationStyle = style
        presentOnTop(sheet)
    }

    /// The card the sheet flips out of, in points (a playing card's proportions).
    static let flipCardSize = CGSize(width: 200, height: 280)

    /// How far from the bottom right corner the bubble grows from, in points (about a tab bar button's centre).
    static let bubbleInset: CGFloat = 40

    /// Presents a sheet with the chosen effect from the top-most controller.
    func presentSheet() {
        let sheet = GallerySheet(index: sheetCount, effect: effect) { [unowned self] in self.log.append($0) }
        sheetCount += 1
        presentOnTop(sheet)
    }

    /// Presents iOS's stock page sheet (no effect) with medium and large detents and a grabber, from the
    /// top-most controller.
    func presentDetentSheet() {
        let sheet = GallerySheet(index: sheetCount, effect: nil) { [unowned self] in self.log.append($0) }
        sheetCount += 1
        presentOnTop(sheet)
    }

    // MARK: Trace

    func traceSnapshot() -> TraceFrame {
        let selected = selectedStack
        let navigation = TraceFrame(navigation: selected, in: self) { Self.id(of: $0) }
        var views = navigation.views
        var sheetControllers: [ViewController] = sheets
        if let t = modalPresentations.currentTransition {
            for key in [TransitionContextViewControllerKey.from, .to] {
                if let sheet = t.viewController(forKey: key) as? GallerySheet, !sheetControllers.contains(where: { $0 === sheet }) {
                    sheetControllers.append(sheet)
                }
            }
            // A full-screen presentation moves the presenter's page into the transition's container.
            if views.isEmpty, let page = selected.topViewController, let view = page.viewIfLoaded, view.window === self,
               let traced = TraceView(id: Self.id(of: page), view: view, in: self) {
                views.append(traced)
            }
        }
        for sheet in sheetControllers {
            if let view = sheet.viewIfLoaded, view.window === self, let traced = TraceView(id: Self.id(of: sheet), view: view, in: self) {
                views.append(traced)
            }
        }
        let running = modalPresentations.currentTransition ?? tabs.currentTransition ?? selected.currentTransition
        let transition = running.flatMap(TraceTransition.init)
        return TraceFrame(tab: tabs.selectedIndex, stack: navigation.stack, modal: sheets.map(\.id),
                          transition: transition, views: views)
    }

    static func id(of controller: ViewController) -> String {
        switch controller {
        case let page as GalleryPage: page.id
        case let page as EffectListPage: page.id
        case let grid as PhotoGridPage: "photos.level\(grid.level)"
        case is ZoomPhotoPage: "photos.photo"
        case is MatchedGeometryListPage: "matched.list"
        case let detail as MatchedGeometryDetailPage: "matched.detail\(detail.index)"
        case is BlurDemoPage: "blur"
        default: "\(type(of: controller))"
        }
    }

    func drainLog() -> [String] {
        defer { log.removeAll() }
        return log
    }
}

/// The gallery's tab bar controller: it answers the gallery's keys and switches tabs with the effect.
@MainActor
final class GalleryTabBarController: TabBarController {
    weak var gallery: GalleryWindow?

    override var keyCommands: [KeyCommand] {
        super.keyCommands + SceneKeys.commands { [weak self] in self?.gallery } + [
            KeyCommand(input: .space, title: "Play the effect there and back", repeats: false) { [weak self] in
                self?.gallery?.playRoundTrip()
            },
            KeyCommand(input: .down, title: "Next effect", repeats: false) { [weak self] in self?.chooseNext(1) },
            KeyCommand(input: Key("E"), title: "Next effect", repeats: false) { [weak self] in self?.chooseNext(1) },
            KeyCommand(input: Key("B"), title: "Present a sheet out of a bubble", repeats: false) { [weak self] in
                self?.gallery?.presentBubbleSheet()
            },
            KeyCommand(input: Key("F"), title: "Present a sheet by flipping a card", repeats: false) { [weak self] in
                self?.gallery?.presentFlipSheet()
            },
            KeyCommand(input: Key("T"), title: "Large titles and back titles", repeats: false) { [weak self] in
                self?.gallery?.presentTitles()
            },
            KeyCommand(input: .up, title: "Previous effect", repeats: false) { [weak self] in self?.chooseNext(-1) },
            KeyCommand(input: Key("U"), title: "Push the blur page", repeats: false) { [weak self] in
                self?.gallery?.pushBlurPage()
            },
        ]
    }

    private func chooseNext(_ step: Int) {
        guard let gallery else { return }
        gallery.choose(gallery.chosen + step)
    }
}

/// The effects tab's stack: pushes play its ``SegueUI/NavigationController/transitionEffect`` forwards,
/// pops backwards, and the edge pan scrubs them.
@MainActor
final class GalleryNavigationController: NavigationController {
    var record: (String) -> Void = { _ in }
    let prefix: String

    init(rootViewController: ViewController, prefix: String) {
        self.prefix = prefix
        super.init(rootViewController: rootViewController)
    }

    /// Pushes the next page. A pinch on it pops it (a ``SegueUI/PinchInteractionController``: hold Ctrl as
    /// the pointer goes down, then drag towards the page's centre), scrubbing the effect backwards.
    func pushPage() {
        let depth = viewControllers.count
        let name = transitionEffect?.name ?? "Page"
        let page = GalleryPage(prefix: prefix, depth: depth, titleStem: name.capitalized, record: record)
        let pinch = PinchInteractionController()
        pinch.wire(to: page, for: .pop)
        page.pinch = pinch
        pushViewController(page, animated: true)
    }


}

/// A sheet of the gallery, presented with the chosen effect through ``SegueUI/ViewController/modalTransitionEffect``
/// (presented forwards, dismissed backwards; the sheet and card effects bring their presentation
/// controllers); Escape or a drag down (a ``SegueUI/VerticalSwipeInteractionController``) dismisses it. Its id (`sheet0`...) names it in the trace.
@MainActor
final class GallerySheet: GalleryPage {
    /// A drag down dismisses the sheet, scrubbing its effect backwards.
    let dragDown = VerticalSwipeInteractionController()
    /// Whether this is the stock page sheet with detents (D).
    let isDetentSheet: Bool

    /// A sheet presented with `effect`, or (nil) iOS's stock page sheet: `.automatic`, configured before
    /// presenting as Apple's code does, with medium and large detents (resting at medium) and a grabber,
    /// dragged by the sheet's own pan.
    init(index: Int, effect: TransitionEffect?, record: @escaping (String) -> Void) {
        isDetentSheet = effect == nil
        super.init(id: "sheet\(index)", depth: index + 2, title: effect == nil ? "Detent sheet \(index + 1)" : "Sheet \(index + 1)",
                   record: record)
        guard let effect else {
            if let sheet = sheetPresentationController {
                sheet.detents = [.medium(), .large()]
                sheet.prefersGrabberVisible = true
            }
            return
        }
        modalTransitionEffect = effect
        modalTransitionEffectDelegate?.interactionController = dragDown
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        if !isDetentSheet { dragDown.wire(to: self, for: .dismiss) }
    }
}
