import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// The demo window's HUD (H), model/presentation outlines (M) and input recording (R), headless on the
/// replay's virtual clock.
@MainActor
@Suite(.serialized) struct DemoOverlayTests {
    static let size = CGSize(width: 800, height: 600)

    /// H, then a push at 100 ms, then an edge drag that pops interactively from 1000 ms, released at 200 pt.
    static let script = ReplayScript(size: size, duration: 2200, events: [
        ReplayEvent(time: 0, kind: .key("H")), ReplayEvent(time: 0, kind: .key("M")),
        ReplayEvent(time: 100, kind: .key("Return")),
        ReplayEvent(time: 1000, kind: .down(CGPoint(x: 5, y: 300))),
        ReplayEvent(time: 1017, kind: .move(CGPoint(x: 60, y: 300))),
        ReplayEvent(time: 1034, kind: .move(CGPoint(x: 120, y: 300))),
        ReplayEvent(time: 1050, kind: .move(CGPoint(x: 200, y: 300))),
        ReplayEvent(time: 1300, kind: .up(CGPoint(x: 200, y: 300))),
    ])

    /// The HUD's transition line as the trace line's JSON gives it: `push · animating · 42%`.
    func expectedLine(fromTraceJSON json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        guard let t = object["transition"] as? [String: Any] else { return "no transition" }
        let percent = Int(((t["percent"] as! Double) * 100).rounded())
        return "\(t["kind"] as! String)\((t["interactive"] as! Bool) ? " · interactive" : "") · \(t["phase"] as! String) · \(percent)%"
    }

    @Test func theHUDShowsWhatTheTraceSaysEveryFrame() throws {
        let driver = ReplayDriver(script: Self.script)
        let window = DemoWindow(clock: driver.clock, size: Self.size)
        var kinds = Set<String>(), compared = 0
        _ = try driver.run(window, afterFrame: { frame in
            let lines = window.overlay.shownHUDLines
            guard frame > 0 else { return }   // H is handled in frame 0, after which the HUD draws
            let json = TraceLine(frame: frame, time: ReplayTimeline.time(ofFrame: frame), snapshot: window.traceSnapshot(), log: []).json
            let expected = try expectedLine(fromTraceJSON: json)
            #expect(lines.count >= 2, "frame \(frame)")
            #expect(lines.dropFirst().first == expected, "frame \(frame)")
            #expect(lines.first == "virtual clock (no frame timings)")
            kinds.insert(String(expected.prefix { $0 != " " }))
            compared += 1
            if let t = window.traceSnapshot().transition {
                #expect(abs(window.overlay.shownProgress - HUDReadout.tracedPercent(t)) < 1e-9, "frame \(frame)")
            }
        })
        #expect(compared == ReplayTimeline.lastFrame(within: 2200))
        #expect(kinds == ["push", "pop", "no"])   // a push, the interactive pop, and rest between and after
    }

    /// In a phone-sized window (402 points wide: a 366-point text column) the HUD breaks its long lines (the
    /// renderer's, the caches', the keys') at spaces onto the lines under them instead of running past the
    /// panel: every line drawn fits, and together they say every word of the readout, in order.
    @Test func onAPhoneSizedWindowTheHUDBreaksItsLongLinesToFitThePanel() throws {
        let size = CGSize(width: 402, height: 874)
        let script = ReplayScript(size: size, duration: 300, events: [ReplayEvent(time: 0, kind: .key("H"))])
        let driver = ReplayDriver(script: script)
        let window = DemoWindow(clock: driver.clock, size: size)
        _ = try driver.run(window, afterFrame: { _ in })
        let shown = window.overlay.shownHUDLines
        let readout = window.hudReadout(transition: nil).lines
        let font = Font.systemFont(ofSize: DemoOverlay.hudFontSize)
        let column = min(DemoOverlay.hudWidth, 402 - 16) - 20
        #expect(column == 366)
        #expect(shown.count > readout.count)   // the key lines at least are wider than 366 points
        for line in shown where line.contains(" ") {
            #expect(font.width(of: line) <= column, "\(line)")
        }
        #expect(shown.joined(separator: " ").split(separator: " ") == readout.joined(separator: " ").split(separator: " "))
    }

