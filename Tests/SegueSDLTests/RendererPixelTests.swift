import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// Each renderer primitive, drawn headless by every back-end (the GPU path's code on SDL's software
/// renderer, and the CPU compositor), checked at chosen pixels whose expected colours follow from the
/// geometry (pixels are sampled at their centres, x + 0.5).
@Suite(.serialized) @MainActor
struct RendererPixelTests {
    @Test(arguments: BackEnd.allCases) func fillCoversExactlyTheFrame(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        c.add(solidLayer(CGRect(x: 50, y: 50, width: 100, height: 80), .red))
        try c.draw()
        try c.saveIfAsked("fill")
        #expect(try c.pixel(50, 50) == red)
        #expect(try c.pixel(149, 129) == red)
        #expect(try c.pixel(49, 60) == white)
        #expect(try c.pixel(150, 60) == white)
        #expect(try c.pixel(60, 130) == white)
    }

    @Test(arguments: BackEnd.allCases) func translucentBackgroundBlendsOverWhatIsBelow(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        c.add(solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100), Color.red.withAlphaComponent(0.5)))
        let faded = solidLayer(CGRect(x: 200, y: 50, width: 100, height: 100), .blue)
        faded.opacity = 0.25
        c.add(faded)
        try c.draw()
        #expect(try c.pixel(100, 100).isClose(to: Pixel(r: 255, g: 128, b: 128)))
        #expect(try c.pixel(250, 100).isClose(to: Pixel(r: 191, g: 191, b: 255)))
    }

    @Test(arguments: BackEnd.allCases) func rotationAboutTheCentreMakesADiamond(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let square = solidLayer(CGRect(x: 150, y: 100, width: 100, height: 100), .blue)
        square.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
        c.add(square)
        try c.draw()
        try c.saveIfAsked("rotation")
        // Centre (200, 150); the diamond is |dx| + |dy| <= 70.7.
        #expect(try c.pixel(200 + 66, 150) == blue)
        #expect(try c.pixel(200 + 73, 150) == white)
        #expect(try c.pixel(200 + 30, 150 - 31) == blue)
        #expect(try c.pixel(200 + 40, 150 - 41) == white)
    }

    @Test(arguments: BackEnd.allCases) func scaleGrowsAboutTheAnchor(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let square = solidLayer(CGRect(x: 150, y: 100, width: 100, height: 100), .green)
        square.transform = Transform3D(scaleX: 1.5, y: 0.5)
        c.add(square)
        try c.draw()
        // x spans 125...275, y spans 125...175.
        #expect(try c.pixel(126, 150) == green)
        #expect(try c.pixel(123, 150) == white)
        #expect(try c.pixel(273, 150) == green)
        #expect(try c.pixel(276, 150) == white)
        #expect(try c.pixel(200, 126) == green)
        #expect(try c.pixel(200, 123) == white)
    }

    /// A 200x100 layer at (200, 150) turned 45° about y under m34 = -1/500. A local x lands at
    /// x cos 45° / (1 + x sin 45° / 500): the right edge (x = 100, farther) at +61.95, the left (x = -100,
    /// nearer) at -82.36; half-heights there are 50 / 1.1414 = 43.8 and 50 / 0.8586 = 58.2.
    @Test(arguments: BackEnd.allCases) func threeDFlipAt45DegreesWithPerspective(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let card = solidLayer(CGRect(x: 100, y: 100, width: 200, height: 100), .red)
        card.transform = Transform3D.perspective(distance: 500).rotated(by: .pi / 4, x: 0, y: 1, z: 0)
        c.add(card)
        try c.draw()
        try c.saveIfAsked("flip45")
        #expect(try c.pixel(119, 150) == red)     // just inside the near edge at 117.64
        #expect(try c.pixel(116, 150) == white)
        #expect(try c.pixel(260, 150) == red)     // just inside the far edge at 261.95
        #expect(try c.pixel(263, 150) == white)
        #expect(try c.pixel(120, 150 - 55) == red)  // the near edge is taller...
        #expect(try c.pixel(120, 150 - 61) == white)
        #expect(try c.pixel(258, 150 - 41) == red)  // ...than the far one
        #expect(try c.pixel(258, 150 - 47) == white)
    }

    /// The iOS pattern: the perspective on the superlayer's sublayerTransform and only the rotation on
    /// the layer. The superlayer (anchor at its centre, (200, 150)) is where the layer sits, so the
    /// trapezoid is the same as above. Regression: the rotation's z used to be dropped before the
    /// perspective applied, flattening the flip to a plain horizontal squash.
    @Test(arguments: BackEnd.allCases) func perspectiveOnTheSuperlayersSublayerTransform(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let stage = Layer()
        stage.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        stage.sublayerTransform = .perspective(distance: 500)
        let card = solidLayer(CGRect(x: 100, y: 100, width: 200, height: 100), .red)
        card.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        stage.addSublayer(card)
        c.add(stage)
        try c.draw()
        #expect(try c.pixel(119, 150) == red)
        #expect(try c.pixel(116, 150) == white)
        #expect(try c.pixel(260, 150) == red)
        #expect(try c.pixel(263, 150) == white)
        #expect(try c.pixel(120, 150 - 55) == red)
        #expect(try c.pixel(258, 150 - 47) == white)
    }

    /// The same flip with a bitmap, left half red and right half blue: under perspective the seam
    /// (local x = 0) stays at the anchor, x = 200, where an unsubdivided affine quad would put it near 190.
    @Test(arguments: BackEnd.allCases) func texturedQuadUnderPerspectiveDoesNotShear(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let card = Layer()
        card.frame = CGRect(x: 100, y: 100, width: 200, height: 100)
        card.contents = .bitmap(Bitmap(width: 64, height: 8) { x, _ in x < 32 ? .red : .blue })
        card.transform = Transform3D.perspective(distance: 500).rotated(by: .pi / 4, x: 0, y: 1, z: 0)
        c.add(card)
        try c.draw()
        try c.saveIfAsked("flip45-texture")
        #expect(try c.pixel(196, 150) == red)
        #expect(try c.pixel(203, 150) == blue)
        #expect(try c.pixel(196, 110) == red)
        #expect(try c.pixel(203, 110) == blue)
    }

    @Test(arguments: BackEnd.allCases) func backFacesAreCulledUnlessDoubleSided(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let single = solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100), .red)
        single.transform = Transform3D.perspective(distance: 500).rotated(by: .pi * 0.8, x: 0, y: 1, z: 0)
        single.isDoubleSided = false
        let double = solidLayer(CGRect(x: 250, y: 50, width: 100, height: 100), .blue)
        double.transform = Transform3D.perspective(distance: 500).rotated(by: .pi * 0.8, x: 0, y: 1, z: 0)
        c.add(single)
        c.add(double)
        try c.draw()
        #expect(try c.pixel(100, 100) == white)
        #expect(try c.pixel(300, 100) == blue)
        #expect(c.counters.culledLayers == 1)
    }

    @Test(arguments: BackEnd.allCases) func roundedCornersCutTheCorners(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let card = solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100), .red)
        card.cornerRadius = 20
        c.add(card)
        try c.draw()
        try c.saveIfAsked("rounded")
        // The top-left arc is centred at (70, 70) with radius 20.
        #expect(try c.pixel(51, 51) == white)
        #expect(try c.pixel(54, 54) == white)    // centre (54.5, 54.5): 21.92 from the arc's centre
        #expect(try c.pixel(57, 57) == red)      // 17.7 from it
        #expect(try c.pixel(70, 50) == red)
        #expect(try c.pixel(148, 148) == white)
        #expect(try c.pixel(100, 100) == red)
    }

    @Test(arguments: BackEnd.allCases) func borderIsDrawnInsideTheBoundsAboveSublayers(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let box = solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100), .green)
        box.borderWidth = 10
        box.borderColor = .black
        box.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 30, height: 30), .blue))
        c.add(box)
        try c.draw()
        try c.saveIfAsked("border")
        #expect(try c.pixel(50, 100) == black)
        #expect(try c.pixel(59, 100) == black)
        #expect(try c.pixel(61, 100) == green)
        #expect(try c.pixel(49, 100) == white)
        #expect(try c.pixel(55, 55) == black)    // the border covers the sublayer
        #expect(try c.pixel(65, 65) == blue)
    }

    /// A shadow of radius 10 offset by (20, 20): the shadow rectangle is (120...220)²; its alpha ramps
    /// from 1 at 10 pt inside the edge to 0 at 10 pt outside.
    @Test(arguments: BackEnd.allCases) func softShadowFadesAcrossTheEdge(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let card = solidLayer(CGRect(x: 100, y: 100, width: 100, height: 100), .red)
        card.shadowOpacity = 1
        card.shadowRadius = 10
        card.shadowOffset = CGSize(width: 20, height: 20)
        card.shadowColor = .black
        c.add(card)
        try c.draw()
        try c.saveIfAsked("shadow")
        #expect(try c.pixel(150, 150) == red)
        #expect(try c.pixel(205, 205) == black)
        // Centre 219.5: alpha (230 - 219.5) / 20 = 0.525, so 255 · 0.475 = 121 over white.
        #expect(try c.pixel(219, 160).isClose(to: Pixel(r: 121, g: 121, b: 121), tolerance: 6))
        // Centre 214.5: alpha 0.775, so 57.
        #expect(try c.pixel(214, 160).isClose(to: Pixel(r: 57, g: 57, b: 57), tolerance: 6))
        #expect(try c.pixel(231, 160) == white)
        #expect(try c.pixel(105, 210) == white)
    }

    @Test(arguments: BackEnd.allCases) func masksToBoundsClipsSublayers(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let clipper = solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100), .white)
        clipper.masksToBounds = true
        clipper.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 200, height: 200), .blue))
        c.add(clipper)
        try c.draw()
        #expect(try c.pixel(140, 140) == blue)
        #expect(try c.pixel(151, 140) == white)
        #expect(try c.pixel(140, 151) == white)
    }

    @Test(arguments: BackEnd.allCases) func masksToBoundsClipsUnderRotationAndRoundedCorners(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let clipper = solidLayer(CGRect(x: 150, y: 100, width: 100, height: 100), .clear)
        clipper.masksToBounds = true
        clipper.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
        clipper.addSublayer(solidLayer(CGRect(x: -100, y: -100, width: 300, height: 300), .blue))
        c.add(clipper)
        let rounded = solidLayer(CGRect(x: 20, y: 180, width: 100, height: 100), .clear)
        rounded.masksToBounds = true
        rounded.cornerRadius = 30
        rounded.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), .red))
        c.add(rounded)
        try c.draw()
        try c.saveIfAsked("clip")
        #expect(try c.pixel(200 + 66, 150) == blue)      // inside the diamond |dx| + |dy| <= 70.7
        #expect(try c.pixel(200 + 73, 150) == white)
        #expect(try c.pixel(200 + 40, 150 - 41) == white)
        #expect(try c.pixel(22, 182) == white)           // cut by the 30 pt corner
        #expect(try c.pixel(70, 230) == red)
    }

    /// A 100x100 mask with corner radius 50 centred in a 200x200 layer: a circle of radius 50 at (200, 150).
    @Test(arguments: BackEnd.allCases) func circleMaskRevealsACircle(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let revealed = solidLayer(CGRect(x: 100, y: 50, width: 200, height: 200), .red)
        let circle = Layer()
        circle.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        circle.position = CGPoint(x: 100, y: 100)
        circle.cornerRadius = 50
        circle.backgroundColor = .black
        revealed.mask = circle
        c.add(revealed)
        try c.draw()
        try c.saveIfAsked("circle-mask")
        #expect(try c.pixel(200, 150) == red)
        #expect(try c.pixel(247, 150) == red)
        #expect(try c.pixel(252, 150) == white)
        #expect(try c.pixel(200 + 33, 150 + 33) == red)    // 47.4 from the centre
        #expect(try c.pixel(200 + 37, 150 + 37) == white)  // 53.0
        #expect(try c.pixel(105, 55) == white)
    }

    @Test(arguments: BackEnd.allCases) func animatedCircleMaskGrows(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let revealed = solidLayer(CGRect(x: 100, y: 50, width: 200, height: 200), .red)
        let circle = Layer()
        circle.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        circle.position = CGPoint(x: 100, y: 100)
        circle.cornerRadius = 10
        circle.backgroundColor = .black
        revealed.mask = circle
        c.add(revealed)
        let grow = BasicAnimation(.bounds, from: CGRect(x: 0, y: 0, width: 20, height: 20),
                                  to: CGRect(x: 0, y: 0, width: 180, height: 180), duration: 1)
        let round = BasicAnimation(.cornerRadius, from: 10, to: 90, duration: 1)
        circle.add(grow, forKey: "grow")
        circle.add(round, forKey: "round")
        try c.draw()
        #expect(try c.pixel(200 + 30, 150) == white)
        c.clock.advance(frames: 30)     // halfway, linear: a 100 pt circle
        try c.draw()
        #expect(try c.pixel(200 + 30, 150) == red)
        #expect(try c.pixel(200 + 47, 150) == red)
        #expect(try c.pixel(200 + 53, 150) == white)
    }

    /// A red bold "I" centred in its bounds: its stem straddles the centre; nothing is drawn far from it.
    @Test(arguments: BackEnd.allCases) func textIsDrawnInItsColourAndAligned(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let label = Layer()
        label.frame = CGRect(x: 100, y: 100, width: 200, height: 100)
        label.contents = .text(TextContents("I", fontSize: 60, color: .red, alignment: .center, isBold: true))
        c.add(label)
        let left = Layer()
        left.frame = CGRect(x: 20, y: 220, width: 300, height: 60)
        left.contents = .text(TextContents("Hello", fontSize: 40, color: .black))
        c.add(left)
        try c.draw()
        try c.saveIfAsked("text")
        #expect(try c.pixel(200, 150) == red)
        #expect(try c.pixel(200 - 15, 150) == white)
        #expect(try c.pixel(200 + 15, 150) == white)
        // Centred vertically too: the stem's red rows sit about the label's middle (y = 150), not at its top.
        // Top-aligned, the cap of a 60-point line in a 100-point box would centre about 20 points higher.
        let redRows = try (100..<200).filter { try c.pixel(200, $0) == red }
        #expect(redRows.count > 30)
        let stemMiddle = Double(redRows.min()! + redRows.max()!) / 2
        #expect(abs(stemMiddle - 150) <= 8, "stem from y \(redRows.min()!) to \(redRows.max()!)")
        // "Hello" starts at the left edge: the H's stem is dark within a few points of x = 20.
        var darkColumns = Set<Int>()
        for x in 18..<40 {
            for y in 230..<270 where try c.pixel(x, y).r < 100 { darkColumns.insert(x) }
        }
        #expect(!darkColumns.isEmpty)
        #expect(darkColumns.min()! >= 20 && darkColumns.min()! <= 26)
    }

    @Test(arguments: BackEnd.allCases) func snapshotKeepsTheFirstPicture(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let source = solidLayer(CGRect(x: 0, y: 0, width: 60, height: 60), .green)
        source.addSublayer(solidLayer(CGRect(x: 30, y: 0, width: 30, height: 60), .red))
        let snapshot = Snapshot(source: source, size: CGSize(width: 60, height: 60))
        let picture = Layer()
        picture.frame = CGRect(x: 200, y: 100, width: 120, height: 120)   // drawn at twice the size
        picture.contents = .snapshot(snapshot)
        c.add(picture)
        try c.draw()
        try c.saveIfAsked("snapshot")
        #expect(try c.pixel(230, 160) == green)
        #expect(try c.pixel(290, 160) == red)
        #expect(snapshot.source == nil)
        source.backgroundColor = .blue
        try c.draw()
        #expect(try c.pixel(230, 160) == green)
    }

    @Test(arguments: BackEnd.allCases) func groupOpacityFadesTheSubtreeAsOne(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let parent = solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100), .red)
        parent.addSublayer(solidLayer(CGRect(x: 25, y: 25, width: 50, height: 50), .green))
        parent.opacity = 0.5
        c.add(parent)
        try c.draw()
        try c.saveIfAsked("group-opacity")
        #expect(try c.pixel(60, 60).isClose(to: Pixel(r: 255, g: 128, b: 128)))
        // Green at half over white, not over the red below it.
        #expect(try c.pixel(100, 100).isClose(to: Pixel(r: 128, g: 255, b: 128)))
        #expect(c.counters.offscreenPasses == 1)
    }

    @Test(arguments: BackEnd.allCases) func rasterizedLayerIsDrawnFromItsCacheWhileItMoves(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let page = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), .blue)
        page.addSublayer(solidLayer(CGRect(x: 50, y: 50, width: 50, height: 50), .red))
        page.shouldRasterize = true
        c.add(page)
        try c.draw()
        #expect(c.counters.rasterMisses == 1)
        page.position = CGPoint(x: 250, y: 150)
        try c.draw()
        let counters = c.counters
        #expect(counters.rasterHits == 1 && counters.rasterMisses == 0)
        #expect(try c.pixel(210, 110) == blue)
        #expect(try c.pixel(290, 190) == red)
        #expect(try c.pixel(50, 50) == white)
        page.sublayers[0].backgroundColor = .green
        try c.draw()
        #expect(c.counters.rasterMisses == 1)
        #expect(try c.pixel(290, 190) == green)
    }

    @Test(arguments: BackEnd.allCases) func zPositionOrdersSiblings(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let front = solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100), .red)
        front.zPosition = 1
        c.add(front)
        c.add(solidLayer(CGRect(x: 100, y: 100, width: 100, height: 100), .blue))
        try c.draw()
        #expect(try c.pixel(120, 120) == red)
    }

    /// A sublayer behind the plane after siblings already recorded (one clipping a child of its own): the
    /// compositor takes back what it recorded in tree order and records them all by zPosition, once.
    @Test(arguments: BackEnd.allCases) func aSublayerBehindThePlaneAfterOthersIsDrawnFirst(_ backEnd: BackEnd) throws {
        let c = try Canvas(backEnd: backEnd)
        let clipping = solidLayer(CGRect(x: 220, y: 20, width: 100, height: 100), .green)
        clipping.cornerRadius = 20
        clipping.masksToBounds = true
        clipping.addSublayer(solidLayer(CGRect(x: -10, y: -10, width: 60, height: 60), .red))
        c.add(clipping)
        c.add(solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100), .red))
        let behind = solidLayer(CGRect(x: 100, y: 100, width: 100, height: 100), .blue)
        behind.zPosition = -1
        c.add(behind)
        try c.draw()
        #expect(try c.pixel(120, 120) == red)
        #expect(try c.pixel(180, 180) == blue)
        #expect(try c.pixel(230, 30) == red)
        #expect(try c.pixel(222, 22) == white)   // outside the rounded corner
        if let compositor = c.compositor?.compositor {
            // The root, the clipping layer and its child, the two others: each walked once in the count, and
            // recorded once (the clear and five fills).
            #expect(compositor.lastFrame.layers == 5)
            #expect(compositor.lastFrame.operations == 6)
        }
    }

    @Test(arguments: BackEnd.allCases) func hiDPIScaleDrawsPointsAsTwoPixels(_ backEnd: BackEnd) throws {
        let c = try Canvas(width: 200, height: 150, scale: 2, backEnd: backEnd)
        c.add(solidLayer(CGRect(x: 50, y: 50, width: 50, height: 25), .red))
        try c.draw()
        #expect(try c.pixel(100, 100) == red)
        #expect(try c.pixel(199, 149) == red)
        #expect(try c.pixel(200, 120) == white)
        #expect(try c.pixel(99, 120) == white)
    }

    @Test(arguments: BackEnd.allCases) func savesAPNG(_ backEnd: BackEnd) throws {
        let c = try Canvas(width: 40, height: 30, backEnd: backEnd)
        c.add(solidLayer(CGRect(x: 0, y: 0, width: 20, height: 30), .red))
        try c.draw()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString).png").path
        try c.savePNG(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
