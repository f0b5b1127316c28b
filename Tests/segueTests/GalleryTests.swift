import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// `segue gallery`: every effect of the catalogue plays in the navigation stack, the tab switch and the
/// sheets, scrubbed and cancelled by the edge pan, and leaves the window exactly as it found it.
@MainActor
@Suite(.serialized) struct GalleryTests {
    static let size = CGSize(width: 800, height: 600)

    /// One view of the window at rest, as far as an effect could have changed it.
    struct ViewState: Equatable, CustomStringConvertible {
        let type: String
        let frame: CGRect
        let alpha: CGFloat
        let hidden: Bool
        let identity: Bool
        let masked: Bool
        let doubleSided: Bool
        let sublayers: Int
        var description: String {
            "\(type) \(frame) alpha \(alpha)\(hidden ? " hidden" : "")\(identity ? "" : " transformed")\(masked ? " masked" : "")"
                + "\(doubleSided ? "" : " single-sided") \(sublayers) sublayers"
        }
    }

    /// Every view of the window, depth first, with what an effect may change (the overlay-free window).
    static func states(of window: Window) -> [ViewState] {
        var result: [ViewState] = []
        func walk(_ view: View) {
            result.append(ViewState(type: "\(type(of: view))", frame: view.convert(view.bounds, to: window), alpha: view.alpha,
                                    hidden: view.isHidden, identity: view.transform3D == .identity, masked: view.layer.mask != nil,
                                    doubleSided: view.layer.isDoubleSided, sublayers: view.layer.sublayers.count))
            view.subviews.forEach(walk)
        }
        walk(window)
        return result
    }

    func run(_ effect: TransitionEffect, events: [ReplayEvent], duration: Double,
             at checkpoints: [Int: (GalleryWindow, TraceFrame) -> Void] = [:]) throws -> (GalleryWindow, [TraceFrame]) {
        let script = ReplayScript(size: Self.size, duration: duration, events: events)
        let driver = ReplayDriver(script: script)
        let window = GalleryWindow(clock: driver.clock, size: script.size, effects: [effect])
        // The key window is the "screen" a presented page's view loads at the size of (other tests' windows
        // may be alive).
        window.makeKey()
        var frames: [TraceFrame] = []
        _ = try driver.run(window, afterFrame: { _ in
            let frame = window.traceSnapshot()
            frames.append(frame)
            checkpoints[frames.count - 1]?(window, frame)
        })
        return (window, frames)
    }

    /// A drag from the left edge to `x` over ten frames, held, brought back near the edge and let go slowly
    /// (a cancelled interactive pop), starting at `t` ms.
    static func scrubAndCancel(at t: Double, to x: CGFloat) -> [ReplayEvent] {
        var events = [ReplayEvent(time: t, kind: .down(CGPoint(x: 5, y: 300)))]
        for step in 1...10 {
            events.append(ReplayEvent(time: t + Double(step) * 1000 / 60, kind: .move(CGPoint(x: 5 + (x - 5) * CGFloat(step) / 10, y: 300))))
        }
        let back = t + 11 * 1000 / 60 + 300
        for step in 1...10 {
            events.append(ReplayEvent(time: back + Double(step) * 1000 / 60,
                                      kind: .move(CGPoint(x: x - (x - 15) * CGFloat(step) / 10, y: 300))))
        }
        events.append(ReplayEvent(time: back + 11 * 1000 / 60 + 200, kind: .up(CGPoint(x: 15, y: 300))))
        return events
    }

