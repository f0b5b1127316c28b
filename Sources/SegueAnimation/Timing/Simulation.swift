/// A function of time with a value, a velocity and an end: the one time model shared by timing curves
/// and springs (Flutter's `Simulation`).
///
/// Time is in seconds from the start of the simulation. Values are normalized progress: a curve or a
/// spring runs from 0 to 1; velocity is progress per second.
public protocol Simulation: Sendable {
    /// The progress at `time` seconds.
    func value(at time: Double) -> Double
    /// The rate of change of progress at `time`, per second.
    func velocity(at time: Double) -> Double
    /// Whether the simulation has come to its end (and stays at its final value) at `time`.
    func isDone(at time: Double) -> Bool
}
