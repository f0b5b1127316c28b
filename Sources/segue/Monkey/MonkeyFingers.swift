import CSDL2
import Foundation
import SegueSDL
import SegueUI

/// The monkey's touchscreen: two-finger pinches and drags, one-finger drags, and pairs whose first finger
/// lifts first, as SDL finger events (the script format holds one pointer, so they go beside the script:
/// ``SegueSDL/ReplayDriver/extraInput``).
///
/// The schedule comes from one fixed seed and depends on time only: every script meets the same fingers at
/// the same times, so a failing script cut down by the shrinker (its events keep their times) still meets
/// the fingers it failed with.
enum MonkeyFingers {
    /// The seed of the schedule.
    static let seed: UInt64 = 0x2929_7001
    /// The pause between two gestures, in milliseconds.
    static let pauseRange = 1500...5000
    /// The interval between moves, in milliseconds.
    static let moveInterval = 6...20

    /// The finger events up to `script`'s duration, in time order.
    static func input(for script: ReplayScript) -> [(time: Double, event: SDL_Event)] {
        var rng = SplitMix64(seed: seed)
        var out: [(time: Double, event: SDL_Event)] = []
        var time = Double(rng.int(in: pauseRange))
        var nextID: SDL_FingerID = 1
        func emit(_ type: SDL_EventType, _ id: SDL_FingerID, _ x: Double, _ y: Double) {
            var e = SDL_Event()
            e.type = type.rawValue
            e.tfinger.timestamp = UInt32(time)
            e.tfinger.fingerId = id
            e.tfinger.x = Float(min(max(x, 0), 1))
            e.tfinger.y = Float(min(max(y, 0), 1))
            out.append((time, e))
        }
        while time < script.duration {
            let (a, b) = (nextID, nextID + 1)
            nextID += 2
            let centre = (x: rng.double(in: 0.15...0.85), y: rng.double(in: 0.2...0.8))
            let kind = rng.int(in: 0...3)   // 0 pinch, 1 two-finger drag, 2 one finger, 3 first finger lifts first
            var spread = rng.double(in: 0.05...0.3)
            let pinch = rng.double(in: -0.02 ... 0.01)   // spread change a move (mostly in)
            let drift = (x: rng.double(in: -0.02...0.02), y: rng.double(in: -0.02...0.02))
            var c = centre
            emit(SDL_FINGERDOWN, a, c.x - spread, c.y)
            if kind != 2 {
                time += Double(rng.int(in: 0...30))
                emit(SDL_FINGERDOWN, b, c.x + spread, c.y)
            }
            for _ in 0..<rng.int(in: 2...30) {
                time += Double(rng.int(in: moveInterval))
                if kind == 0 { spread = max(0.005, spread + pinch) } else { c = (c.x + drift.x, c.y + drift.y) }
                emit(SDL_FINGERMOTION, a, c.x - spread, c.y)
                if kind != 2 { emit(SDL_FINGERMOTION, b, c.x + spread, c.y) }
            }
            time += Double(rng.int(in: 0...200))
            if kind == 3 {
                emit(SDL_FINGERUP, a, c.x - spread, c.y)
                time += Double(rng.int(in: 0...100))
                emit(SDL_FINGERUP, b, c.x + spread, c.y)
            } else {
                if kind != 2 { emit(SDL_FINGERUP, b, c.x + spread, c.y) }
                emit(SDL_FINGERUP, a, c.x - spread, c.y)
            }
            time += Double(rng.int(in: pauseRange))
        }
        return out.filter { $0.time <= script.duration }
    }
}
