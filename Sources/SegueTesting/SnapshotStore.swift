import Foundation

/// Where a test's references and a failure's images go, and whether references are being recorded.
///
/// - References live next to the test file, as in pointfreeco's swift-snapshot-testing:
///   `<folder of the test file>/__Snapshots__/<test file's name>/<name>.png` (a motion curve:
///   `<name>.motion.json`). Commit them with the test.
/// - A failure writes the image made, the reference and their difference (``differenceImage(_:_:tolerance:)``)
///   to ``artifactsDirectory``: `$SEGUE_SNAPSHOT_ARTIFACTS`, else `segue-snapshots` in the temporary
///   directory, under the test file's name.
/// - Record mode writes the reference instead of comparing: `record: true` on the assertion, or
///   `SEGUE_RECORD_SNAPSHOTS=1` in the environment of `swift test` (every assertion of the run).
public struct SnapshotStore: Sendable, Hashable {
    /// The environment variable that turns record mode on for a whole run (`1`, `true` or `yes`).
    public static let recordEnvironmentVariable = "SEGUE_RECORD_SNAPSHOTS"
    /// The environment variable naming the folder a failure's images are written to.
    public static let artifactsEnvironmentVariable = "SEGUE_SNAPSHOT_ARTIFACTS"

    /// The folder of the references (`__Snapshots__/<test file's name>` next to the test file).
    public var referenceDirectory: String
    /// The folder of a failure's images.
    public var artifactsDirectory: String

    /// The store of the test file at `filePath` (pass `#filePath`).
    public init(filePath: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let file = URL(fileURLWithPath: filePath)
        let testName = file.deletingPathExtension().lastPathComponent
        referenceDirectory = file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testName).path
        let artifacts = environment[Self.artifactsEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("segue-snapshots")
        artifactsDirectory = (artifacts as NSString).appendingPathComponent(testName)
    }

    /// A store with the references in `referenceDirectory` and a failure's images in `artifactsDirectory`.
    public init(referenceDirectory: String, artifactsDirectory: String) {
        self.referenceDirectory = referenceDirectory
        self.artifactsDirectory = artifactsDirectory
    }

    /// Whether `SEGUE_RECORD_SNAPSHOTS` asks for record mode in `environment`.
    public static func isRecording(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment[recordEnvironmentVariable]?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(value)
    }

    /// The reference file of the snapshot `name` with `fileExtension` (`png`, `motion.json`).
    public func referencePath(_ name: String, _ fileExtension: String) -> String {
        (referenceDirectory as NSString).appendingPathComponent("\(name).\(fileExtension)")
    }

    /// A failure's file `<name>.<kind>.<fileExtension>` (kind: actual, reference, difference).
    public func artifactPath(_ name: String, _ kind: String, _ fileExtension: String) -> String {
        (artifactsDirectory as NSString).appendingPathComponent("\(name).\(kind).\(fileExtension)")
    }

    /// The snapshot name a test function gives by default: its name without the parameter list
    /// (`pushSlidesIn()` -> `pushSlidesIn`).
    public static func name(ofTest function: String) -> String {
        String(function.prefix { $0 != "(" })
    }

    static let howToRecord = "run the test with record: true or with \(recordEnvironmentVariable)=1 in the environment of swift test to record it"
}

/// What checking a snapshot came to (``verifySnapshot(of:named:tolerance:record:store:)``).
public enum SnapshotOutcome: Sendable, Equatable {
    /// The image matched its reference.
    case matched
    /// Record mode: the reference was written at this path.
    case recorded(path: String)
    /// No reference, or one that differs: the message says why and where the images were written.
    case failed(message: String)

    /// The failure's message, nil unless ``failed(message:)``.
    public var failureMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}

/// Checks `image` against the reference `name` in `store` within `tolerance` and says what it came to,
/// recording no test failure (`assertSnapshot(of:)`
/// records one). In record mode (`record`, or `SEGUE_RECORD_SNAPSHOTS=1` when `record` is nil) it writes
/// the reference. A failure writes the image (`<name>.actual.png`), and, when there is a reference,
/// a copy of it and the difference, to the store's artifacts directory, and names them.
public func verifySnapshot(of image: SnapshotImage, named name: String, tolerance: ImageTolerance = .exact,
                           record: Bool? = nil, store: SnapshotStore) -> SnapshotOutcome {
    let reference = store.referencePath(name, "png")
    let recording = record ?? SnapshotStore.isRecording()
    do {
        if recording {
            try image.writePNG(to: reference)
            return .recorded(path: reference)
        }
        let actualPath = store.artifactPath(name, "actual", "png")
        guard FileManager.default.fileExists(atPath: reference) else {
            try image.writePNG(to: actualPath)
            return .failed(message: "No reference image at \(reference): \(SnapshotStore.howToRecord). The image made is at \(actualPath).")
        }
        let stored = try SnapshotImage(contentsOfPNGFile: reference)
        let comparison = compare(image, with: stored, tolerance: tolerance)
        if comparison.matches { return .matched }
        let referenceCopy = store.artifactPath(name, "reference", "png")
        let difference = store.artifactPath(name, "difference", "png")
        try image.writePNG(to: actualPath)
        try stored.writePNG(to: referenceCopy)
        try differenceImage(image, stored, tolerance: tolerance).writePNG(to: difference)
        return .failed(message: "Snapshot \"\(name)\" does not match its reference \(reference): \(comparison.summary).\n"
                       + "actual: \(actualPath)\nreference: \(referenceCopy)\ndifference: \(difference) (magenta: beyond the tolerance)\n"
                       + "If the change is intended, \(SnapshotStore.howToRecord).")
    } catch {
        return .failed(message: "Snapshot \"\(name)\": \(error)")
    }
}
