/// Frame timings for the HUD and the benchmark: the time each frame's work took (from its start to
/// the end of its present, before the pacing wait), whether it was late, and when it started.
public struct FrameStatistics: Sendable {
    /// One frame.
    public struct Sample: Sendable, Equatable {
        /// When the frame's work started, in seconds.
        public var start: Double
        /// Seconds of work, start to the end of present.
        public var work: Double
        /// Whether the frame missed its deadline.
        public var late: Bool
        /// Where the work went.
        public var phases = FramePhases()
    }

    /// Seconds of a frame's work spent in each phase.
    public struct FramePhases: Sendable, Equatable {
        /// Input, the scene's queued work and the layer tree's presentation pass.
        public var update = 0.0
        /// Walking the tree and submitting the drawing (`LayerRenderer.render`).
        public var render = 0.0
        /// `SDL_RenderPresent` (with OpenGL under Mesa, most of the rasterising happens here).
        public var present = 0.0

        /// Phase times in seconds (zero when not given).
        public init(update: Double = 0, render: Double = 0, present: Double = 0) {
            self.update = update
            self.render = render
            self.present = present
        }
    }

    /// Frames remembered (the most recent ones); 10 s at 60 Hz.
    public let capacity: Int
    private var samples: [Sample] = []
    private var next = 0
    /// Frames recorded in all.
    public private(set) var totalFrames = 0
    /// Late frames recorded in all.
    public private(set) var totalLateFrames = 0

    /// Statistics that remember the last `capacity` frames (more than 1; default 600, 10 s at 60 Hz).
    public init(capacity: Int = 600) {
        precondition(capacity > 1, "FrameStatistics needs room for two frames")
        self.capacity = capacity
        samples.reserveCapacity(capacity)
    }

    /// Records a frame.
    public mutating func record(start: Double, work: Double, late: Bool, phases: FramePhases = FramePhases()) {
        let sample = Sample(start: start, work: work, late: late, phases: phases)
        if samples.count < capacity { samples.append(sample) } else { samples[next] = sample }
        next = (next + 1) % capacity
        totalFrames += 1
        if late { totalLateFrames += 1 }
    }

    /// The remembered frames, oldest first.
    public var recent: [Sample] {
        samples.count < capacity ? samples : Array(samples[next...] + samples[..<next])
    }

    /// The remembered frames that started within `seconds` of the newest one, as statistics of their own
    /// (the HUD's "over the last second").
    public func lastFrames(within seconds: Double) -> FrameStatistics {
        let frames = recent
        var window = FrameStatistics(capacity: max(2, frames.count))
        guard let newest = frames.last else { return window }
        for f in frames where f.start > newest.start - seconds {
            window.record(start: f.start, work: f.work, late: f.late, phases: f.phases)
        }
        return window
    }

    /// Frames per second over the remembered frames (frame starts), 0 with fewer than two.
    public var framesPerSecond: Double {
        let r = recent
        guard r.count > 1, let first = r.first, let last = r.last, last.start > first.start else { return 0 }
        return Double(r.count - 1) / (last.start - first.start)
    }

    /// The `p`-th percentile (0...100) of the remembered work times, in seconds (nearest rank).
    public func workPercentile(_ p: Double) -> Double {
        let sorted = samples.map(\.work).sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// The `p`-th percentile (0...100) of one phase's remembered times, in seconds (nearest rank).
    public func phasePercentile(_ p: Double, _ phase: KeyPath<FramePhases, Double>) -> Double {
        let sorted = samples.map { $0.phases[keyPath: phase] }.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// Late frames among the remembered ones.
    public var lateFrames: Int { samples.reduce(0) { $0 + ($1.late ? 1 : 0) } }
}