    @Test(arguments: TransitionEffect.catalogue.map(\.name))
    func everyEffectPlaysInEveryContainerAndLeavesTheWindowAsItFoundIt(_ name: String) throws {
        let effect = try #require(TransitionEffect.catalogue.first { $0.name == name })
        // Push, pop, tab there and back, sheet there and back, push, scrub the pop and cancel it, pop.
        let keys: [(Double, String)] = [(0, "Return"), (700, "Backspace"), (1400, "Right"), (2100, "Left"),
                                        (2800, "P"), (3500, "Escape"), (4200, "Return")]
        var events = keys.map { ReplayEvent(time: $0.0, kind: .key($0.1)) }
        events += Self.scrubAndCancel(at: 4900, to: 400)
        let afterCancel = 6400.0
        events.append(ReplayEvent(time: afterCancel + 200, kind: .key("Backspace")))
        var atRest: [ViewState] = []
        var afterCancelStates: [ViewState] = []
        var midKinds: [String] = []
        let frameOf = { (ms: Double) in Int((ms * 60 / 1000).rounded(.up)) }
        var checkpoints: [Int: (GalleryWindow, TraceFrame) -> Void] = [:]
        var beforeScrub: [ViewState] = []
        checkpoints[frameOf(4900) - 1] = { window, _ in beforeScrub = Self.states(of: window) }
        // Mid-way through each animated transition (each takes 0.4 s; they start at the keys' frames).
        for (t, _) in keys { checkpoints[frameOf(t) + 12] = { _, frame in midKinds.append(frame.transition?.kind.rawValue ?? "none") } }
        checkpoints[frameOf(afterCancel)] = { window, frame in
            afterCancelStates = Self.states(of: window)
            #expect(frame.stack == ["effects.page0", "effects.page1"], "the cancelled pop keeps the pushed page")
            #expect(frame.transition == nil)
        }
        let (window, frames) = try run(effect, events: events, duration: afterCancel + 1200, at: checkpoints)
        atRest = Self.states(of: window)
        #expect(midKinds == ["push", "pop", "tab", "tab", "present", "dismiss", "push"])
        // The interactive pop was scrubbed: some frame shows it interacting past 0.3.
        #expect(frames.contains { $0.transition?.kind == .pop && $0.transition?.phase == .interacting && $0.transition!.percent > 0.3 })
        let last = try #require(frames.last)
        #expect(last.stack == ["effects.page0"] && last.modal == [] && last.tab == 0 && last.transition == nil)
        // At rest the window is as it was before anything ran: a fresh gallery, one frame in.
        let (fresh, _) = try run(effect, events: [], duration: 1000 / 60)
        let before = Self.states(of: fresh)
        let restsAsBefore = atRest == before
        #expect(restsAsBefore, "\(name): the window differs after the round trips: \(zip(atRest, before).filter { $0 != $1 }.prefix(3))")
        // After the cancelled pop, the window is exactly as it was before the drag: nothing transformed,
        // faded, hidden, masked or added.
        let cancelRestores = !beforeScrub.isEmpty && afterCancelStates == beforeScrub
        #expect(cancelRestores,
                "\(name): the window differs after the cancelled pop: \(zip(afterCancelStates, beforeScrub).filter { $0 != $1 }.prefix(3)), \(afterCancelStates.count) views, \(beforeScrub.count) before")
    }

    /// B presents a sheet out of a bubble from 40 pt inside the bottom right corner (BubbleTransition's way):
    /// a custom presentation whose page grows from that point to the whole window in 0.5 s, with a round
    /// bubble covering the window behind it; Escape shrinks it back there.
    @Test func bPresentsASheetOutOfABubbleAndEscapeShrinksItBack() throws {
        var bubble: CGRect?
        var mid: CGRect?
        let events = [ReplayEvent(time: 100, kind: .key("B")), ReplayEvent(time: 1300, kind: .key("Escape"))]
        // B is delivered in frame 6, where the presentation starts; 15 frames (0.25 s) on it is half way.
        let (window, frames) = try run(TransitionEffect.catalogue[0], events: events, duration: 2200, at: [21: { window, frame in
            mid = frame.views.first { $0.id == "sheet0" }?.frame
            bubble = window.subviews.last?.subviews.first { $0.layer.cornerRadius > 0 && $0.frame.width > 800 }?.frame
        }])
        // The ease-in-ease-out curve is at 0.5 at half time: the page scaled half way from 0.001 to 1 (0.5005),
        // its centre half way from the point.
        let point = CGPoint(x: Self.size.width - 40, y: Self.size.height - 40)
        let m = try #require(mid)
        #expect(abs(m.width - 0.5005 * Self.size.width) < 0.01 && abs(m.height - 0.5005 * Self.size.height) < 0.01)
        #expect(abs(m.midX - (point.x + (Self.size.width / 2 - point.x) / 2)) < 0.01)
        // The bubble covers the window: its diameter is twice the distance to the farthest corner (0, 0).
        let diameter = 2 * (point.x * point.x + point.y * point.y).squareRoot()
        let b = try #require(bubble)
        #expect(abs(b.width - diameter) < 1e-6 && abs(b.midX - point.x) < 1e-6 && abs(b.midY - point.y) < 1e-6)
        let shown = try #require(frames.first { $0.modal == ["sheet0"] && $0.transition == nil })
        #expect(shown.views.first { $0.id == "sheet0" }?.frame == CGRect(origin: .zero, size: Self.size))
        #expect(frames.contains { $0.transition?.kind == .dismiss })
        #expect(frames.last?.modal == [] && frames.last?.transition == nil)
        #expect(window.unbalancedAppearanceCallCount == 0)
    }

    /// F presents a sheet by flipping a card (Kodeco's flip tutorial's way): in the first third of 0.6 s the
    /// gallery turns edge-on and holds there (the cubic keyframes hold a value between the keyframes that
    /// change it), the sheet ends full screen; Escape flips it back and the gallery is face on again.
    @Test func fPresentsASheetByFlippingACardAndEscapeFlipsItBack() throws {
        var edgeOn: [Transform3D] = []
        let events = [ReplayEvent(time: 100, kind: .key("F")), ReplayEvent(time: 1300, kind: .key("Escape"))]
        // F is delivered in frame 6; a third of 0.6 s is 12 frames on, half of it 18.
        var checkpoints: [Int: (GalleryWindow, TraceFrame) -> Void] = [:]
        for frame in [18, 24, 29] { checkpoints[frame] = { window, _ in edgeOn.append(window.tabs.view.layer.renderedProperties.transform) } }
        let (window, frames) = try run(TransitionEffect.catalogue[0], events: events, duration: 2400, at: checkpoints)
        let quarterTurn = FlipDemoTransition.yRotation(.pi / 2)
        #expect(edgeOn.count == 3)
        for t in edgeOn {
            #expect(abs(t.m11 - quarterTurn.m11) < 1e-9 && abs(t.m13 - quarterTurn.m13) < 1e-9, "\(t)")
        }
        let shown = try #require(frames.first { $0.modal == ["sheet0"] && $0.transition == nil })
        #expect(shown.views.first { $0.id == "sheet0" }?.frame == CGRect(origin: .zero, size: Self.size))
        #expect(frames.contains { $0.transition?.kind == .dismiss })
        let last = try #require(frames.last)
        #expect(last.modal == [] && last.transition == nil)
        #expect(window.tabs.view.layer.transform == .identity && window.tabs.view.window === window)
    }

    /// The package's root (this file is Tests/segueTests/GalleryTests.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The name of an effect's script in Resources/scripts/gallery (as scripts/make-gallery-scripts.py
    /// names it).
    static func slug(_ name: String) -> String {
        var result = String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
        while result.contains("--") { result = result.replacingOccurrences(of: "--", with: "-") }
        return result.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    @Test func everyEffectHasAReplayScriptThatChoosesItAndPlaysItMidPushAtFrame30() throws {
        let directory = Self.packageRoot.appendingPathComponent("Resources/scripts/gallery")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        let catalogue = TransitionEffect.catalogue
        #expect(files == catalogue.map { Self.slug($0.name) + ".json" }.sorted(), "run scripts/make-gallery-scripts.py")
        for effect in catalogue {
            let script = try ReplayScript.load(contentsOfFile: directory.appendingPathComponent(Self.slug(effect.name) + ".json").path)
            let driver = ReplayDriver(script: script)
            let window = GalleryWindow(clock: driver.clock, size: script.size)
            var frames: [TraceFrame] = []
            var logs: [String] = []
            _ = try driver.run(window, afterFrame: { _ in
                frames.append(window.traceSnapshot())
                logs += window.drainLog()
            })
            #expect(logs.last { $0.hasPrefix("effect:") } == "effect:\(effect.name)")
            // Space starts the push in frame 30 - round(30 x duration), so frame 30 is its middle (within half
            // a frame): the percent is the fraction of the duration played (to the trace's 3 decimals).
            let duration = effect.animator(reverse: false).transitionDuration(using: nil)
            let start = 30 - Int((duration * 30).rounded())
            let expected = Double(30 - start) / 60 / duration
            let middle = try #require(frames.count > 30 ? frames[30] : nil)
            #expect(middle.transition?.kind == .push && abs((middle.transition?.percent ?? -1) - expected) < 5e-4 && abs(expected - 0.5) <= 0.5 / 60 / duration,
                    "\(effect.name): \(String(describing: middle.transition)), expected \(expected)")
            #expect(frames[start - 1].transition == nil && frames[start].transition?.kind == .push, "\(effect.name) starts in frame \(start)")
            #expect(frames.contains { $0.transition?.kind == .pop && $0.transition?.phase == .cancelling }, "\(effect.name): the scrubbed pop is let go and cancelled")
            let last = try #require(frames.last)
            #expect(last.stack == ["effects.page0"] && last.modal == [] && last.tab == 0 && last.transition == nil)
        }
    }

    @Test func theHUDNamesTheChosenEffectAndShowsTheTransitionAsTheTraceDoes() throws {
        let effects = TransitionEffect.catalogue
        let script = ReplayScript(size: Self.size, duration: 1000, events: [
            ReplayEvent(time: 0, kind: .key("H")), ReplayEvent(time: 0, kind: .key("E")), ReplayEvent(time: 100, kind: .key("Return")),
        ])
        let driver = ReplayDriver(script: script)
        let window = GalleryWindow(clock: driver.clock, size: script.size)
        var lines: [[String]] = []
        _ = try driver.run(window, afterFrame: { _ in lines.append(window.overlay.shownHUDLines) })
        // E chose the second effect (the first again when there is only one); Return pushed in frame 6, so
        // frame 18 is half-way through the 0.4 s effect.
        let chosen = effects.count > 1 ? 1 : 0
        #expect(lines[18].contains("effect: \(effects[chosen].name) (\(chosen + 1) of \(effects.count); ↑/↓ or E)"))
        #expect(lines[18].contains("push · animating · 50%"), "\(lines[18])")
        // The key lines close the HUD (a line wider than the panel goes on on the line under it).
        #expect(lines[18].joined(separator: " ").hasSuffix(GalleryWindow.keyLines.joined(separator: " ")), "\(lines[18])")
    }

    @Test func aSheetIsDraggedDownAndItsEffectScrubsBackwards() throws {
        // The cube: P presents a sheet with it; a slow drag down half the window, held, then let go.
        let index = try #require(TransitionEffect.catalogue.firstIndex { $0.name == "cube horizontal" })
        var events = (0..<index).map { _ in ReplayEvent(time: 0, kind: .key("Down")) }
        events.append(ReplayEvent(time: 0, kind: .key("P")))
        events.append(ReplayEvent(time: 1000, kind: .down(CGPoint(x: 400, y: 100))))
        for step in 1...30 {
            events.append(ReplayEvent(time: 1000 + Double(step) * 1000 / 60, kind: .move(CGPoint(x: 400, y: 100 + 10 * Double(step)))))
        }
        events.append(ReplayEvent(time: 1800, kind: .up(CGPoint(x: 400, y: 400))))
        let (_, frames) = try run(TransitionEffect.catalogue[index], events: events, duration: 3000)
        let scrubbed = frames.filter { $0.transition?.kind == .dismiss && $0.transition?.phase == .interacting }
        #expect(!scrubbed.isEmpty)
        // p = dy / H from where the drag was recognized (the slop, 14 points, is not counted).
        let deepest = try #require(scrubbed.map { $0.transition!.percent }.max())
        #expect(abs(deepest - (300 - 14) / 600) < 0.02, "\(deepest)")
        #expect(frames.contains { $0.transition?.kind == .dismiss && $0.transition?.phase == .finishing })
        #expect(frames.last?.modal == [] && frames.last?.transition == nil)
    }

    @Test func aPinchWithControlHeldPopsTheEffectsPage() throws {
        let host = HeadlessHost(size: Self.size) { GalleryWindow(clock: $0, size: $1) }
        let window = host.window
        func frames(_ n: Int) { host.frames(n) }
        func pointer(_ phase: PointerEvent.Phase, _ x: Double, at t: Double) {
            host.pointer(phase, CGPoint(x: x, y: 297.5), at: t, modifierFlags: .control)
        }
        host.key(.returnKey, at: 0)
        frames(60)
        #expect(window.effectsStack.viewControllers.count == 2)
        // The second touch is the pointer's mirror about the page's centre (400, 297.5): down 300 points
        // right of it, then halfway in.
        var t = 1.0
        pointer(.down, 700, at: t)
        var sawInteractivePop = false
        for step in 1...15 {
            t += 1.0 / 60
            pointer(.moved, 700 - 10 * Double(step), at: t)
            frames(1)
            if let tr = window.effectsStack.currentTransition, tr.kind == .pop, tr.phase == .interacting { sawInteractivePop = true }
        }
        frames(20)
        pointer(.up, 550, at: t + 0.4)
        frames(60)
        #expect(sawInteractivePop)
        #expect(window.effectsStack.viewControllers.count == 1 && window.effectsStack.currentTransition == nil)
    }

    /// Replays Resources/scripts/gallery-more/`name`.json in the gallery and returns each frame's trace.
    func runPhotosScript(_ name: String) throws -> [TraceFrame] {
        let script = try ReplayScript.load(contentsOfFile: Self.packageRoot.appendingPathComponent("Resources/scripts/gallery-more/\(name).json").path)
        let driver = ReplayDriver(script: script)
        let window = GalleryWindow(clock: driver.clock, size: script.size)
        var frames: [TraceFrame] = []
        _ = try driver.run(window, afterFrame: { _ in frames.append(window.traceSnapshot()) })
        return frames
    }

    /// The distinct (stack, transition kind and phase) states of a trace, in order.
    static func states(_ frames: [TraceFrame]) -> [String] {
        var result: [String] = []
        for frame in frames {
            let state = frame.stack!.joined(separator: ",") + (frame.transition.map { " \($0.kind.rawValue) \($0.phase.rawValue)" } ?? "")
            if result.last != state { result.append(state) }
        }
        return result
    }

    @Test func thePhotosScriptPushesThreeLayoutsZoomsIntoAPhotoAndDragsItBackIntoItsCell() throws {
        let states = Self.states(try runPhotosScript("layout-push-zoom-and-drag-back"))
        let l1: String = "photos.level0,photos.level1"
        let l2: String = l1 + ",photos.level2"
        let l3: String = l2 + ",photos.level3"
        let expected: [String] = [
            "photos.level0 tab animating", "photos.level0",
            l1 + " push animating", l1, l2 + " push animating", l2, l3 + " push animating", l3,
            l3 + ",photos.photo push animating", l3 + ",photos.photo",
            l3 + " pop interacting", l3 + " pop finishing", l3,
            l2 + " pop animating", l2, l1 + " pop animating", l1, "photos.level0 pop animating", "photos.level0",
        ]
        #expect(states == expected, "\(states)")
    }

    /// The photo page's details list scrolls while it can: dragged up 60 pt in 6-pt steps it scrolls 48 (it
    /// follows from 12 pt in, past its 10-pt slop; no transition); a drag down from it in 10-pt steps
    /// follows from 20 pt in, scrolls it back to its top (the finger 20 + 48 = 68 pt down), then hands over
    /// to the zoom's dismissal mid-drag, which the rest of the 230 pt drive: 162 / 507 of the page's height,
    /// past 0.3 at rest, so it finishes into the cell.
    @Test func thePhotosDetailsListScrollsThenHandsItsDragOverToTheZoomAtItsTop() throws {
        let frames = try runPhotosScript("zoom-details-handover")
        let states = Self.states(frames)
        let l3: String = "photos.level0,photos.level1,photos.level2,photos.level3"
        // After the zoom in: nothing runs through the upward drag, then the pop the handover begins.
        #expect(Array(states.suffix(5)) == [l3 + ",photos.photo push animating", l3 + ",photos.photo",
                                             l3 + " pop interacting", l3 + " pop finishing", l3], "\(states)")
        let held = frames.compactMap { $0.transition?.phase == .interacting ? $0.transition?.percent : nil }
        #expect(abs((held.last ?? 0) - 162.0 / 507) < 1e-3)
    }

    @Test func theMatchedScriptFliesAvatarsBothWaysAndCancelsAScrubbedPop() throws {
        let states = Self.states(try runPhotosScript("matched-contacts"))
        #expect(states == [
            "photos.level0 tab animating", "photos.level0", "matched.list tab animating", "matched.list",
            "matched.list,matched.detail1 push animating", "matched.list,matched.detail1", "matched.list pop animating", "matched.list",
            "matched.list,matched.detail3 push animating", "matched.list,matched.detail3",
            "matched.list pop interacting", "matched.list pop cancelling", "matched.list,matched.detail3",
            "matched.list pop animating", "matched.list",
        ], "\(states)")
    }

    @Test func theDetentSheetOpensAtMediumGoesToLargeAndIsDraggedAway() throws {
        let frames = try runPhotosScript("detent-sheet")
        func sheet(_ f: TraceFrame) -> CGRect? { f.views.first { $0.id == "sheet0" }?.frame }
        func page(_ f: TraceFrame) -> CGRect? { f.views.first { $0.id == "effects.page0" }?.frame }
        // D: the stock page sheet at medium (iOS 27's card: 600 x 451/874 = 310 pt, 8 pt in), the page
        // unchanged behind it.
        #expect(frames[40].modal == ["sheet0"] && sheet(frames[40]) == CGRect(x: 8, y: 282, width: 784, height: 310))
        #expect(page(frames[40]) == CGRect(x: 0, y: 44, width: 800, height: 507))
        // Dragged up to large (full width, 62 pt below the top): the page recedes (0.92 about the window's
        // centre, 28 pt down; see ExampleScriptsTests for the arithmetic).
        #expect(sheet(frames[110]) == CGRect(x: 0, y: 62, width: 800, height: 538))
        let receded = try #require(page(frames[110]))
        #expect(abs(receded.minX - 32) < 0.006 && abs(receded.minY - 92.48) < 0.006 && abs(receded.width - 736) < 0.006)
        // Dragged down past medium and let go: dismissed.
        let last = try #require(frames.last)
        #expect(last.modal == [] && sheet(last) == nil && page(last) == CGRect(x: 0, y: 44, width: 800, height: 507))
    }
}

