import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// The keys the demo app and the gallery share (``SceneKeys``), as the key table of the article Desktop input gives them:
/// Return pushes, Backspace pops, P presents a sheet, Escape dismisses it and, with none, quits (unless
/// quitting on Escape is off), S toggles slow motion, H the HUD — the same in both scenes.
@MainActor
@Suite struct SceneKeysTests {
    static let size = CGSize(width: 800, height: 600)
    /// Frames for an animated transition (0.4 s at 60 Hz) to land, with room to spare.
    static let settleFrames = 60

    enum Scene: String, CaseIterable { case demo, gallery }

    /// The scene's window, its selected stack at launch, and a way to press a key and run frames.
    @MainActor
    final class Run {
        let host: HeadlessHost<Window>
        let window: any SheetScene
        let stack: NavigationController
        private var time = 0.0

        init(_ scene: Scene) {
            host = HeadlessHost(size: SceneKeysTests.size) { clock, size in
                switch scene {
                case .demo: DemoWindow(clock: clock, size: size)
                case .gallery: GalleryWindow(clock: clock, size: size)
                }
            }
            switch host.window {
            case let w as DemoWindow: window = w; stack = w.stacks[0]
            case let w as GalleryWindow: window = w; stack = w.effectsStack
            default: preconditionFailure("the scene's window")
            }
            frames(1)
        }

        func frames(_ n: Int) { host.frames(n) }

        /// Presses and releases `key`, then runs `settle` frames.
        func press(_ key: Key, settle: Int = SceneKeysTests.settleFrames) {
            time += 1
            host.press(key, at: time)
            frames(settle)
        }
    }

    @Test(arguments: Scene.allCases) func returnPushesAndBackspacePops(_ scene: Scene) {
        let run = Run(scene)
        #expect(run.stack.viewControllers.count == 1)
        run.press(.returnKey)
        #expect(run.stack.viewControllers.count == 2)
        run.press(.backspace)
        #expect(run.stack.viewControllers.count == 1)
    }

    @Test(arguments: Scene.allCases) func pPresentsASheetAndEscapeDismissesItThenQuits(_ scene: Scene) {
        let run = Run(scene)
        run.press(Key("P"))
        let sheet = run.window.topSheet
        #expect(sheet != nil && sheet?.presentingViewController != nil)
        run.press(.escape)
        #expect(run.window.topSheet == nil && sheet?.presentingViewController == nil)
        #expect(!run.window.wantsToQuit)
        run.press(.escape, settle: 1)
        #expect(run.window.wantsToQuit)
    }

    @Test(arguments: Scene.allCases) func escapeWithNoSheetDoesNotQuitWhenQuittingIsOff(_ scene: Scene) {
        let run = Run(scene)
        switch run.window {
        case let w as DemoWindow: w.quitsOnEscape = false
        case let w as GalleryWindow: w.quitsOnEscape = false
        default: Issue.record("unexpected window \(run.window)")
        }
        run.press(.escape, settle: 1)
        #expect(!run.window.wantsToQuit)
    }

    @Test(arguments: Scene.allCases) func sTogglesSlowMotionAndHTheHUD(_ scene: Scene) {
        let run = Run(scene)
        #expect(!run.window.isSlowAnimationsEnabled && !run.window.overlay.showsHUD)
        run.press(Key("S"), settle: 1)
        run.press(Key("H"), settle: 1)
        #expect(run.window.isSlowAnimationsEnabled && run.window.overlay.showsHUD)
        run.press(Key("S"), settle: 1)
        run.press(Key("H"), settle: 1)
        #expect(!run.window.isSlowAnimationsEnabled && !run.window.overlay.showsHUD)
    }
}
