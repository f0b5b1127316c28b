import Testing
import SegueUI

/// Runs a test (or each test of a suite) with SegueUI's ``EstimatedTextMeasurer`` as the text measurer,
/// whatever another test target has installed in the process (all test targets share one process): every
/// character 0.55 em, lines 1.2 em apart, so that expected sizes are hand computations.
public struct EstimatedTextMeasurements: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await TextMeasurement.withMeasurer(EstimatedTextMeasurer()) { try await function() }
    }
}

extension Trait where Self == EstimatedTextMeasurements {
    /// Text measured by SegueUI's estimate (``EstimatedTextMeasurer``) for the length of the test.
    public static var estimatedTextMeasurements: Self { EstimatedTextMeasurements() }
}
