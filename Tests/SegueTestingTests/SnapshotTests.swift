import Foundation
import SegueSDL
import SegueTesting
import Testing

/// A store in a fresh temporary folder.
func temporaryStore(_ name: String) -> SnapshotStore {
    let root = NSTemporaryDirectory() + "segue-testing-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    return SnapshotStore(referenceDirectory: root + "/refs", artifactsDirectory: root + "/artifacts")
}

/// A 20 x 10 image: a horizontal grey ramp.
func ramp() -> SnapshotImage {
    var image = SnapshotImage(width: 20, height: 10)
    for y in 0..<10 {
        for x in 0..<20 { image[x, y] = Pixel(r: UInt8(x * 12), g: UInt8(x * 12), b: UInt8(x * 12), a: 255) }
    }
    return image
}

@MainActor
struct SnapshotTests {
    @Test func onePixelChangedBeyondThePerPixelToleranceFailsAndWithinItPasses() {
        let reference = ramp()
        var changed = reference
        changed[7, 3] = Pixel(r: 84 + 10, g: 84, b: 84, a: 255)   // 10 levels off in red
        let exact = compare(changed, with: reference)
        #expect(!exact.matches)
        #expect(exact.differingPixels == 1 && exact.largestDifference == 10)
        #expect(exact.firstDifference?.x == 7 && exact.firstDifference?.y == 3)
        #expect(exact.summary == "1 of 200 pixels (0.5 %) differ by more than 0 levels, the first at (7, 3); the largest difference is 10 levels; allowed: 0 % of the pixels")
        #expect(compare(changed, with: reference, tolerance: ImageTolerance(perPixel: 10)).matches)
        #expect(!compare(changed, with: reference, tolerance: ImageTolerance(perPixel: 9)).matches)
        // Per image: one pixel of 200 is 0.5 %.
        #expect(compare(changed, with: reference, tolerance: ImageTolerance(perImage: 0.005)).matches)
        #expect(!compare(changed, with: reference, tolerance: ImageTolerance(perImage: 0.004)).matches)
        #expect(compare(reference, with: reference).matches)
    }

    @Test func imagesOfDifferentSizesNeverMatch() {
        let c = compare(ramp(), with: SnapshotImage(width: 20, height: 11), tolerance: ImageTolerance(perPixel: 255, perImage: 1))
        #expect(!c.matches && c.sizesDiffer)
        #expect(c.summary == "the image is 20x10 pixels, the reference 20x11")
    }

    @Test func recordModeWritesTheReferenceAndThenItMatches() throws {
        let store = temporaryStore("record")
        let image = ramp()
        let outcome = verifySnapshot(of: image, named: "ramp", record: true, store: store)
        #expect(outcome == .recorded(path: store.referenceDirectory + "/ramp.png"))
        #expect(try SnapshotImage(contentsOfPNGFile: store.referenceDirectory + "/ramp.png") == image)
        #expect(verifySnapshot(of: image, named: "ramp", record: false, store: store) == .matched)
    }

    @Test func theEnvironmentVariableTurnsRecordModeOn() {
        #expect(SnapshotStore.isRecording(environment: ["SEGUE_RECORD_SNAPSHOTS": "1"]))
        #expect(SnapshotStore.isRecording(environment: ["SEGUE_RECORD_SNAPSHOTS": "true"]))
        #expect(!SnapshotStore.isRecording(environment: ["SEGUE_RECORD_SNAPSHOTS": "0"]))
        #expect(!SnapshotStore.isRecording(environment: [:]))
    }

    @Test func aMismatchSaysWhereTheActualReferenceAndDifferenceImagesAre() throws {
        let store = temporaryStore("mismatch")
        _ = verifySnapshot(of: ramp(), named: "ramp", record: true, store: store)
        var changed = ramp()
        changed[0, 0] = Pixel(r: 0, g: 40, b: 0, a: 255)
        let message = try #require(verifySnapshot(of: changed, named: "ramp", tolerance: ImageTolerance(perPixel: 39), record: false, store: store).failureMessage)
        let actual = store.artifactsDirectory + "/ramp.actual.png"
        let reference = store.artifactsDirectory + "/ramp.reference.png"
        let difference = store.artifactsDirectory + "/ramp.difference.png"
        #expect(message.contains("actual: \(actual)\nreference: \(reference)\ndifference: \(difference)"))
        #expect(message.contains("1 of 200 pixels"))
        #expect(try SnapshotImage(contentsOfPNGFile: actual) == changed)
        #expect(try SnapshotImage(contentsOfPNGFile: reference) == ramp())
        let diff = try SnapshotImage(contentsOfPNGFile: difference)
        #expect(diff[0, 0] == Pixel(r: 255, g: 0, b: 255, a: 255))   // the pixel beyond the tolerance
        #expect(diff[5, 5] != Pixel(r: 255, g: 0, b: 255, a: 255))
        // Within the tolerance it passes.
        #expect(verifySnapshot(of: changed, named: "ramp", tolerance: ImageTolerance(perPixel: 40), record: false, store: store) == .matched)
    }

    @Test func aMissingReferenceNamesItsPathAndHowToRecordIt() throws {
        let store = temporaryStore("missing")
        let message = try #require(verifySnapshot(of: ramp(), named: "nothing", record: false, store: store).failureMessage)
        #expect(message.hasPrefix("No reference image at \(store.referenceDirectory)/nothing.png: run the test with record: true or with SEGUE_RECORD_SNAPSHOTS=1"))
        #expect(!FileManager.default.fileExists(atPath: store.referenceDirectory + "/nothing.png"))
        #expect(FileManager.default.fileExists(atPath: store.artifactsDirectory + "/nothing.actual.png"))
    }

    @Test func referencesLiveNextToTheTestFile() {
        let store = SnapshotStore(filePath: "/p/Tests/AppTests/PushTests.swift", environment: ["SEGUE_SNAPSHOT_ARTIFACTS": "/tmp/a"])
        #expect(store.referencePath("push", "png") == "/p/Tests/AppTests/__Snapshots__/PushTests/push.png")
        #expect(store.artifactPath("push", "difference", "png") == "/tmp/a/PushTests/push.difference.png")
        #expect(SnapshotStore.name(ofTest: "thePushSlides()") == "thePushSlides")
    }

    @Test func theAssertionFailsTheTestOnAOnePixelChangeBeyondTheToleranceAndNotWithinIt() throws {
        let host = try SegueTestHost(size: CGSize(width: 240, height: 260)) { Home() }
        var image = try host.image()
        let red = image[30, 210]
        image[30, 210] = Pixel(r: red.r, g: red.g &+ 3, b: red.b, a: red.a)   // 3 levels off in one channel
        withKnownIssue {
            assertSnapshot(of: image, named: "home")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("1 of 62400 pixels") && $0.rawValue.contains("difference: ") }
        }
        assertSnapshot(of: image, named: "home", tolerance: ImageTolerance(perPixel: 3))
        assertSnapshot(of: image, named: "home", tolerance: ImageTolerance(perImage: 1.0 / 62400))
    }

    @Test func aStoredReferenceMatchesTheWindow() throws {
        let host = try SegueTestHost(size: CGSize(width: 240, height: 260)) { Home() }
        assertSnapshot(of: host, named: "home")
    }
}