    @Test func outlinesShowTheModelFrameOfEachMovingPageAndNothingAtRest() throws {
        let driver = ReplayDriver(script: Self.script)
        let window = DemoWindow(clock: driver.clock, size: Self.size)
        var sawMidPush = false, sawMidPop = false
        _ = try driver.run(window, afterFrame: { frame in
            let snapshot = window.traceSnapshot()
            let ghosts = window.overlay.shownGhosts
            guard let t = snapshot.transition else {
                #expect(ghosts.isEmpty, "frame \(frame): outlines at rest")
                return
            }
            // The content area under the 44-point bar and above the 49-point tab bar: every page's model
            // frame while moving (a push's pages rest at 0 and -0.3 W; an interactive pop's at 0 and W).
            for (frameOfGhost, label) in ghosts {
                let id = String(label.prefix { $0 != " " })
                guard let shown = snapshot.views.first(where: { $0.id == id }) else {
                    Issue.record("frame \(frame): an outline for \(id), which the trace does not show"); continue
                }
                #expect(label == String(format: "%@ model x %.1f · shown x %.1f", id, frameOfGhost.minX, shown.frame.minX))
                #expect(frameOfGhost.minY == 44 && frameOfGhost.height == 600 - 44 - 49 && frameOfGhost.width == 800)
            }
            if t.kind == .push, t.percent > 0.2, t.percent < 0.8 {
                sawMidPush = true
                #expect(Set(ghosts.map(\.frame.minX)) == [0, -240], "frame \(frame)")   // the new page, the old at -0.3 W
            }
            if t.kind == .pop, t.phase == .interacting {
                sawMidPop = true
                #expect(Set(ghosts.map(\.frame.minX)) == [0, 800], "frame \(frame)")    // the page below, the popped one at W
            }
        })
        #expect(sawMidPush && sawMidPop)
    }

    /// A session in a window, fed as the SDL host feeds it (events stamped on SDL's millisecond clock,
    /// delivered in the frame after they happened), recorded with R, replays frame for frame the same.
    @Test func aRecordedSessionReplaysToTheSameFrames() throws {
        let clock = VirtualClock(framesPerSecond: ReplayTimeline.framesPerSecond)
        let live = DemoWindow(clock: clock, size: Self.size)
        // SDL's clock started 5.2 s before the window's; events come at these ms after that (then rounded
        // to SDL's whole milliseconds); R is pressed first and again last.
        let sdlStart = 5.2
        func key(_ name: String, _ ms: Double) -> (Double, InputEvent) {
            (ms, .key(KeyEvent(key: Key(name), timestamp: ((sdlStart * 1000 + ms).rounded()) / 1000)))
        }
        func pointer(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, _ ms: Double) -> (Double, InputEvent) {
            (ms, .pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), timestamp: ((sdlStart * 1000 + ms).rounded()) / 1000)))
        }
        var input: [(Double, InputEvent)] = [key("R", 0), key("Return", 120)]
        // An edge drag with moves at uneven times, scrubbed forth and back, then a fast flick: the release
        // velocity decides the end, so the replayed timestamps must keep their spacing.
        input.append(pointer(.down, 4, 300, 1003.4))
        var ms = 1003.4
        for (i, x) in [30.0, 80, 160, 240, 200, 150, 170, 260, 380, 520].enumerated() {
            ms += i % 3 == 0 ? 7.3 : 21.9
            input.append(pointer(.moved, x, 300, ms))
        }
        input.append(pointer(.up, 560, 300, ms + 9))
        input += [key("Return", 1900), key("P", 2600)]
        input.append(pointer(.down, 400, 300, 3400))
        for (i, y) in [330.0, 380, 450, 520].enumerated() { input.append(pointer(.moved, 400, y, 3410 + Double(i) * 16)) }
        input.append(pointer(.up, 400, 520, 3480))
        input.append(key("R", 4300))

        var liveFrames: [String] = []
        var frame = 0
        while live.recorder != nil || frame == 0 {
            if frame > 0 { clock.advance(frames: 1) }
            // An event reaches the window in the first frame at or after the time it happened.
            let frameMs = ReplayTimeline.time(ofFrame: frame)
            let due = input.prefix { $0.0 <= frameMs }
            input.removeFirst(due.count)
            live.runFrame(input: due.map(\.1))
            liveFrames.append(TraceLine(frame: frame, time: frameMs, snapshot: live.traceSnapshot(), log: live.drainLog()).json)
            frame += 1
            #expect(frame < 1000)
            if frame >= 1000 { break }
        }
        let script = try #require(live.lastRecording?.script)
        #expect(live.lastRecording?.path == nil)   // no recording directory: kept in memory
        #expect(script.events.count == 1 + 12 + 2 + 6)   // Return; the drag; Return, P; the sheet drag (not R)
        // The script round-trips through its text.
        let parsed = try ReplayScript(parsing: Data(script.jsonText.utf8), file: "recording.json")
        #expect(parsed == script)

        try expectReplay(of: parsed, matches: liveFrames)
        // The session did what it meant to: the flick popped, then a push, a sheet dragged away.
        #expect(liveFrames.contains { $0.contains(#""kind": "pop", "interactive": true"#) })
        #expect(liveFrames.last?.contains(#""stack": ["tab0.page0", "tab0.page1"], "modal": []"#) == true)
    }
}

