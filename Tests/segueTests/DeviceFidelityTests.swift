import Foundation
import SegueAnimation
import SegueSDL
import SegueUI
import Testing
@testable import segue

/// The table's rows: name, outcome, settle in ms (from the lift; the last two from the onset of motion).
private let deviceTable: [(String, String?, Double)] = [
    ("held-at-0.66", "pops", 259), ("back-to-40-held", "returns", 177), ("25-percent-held", "returns", 245),
    ("30-percent-held", "returns", 252), ("35-percent-held", "pops", 395), ("40-percent-held", "pops", 390),
    ("80pt-in-0.2s", "returns", 236), ("90pt-in-0.2s", "pops", 388), ("flick-back-to-200", "pops", 370),
    ("flick-back-to-170", "returns", 312), ("programmatic-push", nil, 371), ("programmatic-pop", nil, 373),
]


/// Segue's drawn settle times of the table's finger gestures, in ms from the lift, as iOS 27's springs give
/// them on 60 Hz frames: the page placed at the finger when the pop starts, one step of the tracking spring
/// (0.08 s, 0.85) a frame towards the finger, at the lift's frame the release spring (0.3 s, 0.85) from the
/// page's position and velocity (boosted 4.25 times past 1.5 W/s), stopping at the end the first time it
/// gets there. Computed outside Segue from the scripts and the spec's constants (issue #37).
private let modelSettle: [String: Double] = [
    "25-percent-held": 216.7, "30-percent-held": 216.7, "35-percent-held": 233.3, "40-percent-held": 233.3,
    "80pt-in-0.2s": 216.7, "90pt-in-0.2s": 233.3, "back-to-40-held": 183.3, "flick-back-to-170": 216.7,
    "flick-back-to-200": 233.3, "held-at-0.66": 233.3,
]

/// The iPhone's release table (spec gestures-and-timing): the gestures of Resources/scripts/device, replayed
/// in the demo app at 402 x 874, decide as the device did; a programmatic push or pop settles within a frame
/// of the device (its spring is the device's own, drawn whole); a released page settles as iOS 27's springs
/// put it (`modelSettle`), which is earlier than the device where the device's page swings past its end
/// (Segue's page stops there): see `segue fidelity`'s "spring alone" column. On the virtual 60 Hz frames.
@MainActor
@Suite(.serialized) struct DeviceFidelityTests {
    static let directory = "Resources/scripts/device"
    static func measure(_ name: String) throws -> (DeviceGesture, FidelityMeasurement) {
        let gesture = try DeviceGesture.load("\(directory)/\(name).json")
        return (gesture, try FidelityMeasurement.measure(gesture))
    }

    @Test func everyScriptIsARowOfTheTableAndTheTableIsWhole() throws {
        let names = try DeviceGesture.loadAll(in: Self.directory).map(\.name)
        #expect(Set(names) == Set(deviceTable.map(\.0)))
        for (name, outcome, settle) in deviceTable {
            let g = try DeviceGesture.load("\(Self.directory)/\(name).json")
            #expect(g.device.outcome == outcome && g.device.settle == settle, "\(name)")
            #expect(g.script.size == CGSize(width: 402, height: 874))
        }
    }

    @Test(arguments: deviceTable.map(\.0))
    func theGestureDecidesAsTheiPhoneAndSettlesAsTheDevicesSpringsPutIt(_ name: String) throws {
        let row = try #require(deviceTable.first { $0.0 == name })
        let (_, m) = try Self.measure(name)
        let settle = try #require(m.settle)
        if let outcome = row.1 {
            #expect(m.outcome == outcome)
            let model = try #require(modelSettle[name])
            #expect(abs(settle - model) < 0.1, "\(name): Segue settles in \(settle) ms, the springs in \(model) ms")
        } else {
            // Within a 60 Hz frame of the device (the onset of motion is read on the frames): +10 and +12.3 ms.
            #expect(abs(settle - row.2) <= 1000.0 / 60, "\(name): Segue settles in \(settle) ms, the iPhone in \(row.2) ms")
        }
    }

    /// The release spring alone, drawn past its end, settles later than Segue's page the further it swings:
    /// past 1 pt only from about 170 pt left (0.6 % of the way), as on the device, where the pops let go near
    /// the commit fraction take 390 ms against 259 ms from two thirds.
    @Test func theSpringAloneSwingsPastTheEndOnlyOnLongTravels() throws {
        let (_, near) = try Self.measure("35-percent-held")
        let (_, far) = try Self.measure("held-at-0.66")
        let nearSpring = try #require(near.springSettle), farSpring = try #require(far.springSettle)
        #expect(nearSpring > (try #require(near.settle)) + 80)
        #expect(farSpring < nearSpring - 80)
    }

