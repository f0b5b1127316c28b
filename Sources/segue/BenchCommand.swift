import ArgumentParser
import Foundation
import SegueAnimation
import SegueSDL

/// `segue bench`: paced frames of a heavy scene in a real window; frame rate and frame-time percentiles.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark the renderer: two full-window pages of 100 views with text, sliding and rotating, in a 1280x800 window."
    )

    /// The window size of the benchmark, in points.
    static let windowSize = CGSize(width: 1280, height: 800)
    /// Frames run before measuring (texture uploads, the first rasterization).
    static let warmUpFrames = 30

    @Option(help: "The renderer: automatic, software, opengl or opengles2.")
    var renderer: RendererChoice = .automatic

    @Option(help: "Paced frames measured.")
    var frames = 300

    @Flag(help: "Draw the pages view by view instead of from their rasterized textures.")
    var noRasterize = false

    @Flag(help: "End with one JSON object on the last line.")
    var json = false

    func validate() throws {
        guard frames >= 2 else { throw ValidationError("--frames must be at least 2") }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            do {
                let host = try SDLWindowHost(title: "segue bench", size: Self.windowSize, renderer: renderer)
                defer { host.close() }
                let pages = try measure(host, BenchScene(clock: host.clock, content: .pages(rasterized: !noRasterize)))
                let pagesCounters = host.layerRenderer.lastFrame
                let yardstick = try measure(host, BenchScene(clock: host.clock, content: .fullWindowTexture))
                let ratio = yardstick.workPercentile(50) > 0 ? pages.workPercentile(50) / yardstick.workPercentile(50) : 0
                print("renderer: \(host.rendererName), window \(Int(Self.windowSize.width))x\(Int(Self.windowSize.height)), "
                      + "scale \(host.layerRenderer.scale)")
                print(describe("two pages x 100 views\(noRasterize ? "" : " (rasterized)")", pages))
                print(describe("one full-window texture", yardstick))
                print("last frame of the pages: \(pagesCounters)")
                print("last frame of the full-window texture: \(host.layerRenderer.lastFrame)")
                print(String(format: "pages / one texture, p50 frame time: %.2fx", ratio))
                if json {
                    print("{\"renderer\": \"\(host.rendererName)\", " + String(format: "\"fps\": %.1f, \"p50_ms\": %.2f, \"p99_ms\": %.2f, \"frames\": %d, \"late_frames\": %d}",
                                 pages.framesPerSecond, pages.workPercentile(50) * 1000,
                                 pages.workPercentile(99) * 1000, pages.totalFrames, pages.totalLateFrames))
                }
            } catch {
                throw fail(error)
            }
        }
    }

    @MainActor
    private func measure(_ host: SDLWindowHost, _ scene: BenchScene) throws -> FrameStatistics {
        try host.run(scene, frameLimit: Self.warmUpFrames)
        host.resetStatistics(capacity: frames)
        try host.run(scene, frameLimit: frames)
        return host.statistics
    }

    private func describe(_ name: String, _ s: FrameStatistics) -> String {
        name + String(format: ": %.1f fps, frame time p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, %d frames, %d late",
               s.framesPerSecond, s.workPercentile(50) * 1000, s.workPercentile(90) * 1000, s.workPercentile(99) * 1000,
               s.totalFrames, s.totalLateFrames)
            + String(format: "\n  p50 by phase: update %.2f ms, render %.2f ms, present %.2f ms",
                     s.phasePercentile(50, \.update) * 1000, s.phasePercentile(50, \.render) * 1000,
                     s.phasePercentile(50, \.present) * 1000)
    }
}
