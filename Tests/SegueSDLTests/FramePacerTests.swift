import Testing
@testable import SegueSDL

/// A clock that moves only when the test works or the pacer sleeps.
@MainActor
final class FakeTimeSource: PacingTimeSource {
    var time: Double
    var sleeps: [Double] = []
    init(start: Double = 1000) { time = start }
    func now() -> Double { time }
    func sleep(until deadline: Double) {
        sleeps.append(deadline)
        time = max(time, deadline)
    }
    func work(_ seconds: Double) { time += seconds }
}

@Suite @MainActor
struct FramePacerTests {
    @Test func framesStartExactlyOneSixtiethApartWhateverTheWork() {
        let time = FakeTimeSource()
        let pacer = FramePacer(time: time)
        var generator = SplitMix(seed: 7)
        for _ in 0..<10_000 {
            time.work(0.001 + 0.012 * generator.nextUnit())   // 1 to 13 ms of work
            #expect(pacer.waitForNextFrame() == .onTime)
        }
        // No drift: frame 10 000 is due at exactly 10 000 / 60 s.
        #expect(abs(pacer.frameStart - (1000 + 10_000.0 / 60)) < 1e-9)
        #expect(abs(time.time - pacer.frameStart) < 1e-12)
        #expect(pacer.resyncCount == 0)
    }

    @Test func slightlyLateFrameIsCaughtUpOnSchedule() {
        let time = FakeTimeSource()
        let pacer = FramePacer(time: time)
        time.work(1.0 / 60 + 0.002)
        #expect(pacer.waitForNextFrame() == .lateCaughtUp)
        #expect(abs(pacer.frameStart - (1000 + 1.0 / 60)) < 1e-12)
        time.work(0.005)
        #expect(pacer.waitForNextFrame() == .onTime)
        #expect(abs(pacer.frameStart - (1000 + 2.0 / 60)) < 1e-12)
    }

    @Test func resynchronisesAfterAStall() {
        let time = FakeTimeSource()
        let pacer = FramePacer(time: time)
        time.work(0.004)
        pacer.waitForNextFrame()
        time.work(0.250)                                 // a quarter-second stall
        #expect(pacer.waitForNextFrame() == .stalled)
        let restart = time.time
        #expect(pacer.frameStart == restart)             // the schedule restarts now, no burst of frames
        #expect(pacer.resyncCount == 1)
        for k in 1...120 {
            time.work(0.004)
            #expect(pacer.waitForNextFrame() == .onTime)
            #expect(abs(pacer.frameStart - (restart + Double(k) / 60)) < 1e-9)
        }
    }

    @Test func pacedClockReadsTheNominalFrameTime() {
        let time = FakeTimeSource()
        let pacer = FramePacer(time: time)
        let clock = PacedClock(pacer: pacer)
        #expect(clock.now == 0)
        time.work(0.0123)
        pacer.waitForNextFrame()
        #expect(abs(clock.now - 1.0 / 60) < 1e-12)
    }
}

@Suite struct FrameStatisticsTests {
    @Test func percentilesFpsAndLateFrames() {
        var stats = FrameStatistics(capacity: 300)
        for k in 0..<300 {
            stats.record(start: Double(k) / 60, work: Double(k % 100 + 1) / 1000, late: k == 10)
        }
        #expect(abs(stats.framesPerSecond - 60) < 1e-9)
        #expect(abs(stats.workPercentile(50) - 0.050) < 1e-12)
        #expect(abs(stats.workPercentile(99) - 0.099) < 1e-12)
        #expect(stats.lateFrames == 1)
    }

    /// The HUD's last second: the frames that started less than a second before the newest.
    @Test func theLastSecondIsTheFramesStartedWithinASecondOfTheNewest() {
        var stats = FrameStatistics(capacity: 600)
        // 5 s at 60 Hz; work 1 ms, except 9 ms in the last second's first 30 frames.
        for k in 0..<300 {
            stats.record(start: Double(k) / 60, work: k >= 240 && k < 270 ? 0.009 : 0.001, late: false)
        }
        let second = stats.lastFrames(within: 1)
        #expect(second.totalFrames == 60)   // starts 240/60 ... 299/60, newest 299/60: 4.0 s > 3.983 s
        #expect(abs(second.framesPerSecond - 60) < 1e-9)
        #expect(second.workPercentile(50) == 0.001)   // 30 of 60 at 1 ms: rank 30
        #expect(second.workPercentile(99) == 0.009)
        #expect(FrameStatistics().lastFrames(within: 1).totalFrames == 0)
    }

    @Test func remembersOnlyTheMostRecentFrames() {
        var stats = FrameStatistics(capacity: 10)
        for k in 0..<25 { stats.record(start: Double(k), work: Double(k), late: false) }
        #expect(stats.recent.map(\.start) == (15..<25).map(Double.init))
        #expect(stats.totalFrames == 25)
    }
}

/// A tiny deterministic generator for jittered work.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func nextUnit() -> Double {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