    /// The spec's flick back: to 260 pt and back to 200 in 0.1 s reads -1.03 W/s by the rule's measure, under
    /// the flick threshold, and the page is past the commit fraction: it pops (a flick measure that overshot
    /// would cancel it). Back to 170: -1.49 W/s, a flick back: it returns.
    @Test func theFlickBacksDecideByTheRulesVelocity() throws {
        let (_, to200) = try Self.measure("flick-back-to-200")
        #expect(abs(try #require(to200.releaseVelocity) - -1.03) < 0.005)
        #expect(try #require(to200.pageAtLift) >= Double(TransitionSettings.defaultCommitFraction))
        #expect(to200.outcome == "pops")
        let (_, to170) = try Self.measure("flick-back-to-170")
        #expect(abs(try #require(to170.releaseVelocity) - -1.49) < 0.005)
        #expect(to170.outcome == "returns")
    }

    /// After the lift the page never goes past its end and does not jump: in the first frame it goes no
    /// further than the finger's release speed carries it plus what the release spring (response 0.3 s) can
    /// add from rest, `v dt + ω² D dt² / 2`, D the distance left. (It may first carry on away from its end:
    /// the page keeps the velocity the tracking spring gave it.)
    @Test(arguments: deviceTable.prefix(10).map(\.0))
    func afterTheLiftThePageGoesToItsEndWithoutAJump(_ name: String) throws {
        let (_, m) = try Self.measure(name)
        let after = m.series.filter { $0.time >= m.start }.compactMap(\.x)
        let towards: CGFloat = m.end > after[0] ? 1 : -1
        let steps = zip(after, after.dropFirst()).map { ($1 - $0) * towards }
        #expect(after.allSatisfy { ($0 - m.end) * towards <= 1e-9 }, "\(name): past its end")
        #expect(after.allSatisfy { $0 >= -1e-9 && $0 <= m.width + 1e-9 }, "\(name): past an end")
        let speed = abs(CGFloat(m.releaseVelocity ?? 0)) * m.width
        let omega = 2 * CGFloat.pi / 0.3, dt: CGFloat = 1.0 / 60
        let bound = speed * dt + omega * omega * abs(m.end - after[0]) * dt * dt / 2
        #expect(abs(steps[0]) <= bound, "\(name): jumps \(steps[0]) pt in the first frame (at most \(bound))")
    }

    /// Tab swipes and sheets complete "as for the pop" (spec): the same release spring. A tab swipe let go
    /// at rest half way takes as many frames to finish as a pop let go at rest half way.
    @Test func aTabSwipeReleasedHalfWayFinishesInTheFramesOfAPopReleasedHalfWay() throws {
        func framesToFinish(_ events: [ReplayEvent], _ kind: TraceTransition.Kind) throws -> Int {
            let script = ReplayScript(size: CGSize(width: 800, height: 600), duration: 3500, events: events)
            let driver = ReplayDriver(script: script)
            let window = DemoWindow(clock: driver.clock, size: script.size)
            var frames: [TraceFrame] = []
            _ = try driver.run(window, afterFrame: { _ in frames.append(window.traceSnapshot()) })
            let released = try #require(frames.firstIndex { $0.transition?.kind == kind && $0.transition?.phase == .finishing })
            let interacting = try #require(frames[released - 1].transition)
            #expect(abs(interacting.percent - 0.5) < 1e-9)
            let done = try #require(frames[released...].firstIndex { $0.transition == nil })
            return done - released
        }
        func drag(from: Double, to: Double, t0: Double) -> [ReplayEvent] {
            [ReplayEvent(time: t0, kind: .down(CGPoint(x: from, y: 300))),
             ReplayEvent(time: t0 + 50, kind: .move(CGPoint(x: (from + to) / 2, y: 300))),
             ReplayEvent(time: t0 + 100, kind: .move(CGPoint(x: to, y: 300))),
             ReplayEvent(time: t0 + 400, kind: .up(CGPoint(x: to, y: 300)))]
        }
        // The pop: 0.5 W of travel past the slop; the swipe: 0.5 W leftwards.
        let pop = try framesToFinish([ReplayEvent(time: 0, kind: .key("Return"))]
                                     + drag(from: 5, to: 5 + Double(TransitionSettings.defaultPopSlop) + 400, t0: 1000), .pop)
        let tab = try framesToFinish(drag(from: 700, to: 300, t0: 1000), .tab)
        #expect(tab == pop)
        #expect(pop > 12)
    }
}
