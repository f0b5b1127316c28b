import Foundation

/// Why a `present(_:animated:completion:)` does nothing, in UIKit's words: UIKit logs one of these lines
/// to the console and ignores the request, and so does Segue (to standard error).
struct IgnoredPresentation: Equatable, CustomStringConvertible {
    /// What makes the request impossible.
    enum Reason: Equatable {
        /// The presenting controller's view (and that of every controller presenting it) is in no window:
        /// never shown, dismissed, or removed.
        case notInWindowHierarchy
        /// The presenting controller already presents a controller (of the type named).
        case alreadyPresenting(String)
    }

    /// The controller asked to be presented, named as in UIKit's line (`<Type>`).
    let presented: String
    /// The controller the presentation would be made on (the outermost ancestor of the source).
    let presenter: String
    /// The controller `present` was called on.
    let source: String
    let reason: Reason

    init(presenting presented: ViewController, on presenter: ViewController, from source: ViewController, reason: Reason) {
        self.presented = Self.name(presented)
        self.presenter = Self.name(presenter)
        self.source = Self.name(source)
        self.reason = reason
    }

    /// A controller as UIKit's log lines name it, without the address: `<Type>`.
    static func name(_ controller: ViewController) -> String { "<\(type(of: controller))>" }

    /// UIKit's log line (iOS 13 and later), without the controllers' addresses.
    var description: String {
        let head = "Attempt to present \(presented) on \(presenter) (from \(source))"
        switch reason {
        case .notInWindowHierarchy: return head + " whose view is not in the window hierarchy."
        case .alreadyPresenting(let current): return head + " which is already presenting \(current)."
        }
    }

    /// Writes the line to standard error (where UIKit's console lines go on a simulator run from a
    /// terminal), prefixed with `Segue: ` so it reads as a library diagnostic.
    func log() {
        FileHandle.standardError.write(Data("Segue: \(description)\n".utf8))
    }
}
