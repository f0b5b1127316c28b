import SegueUI

/// The keys the demo app and the gallery both answer, made once so that they stay bound alike (the key
/// table of the article "Desktop input", SegueSDL's documentation, lists them): Return pushes a page,
/// Backspace pops, P presents a sheet, D a page sheet with detents, S toggles slow motion, A toggles Reduce Motion, Escape dismisses the top sheet (or quits),
/// H toggles the HUD. Each scene's tab bar
/// controller adds its own keys after these (the keys differ, so the order decides nothing).
@MainActor
enum SceneKeys {
    /// The key that toggles Reduce Motion (A, for accessibility; D is the detent sheet's).
    static let reduceMotionKey = Key("A")

    /// The shared commands, each acting on the scene `scene` gives when its key goes down (nil: the scene
    /// is gone, and the key does nothing).
    static func commands(for scene: @escaping @MainActor () -> (any SheetScene)?) -> [KeyCommand] {
        [
            KeyCommand(input: .returnKey, title: "Push a page", repeats: false) { scene()?.pushPage() },
            KeyCommand(input: .backspace, title: "Pop", repeats: false) { scene()?.popPage() },
            KeyCommand(input: Key("P"), title: "Present a sheet", repeats: false) { scene()?.presentSheet() },
            KeyCommand(input: Key("D"), title: "Present a page sheet with detents", repeats: false) { scene()?.presentDetentSheet() },
            KeyCommand(input: Key("S"), title: "Slow motion", repeats: false) { scene()?.isSlowAnimationsEnabled.toggle() },
            KeyCommand(input: reduceMotionKey, title: "Reduce Motion", repeats: false) { scene()?.isReduceMotionEnabled.toggle() },
            KeyCommand(input: .escape, title: "Dismiss the sheet, or quit", repeats: false) { scene()?.dismissSheetOrQuit() },
            KeyCommand(input: Key("H"), title: "HUD", repeats: false) { scene()?.overlay.showsHUD.toggle() },
        ]
    }
}
