import Foundation

/// Finds the TrueType files of the UI font, DejaVu Sans (regular and bold), from fonts-dejavu-core.
///
/// Tried in order: the `SEGUE_FONT` environment variable (a regular face; the bold face is looked for
/// next to it as `…-Bold.ttf`, else the regular one is used), the standard Debian location, then fontconfig
/// (`fc-match`, a process of its own: tens of milliseconds, so it is asked only when the file is not where
/// Debian puts it). A file counts only when it is readable and starts as a TrueType or OpenType font does,
/// so a font that cannot be used fails here, before anything is drawn or written, not at the first text.
/// `SEGUE_FONT` set to a file that is not a usable font is an error (``NotFound`` naming it), not a
/// silent fallback. The failure names every place that was tried.
public struct FontLocator: Sendable {
    /// The environment variable that overrides the font file.
    public static let environmentVariable = "SEGUE_FONT"
    /// Where fonts-dejavu-core installs DejaVu Sans on Debian and Ubuntu.
    public static let standardRegularPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The bold face next to it.
    public static let standardBoldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    /// fontconfig's matcher.
    static let fcMatchCandidates = ["/usr/bin/fc-match", "/bin/fc-match", "/usr/local/bin/fc-match"]

    /// The font files found.
    public struct Fonts: Sendable, Equatable {
        /// The path of the regular face's TrueType file.
        public var regular: String
        /// The path of the bold face's file; the regular face's path when no bold face was found.
        public var bold: String
    }

    /// No font file could be found.
    public struct NotFound: Error, CustomStringConvertible {
        /// Every place looked at, in order.
        public let tried: [String]
        /// Where it looked, and how to install or point at a font.
        public var description: String {
            "No usable font (DejaVu Sans) was found. Tried: \(tried.joined(separator: "; ")). "
                + "Install fonts-dejavu-core or set \(FontLocator.environmentVariable) to a .ttf file."
        }
    }

    let environment: [String: String]
    let isFont: @Sendable (String) -> Bool
    let fcMatch: @Sendable (_ pattern: String) -> String?

    /// A locator reading the real environment, file system and fontconfig.
    public init() {
        self.init(environment: ProcessInfo.processInfo.environment,
                  isFont: FontLocator.isFontFile,
                  fcMatch: FontLocator.runFCMatch)
    }

    /// A locator with injected environment, font file test and fontconfig lookup (for tests).
    init(environment: [String: String], isFont: @escaping @Sendable (String) -> Bool,
         fcMatch: @escaping @Sendable (String) -> String?) {
        self.environment = environment
        self.isFont = isFont
        self.fcMatch = fcMatch
    }

    /// The first four bytes of the font files SDL2_ttf opens: TrueType (`00 01 00 00`, `true`), OpenType
    /// with CFF outlines (`OTTO`) and collections (`ttcf`).
    static let fontSignatures: [[UInt8]] = [[0, 1, 0, 0], Array("true".utf8), Array("OTTO".utf8), Array("ttcf".utf8)]

    /// Whether `path` is a readable file that starts with a font signature.
    @Sendable static func isFontFile(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4) else { return false }
        return fontSignatures.contains(Array(head))
    }

    /// The regular and bold faces, or ``NotFound``.
    public func locate() throws -> Fonts {
        var tried: [String] = []
        if let path = environment[Self.environmentVariable], !path.isEmpty {
            guard isFont(path) else {
                throw NotFound(tried: ["\(Self.environmentVariable)=\(path) (not a readable TrueType or OpenType file)"])
            }
            let boldGuess = path.hasSuffix(".ttf") ? String(path.dropLast(4)) + "-Bold.ttf" : path
            return Fonts(regular: path, bold: isFont(boldGuess) ? boldGuess : path)
        }
        tried.append(Self.standardRegularPath)
        if isFont(Self.standardRegularPath) {
            let bold = isFont(Self.standardBoldPath) ? Self.standardBoldPath : Self.standardRegularPath
            return Fonts(regular: Self.standardRegularPath, bold: bold)
        }
        tried.append("fc-match 'DejaVu Sans'")
        if let regular = fcMatch("DejaVu Sans"), regular.contains("DejaVuSans"), isFont(regular) {
            let bold = fcMatch("DejaVu Sans:bold").flatMap { isFont($0) && $0.contains("Bold") ? $0 : nil }
            return Fonts(regular: regular, bold: bold ?? regular)
        }
        throw NotFound(tried: tried)
    }

    /// `fc-match -f '%{file}' pattern`, or nil when fontconfig is missing or finds nothing.
    static func runFCMatch(_ pattern: String) -> String? {
        guard let tool = fcMatchCandidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-f", "%{file}", pattern]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }
}
