import Foundation
import SegueAnimation
import Testing
@testable import SegueSDL

/// The problem a script has, as the one line `segue replay` prints (without "error: ").
private func problem(_ json: String) -> String? {
    do {
        _ = try ReplayScript(parsing: Data(json.utf8), file: "bad.json")
        return nil
    } catch {
        return error.description
    }
}

@Suite struct ReplayScriptTests {
    @Test func theSpecsExampleScriptParsesWithEveryEventType() throws {
        let s = try script("""
            {"size": [800, 600], "duration": 3000, "events": [
              {"t": 0, "type": "key", "key": "Return"}, {"t": 1000, "type": "down", "x": 5, "y": 300},
              {"t": 1016, "type": "move", "x": 60, "y": 300}, {"t": 1200, "type": "up", "x": 400, "y": 300},
              {"t": 1300, "type": "cancel", "x": 7, "y": 8}, {"t": 1500, "type": "key", "key": "Right"},
              {"t": 2000, "type": "resize", "width": 1024, "height": 768}, {"t": 2100, "type": "focusLost"},
              {"t": 2100, "type": "focusGained"}]}
            """)
        #expect(s.size == CGSize(width: 800, height: 600))
        #expect(s.duration == 3000)
        #expect(s.events.map(\.kind) == [
            .key("Return"), .down(CGPoint(x: 5, y: 300)), .move(CGPoint(x: 60, y: 300)), .up(CGPoint(x: 400, y: 300)),
            .cancel(CGPoint(x: 7, y: 8)), .key("Right"), .resize(CGSize(width: 1024, height: 768)), .focusLost, .focusGained])
        #expect(s.events.map(\.time) == [0, 1000, 1016, 1200, 1300, 1500, 2000, 2100, 2100])
    }

    @Test func durationDefaultsToTheLastEventPlusTwoSecondsAndSizeTo800x600() throws {
        let s = try script(#"{"events": [{"t": 250, "type": "focusLost"}]}"#)
        #expect(s.duration == 250 + ReplayScript.defaultTrailingDuration)
        #expect(s.duration == 2250)
        #expect(s.size == ReplayScript.defaultSize)
        #expect(try script("{}").duration == 2000)
        #expect(try script("{}").events.isEmpty)
    }

    @Test func unknownFieldsAreIgnored() throws {
        let s = try script(#"{"comment": "a pop", "events": [{"t": 0, "type": "focusLost", "note": 1}]}"#)
        #expect(s.events.map(\.kind) == [.focusLost])
    }

    @Test func everyBadInputNamesTheFileTheEventIndexAndWhatIsWrongOnOneLine() {
        let cases: [(String, String)] = [
            ("{", "bad.json: invalid JSON: unexpected end of the file at line 1, column 2"),
            ("[1, 2]", "bad.json: the script must be a JSON object, got an array"),
            (#"{"events": [{"t": 0, "type": "focusLost"},]}"#, "bad.json: invalid JSON: trailing comma in an array at line 1, column 43"),
            (#"{"events": [{"t": 0, "type": "tap"}]}"#,
             #"bad.json: event 0: unknown event type "tap" (expected one of down, move, up, cancel, key, resize, focusLost, focusGained, wheel, touchDown, touchMove, touchUp)"#),
            (#"{"events": [{"t": 0, "type": "focusLost"}, {"type": "focusLost"}]}"#, #"bad.json: event 1: missing field "t""#),
            (#"{"events": [{"t": 0}]}"#, #"bad.json: event 0: missing field "type""#),
            (#"{"events": [{"t": 0, "type": "down", "x": 5}]}"#, #"bad.json: event 0: missing field "y" (a down event needs it)"#),
            (#"{"events": [{"t": 0, "type": "move", "y": 5}]}"#, #"bad.json: event 0: missing field "x" (a move event needs it)"#),
            (#"{"events": [{"t": 0, "type": "key"}]}"#, #"bad.json: event 0: missing field "key" (a key event needs an SDL key name)"#),
            (#"{"events": [{"t": 0, "type": "key", "key": "Enterr"}]}"#,
             #"bad.json: event 0: unknown key name "Enterr" (SDL's names: Return, Escape, Backspace, Left, Right, P, S...)"#),
            (#"{"events": [{"t": 0, "type": "resize", "width": 300}]}"#, #"bad.json: event 0: missing field "height" (a resize event needs it)"#),
            (#"{"events": [{"t": 5, "type": "focusLost"}, {"t": 10, "type": "focusLost"}, {"t": 9, "type": "focusGained"}]}"#,
             "bad.json: event 2: time goes backwards: t 9 is before the previous event's t 10"),
            (#"{"size": [199, 600]}"#, "bad.json: size: 199x600 is below 200x200 (each side must be 200...8192 points)"),
            (#"{"size": [800, 8193]}"#, "bad.json: size: 800x8193 is above 8192x8192 (each side must be 200...8192 points)"),
            (#"{"size": [800]}"#, "bad.json: size: must be [width, height] in points, got [800]"),
            (#"{"events": [{"t": 0, "type": "resize", "width": 150, "height": 600}]}"#,
             "bad.json: event 0: 150x600 is below 200x200 (each side must be 200...8192 points)"),
            (#"{"events": [{"t": -1, "type": "focusLost"}]}"#, #"bad.json: event 0: field "t" must be a number of milliseconds, not negative, got -1"#),
            (#"{"events": [{"t": "0", "type": "focusLost"}]}"#, #"bad.json: event 0: field "t" must be a number of milliseconds, not negative, got "0""#),
            (#"{"events": [{"t": 0, "type": "down", "x": 1e308, "y": 1}]}"#,
             #"bad.json: event 0: field "x" must be a finite number of points from -2147483648 to 2147483647, got 1e+308"#),
            (#"{"events": [{"t": 0, "type": "move", "x": 1, "y": -2147483648.5}]}"#,
             #"bad.json: event 0: field "y" must be a finite number of points from -2147483648 to 2147483647, got -2147483648.5"#),
            (#"{"events": [{"t": 0, "type": "up", "x": "1.5", "y": 1}]}"#,
             #"bad.json: event 0: field "x" must be a finite number of points from -2147483648 to 2147483647, got "1.5""#),
            (#"{"events": [{"t": 0, "type": "down", "x": NaN, "y": 1}]}"#,
             "bad.json: invalid JSON: NaN is not a JSON number (a script's numbers must be finite) at line 1, column 43"),
            (#"{"events": [{"t": 0, "type": "down", "x": 1, "y": -Infinity}]}"#,
             "bad.json: invalid JSON: -Infinity is not a JSON number (a script's numbers must be finite) at line 1, column 51"),
            (#"{"events": [{"t": 0, "type": "resize", "width": 300.5, "height": 600}]}"#,
             #"bad.json: event 0: field "width" must be a whole number of points, got 300.5"#),
            (#"{"events": [{"t": 0, "type": true}]}"#, #"bad.json: event 0: field "type" must be a string, got true"#),
            (#"{"events": [3]}"#, "bad.json: event 0: an event must be a JSON object, got a number"),
            (#"{"events": [{"t": 0, "type": "wheel", "dy": 0.5}]}"#,
             #"bad.json: event 0: missing field "dx" (a wheel event needs dx and dy, SDL's precise scroll deltas)"#),
            (#"{"events": [{"t": 0, "type": "wheel", "dx": 0.5, "dy": "up"}]}"#,
             #"bad.json: event 0: field "dy" must be a finite number of SDL scroll units from -1000000 to 1000000, got "up""#),
            (#"{"events": [{"t": 0, "type": "wheel", "dx": 2e6, "dy": 0}]}"#,
             #"bad.json: event 0: field "dx" must be a finite number of SDL scroll units from -1000000 to 1000000, got 2000000"#),
            (#"{"events": [{"t": 0, "type": "wheel", "dx": 0.5, "dy": 0, "x": 10}]}"#,
             #"bad.json: event 0: missing field "y" (a wheel event's position needs both x and y, or neither for the window's centre)"#),
            (#"{"events": [{"t": 0, "type": "wheel", "dx": 0.5, "dy": 0, "x": 10, "y": null}]}"#,
             #"bad.json: event 0: field "y" must be a finite number of points from -2147483648 to 2147483647, got null"#),
            (#"{"events": {}}"#, #"bad.json: events: must be an array of events, got an object"#),
            (#"{"duration": -5}"#, "bad.json: duration: must be a number of milliseconds, not negative, got -5"),
            (#"{"duration": 1000, "events": [{"t": 1001, "type": "focusLost"}]}"#,
             "bad.json: event 0: t 1001 is after the replay's last frame (1000 ms, duration 1000): it would never be delivered"),
        ]
        for (json, expected) in cases {
            #expect(problem(json) == expected, "\(json)")
            #expect(problem(json)?.contains("\n") == false)
        }
    }

    @Test func anUnreadableFileIsNamedWithTheSystemsReason() {
        #expect(throws: ReplayScriptError(file: "/no/such/script.json", location: .file,
                                          problem: "cannot read the file (No such file or directory)")) {
            try ReplayScript.load(contentsOfFile: "/no/such/script.json")
        }
    }

    /// Spec replay-and-trace, "Script": x and y are any finite number of points, fractional too (a touch on a
    /// 3x screen lands on thirds of a point, a HiDPI mouse on halves); the script keeps them exactly.
    @Test func pointerPointsMayBeFractionalAndAreKeptExactly() throws {
        let s = try ReplayScript(parsing: Data("""
            {"events": [{"t": 1000, "type": "down", "x": 1.5, "y": 300},
             {"t": 1008.333, "type": "move", "x": 28.8, "y": 300.25},
             {"t": 1016.667, "type": "move", "x": 28.333333333333332, "y": -0.5},
             {"t": 1025, "type": "up", "x": 2147483647, "y": -2147483648},
             {"t": 1030, "type": "cancel", "x": 0.1, "y": 1e-3}]}
            """.utf8), file: "s.json")
        #expect(s.events.map(\.kind) == [
            .down(CGPoint(x: 1.5, y: 300)), .move(CGPoint(x: 28.8, y: 300.25)),
            .move(CGPoint(x: 85.0 / 3, y: -0.5)), .up(CGPoint(x: 2_147_483_647, y: -2_147_483_648)),
            .cancel(CGPoint(x: 0.1, y: 0.001)),
        ])
        // Written back (the recorder's and the monkey's format) and read again: the same points.
        let again = try ReplayScript(parsing: Data(s.jsonText.utf8), file: "again.json")
        #expect(again == s)
        #expect(s.jsonText.contains(#""x": 28.8, "y": 300.25"#))
        #expect(s.jsonText.contains(#""x": 28.333333333333332, "y": -0.5"#))
    }

    @Test func wheelEventsAreReadWithOrWithoutAPositionAndWrittenBack() throws {
        let s = try ReplayScript(parsing: Data("""
            {"events": [{"t": 10, "type": "wheel", "dx": 0.75, "dy": -0.125},
             {"t": 20, "type": "wheel", "dx": -1, "dy": 0, "x": 12.5, "y": 300}]}
            """.utf8), file: "s.json")
        #expect(s.events.map(\.kind) == [.wheel(dx: 0.75, dy: -0.125, at: nil), .wheel(dx: -1, dy: 0, at: CGPoint(x: 12.5, y: 300))])
        #expect(try ReplayScript(parsing: Data(s.jsonText.utf8), file: "again.json") == s)
        #expect(s.jsonText.contains(#"{"t": 10, "type": "wheel", "dx": 0.75, "dy": -0.125}"#))
        #expect(s.jsonText.contains(#"{"t": 20, "type": "wheel", "dx": -1, "dy": 0, "x": 12.5, "y": 300}"#))
    }

    @Test func touchEventsAreReadWithTheirFingerAndFractionalPointsAndWrittenBack() throws {
        let s = try ReplayScript(parsing: Data("""
            {"size": [400, 300], "events": [{"t": 10, "type": "touchDown", "id": 1, "x": 100.5, "y": 200},
             {"t": 10, "type": "touchDown", "id": 0, "x": 0, "y": 300}, {"t": 26, "type": "touchMove", "id": 1, "x": 98.76536178588867, "y": 0},
             {"t": 30, "type": "touchUp", "id": 0, "x": 400, "y": 300}, {"t": 40, "type": "resize", "width": 800, "height": 600},
             {"t": 50, "type": "touchUp", "id": 1, "x": 799.5, "y": 600}, {"t": 60, "type": "touchDown", "id": 9, "x": 1, "y": 2}]}
            """.utf8), file: "s.json")
        #expect(s.events.map(\.kind) == [
            .touchDown(id: 1, at: CGPoint(x: 100.5, y: 200)), .touchDown(id: 0, at: CGPoint(x: 0, y: 300)),
            .touchMove(id: 1, at: CGPoint(x: 98.76536178588867, y: 0)), .touchUp(id: 0, at: CGPoint(x: 400, y: 300)),
            .resize(CGSize(width: 800, height: 600)), .touchUp(id: 1, at: CGPoint(x: 799.5, y: 600)), .touchDown(id: 9, at: CGPoint(x: 1, y: 2))])
        #expect(s.events[2].pointerLocation == CGPoint(x: 98.76536178588867, y: 0))
        #expect(try ReplayScript(parsing: Data(s.jsonText.utf8), file: "again.json") == s)
        #expect(s.jsonText.contains(#"{"t": 10, "type": "touchDown", "id": 1, "x": 100.5, "y": 200},"#))
        #expect(s.jsonText.contains(#"{"t": 26, "type": "touchMove", "id": 1, "x": 98.76536178588867, "y": 0},"#))
        #expect(s.jsonText.contains(#"{"t": 60, "type": "touchDown", "id": 9, "x": 1, "y": 2}"#))
    }

    @Test(arguments: [
        (#"{"events": [{"t": 0, "type": "touchDown", "x": 1, "y": 2}]}"#,
         #"bad.json: event 0: missing field "id" (a touchDown event needs the finger's number, 0 to 9)"#),
        (#"{"events": [{"t": 0, "type": "touchMove", "id": -1, "x": 1, "y": 2}]}"#,
         #"bad.json: event 0: field "id" must be a finger number, a whole number from 0 to 9, got -1"#),
        (#"{"events": [{"t": 0, "type": "touchDown", "id": 1.5, "x": 1, "y": 2}]}"#,
         #"bad.json: event 0: field "id" must be a finger number, a whole number from 0 to 9, got 1.5"#),
        (#"{"events": [{"t": 0, "type": "touchDown", "id": 10, "x": 1, "y": 2}]}"#,
         #"bad.json: event 0: field "id" must be a finger number, a whole number from 0 to 9, got 10"#),
        (#"{"events": [{"t": 0, "type": "touchDown", "id": "1", "x": 1, "y": 2}]}"#,
         #"bad.json: event 0: field "id" must be a finger number, a whole number from 0 to 9, got "1""#),
        (#"{"events": [{"t": 0, "type": "touchUp", "id": 1, "y": 2}]}"#,
         #"bad.json: event 0: missing field "x" (a touchUp event needs it)"#),
        (#"{"events": [{"t": 0, "type": "touchDown", "id": 1, "x": 1, "y": "2"}]}"#,
         #"bad.json: event 0: field "y" must be a number of points inside the window, from 0 to 600 (its height at this event), got "2""#),
        (#"{"events": [{"t": 0, "type": "touchDown", "id": 1, "x": 800.5, "y": 2}]}"#,
         #"bad.json: event 0: field "x" must be a number of points inside the window, from 0 to 800 (its width at this event), got 800.5"#),
        (#"{"events": [{"t": 0, "type": "touchDown", "id": 1, "x": -0.25, "y": 2}]}"#,
         #"bad.json: event 0: field "x" must be a number of points inside the window, from 0 to 800 (its width at this event), got -0.25"#),
        (#"{"events": [{"t": 0, "type": "resize", "width": 300, "height": 200}, {"t": 5, "type": "touchDown", "id": 1, "x": 10, "y": 250}]}"#,
         #"bad.json: event 1: field "y" must be a number of points inside the window, from 0 to 200 (its height at this event), got 250"#),
        (#"{"events": [{"t": 0, "type": "touchMove", "id": 2, "x": 1, "y": 2}]}"#,
         #"bad.json: event 0: touchMove of finger 2, which is not down (a touchDown of it must come first)"#),
        (#"{"events": [{"t": 0, "type": "touchDown", "id": 2, "x": 1, "y": 2}, {"t": 5, "type": "touchUp", "id": 2, "x": 1, "y": 2},"#
         + #" {"t": 9, "type": "touchUp", "id": 2, "x": 1, "y": 2}]}"#,
         #"bad.json: event 2: touchUp of finger 2, which is not down (a touchDown of it must come first)"#),
        (#"{"events": [{"t": 0, "type": "touchDown", "id": 0, "x": 1, "y": 2}, {"t": 0, "type": "down", "x": 1, "y": 2},"#
         + #" {"t": 5, "type": "touchDown", "id": 0, "x": 3, "y": 4}]}"#,
         #"bad.json: event 2: touchDown of finger 0, which is already down (since event 0); a finger lifts (touchUp) before it goes down again"#),
    ])
    func everyBadTouchEventIsReportedOnOneLine(json: String, message: String) {
        #expect(problem(json) == message)
    }

    @Test func strictJSONRejectsWhatFoundationForgives() throws {
        for text in ["[1,]", #"{"a": 1,}"#, #"{"a": 1, "a": 2}"#, "[1] x", "[01]", "[1.]", "[1e999]", "[\"a\nb\"]", "[tru]"] {
            #expect(throws: ScriptJSONError.self, "\(text)") { try ScriptJSONParser.parse(Data(text.utf8)) }
        }
        #expect(try ScriptJSONParser.parse(Data(#"{"a": [1, -2.5e1, "\u00e9\n", true, null]}"#.utf8))
                == .object(["a": .array([.number(1), .number(-25), .string("é\n"), .bool(true), .null])]))
    }
}

@Suite struct ReplayTimelineTests {
    @Test func frameKIsAtKTimes1000Over60Milliseconds() {
        #expect(ReplayTimeline.time(ofFrame: 0) == 0)
        #expect(ReplayTimeline.time(ofFrame: 60) == 1000)
        #expect(ReplayTimeline.time(ofFrame: 61) == 61_000.0 / 60)
    }

    @Test func anEventGoesBeforeTheFirstFrameWhoseTimeIsAtOrAfterIt() {
        #expect(ReplayTimeline.firstFrame(atOrAfter: 0) == 0)
        #expect(ReplayTimeline.firstFrame(atOrAfter: 1000) == 60)
        #expect(ReplayTimeline.firstFrame(atOrAfter: 1001) == 61)
        #expect(ReplayTimeline.firstFrame(atOrAfter: 1016) == 61)
        #expect(ReplayTimeline.firstFrame(atOrAfter: 61_000.0 / 60) == 61)
        #expect(ReplayTimeline.firstFrame(atOrAfter: 0.001) == 1)
    }

    @Test func theReplayRunsTheFramesWithinTheDuration() {
        #expect(ReplayTimeline.lastFrame(within: 3000) == 180)
        #expect(ReplayTimeline.lastFrame(within: 3016) == 180)
        #expect(ReplayTimeline.lastFrame(within: 0) == 0)
    }
}
