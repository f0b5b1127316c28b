/// One step of the window's gesture arbitration for a touch sequence, reported to
/// ``Window/gestureArenaTrace`` when it is set (nothing is traced or printed otherwise).
///
/// Segue's own: UIKit's arbitration is private and cannot be traced; this tells who took part in a touch,
/// in which order, who was put ahead by its priority, who waited, who recognized, and who failed or was
/// cancelled and why.
@MainActor
public struct GestureArenaDecision: @MainActor CustomStringConvertible {
    /// Why a recognizer failed or was cancelled.
    @MainActor
    public enum Reason: Equatable, @MainActor CustomStringConvertible {
        /// Its own touch handling decided (a tap moved too far, an edge pan went down outside its strip or
        /// moved the wrong way, a pan was released before the slop).
        case ownRule
        /// Its delegate's `gestureRecognizerShouldBegin(_:)` returned false.
        case delegateDeclined
        /// Its view's `gestureRecognizerShouldBegin(_:)` returned false.
        case viewDeclined
        /// `recognizer` recognized first and the two may not recognize simultaneously.
        case excluded(by: GestureRecognizer)
        /// It had to wait for `recognizer` to fail (``GestureRecognizer/require(toFail:)`` or a delegate),
        /// and that one recognized.
        case requiredToFail(GestureRecognizer)
        /// The touch was cancelled (a pointer `cancelled` event, focus loss, a second pointer down).
        case touchCancelled
        /// ``GestureRecognizer/isEnabled`` was set to false.
        case disabled
        /// The touch sequence ended while it was still undecided.
        case sequenceEnded

        nonisolated public static func == (a: Reason, b: Reason) -> Bool {
            switch (a, b) {
            case (.ownRule, .ownRule), (.delegateDeclined, .delegateDeclined), (.viewDeclined, .viewDeclined),
                 (.touchCancelled, .touchCancelled), (.disabled, .disabled), (.sequenceEnded, .sequenceEnded):
                true
            case (.excluded(let x), .excluded(let y)), (.requiredToFail(let x), .requiredToFail(let y)):
                x === y
            default:
                false
            }
        }

        /// One line for the trace.
    public var description: String {
            switch self {
            case .ownRule: "its own rule"
            case .delegateDeclined: "its delegate declined"
            case .viewDeclined: "its view declined"
            case .excluded(let other): "\(other.traceName) recognized"
            case .requiredToFail(let other): "it required \(other.traceName) to fail, which recognized"
            case .touchCancelled: "the touch was cancelled"
            case .disabled: "it was disabled"
            case .sequenceEnded: "the touch ended undecided"
            }
        }
    }

    /// What happened.
    @MainActor
    public enum Kind: Equatable, @MainActor CustomStringConvertible {
        /// It takes part in the touch at `rank` (0 gets each touch first), with `priority`.
        case joined(rank: Int, priority: GestureArenaPriority)
        /// Its priority put it ahead of these recognizers, which are nearer the hit view.
        case tookPrecedence(over: [GestureRecognizer])
        /// It wants to recognize but waits for this recognizer to fail.
        case waiting(for: GestureRecognizer)
        /// It recognized: `began` (continuous) or `ended` (discrete).
        case recognized(GestureRecognizer.State)
        /// It failed.
        case failed(Reason)
        /// Its gesture in progress was cancelled.
        case cancelled(Reason)

        nonisolated public static func == (a: Kind, b: Kind) -> Bool {
            switch (a, b) {
            case (.joined(let r1, let p1), .joined(let r2, let p2)): r1 == r2 && p1 == p2
            case (.tookPrecedence(let x), .tookPrecedence(let y)): x.count == y.count && zip(x, y).allSatisfy { $0 === $1 }
            case (.waiting(let x), .waiting(let y)): x === y
            case (.recognized(let x), .recognized(let y)): x == y
            case (.failed(let x), .failed(let y)), (.cancelled(let x), .cancelled(let y)): x == y
            default: false
            }
        }

        /// One line for the trace.
    public var description: String {
            switch self {
            case .joined(let rank, let priority): "joined at \(rank) (priority \(priority))"
            case .tookPrecedence(let others): "took precedence over \(others.map(\.traceName).joined(separator: ", "))"
            case .waiting(let other): "waits for \(other.traceName) to fail"
            case .recognized(let state): "recognized (\(state))"
            case .failed(let reason): "failed: \(reason)"
            case .cancelled(let reason): "cancelled: \(reason)"
            }
        }
    }

    /// The recognizer the decision is about.
    public let recognizer: GestureRecognizer
    /// What was decided.
    public let kind: Kind

    /// A decision about `recognizer`.
    public init(recognizer: GestureRecognizer, kind: Kind) {
        self.recognizer = recognizer
        self.kind = kind
    }

    /// "<recognizer> <what happened>", e.g. "popPan joined at 0 (priority high)".
    public var description: String { "\(recognizer.traceName) \(kind)" }
}

extension GestureRecognizer {
    /// The recognizer's ``name``, or its type's name, in traces.
    var traceName: String { name ?? "\(type(of: self))" }
}
