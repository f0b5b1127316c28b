import Foundation
import SegueAnimation

/// A window size given on the command line, `WIDTHxHEIGHT` in whole points (`--size 1024x768`), shared by
/// `segue` and ``SegueApp``.
public struct WindowSize: Sendable, Hashable {
    /// The width and height in points.
    public let width: Int
    /// See ``width``.
    public let height: Int

    /// The default window size of `segue run` and ``SegueApp``, in points.
    public static let defaultWindow = WindowSize(width: 1024, height: 768)

    /// A size of `width` x `height` points (not checked: see ``validatedForWindow()``).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `WIDTHxHEIGHT` (`x` or `X`); nil when the text is not two whole numbers around an `x`.
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        width = w
        height = h
    }

    /// The size in points.
    public var size: CGSize { CGSize(width: Double(width), height: Double(height)) }

    /// The size, if a window can have it (each side in ``SDLWindowHost/windowSideRange``).
    public func validatedForWindow() throws(WindowSizeError) -> CGSize {
        let range = SDLWindowHost.windowSideRange
        guard range.contains(width), range.contains(height) else { throw WindowSizeError(size: self) }
        return size
    }

    /// Parses and checks a replay's `--size` (each side in ``ReplayScript/windowSideRange``, as for a script's
    /// `size`).
    public static func replaySize(_ text: String) throws(ReplayOutputError) -> CGSize {
        let range = ReplayScript.windowSideRange
        guard let parsed = WindowSize(argument: text) else {
            throw ReplayOutputError(option: "--size", value: text, problem: "must be WIDTHxHEIGHT in points, e.g. 800x600")
        }
        guard range.contains(parsed.width), range.contains(parsed.height) else {
            throw ReplayOutputError(option: "--size", value: text,
                                    problem: "each side must be \(range.lowerBound)...\(range.upperBound) points")
        }
        return parsed.size
    }
}

/// A window size no window can have (exit status 2 in `segue` and ``SegueApp``).
public struct WindowSizeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The size asked for.
    public let size: WindowSize

    /// `impossible window size 0x600: each side must be between 1 and 8192 points`.
    public var description: String {
        "impossible window size \(size.width)x\(size.height): each side must be between "
            + "\(SDLWindowHost.windowSideRange.lowerBound) and \(SDLWindowHost.windowSideRange.upperBound) points"
    }
}
