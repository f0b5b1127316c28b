import Foundation
import Testing
@testable import SegueSDL

/// Finding the UI font: the order of the places tried, what counts as a font file, and the errors.
struct FontLocatorTests {
    /// A locator over a fake file system: `fonts` are the paths that are font files.
    private func locator(env: [String: String] = [:], fonts: Set<String>, fcMatch: [String: String] = [:]) -> FontLocator {
        FontLocator(environment: env, isFont: { fonts.contains($0) }, fcMatch: { fcMatch[$0] })
    }

    @Test func segueFontComesFirstWithItsBoldFaceBesideIt() throws {
        let found = try locator(env: ["SEGUE_FONT": "/f/Inter.ttf"], fonts: ["/f/Inter.ttf", "/f/Inter-Bold.ttf",
                                                                              FontLocator.standardRegularPath]).locate()
        #expect(found == FontLocator.Fonts(regular: "/f/Inter.ttf", bold: "/f/Inter-Bold.ttf"))
        let noBold = try locator(env: ["SEGUE_FONT": "/f/Inter.ttf"], fonts: ["/f/Inter.ttf"]).locate()
        #expect(noBold == FontLocator.Fonts(regular: "/f/Inter.ttf", bold: "/f/Inter.ttf"))
    }

    @Test func segueFontThatIsNotAFontIsAnErrorNamingItNotAFallback() {
        let l = locator(env: ["SEGUE_FONT": "/etc/hostname"], fonts: [FontLocator.standardRegularPath])
        #expect {
            _ = try l.locate()
        } throws: { error in
            "\(error)" == "No usable font (DejaVu Sans) was found. Tried: SEGUE_FONT=/etc/hostname (not a readable "
                + "TrueType or OpenType file). Install fonts-dejavu-core or set SEGUE_FONT to a .ttf file."
        }
    }

    @Test func theStandardPathThenFontconfig() throws {
        let fc = ["DejaVu Sans": "/fc/DejaVuSans.ttf", "DejaVu Sans:bold": "/fc/DejaVuSans-Bold.ttf"]
        // Debian's file is there: fontconfig is not asked (it would have answered).
        let standard = try locator(fonts: [FontLocator.standardRegularPath, FontLocator.standardBoldPath,
                                           "/fc/DejaVuSans.ttf", "/fc/DejaVuSans-Bold.ttf"], fcMatch: fc).locate()
        #expect(standard == FontLocator.Fonts(regular: FontLocator.standardRegularPath, bold: FontLocator.standardBoldPath))
        let viaFC = try locator(fonts: ["/fc/DejaVuSans.ttf", "/fc/DejaVuSans-Bold.ttf"], fcMatch: fc).locate()
        #expect(viaFC == FontLocator.Fonts(regular: "/fc/DejaVuSans.ttf", bold: "/fc/DejaVuSans-Bold.ttf"))
    }

    @Test func nothingFoundNamesEveryPlaceTried() {
        #expect {
            _ = try locator(fonts: []).locate()
        } throws: { error in
            "\(error)" == "No usable font (DejaVu Sans) was found. Tried: \(FontLocator.standardRegularPath); "
                + "fc-match 'DejaVu Sans'. Install fonts-dejavu-core or set SEGUE_FONT to a .ttf file."
        }
    }

    @Test func aFontFileIsReadableAndStartsWithAFontSignature() throws {
        let directory = NSTemporaryDirectory() + "segue-fonts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cases: [(String, [UInt8], Bool)] = [
            ("truetype.ttf", [0, 1, 0, 0, 0, 9], true), ("apple.ttf", Array("true..".utf8), true),
            ("cff.otf", Array("OTTO..".utf8), true), ("collection.ttc", Array("ttcf..".utf8), true),
            ("text.ttf", Array("hello".utf8), false), ("short.ttf", [0, 1], false), ("empty.ttf", [], false),
        ]
        for (name, bytes, isFont) in cases {
            let path = directory + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(FontLocator.isFontFile(path) == isFont, "\(name)")
        }
        #expect(!FontLocator.isFontFile(directory + "/missing.ttf"))
        #expect(!FontLocator.isFontFile(directory))
    }
}
