import Foundation
import SegueAnimation
import SegueUI
import Testing
@testable import SegueSDL

/// `segue bench --steps`: the thread's CPU per frame, step by step (``FrameStepCPU``), from the host's
/// frames and the compositor's own readings; `--spin`: the pacer waits without sleeping.
@Suite struct FrameStepCPUTests {
    @Test func stepsAddUpPerFrameAndReset() {
        var s = FrameStepCPU()
        #expect(s.millisecondsPerFrame(.draw) == 0)   // no frame yet
        s.add(.draw, 0.003)
        s.add(.draw, 0.001)
        s.add(.events, 0.0005)
        s.add(.wait, -0.001)   // a clock that went back adds nothing
        s.countFrame()
        s.countFrame()
        #expect(s.frames == 2)
        #expect(abs(s.total(.draw) - 0.004) < 1e-12 && s.total(.wait) == 0)
        #expect(abs(s.millisecondsPerFrame(.draw) - 2) < 1e-9 && abs(s.millisecondsPerFrame(.events) - 0.25) < 1e-9)
        #expect(s.fields.map(\.key) == ["cpu_ms_events", "cpu_ms_update", "cpu_ms_record", "cpu_ms_damage",
                                        "cpu_ms_draw", "cpu_ms_present", "cpu_ms_wait"])
        #expect(s.fields.first { $0.key == "cpu_ms_draw" }?.value == "2.000")
        #expect(s.fields.first { $0.key == "cpu_ms_events" }?.value == "0.250")
        s.reset()
        #expect(s == FrameStepCPU())
    }

    @Test func theThreadClockCountsWorkNotSleep() {
        let t0 = FrameStepCPU.threadSeconds()
        usleep(30_000)
        let slept = FrameStepCPU.threadSeconds() - t0
        var x = 0.0
        let t1 = FrameStepCPU.threadSeconds()
        for i in 0..<3_000_000 { x += Double(i & 7) }
        let worked = FrameStepCPU.threadSeconds() - t1
        #expect(x > 0)
        #expect(slept < 0.01 && worked > 0)
    }

    /// The compositor reads the thread's clock around its record, damage and draw only when asked; a frame
    /// with nothing changed draws nothing and reports no time.
    @MainActor
    @Test func theCompositorMeasuresItsStepsOnlyWhenAsked() throws {
        let c = try Canvas(backEnd: .cpu)
        c.add(solidLayer(CGRect(x: 10, y: 10, width: 200, height: 150), .red))
        let compositor = try #require(c.compositor).compositor
        try c.draw()
        #expect(compositor.lastFrame.recordCPUSeconds == 0 && compositor.lastFrame.drawCPUSeconds == 0)
        compositor.measuresThreadCPU = true
        compositor.invalidate()
        try c.draw()
        let drawn = compositor.lastFrame
        #expect(drawn.damagedPixels == 400 * 300)
        #expect(drawn.recordCPUSeconds > 0 && drawn.damageCPUSeconds >= 0 && drawn.drawCPUSeconds > 0)
        try c.draw()   // nothing changed
        #expect(compositor.lastFrame.drawCPUSeconds == 0 && compositor.lastFrame.recordCPUSeconds == 0)
    }

    /// A window (SDL's offscreen driver, in a child process) counts every frame's steps once `stepCPU` is
    /// set, turns the compositor's readings on with it, and with `waitsBySpinning` burns its waits as CPU.
    @Test func theHostCountsEachFramesStepsAndSpinsWhenAsked() async {
        await #expect(processExitsWith: .exitCode(0)) {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
            let failure: Int32 = await MainActor.run {
                do {
                    let host = try SDLWindowHost(testingTitle: "segue test", size: CGSize(width: 320, height: 240),
                                                 renderer: .cpu, selection: nil, allowsInvisibleDriver: true)
                    defer { host.close() }
                    guard host.backend.measuresThreadCPU == false else { return 1 }
                    host.stepCPU = FrameStepCPU()
                    guard host.backend.measuresThreadCPU == true else { return 2 }
                    try host.run(MovingScene(clock: host.clock), frameLimit: 6)
                    guard let sleeping = host.stepCPU, sleeping.frames == 6,
                          sleeping.total(.draw) > 0, sleeping.total(.update) > 0 else { return 3 }
                    // Sleeping, six waits of ~16.7 ms cost far less than their wall time.
                    guard sleeping.total(.wait) < 0.05 else { return 4 }
                    host.stepCPU?.reset()
                    host.waitsBySpinning = true
                    try host.run(MovingScene(clock: host.clock), frameLimit: 10)
                    // Spinning, ten waits (~150 ms of wall time) are CPU time: at least 10 ms of it even on a
                    // machine so loaded that the thread gets a fifteenth of a core, and per frame ten times the
                    // sleeping waits' at the least.
                    guard let spinning = host.stepCPU, spinning.frames == 10, spinning.total(.wait) > 0.01,
                          spinning.millisecondsPerFrame(.wait) > 10 * sleeping.millisecondsPerFrame(.wait) else { return 5 }
                    host.stepCPU = nil
                    guard host.backend.measuresThreadCPU == false else { return 6 }
                    return 0
                } catch {
                    return 7
                }
            }
            exit(failure)
        }
    }
}

/// One layer that moves a little every frame, so that every frame draws.
@MainActor
private final class MovingScene: HostedScene {
    let layerTree: LayerTree
    let square = Layer()
    var wantsToQuit: Bool { false }
    init(clock: FrameClock) {
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 240)
        root.backgroundColor = .white
        square.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        square.backgroundColor = .red
        root.addSublayer(square)
        layerTree = LayerTree(root: root, clock: clock)
    }
    func handle(_ event: InputEvent) {}
    func runQueuedWork() { square.position.x += 1 }
    func layoutIfNeeded() {}
}
