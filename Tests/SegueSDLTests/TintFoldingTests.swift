import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// A translucent solid fill folded into the copy of the opaque pixels below it (the dimming over the page
/// below a push) must give exactly the pixels of the two passes it replaces.
@Suite(.serialized) @MainActor
struct TintFoldingTests {
    /// A page (an opaque bitmap, or a solid layer) under a translucent tint, with a rounded card between
    /// them over part of the page and an opaque card above the tint; `folds` says whether the compositor
    /// may fold the tint.
    private func scene(folds: Bool, pageIsBitmap: Bool, tint: Color) throws -> (Canvas, Layer) {
        let c = try Canvas(backEnd: .cpu)
        c.compositor!.compositor.foldsTints = folds
        let page = Layer()
        page.frame = CGRect(x: 30.4, y: 20.7, width: 300, height: 220)
        if pageIsBitmap {
            page.contents = .bitmap(Bitmap(width: 300, height: 220) { x, y in
                Color(red: Double(x % 256) / 255, green: Double((x + y) % 256) / 255, blue: Double(y % 256) / 255)
            })
        } else {
            page.backgroundColor = Color(red: 0.9, green: 0.6, blue: 0.3)
        }
        c.add(page)
        let between = solidLayer(CGRect(x: 60, y: 60, width: 50, height: 40), .green)
        between.cornerRadius = 8
        c.add(between)
        c.add(solidLayer(CGRect(x: 0, y: 0, width: 250, height: 300), tint))
        c.add(solidLayer(CGRect(x: 200, y: 150, width: 80, height: 80), .blue))
        try c.draw()
        return (c, page)
    }

    private func expectSamePixels(_ a: Canvas, _ b: Canvas, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var differing = 0
        for y in 0..<300 { for x in 0..<400 where try a.pixel(x, y) != b.pixel(x, y) { differing += 1 } }
        #expect(differing == 0, sourceLocation: sourceLocation)
    }

    @Test(arguments: [true, false])
    func dimmingFoldedIntoThePageCopyGivesThePixelsOfTwoPasses(pageIsBitmap: Bool) throws {
        for tint in [Color.black.withAlphaComponent(0.1), Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.37)] {
            let (folded, foldedPage) = try scene(folds: true, pageIsBitmap: pageIsBitmap, tint: tint)
            let (reference, referencePage) = try scene(folds: false, pageIsBitmap: pageIsBitmap, tint: tint)
            #expect(folded.compositor!.compositor.lastFrame.foldedTints > 0)
            #expect(reference.compositor!.compositor.lastFrame.foldedTints == 0)
            try expectSamePixels(folded, reference)
            // The card between page and tint is dimmed too; the card above it is not.
            #expect(try folded.pixel(85, 80) != green)
            #expect(try folded.pixel(240, 190) == blue)
            // Frames that redraw only what moved stay the same as well.
            for step in 1...3 {
                foldedPage.position.x += 7.3 * Double(step)
                referencePage.position.x += 7.3 * Double(step)
                try folded.draw()
                try reference.draw()
                try expectSamePixels(folded, reference)
            }
        }
    }

    @Test func aTintOnFractionalPixelsIsFoldedInsideItsEdges() throws {
        // A dimming moving with the page it dims (the stock navigation animator's): its edges fall between
        // pixels; the pixels it covers entirely are folded into the copy, its edges are blended by its own pass.
        func dimmed(folds: Bool) throws -> Canvas {
            let (c, page) = try scene(folds: folds, pageIsBitmap: true, tint: .clear)
            let dimming = solidLayer(CGRect(x: 30.4, y: 20.7, width: 300, height: 220), Color.black.withAlphaComponent(0.1))
            c.root.insertSublayer(dimming, above: page)
            page.position.x -= 17.3
            dimming.position.x -= 17.3
            try c.draw()
            return c
        }
        let folded = try dimmed(folds: true), reference = try dimmed(folds: false)
        #expect(folded.compositor!.compositor.lastFrame.foldedTints > 0)
        try expectSamePixels(folded, reference)
    }

    @Test func turnedPageUnderATintGivesThePixelsOfTwoPasses() throws {
        let (c, page) = try scene(folds: true, pageIsBitmap: true, tint: Color.black.withAlphaComponent(0.5))
        page.transform = Transform3D(rotationAngle: 0.05, x: 0, y: 0, z: 1)
        try c.draw()
        let (reference, referencePage) = try scene(folds: false, pageIsBitmap: true, tint: Color.black.withAlphaComponent(0.5))
        referencePage.transform = Transform3D(rotationAngle: 0.05, x: 0, y: 0, z: 1)
        try reference.draw()
        try expectSamePixels(c, reference)
    }
}
