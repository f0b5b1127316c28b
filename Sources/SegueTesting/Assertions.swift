import Foundation
import Testing
import XCTest

/// Reports a failure to the test framework running: Swift Testing's `Issue.record` inside a `@Test`,
/// else `XCTFail` (an `XCTestCase`).
func recordFailure(_ message: String, filePath: StaticString, line: UInt, column: UInt, fileID: String) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}

/// Fails the test when `outcome` is a failure or a recording (record mode writes a reference and fails,
/// as swift-snapshot-testing does, so that a run that only recorded is never taken for a passing one).
func report(_ outcome: SnapshotOutcome, filePath: StaticString, line: UInt, column: UInt, fileID: String) {
    switch outcome {
    case .matched:
        break
    case .recorded(let path):
        recordFailure("Recorded the reference \(path). Turn record mode off and run the test again to check against it.",
                      filePath: filePath, line: line, column: column, fileID: fileID)
    case .failed(let message):
        recordFailure(message, filePath: filePath, line: line, column: column, fileID: fileID)
    }
}

/// Asserts that `image` matches the reference PNG `name` (default: the test function's name) stored next
/// to the test file (`__Snapshots__/<file>/<name>.png`, see ``SnapshotStore``) within `tolerance`. A
/// mismatch or a missing reference fails the test with a message that says what differs and where the
/// image made, the reference and their difference were written. `record: true` (or
/// `SEGUE_RECORD_SNAPSHOTS=1`) writes the reference instead, and fails the test to say so.
///
/// Works in Swift Testing (`@Test`) and XCTest (`XCTestCase`) tests alike.
@MainActor
public func assertSnapshot(of image: SnapshotImage, named name: String? = nil, tolerance: ImageTolerance = .exact,
                           record: Bool? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                           function: String = #function, line: UInt = #line, column: UInt = #column) {
    let outcome = verifySnapshot(of: image, named: name ?? SnapshotStore.name(ofTest: function), tolerance: tolerance,
                                 record: record, store: SnapshotStore(filePath: "\(filePath)"))
    report(outcome, filePath: filePath, line: line, column: column, fileID: fileID)
}

/// Asserts that the host's window, as drawn in its last frame (``SegueTestHost/image(scale:)``), matches
/// its reference (see ``assertSnapshot(of:named:tolerance:record:fileID:filePath:function:line:column:)``
/// for an image). A rendering error fails the test.
@MainActor
public func assertSnapshot(of host: SegueTestHost, named name: String? = nil, scale: Double = 1,
                           tolerance: ImageTolerance = .exact, record: Bool? = nil, fileID: String = #fileID,
                           filePath: StaticString = #filePath, function: String = #function,
                           line: UInt = #line, column: UInt = #column) {
    do {
        let image = try host.image(scale: scale)
        assertSnapshot(of: image, named: name, tolerance: tolerance, record: record, fileID: fileID,
                       filePath: filePath, function: function, line: line, column: column)
    } catch {
        recordFailure("Cannot render the window: \(error)", filePath: filePath, line: line, column: column, fileID: fileID)
    }
}
