import ArgumentParser
import Foundation
import SegueAnimation

/// `segue bench-presentation`: how long the presentation pass takes for a large animated layer tree.
///
/// The scene: `--layers` layers (default 10,000) in groups of 100 under 100 parents, each layer running
/// two animations at once — an additive position animation on the default ease-in-ease-out curve and an
/// opacity animation on ease-out — long enough to run through the whole measurement. Each measured frame
/// advances a virtual 60 Hz clock and runs `LayerTree.update()` (begin-time resolution, presentation of
/// every layer, end detection). Target (issue #2): under 1 ms per frame in a release build.
struct PresentationBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-presentation",
        abstract: "Measure the presentation pass of a large animated layer tree (no window)."
    )

    @Option(help: ArgumentHelp("How many animated layers.", valueName: "N"))
    var layers: Int = 10_000

    @Option(help: ArgumentHelp("How many frames to measure (after 30 warm-up frames; at most 300, while the animations run).", valueName: "N"))
    var frames: Int = 300

    @Flag(help: "Print one JSON object as the last line.")
    var json = false

    func validate() throws {
        guard layers >= 1 && layers <= 1_000_000 else { throw ValidationError("--layers must be in 1...1000000") }
        guard frames >= 1 && frames <= 300 else { throw ValidationError("--frames must be in 1...300") }
    }

    func run() throws {
        let result = MainActor.assumeIsolated { PresentationBenchmark(layerCount: layers).measure(frames: frames) }
        print(String(format: "presentation of %d layers x 2 animations: median %.3f ms/frame, p99 %.3f ms, %.1f ns/layer",
                     layers, result.medianMilliseconds, result.p99Milliseconds, result.nanosecondsPerLayer))
        if json {
            print(String(format: #"{"layers": %d, "frames": %d, "median_ms": %.4f, "p99_ms": %.4f, "ns_per_layer": %.2f}"#,
                         layers, frames, result.medianMilliseconds, result.p99Milliseconds, result.nanosecondsPerLayer))
        }
    }
}

/// The benchmark scene and its measurement.
@MainActor
struct PresentationBenchmark {
    /// Layers per parent group.
    static let groupSize = 100
    /// How long the benchmark's position animations last, in seconds (the fades last 1.1 times as long):
    /// the shortest lasts past the whole run (30 + 300 frames, 5.5 s), so every measured frame has two
    /// running animations per layer and none ends; durations differ from layer to layer (by up to 1 s) so
    /// that every layer's animations are at a different point of their curves.
    static func animationDuration(layer i: Int) -> Double { 6 + Double(i % 100) * 0.01 }
    /// Frames run before measuring (caches, first begin-time resolution).
    static let warmUpFrames = 30

    struct Result {
        var medianMilliseconds: Double
        var p99Milliseconds: Double
        var nanosecondsPerLayer: Double
    }

    let layerCount: Int
    let clock = VirtualClock()
    let tree: LayerTree

    init(layerCount: Int) {
        self.layerCount = layerCount
        tree = LayerTree(clock: clock)
        var parent: Layer?
        for i in 0..<layerCount {
            if i % Self.groupSize == 0 {
                let group = Layer()
                group.frame = CGRect(x: 0, y: 0, width: 1280, height: 800)
                tree.root.addSublayer(group)
                parent = group
            }
            let layer = Layer()
            layer.frame = CGRect(x: Double(i % 64) * 20, y: Double(i / 64 % 40) * 20, width: 18, height: 18)
            let duration = Self.animationDuration(layer: i)
            let move = BasicAnimation(.position, from: CGPoint(x: -100, y: 0), to: .zero,
                                      duration: duration, timingFunction: .easeInEaseOut)
            move.isAdditive = true
            layer.add(move, forKey: "move")
            layer.add(BasicAnimation(.opacity, from: 0, to: 1, duration: duration * 1.1, timingFunction: .easeOut),
                      forKey: "fade")
            parent!.addSublayer(layer)
        }
    }

    func measure(frames: Int) -> Result {
        for _ in 0..<Self.warmUpFrames { clock.advance(); tree.update() }
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        for _ in 0..<frames {
            clock.advance()
            let start = DispatchTime.now().uptimeNanoseconds
            tree.update()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        samples.sort()
        let median = samples[samples.count / 2]
        let p99 = samples[min(samples.count - 1, Int(Double(samples.count) * 0.99))]
        return Result(medianMilliseconds: median / 1e6, p99Milliseconds: p99 / 1e6,
                      nanosecondsPerLayer: median / Double(layerCount))
    }
}
