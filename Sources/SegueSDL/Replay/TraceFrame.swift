import Foundation
import SegueAnimation

/// What a scene reports for one frame of the replay trace (spec: replay-and-trace.md, "Trace"): the app's
/// containers, the running transition and the pages on screen. The driver adds the frame number, its
/// time and the log (``TraceableScene/drainLog()``), and ``TraceLine`` writes it.
///
/// The container fields are optional because only the app knows them: a scene with no tab bar leaves
/// ``tab`` nil and the trace says `null` (the demo scene of the spec fills every field).
public struct TraceFrame: Sendable, Hashable {
    /// The selected tab's index (`tab`), or nil when the scene has no tab bar controller.
    public var tab: Int?
    /// The ids in the selected tab's navigation stack, root first (`stack`), or nil when the scene has no
    /// navigation controller.
    public var stack: [String]?
    /// The ids of the presented sheets, bottom first (`modal`), or nil when the scene presents none by design.
    public var modal: [String]?
    /// The running transition, nil when none runs.
    public var transition: TraceTransition?
    /// Every page and sheet whose view is in the window this frame, back to front (the order they are
    /// drawn in, which is the order of `views` in the trace). Ids must be unique.
    public var views: [TraceView]
    /// The navigation bar while the selected tab's top page shows a large-title mode other than `.never`
    /// (`bar`), else nil (the key is left out).
    public var bar: TraceBar?
    /// That page's scroll view while `bar` is written (`scroll`), else nil.
    public var scroll: TraceScroll?

    /// A frame's state; by default no containers, no transition, no views.
    public init(tab: Int? = nil, stack: [String]? = nil, modal: [String]? = nil,
                transition: TraceTransition? = nil, views: [TraceView] = [], bar: TraceBar? = nil, scroll: TraceScroll? = nil) {
        self.tab = tab
        self.stack = stack
        self.modal = modal
        self.transition = transition
        self.views = views
        self.bar = bar
        self.scroll = scroll
    }
}

/// The navigation bar of a large-title page in a traced frame (`bar`).
public struct TraceBar: Sendable, Hashable {
    /// The bar's bottom edge as drawn, in window points, the large title's room included where shown (`bottom`).
    public var bottom: Double
    /// The large title's effective presentation opacity (`largeTitle`; 0 when the page has none).
    public var largeTitle: Double
    /// The inline title's effective presentation opacity (`title`).
    public var title: Double

    /// A bar's entry.
    public init(bottom: Double, largeTitle: Double, title: Double) {
        self.bottom = bottom
        self.largeTitle = largeTitle
        self.title = title
    }
}

/// The scroll view of a large-title page in a traced frame (`scroll`).
public struct TraceScroll: Sendable, Hashable {
    /// Its `contentOffset.y` (`y`).
    public var y: Double
    /// Its `adjustedContentInset.top` (`top`).
    public var top: Double

    /// A scroll view's entry.
    public init(y: Double, top: Double) {
        self.y = y
        self.top = top
    }
}

/// The transition running in a traced frame (`transition` in the trace).
public struct TraceTransition: Sendable, Hashable {
    /// What the transition does (`kind`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A navigation push, a navigation pop, a tab switch, a modal presentation, a modal dismissal.
        case push, pop, tab, present, dismiss
    }

    /// Where the transition is in its state machine (`phase`).
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// Running on its own; following the pointer; completing to the end; returning to the start.
        case animating, interacting, finishing, cancelling
    }

    /// What the transition does.
    public var kind: Kind
    /// Whether it is (or started as) driven by a gesture (`interactive`).
    public var interactive: Bool
    /// Its progress as the coordinator reports it, 0...1 (`percent`).
    public var percent: Double
    /// Its phase.
    public var phase: Phase

    /// A transition's state.
    public init(kind: Kind, interactive: Bool, percent: Double, phase: Phase) {
        self.kind = kind
        self.interactive = interactive
        self.percent = percent
        self.phase = phase
    }
}

/// A page or sheet in a traced frame (an entry of `views`): where it is drawn and how opaque.
public struct TraceView: Sendable, Hashable {
    /// The page's id (`tab0.page1`, `modal0`).
    public var id: String
    /// The axis-aligned bounding box of its presentation layer, in window points (`frame`).
    public var frame: CGRect
    /// Its effective presentation opacity: its own times its ancestors' (`alpha`).
    public var alpha: Double

    /// A view's entry.
    public init(id: String, frame: CGRect, alpha: Double) {
        self.id = id
        self.frame = frame
        self.alpha = alpha
    }
}
