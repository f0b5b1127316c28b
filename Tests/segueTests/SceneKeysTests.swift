import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// The keys the demo app and the gallery share (``SceneKeys``), as the README's key table gives them:
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
        let clock = VirtualClock()
        let window: any SheetScene
        let stack: NavigationController
        private var time = 0.0

        init(_ scene: Scene) {
            switch scene {
            case .demo:
                let w = DemoWindow(clock: clock, size: SceneKeysTests.size)
                window = w; stack = w.stacks[0]
            case .gallery:
                let w = GalleryWindow(clock: clock, size: SceneKeysTests.size)
                window = w; stack = w.effectsStack
            }
            frames(1)
        }

        func frames(_ n: Int) { for _ in 0..<n { clock.advance(frames: 1); window.runFrame() } }

        /// Presses and releases `key`, then runs `settle` frames.
        func press(_ key: Key, settle: Int = SceneKeysTests.settleFrames) {
            time += 1
            window.handle(.key(KeyEvent(key: key, isDown: true, timestamp: time)))
            window.handle(.key(KeyEvent(key: key, isDown: false, timestamp: time)))
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
