/// When a ``HostedScene`` needs its next frame if no input arrives (frames on demand): the host runs
/// frames on its 60 Hz schedule while a scene asks for ``nextFrame``, and otherwise sleeps until input
/// arrives or the requested time comes, with no wake-ups in between.
///
/// Differs from UIKit: iOS decides this itself (a `CADisplayLink` or a running animation keeps the display
/// refreshing); here the scene tells its host, and ``Window`` does so from its layer tree and its queued
/// work, so an app rarely needs to.
public enum FrameRequest: Equatable, Sendable {
    /// The next frame on the host's schedule: something animates, work is queued, a display link runs.
    case nextFrame
    /// A frame at this time of the scene's clock (`FrameClock.now`, seconds), or sooner
    /// when input arrives: something that shows the passing of time without an animation (a HUD's
    /// readout refreshed twice a second, a benchmark's idle window).
    case at(Double)
    /// No frame until input arrives.
    case onInput

    /// The earlier of two requests.
    public func earliest(_ other: FrameRequest) -> FrameRequest {
        switch (self, other) {
        case (.nextFrame, _), (_, .nextFrame): .nextFrame
        case (.at(let a), .at(let b)): .at(min(a, b))
        case (.at, .onInput): self
        case (.onInput, _): other
        }
    }
}
