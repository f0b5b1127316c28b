/// Provides the objects that animate presenting and dismissing a controller
/// (`UIViewControllerTransitioningDelegate`).
///
/// Differs from UIKit: for now it has no requirements — the animator, interaction-controller and
/// presentation-controller members (all optional in UIKit) arrive with the transition protocols, as
/// requirements with default implementations, so conforming types written now keep compiling.
@MainActor
public protocol ViewControllerTransitioningDelegate: AnyObject {}
