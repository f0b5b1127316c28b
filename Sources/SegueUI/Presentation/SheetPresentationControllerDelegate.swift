/// Hears of a page sheet's detent changes made by the user (`UISheetPresentationControllerDelegate`): set
/// it as the sheet's ``PresentationController/delegate`` (it is an ``AdaptivePresentationControllerDelegate``
/// too, so the same object also hears of swipe dismissals).
///
/// As in UIKit, ``sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)`` is called when a drag
/// (or a scroll that expands the sheet) lets go at another detent than the one selected, never when code
/// sets ``SheetPresentationController/selectedDetentIdentifier``. It is called at the release, when the
/// sheet starts moving to the new detent (UIKit documents no finer moment).
///
/// Differs from UIKit: the optional member is a requirement with a default.
@MainActor
public protocol SheetPresentationControllerDelegate: AdaptivePresentationControllerDelegate {
    /// The user moved the sheet to another detent: ``SheetPresentationController/selectedDetentIdentifier``
    /// is already the new one.
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: SheetPresentationController)
}

extension SheetPresentationControllerDelegate {
    /// Default: nothing.
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: SheetPresentationController) {}
}
