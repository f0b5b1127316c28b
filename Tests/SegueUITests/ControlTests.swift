import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

@MainActor
@Suite struct ControlTests {
    let h = Harness()
    let button = Button(frame: CGRect(x: 100, y: 100, width: 120, height: 44), title: "Add")
    var count = 0

    init() {
        h.window.addSubview(button)
    }

    @Test func releaseInsideSendsTouchUpInside() {
        var sent: [String] = []
        button.addAction({ _ in sent.append("down") }, for: .touchDown)
        button.addAction({ _ in sent.append("up-inside") }, for: .touchUpInside)
        h.down(150, 120, at: 0)
        #expect(button.isHighlighted)
        #expect(button.titleLabel.alpha == Button.highlightedTitleAlpha)
        h.up(152, 121, at: 0.1)
        #expect(!button.isHighlighted)
        #expect(button.titleLabel.alpha == 1)
        #expect(sent == ["down", "up-inside"])
    }

    @Test func draggingOutsideUnhighlightsAndReleaseOutsideSendsNothingInside() {
        var sent: [String] = []
        button.addAction({ _ in sent.append("inside") }, for: .touchUpInside)
        button.addAction({ _ in sent.append("outside") }, for: .touchUpOutside)
        h.down(150, 120, at: 0)
        h.move(300, 300, at: 0.05)
        #expect(!button.isHighlighted)
        h.move(150, 120, at: 0.1)
        #expect(button.isHighlighted)
        h.move(300, 300, at: 0.15)
        h.up(300, 300, at: 0.2)
        #expect(sent == ["outside"])
    }

    @Test func targetActionCallsTheMethod() {
        @MainActor final class Counter {
            var count = 0
            func increment(_ sender: Button) { count += 1 }
        }
        let counter = Counter()
        button.addTarget(counter, action: Counter.increment, for: .touchUpInside)
        h.down(150, 120, at: 0)
        h.up(150, 120, at: 0.1)
        h.down(150, 120, at: 1)
        h.up(150, 120, at: 1.1)
        #expect(counter.count == 2)
    }

    @Test func aPanOverTheButtonCancelsItsTouch() {
        let pan = PanGestureRecognizer()
        h.window.addGestureRecognizer(pan)
        var sent: [String] = []
        button.addAction({ _ in sent.append("inside") }, for: .touchUpInside)
        button.addAction({ _ in sent.append("cancel") }, for: .touchCancel)
        h.down(150, 120, at: 0)
        h.move(170, 120, at: 0.05)
        #expect(!button.isHighlighted)
        h.up(170, 120, at: 0.1)
        #expect(sent == ["cancel"])
    }

    @Test func disabledButtonSendsNothing() {
        var sent = 0
        button.addAction({ _ in sent += 1 }, for: .touchUpInside)
        button.isEnabled = false
        h.down(150, 120, at: 0)
        h.up(150, 120, at: 0.1)
        #expect(sent == 0)
    }

    @Test func labelAndImageViewSetTheirLayersContents() {
        let label = Label(frame: CGRect(x: 0, y: 0, width: 100, height: 20), text: "Hi")
        label.font = .boldSystemFont(ofSize: 24)
        label.textAlignment = .center
        guard case .text(let text) = label.layer.contents else {
            Issue.record("no text contents")
            return
        }
        #expect(text == TextContents("Hi", fontSize: 24, color: .black, alignment: .center, isBold: true))
        #expect(!label.isUserInteractionEnabled)
        let image = Image.linearGradient(size: CGSize(width: 10, height: 10), colors: .red, .blue)
        let imageView = ImageView(image: image)
        #expect(imageView.frame.size == CGSize(width: 10, height: 10))
        guard case .bitmap(let bitmap) = imageView.layer.contents else {
            Issue.record("no bitmap contents")
            return
        }
        #expect(bitmap.width == Int(10 * Image.pixelsPerPoint))
        #expect(bitmap.pixels.first == Bitmap.pack(Image.mix(.red, .blue, (0.25 / 10 * 2) / 2)))
    }
}

@MainActor
@Suite struct ContentModeTests {
    @Test func contentModeIsTheLayersGravityUnderUIKitsNames() {
        let view = ImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.contentMode == .scaleToFill && view.layer.contentsGravity == .resize)
        view.contentMode = .scaleAspectFill
        #expect(view.layer.contentsGravity == .resizeAspectFill && view.contentMode == .scaleAspectFill)
        view.contentMode = .bottomRight
        #expect(view.layer.contentsGravity == .bottomRight)
        // .redraw stretches (no draw(_:) to call again) and reads back as .scaleToFill.
        view.contentMode = .redraw
        #expect(view.layer.contentsGravity == .resize && view.contentMode == .scaleToFill)
    }

    @Test func anImageViewsLayerKnowsTheImagesPixelsPerPoint() {
        let image = Image(bitmap: Bitmap(width: 80, height: 40) { _, _ in .red }, size: CGSize(width: 40, height: 20))
        let view = ImageView(image: image)
        #expect(view.layer.contentsScale == 2)
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        view.contentMode = .center
        // At its size (40 x 20 points), centred.
        #expect(view.layer.contentsGravity.rect(forContentsOfSize: CGSize(width: 80 / view.layer.contentsScale, height: 40 / view.layer.contentsScale),
                                                in: view.bounds) == CGRect(x: 30, y: 40, width: 40, height: 20))
    }
}