/// The demo's push/pop animators (keys 1–5): each pushes, each pop is scrubbed by the edge pan, and a
/// cancelled or finished one leaves both pages at rest.
@MainActor
@Suite(.serialized) struct DemoEffectsTests {
    /// Key `effect`, Return, then an edge drag to `x` released after `hold` ms (a slow release at 250 of 800
    /// points cancels; a flick to 600 finishes).
    func run(_ effect: DemoTransitionEffect, dragTo x: Double, hold: Double) throws -> (DemoWindow, [TraceFrame]) {
        let script = ReplayScript(size: CGSize(width: 800, height: 600), duration: 2500, events: [
            ReplayEvent(time: 0, kind: .key(effect.key.name)), ReplayEvent(time: 0, kind: .key("H")),
            ReplayEvent(time: 0, kind: .key("Return")),
            ReplayEvent(time: 1000, kind: .down(CGPoint(x: 5, y: 300))),
            ReplayEvent(time: 1017, kind: .move(CGPoint(x: x / 2, y: 300))),
            ReplayEvent(time: 1034, kind: .move(CGPoint(x: x, y: 300))),
            ReplayEvent(time: 1034 + hold, kind: .up(CGPoint(x: x, y: 300))),
        ])
        let driver = ReplayDriver(script: script)
        let window = DemoWindow(clock: driver.clock, size: script.size)
        var frames: [TraceFrame] = []
        _ = try driver.run(window, afterFrame: { _ in frames.append(window.traceSnapshot()) })
        return (window, frames)
    }

    func checkAtRest(_ window: DemoWindow, _ effect: DemoTransitionEffect) {
        for nav in window.stacks {
            for page in nav.viewControllers {
                guard let view = page.viewIfLoaded else { continue }
                #expect(view.alpha == 1 && view.transform3D == .identity && view.layer.mask == nil && view.layer.isDoubleSided,
                        "\(effect.title): \(DemoWindow.id(of: page)) not at rest")
            }
        }
    }

    @Test(arguments: DemoTransitionEffect.allCases)
    func eachEffectPushesAndItsPopIsScrubbedAndCancelled(_ effect: DemoTransitionEffect) throws {
        let (window, frames) = try run(effect, dragTo: 250, hold: 300)
        #expect(window.overlay.shownHUDLines.contains("push/pop animator: \(effect.title) (1–5)"))
        #expect(frames.contains { $0.transition?.kind == .push })
        #expect(frames.contains { $0.transition?.kind == .pop && $0.transition?.phase == .interacting })
        #expect(frames.contains { $0.transition?.kind == .pop && $0.transition?.phase == .cancelling })
        #expect(frames.last?.stack == ["tab0.page0", "tab0.page1"] && frames.last?.transition == nil)
        #expect(frames.last?.views.map(\.id) == ["tab0.page1"])
        #expect(frames.last?.views.first?.frame == CGRect(x: 0, y: 44, width: 800, height: 507))
        checkAtRest(window, effect)
    }

    @Test(arguments: DemoTransitionEffect.allCases)
    func eachEffectsPopFinishesOnAFlick(_ effect: DemoTransitionEffect) throws {
        let (window, frames) = try run(effect, dragTo: 600, hold: 0)
        #expect(frames.contains { $0.transition?.kind == .pop && $0.transition?.phase == .finishing })
        #expect(frames.last?.stack == ["tab0.page0"] && frames.last?.transition == nil)
        checkAtRest(window, effect)
    }

    /// While a page zooms in, the trace shows it smaller than the content area, centred.
    @Test func theZoomShowsThePushedPageScaledAboutItsCentre() throws {
        let (_, frames) = try run(.zoom, dragTo: 600, hold: 0)
        let mid = try #require(frames.first { $0.transition?.kind == .push && ($0.transition?.percent ?? 0) > 0.3 })
        let page = try #require(mid.views.first { $0.id == "tab0.page1" })
        #expect(page.frame.width < 800 && page.frame.width > 800 * ZoomAnimator.defaultScale - 1)
        #expect(abs(page.frame.midX - 400) < 1e-6 && abs(page.frame.midY - (44 + 507.0 / 2)) < 1e-6)
    }
}

extension DemoOverlayTests {
    /// Each moving page has one outline (the pages of a navigation transition are both in the stack and
    /// in the transition: once each).
    @Test func eachMovingPageHasOneOutline() throws {
        let driver = ReplayDriver(script: Self.script)
        let window = DemoWindow(clock: driver.clock, size: Self.size)
        var checked = 0
        _ = try driver.run(window, afterFrame: { frame in
            let ids = window.overlay.shownGhosts.map { String($0.label.prefix { $0 != " " }) }
            #expect(Set(ids).count == ids.count, "frame \(frame): \(ids)")
            if !ids.isEmpty { checked += 1 }
        })
        #expect(checked > 20)
    }
}
