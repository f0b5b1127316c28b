import CSDL2
import Foundation
import SegueSDL
import Testing
@testable import segue

/// The monkey's desktop input (#29): trackpad swipes and wheel clicks in its scripts, a touchscreen beside
/// them.
@MainActor
@Suite struct MonkeyDesktopInputTests {
    @Test func theScriptsHoldTrackpadSwipesAndWheelClicks() {
        let deltas = MonkeyEventGenerator.events(seed: 42, count: 3000).compactMap { e -> (Double, Double)? in
            if case .wheel(let dx, let dy, _) = e.kind { (dx, dy) } else { nil }
        }
        let whole = deltas.filter { $0.0.rounded() == $0.0 && $0.1.rounded() == $0.1 }
        #expect(deltas.count - whole.count > 50)   // a swipe's deltas: fractions
        #expect(whole.count > 5)                   // a wheel's clicks
    }

    @Test func theTouchscreenPinchesWithTwoFingersDownAtOnce() {
        let script = ReplayScript(duration: 60_000, events: [])
        let input = MonkeyFingers.input(for: script)
        func summary(_ i: [(time: Double, event: SDL_Event)]) -> [String] {
            i.map { "\($0.time) \($0.event.type) \($0.event.tfinger.fingerId) \($0.event.tfinger.x) \($0.event.tfinger.y)" }
        }
        #expect(summary(input) == summary(MonkeyFingers.input(for: script)), "deterministic")
        var down = Set<SDL_FingerID>(), mostDown = 0
        for (_, e) in input {
            if e.type == SDL_FINGERDOWN.rawValue { down.insert(e.tfinger.fingerId) }
            if e.type == SDL_FINGERUP.rawValue { down.remove(e.tfinger.fingerId) }
            mostDown = max(mostDown, down.count)
        }
        #expect(mostDown == 2 && down.isEmpty)
        #expect(zip(input, input.dropFirst()).allSatisfy { $0.0.time <= $0.1.time })
        // A shorter script meets the same fingers, cut at its end.
        let shorter = MonkeyFingers.input(for: ReplayScript(duration: 20_000, events: []))
        #expect(shorter.map(\.time) == input.prefix(shorter.count).map(\.time))
    }
}
