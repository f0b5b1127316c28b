import ArgumentParser
import Foundation
import SegueAnimation
import SegueSDL

/// `segue bench`: paced frames of a heavy scene in a real window; frame rate, frame-time percentiles and
/// CPU time per frame. `--scene pushpop` runs the peers' push/pop workload with their harness's markers.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark the renderer in a 1280x800 window.",
        discussion: """
            --scene rotating (default): two full-window pages of 100 views with text, sliding and rotating, then \
            the same motion with one full-window texture as the yardstick.
            --scene pushpop: the peers' workload (../shared/peers/README.md): two view controllers' pages of 100 \
            rows (a rounded swatch view and a label each) in a window's navigation controller (bar hidden), \
            pushed and popped with its stock animation back to back for PEER_DURATION s (10) after PEER_WARMUP \
            s (2), then PEER_IDLE s (3) idle, with the PEER_MEASURE_* / PEER_IDLE_* marker lines that \
            peers/measure.py reads. The pages' layers are rasterized unless --no-rasterize.
            """
    )

    /// The benchmark scenes.
    enum Scene: String, ExpressibleByArgument, CaseIterable {
        case rotating
        case pushpop
    }

    /// The peers' default warm-up, measurement and idle windows, in seconds (../shared/peers/README.md).
    static let peerWarmUp = 2.0, peerDuration = 10.0, peerIdle = 3.0

    /// The window size of the benchmark, in points.
    static let windowSize = CGSize(width: 1280, height: 800)
    /// Frames run before measuring (texture uploads, the first rasterization).
    static let warmUpFrames = 30

    @Option(help: "The scene: rotating pages, or the peers' push/pop workload.")
    var scene: Scene = .rotating

    @Option(help: ArgumentHelp(rendererHelp))
    var renderer: RendererChoice = .automatic

    @Option(help: ArgumentHelp("Paced frames measured.", valueName: "N"))
    var frames = 300

    @Flag(help: "Draw the pages view by view instead of from their rasterized textures.")
    var noRasterize = false

    @Flag(help: "End with one JSON object on the last line.")
    var json = false

    @Flag(help: ArgumentHelp("Measure the thread's CPU per frame in each step of a frame (events, update, record, damage, draw, present, wait).",
                             discussion: "Printed after each measured scene; with --scene pushpop, as cpu_ms_<step> fields of PEER_MEASURE_END. Each reading is a system call: the total grows a little."))
    var steps = false

    @Flag(help: ArgumentHelp("With --scene rotating: blur views over the moving pages (a bar across the top, a rounded panel in the middle; the system material's radius and tint).",
                             discussion: "Their backdrop moves every frame, so each frame blurs again; the counters line gives backdropBlurHits and backdropBlurMisses."))
    var blur = false

    @Flag(help: ArgumentHelp("Wait for each frame by spinning instead of sleeping (burns a core).",
                             discussion: "With --steps, shows what the same frames cost when the thread never leaves the core (warm caches and TLBs)."))
    var spin = false

    func validate() throws {
        guard frames >= 2 else { throw ValidationError("--frames must be at least 2") }
        guard !blur || scene == .rotating else { throw ValidationError("--blur goes with --scene rotating") }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            do {
                let host = try SDLWindowHost(title: "segue bench", size: Self.windowSize, renderer: renderer)
                defer { host.close() }
                if steps { host.stepCPU = FrameStepCPU() }
                host.waitsBySpinning = spin
                switch scene {
                case .rotating: try runRotating(host)
                case .pushpop: try runPushPop(host)
                }
            } catch {
                throw fail(error)
            }
        }
    }

    /// Which back-end ran and why, for the reports.
    @MainActor
    private func describeBackEnd(_ host: SDLWindowHost) -> String {
        "back-end: \(host.backEnd.kind.rawValue), \(host.rendererName) (\(host.backEnd.reason))"
            + (host.presenterDescription.isEmpty ? "" : ", presented by \(host.presenterDescription)")
    }

    @MainActor
    private func runRotating(_ host: SDLWindowHost) throws {
        let (pages, pagesCPU) = try measure(host, BenchScene(clock: host.clock, content: .pages(rasterized: !noRasterize), blurs: blur))
        let pagesCounters = counters(host)
        let pagesSteps = host.stepCPU
        let pagesRasterCache = host.rasterCache
        let (yardstick, yardstickCPU) = try measure(host, BenchScene(clock: host.clock, content: .fullWindowTexture, blurs: blur))
        let ratio = yardstick.workPercentile(50) > 0 ? pages.workPercentile(50) / yardstick.workPercentile(50) : 0
        print(describeBackEnd(host))
        print("window \(Int(Self.windowSize.width))x\(Int(Self.windowSize.height)), "
              + "scale \(host.renderBackend.scale)")
        print(describe("two pages x 100 views\(noRasterize ? "" : " (rasterized)")\(blur ? " under two blur views" : "")", pages, cpu: pagesCPU))
        if let s = pagesSteps { print("  CPU by step: " + describeSteps(s) + "\n  raster cache (hits/misses): \(pagesRasterCache)") }
        print(describe("one full-window texture\(blur ? " under two blur views" : "")", yardstick, cpu: yardstickCPU))
        if let s = host.stepCPU { print("  CPU by step: " + describeSteps(s) + "\n  raster cache (hits/misses): \(host.rasterCache)") }
        print("last frame of the pages: \(pagesCounters)")
        print("last frame of the full-window texture: \(counters(host))")
        print(String(format: "pages / one texture, p50 frame time: %.2fx", ratio))
        if json {
            print("{\"renderer\": \"\(host.rendererName)\", \"back_end\": \"\(host.backEnd.kind.rawValue)\", "
                  + String(format: "\"fps\": %.1f, \"p50_ms\": %.2f, \"p99_ms\": %.2f, \"cpu_ms_per_frame\": %.2f, \"frames\": %d, \"late_frames\": %d}",
                           pages.framesPerSecond, pages.workPercentile(50) * 1000,
                           pages.workPercentile(99) * 1000, pagesCPU * 1000, pages.totalFrames, pages.totalLateFrames))
        }
    }

    @MainActor
    private func counters(_ host: SDLWindowHost) -> String { "\(host.renderBackend.lastFrame)" }

    /// Runs the scene's warm-up frames, then the measured ones; gives their statistics and the process's
    /// CPU time per measured frame, in seconds.
    @MainActor
    private func measure(_ host: SDLWindowHost, _ scene: BenchScene) throws -> (FrameStatistics, Double) {
        try host.run(scene, frameLimit: Self.warmUpFrames)
        host.resetStatistics(capacity: frames)
        host.stepCPU?.reset()
        host.resetRasterCacheTotals()
        let cpu0 = processCPUSeconds()
        try host.run(scene, frameLimit: frames)
        return (host.statistics, (processCPUSeconds() - cpu0) / Double(frames))
    }

    /// The peers' workload, with their harness's marker lines on standard output.
    @MainActor
    private func runPushPop(_ host: SDLWindowHost) throws {
        let environment = ProcessInfo.processInfo.environment
        func seconds(_ name: String, _ fallback: Double) -> Double { environment[name].flatMap(Double.init) ?? fallback }
        let backEnd = host.backEnd, rendererName = host.rendererName
        let time = host.pacer
        let scene = BenchPushPopScene(
            clock: host.clock, size: host.pointSize, rasterized: !noRasterize,
            warmUp: seconds("PEER_WARMUP", Self.peerWarmUp), duration: seconds("PEER_DURATION", Self.peerDuration),
            idle: seconds("PEER_IDLE", Self.peerIdle),
            presentedFrames: { [unowned host] in host.presentedFrames },
            describeRenderer: { [unowned host] in
                // Medians of the recent frames' phases (the last second), in milliseconds.
                let s = host.statistics
                return ["back_end": backEnd.kind.rawValue, "renderer_name": rendererName, "reason": backEnd.reason,
                        "render_ms_p50": String(format: "%.3f", s.phasePercentile(50, \.render) * 1000),
                        "present_ms_p50": String(format: "%.3f", s.phasePercentile(50, \.present) * 1000),
                        "pixels_per_frame": "\(host.presentedPixels / max(1, host.presentedFrames))",
                        "written_pixels_per_frame": "\(host.backBufferPixels / max(1, host.presentedFrames))",
                        "presenter": host.presenterDescription,
                        "raster_cache": host.rasterCache.description]
                    .merging(host.stepCPU?.fields ?? []) { $1 }
            },
            wallClock: { time.frameStart - time.origin },
            emit: { [unowned host] line in
                // The steps are counted over the measured window, as the harness counts the CPU.
                if line.hasPrefix("PEER_MEASURE_START") {
                    host.stepCPU?.reset()
                    host.resetRasterCacheTotals()
                }
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            })
        FileHandle.standardOutput.write(Data((describeBackEnd(host) + "\n").utf8))
        try host.run(scene)
    }

    /// "events 0.070, update 0.050, ... ms per frame" (the thread's CPU, ``FrameStepCPU``).
    private func describeSteps(_ s: FrameStepCPU) -> String {
        FrameStepCPU.Step.allCases.map { String(format: "%@ %.3f", $0.rawValue, s.millisecondsPerFrame($0)) }
            .joined(separator: ", ") + " ms per frame"
    }

    private func describe(_ name: String, _ s: FrameStatistics, cpu: Double) -> String {
        name + String(format: ": %.1f fps, frame time p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, %d frames, %d late, CPU %.2f ms per frame",
               s.framesPerSecond, s.workPercentile(50) * 1000, s.workPercentile(90) * 1000, s.workPercentile(99) * 1000,
               s.totalFrames, s.totalLateFrames, cpu * 1000)
            + String(format: "\n  p50 by phase: update %.2f ms, render %.2f ms, present %.2f ms",
                     s.phasePercentile(50, \.update) * 1000, s.phasePercentile(50, \.render) * 1000,
                     s.phasePercentile(50, \.present) * 1000)
    }
}

/// The CPU time this process has used (user + system, all threads), in seconds.
func processCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
