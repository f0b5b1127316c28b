import CSDL2TTF
import SegueUI

/// SegueUI's text measurements (`TextMeasuring`) from SDL2_ttf, of the font Segue draws with.
///
/// Each face is opened once at ``designPixelSize`` pixels with hinting off, so that SDL2_ttf's widths are the
/// font's unhinted advances (and kerning) at a resolution of 1/2048 em, scaled to the asked point size:
/// layout does not depend on the display's scale, as Core Text's does not. The drawn text is rendered at the
/// display's pixel size with hinting, so it may be a fraction of a pixel narrower or wider than measured.
/// Widths are cached per string and weight (they scale with the point size).
@MainActor
public final class SDLTextMeasurer: TextMeasuring {
    /// The pixel size faces are measured at (DejaVu Sans's units per em: one pixel is one font unit).
    public static let designPixelSize: Int32 = 2048

    private let regular: OpaquePointer
    private let bold: OpaquePointer
    private var widths: [WidthKey: Int32] = [:]

    private struct WidthKey: Hashable {
        let string: String
        let isBold: Bool
    }

    /// Opens `fonts` for measuring (SDL2_ttf is initialised for as long as the measurer lives).
    public init(fonts: FontLocator.Fonts) throws {
        guard TTF_Init() == 0 else { throw SDLError("TTF_Init") }
        func open(_ path: String) throws -> OpaquePointer {
            guard let font = TTF_OpenFont(path, Self.designPixelSize) else { throw SDLError("TTF_OpenFont(\(path))") }
            TTF_SetFontHinting(font, TTF_HINTING_NONE)
            TTF_SetFontKerning(font, 1)
            return font
        }
        do {
            regular = try open(fonts.regular)
            do {
                bold = try open(fonts.bold)
            } catch {
                TTF_CloseFont(regular)
                throw error
            }
        } catch {
            TTF_Quit()
            throw error
        }
    }

    isolated deinit {
        TTF_CloseFont(regular)
        TTF_CloseFont(bold)
        TTF_Quit()
    }

    /// The width of `string` in `font`, in points.
    public func width(of string: String, in font: Font) -> Double {
        guard !string.isEmpty else { return 0 }
        let key = WidthKey(string: string, isBold: font.isBold)
        let units: Int32
        if let cached = widths[key] {
            units = cached
        } else {
            var w: Int32 = 0, h: Int32 = 0
            units = TTF_SizeUTF8(font.isBold ? bold : regular, string, &w, &h) == 0 ? w : 0
            widths[key] = units
        }
        return Double(units) * scale(of: font)
    }

    /// The face's ascent, descent and line skip, in points.
    public func metrics(of font: Font) -> FontMetrics {
        let face = font.isBold ? bold : regular
        let s = scale(of: font)
        return FontMetrics(ascender: Double(TTF_FontAscent(face)) * s,
                           descender: Double(TTF_FontDescent(face)) * s,
                           lineHeight: Double(TTF_FontLineSkip(face)) * s)
    }

    private func scale(of font: Font) -> Double { font.pointSize / Double(Self.designPixelSize) }

    /// Installs SDL2_ttf's measurements of the located fonts as SegueUI's measurer, once per process (later
    /// calls keep the first). Every Segue host calls it before it builds a scene. Returns false, leaving
    /// SegueUI's estimate, when no font can be found (the host reports that error itself where it draws).
    @discardableResult
    public static func install(fonts: FontLocator.Fonts? = nil) -> Bool {
        if TextMeasurement.installed is SDLTextMeasurer { return true }
        guard let located = fonts ?? (try? FontLocator().locate()),
              let measurer = try? SDLTextMeasurer(fonts: located) else { return false }
        TextMeasurement.install(measurer)
        return true
    }
}
