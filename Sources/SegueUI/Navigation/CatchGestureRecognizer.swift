import SegueAnimation

/// A pan that begins the moment the pointer goes down (no slop: the finger already holds the page):
/// how a navigation controller catches a page that is finishing or cancelling a pop. It asks its delegate
/// whether to begin, as any recognizer does, and otherwise tracks, changes and ends like a pan (with
/// the release velocity).
@MainActor
final class CatchGestureRecognizer: PanGestureRecognizer {
    required init() {
        super.init()
        arenaPriority = .high
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        if state == .possible { state = .began }
    }
}
