import Foundation
import SegueAnimation
import SegueTesting
import Testing

/// Three frames of a page sliding in from 300 to 0 with a fading square.
func slide(middleX: Double = 150) -> MotionCurve {
    MotionCurve(samples: [
        .init(frame: 0, time: 0, views: ["Detail": .init(frame: CGRect(x: 300, y: 0, width: 300, height: 400), alpha: 1)]),
        .init(frame: 1, time: 1000.0 / 60, views: ["Detail": .init(frame: CGRect(x: middleX, y: 0, width: 300, height: 400), alpha: 0.5)]),
        .init(frame: 2, time: 2000.0 / 60, views: ["Detail": .init(frame: CGRect(x: 0, y: 0, width: 300, height: 400), alpha: 1)]),
    ])
}

@MainActor
struct MotionCurveTests {
    @Test func theJSONIsOneFrameALineAndReadsBackEqual() throws {
        let text = slide().jsonText
        #expect(text == """
            {"frames": [
              {"frame": 0, "time": 0, "views": {"Detail": {"frame": [300, 0, 300, 400], "alpha": 1}}},
              {"frame": 1, "time": 16.667, "views": {"Detail": {"frame": [150, 0, 300, 400], "alpha": 0.5}}},
              {"frame": 2, "time": 33.333, "views": {"Detail": {"frame": [0, 0, 300, 400], "alpha": 1}}}
            ]}

            """)
        #expect(try MotionCurve(jsonText: text) == slide())
        #expect(throws: MotionCurveFormatError.self) { try MotionCurve(jsonText: "{\"frames\": [{\"frame\": 0}]}") }
    }

    @Test func aFailureNamesTheFrameTheViewTheValueAndByHowMuch() throws {
        let differences = compare(slide(middleX: 162.5), with: slide())
        #expect(differences.map(\.description) == [
            "frame 1 (16.667 ms): \"Detail\" x is 162.5, the reference 150 (off by 12.5 pt)",
        ])
        #expect(compare(slide(middleX: 150.05), with: slide()).isEmpty)   // within the 0.1 pt default
        #expect(!compare(slide(middleX: 150.05), with: slide(), tolerance: MotionTolerance(points: 0.01)).isEmpty)

        let store = temporaryStore("motion")
        #expect(verifyMotion(of: slide(), named: "slide", record: true, store: store) == .recorded(path: store.referenceDirectory + "/slide.motion.json"))
        #expect(verifyMotion(of: slide(), named: "slide", record: false, store: store) == .matched)
        let message = try #require(verifyMotion(of: slide(middleX: 162.5), named: "slide", record: false, store: store).failureMessage)
        #expect(message.contains("- frame 1 (16.667 ms): \"Detail\" x is 162.5, the reference 150 (off by 12.5 pt)"))
        #expect(message.contains("The curve made is at \(store.artifactsDirectory)/slide.actual.motion.json"))
    }

    @Test func theAssertionFailsTheTestNamingTheFrameAndTheValue() {
        // The reference, __Snapshots__/MotionCurveTests/slide.motion.json, is slide() as recorded.
        assertMotion(of: slide(), named: "slide")
        withKnownIssue {
            assertMotion(of: slide(middleX: 151), named: "slide")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("- frame 1 (16.667 ms): \"Detail\" x is 151, the reference 150 (off by 1 pt)") }
        }
    }

    @Test func missingViewsAndFramesAreNamed() {
        var shorter = slide()
        shorter.samples.removeLast()
        shorter.samples[1].views["Extra"] = .init(frame: .zero, alpha: 1)
        #expect(compare(shorter, with: slide()).map(\.description) == [
            "the motion has 2 frames, the reference 3",
            "frame 1 (16.667 ms): view \"Extra\" is drawn (the reference does not have it)",
        ])
    }
}
