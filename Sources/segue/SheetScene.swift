import SegueUI

/// A window of one of `segue`'s app-like scenes, the demo app (``DemoWindow``) and the gallery
/// (``GalleryWindow``): a tab bar controller of navigation stacks with sheets presented on top, and a
/// HUD. The keys the two share (``SceneKeys``) act on it.
@MainActor
protocol SheetScene: Window {
    /// The HUD (H toggles it).
    var overlay: DemoOverlay { get }
    /// Whether Escape with no sheet shown quits (the monkey and the inspector turn it off).
    var quitsOnEscape: Bool { get }
    /// The controller sheets are presented over (the tab bar controller).
    var sheetRoot: ViewController { get }
    /// The top-most sheet shown now (nil: none).
    var topSheet: ViewController? { get }
    /// Pushes a page on the selected tab's stack, where the scene pushes (Return).
    func pushPage()
    /// Pops the selected tab's top page, animated (Backspace).
    func popPage()
    /// Presents the scene's next sheet (P), through ``presentOnTop(_:)``.
    func presentSheet()
    /// Presents the next sheet as iOS's stock page sheet with medium and large detents and a grabber (D),
    /// through ``presentOnTop(_:)``.
    func presentDetentSheet()
    /// The input that started, or last caught, the running transition (the HUD names it).
    var drivingInput: InputSource? { get set }
}

extension SheetScene {
    /// Notes what drives the transitions: a transition that begins is driven by the window's latest input;
    /// a pointer down while one runs (a catch) drives it from then on. Call with every transition event
    /// (`began`: the event's transition began) and after handling every input.
    func noteTransitionBegan() {
        drivingInput = lastInputSource
    }

    func noteInput(_ event: InputEvent, transitionRunning: Bool) {
        if case .pointer(let p) = event, p.phase == .down, p.pointerID == 0, transitionRunning { drivingInput = p.source }
    }

    /// The controllers of type `Sheet` presented over ``sheetRoot`` now, bottom first.
    func presented<Sheet: ViewController>(_: Sheet.Type) -> [Sheet] {
        var result: [Sheet] = []
        var controller = sheetRoot.presentedViewController
        while let c = controller {
            if let sheet = c as? Sheet { result.append(sheet) }
            controller = c.presentedViewController
        }
        return result
    }

    /// Presents `sheet`, animated, from the top-most presented controller (``sheetRoot`` when none).
    func presentOnTop(_ sheet: ViewController) {
        var top = sheetRoot
        while let next = top.presentedViewController { top = next }
        top.present(sheet, animated: true)
    }

    /// Dismisses the top-most sheet, or quits when none is shown and ``quitsOnEscape`` (Escape).
    func dismissSheetOrQuit() {
        guard let top = topSheet else {
            if quitsOnEscape { requestQuit() }
            return
        }
        top.dismiss(animated: true)
    }
}
