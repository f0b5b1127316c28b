import ArgumentParser
import Foundation
import SegueAnimation
import SegueSDL

extension RendererChoice: ExpressibleByArgument {}

/// A window size argument, `WIDTHxHEIGHT` in points.
struct WindowSize: ExpressibleByArgument {
    let width: Int
    let height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        width = w
        height = h
    }

    var size: Size { Size(width: Double(width), height: Double(height)) }

    /// Fails with exit code 2 and a clear message when the size cannot be a window.
    func validated() throws -> Size {
        guard SDLWindowHost.windowSideRange.contains(width), SDLWindowHost.windowSideRange.contains(height) else {
            FileHandle.standardError.write(Data(("error: impossible window size \(width)x\(height): each side must be "
                + "between \(SDLWindowHost.windowSideRange.lowerBound) and \(SDLWindowHost.windowSideRange.upperBound) points\n").utf8))
            throw ExitCode(2)
        }
        return size
    }
}

/// Writes an error to standard error and exits with status 1.
func fail(_ error: Error) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    return ExitCode(1)
}
