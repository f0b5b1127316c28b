import Foundation
import SegueAnimation
@testable import SegueSDL
import SegueUI
import Testing

@MainActor
struct SegueAppOptionsTests {
    @Test func theDefaultsOpenADefaultWindow() throws {
        let options = try SegueAppOptions.parse([])
        #expect(options == SegueAppOptions())
        #expect(try SegueApp.windowSize(nil) == CGSize(width: 1024, height: 768))
    }

    @Test func everyOptionParsesInBothSpellings() throws {
        let options = try SegueAppOptions.parse(["--renderer", "cpu", "--size=640x480", "--slow", "--replay", "a.json",
                                                 "--trace", "-", "--frames=png", "--gif", "a.gif", "--webp", "a.webp", "--every", "5",
                                                 "--scale=0.5"])
        #expect(options.renderer == .cpu)
        #expect(options.slowMotion)
        #expect(options.replay == ReplayOptions(script: "a.json", trace: "-", frames: "png", gif: "a.gif", webp: "a.webp", every: "5",
                                                scale: "0.5", size: "640x480"))
    }

    @Test func badCommandLinesNameTheOption() {
        let cases: [([String], String)] = [
            (["--renderer", "metal"], "--renderer metal: must be one of automatic, cpu, gpu, software, opengl, opengles2"),
            (["--size"], "--size needs a value"),
            (["--fast"], "unknown option --fast"),
            (["script.json"], "unexpected argument script.json"),
            (["--trace", "out.jsonl"], "--trace needs --replay SCRIPT"),
            (["--gif", "out.gif"], "--gif needs --replay SCRIPT"),
            (["--webp", "out.webp"], "--webp needs --replay SCRIPT"),
            (["--scale", "0.5"], "--scale needs --replay SCRIPT"),
            (["--slow=yes"], "--slow takes no value"),
        ]
        for (arguments, message) in cases {
            #expect(throws: SegueAppOptionError(message)) { try SegueAppOptions.parse(arguments) }
        }
    }

    @Test func theUsageDescribesEveryOptionTheParserTakesWithDefaultsAsTyped() throws {
        let usage = SegueAppOptions.usage(program: "my-app")
        let described = usage.split(separator: "\n").filter { $0.hasPrefix("  -") }
        let options: [(name: String, value: String?)] = [
            ("--renderer", "cpu"), ("--size", "640x480"), ("--slow", nil), ("--replay", "a.json"),
            ("--trace", "-"), ("--frames", "png"), ("--gif", "a.gif"), ("--webp", "a.webp"), ("--every", "2"),
            ("--scale", "0.5"), ("--record", "s.json"), ("--resume", "r.json"), ("--status", "st.txt"),
            ("--help", nil), ("-h", nil),
        ]
        // -h and --help share a line (the second line of --gif's description does not start with a dash).
        #expect(described.count == options.count - 1)
        for option in options {
            let line = described.first { $0.split(separator: " ").contains { $0 == option.name || $0 == option.name + "," } }
            #expect(line.map { $0.count > 20 } == true, "\(option.name) is not described:\n\(usage)")
            var arguments = [option.name] + (option.value.map { [$0] } ?? [])
            if ["--trace", "--frames", "--gif", "--webp", "--every", "--scale"].contains(option.name) { arguments += ["--replay", "a.json"] }
            _ = try SegueAppOptions.parse(arguments)
        }
        let size = WindowSize.defaultWindow
        #expect(usage.contains("(default \(size.width)x\(size.height);"))
        #expect(usage.contains("(default \(ReplayOptions.defaultEvery))"))
        #expect(usage.contains("automatic (default)"))
    }

    @Test func impossibleWindowSizesGiveSegueSTexts() {
        #expect(throws: WindowSizeError(size: WindowSize(width: 0, height: 600))) { try SegueApp.windowSize("0x600") }
        #expect("\(WindowSizeError(size: WindowSize(width: 0, height: 600)))"
                == "impossible window size 0x600: each side must be between 1 and 8192 points")
        #expect(throws: SegueAppOptionError("--size big: must be WIDTHxHEIGHT in points, e.g. 1024x768")) {
            try SegueApp.windowSize("big")
        }
    }

    @Test func badInputExitsTwoWithOneLineAndNeverMakesTheRootController() {
        var errors: [String] = []
        var made = 0
        let status = SegueApp.status(arguments: ["--replay", "/no/such/script.json"], errorOutput: { errors.append($0) }) {
            made += 1
            return ViewController()
        }
        #expect(status == 2)
        #expect(errors == ["error: /no/such/script.json: cannot read the file (No such file or directory)\n"])
        #expect(made == 0)
        let sizeStatus = SegueApp.status(arguments: ["--size", "9000x600"], errorOutput: { errors.append($0) }) { ViewController() }
        #expect(sizeStatus == 2)
        #expect(errors.last == "error: impossible window size 9000x600: each side must be between 1 and 8192 points\n")
    }
}

@MainActor
struct AppSceneTests {
    final class Detail: ViewController {}

    @Test func pagesAreNamedByUniqueTitlesElseByTypeAndIndex() {
        let root = ViewController()
        root.title = "Inbox"
        let a = Detail(), b = Detail()
        a.title = "Mail"
        b.title = "Mail"
        let stack = [root, a, b]
        #expect(AppScene.id(of: root, in: stack) == "Inbox")
        #expect(AppScene.id(of: a, in: stack) == "Detail1")
        #expect(AppScene.id(of: b, in: stack) == "Detail2")
        #expect(AppScene.id(of: Detail(), in: stack) == "Detail3")   // a page being popped
    }

    @Test func theTraceFollowsTheFirstNavigationControllerAndLogsItsTransitionsAndItsPagesAppearance() {
        let clock = VirtualClock()
        let root = ViewController()
        root.title = "Root"
        let navigation = NavigationController(rootViewController: root)
        var appSaw: [ContainerTransition.Event] = []
        navigation.transitionObserver = { _, event in appSaw.append(event) }
        let scene = AppScene(clock: clock, size: CGSize(width: 400, height: 300), rootViewController: navigation)
        #expect(scene.navigation === navigation)
        scene.runFrame()
        _ = scene.drainLog()
        navigation.pushViewController(Detail(), animated: true)
        for _ in 0..<60 {   // a second: the push is over
            clock.advance(frames: 1)
            scene.runFrame()
        }
        let snapshot = scene.traceSnapshot()
        #expect(snapshot.tab == nil && snapshot.modal == nil && snapshot.transition == nil)
        #expect(snapshot.stack == ["Root", "Detail1"])
        #expect(snapshot.views.map(\.id) == ["Detail1"])
        // Under the default translucent bar the page spans the window (UIKit's layout).
        #expect(snapshot.views.first?.frame == CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(scene.drainLog() == ["transition.begin:push", "Root.viewWillDisappear", "Detail1.viewWillAppear",
                                     "Root.viewDidDisappear", "Detail1.viewDidAppear", "transition.finish:push"])
        #expect(appSaw == [.began, .finished])   // the app's own observer still runs
    }

    @Test func sAndEscapeAreTheHostSKeys() {
        let scene = AppScene(clock: VirtualClock(), size: CGSize(width: 400, height: 300), rootViewController: ViewController())
        scene.handle(.key(KeyEvent(key: Key("S"), timestamp: 0)))
        #expect(scene.window.isSlowAnimationsEnabled)
        #expect(!scene.wantsToQuit)
        scene.handle(.key(KeyEvent(key: .escape, timestamp: 0)))
        #expect(scene.wantsToQuit)
    }
}
