// The app's `main`: the root view controller, run by Segue (`UIApplicationMain` for Segue). The
// transition and the pages are in SlideTransition.swift; Tests/ tests them with SegueTesting.
import SegueSDL
import SegueUIKit

SegueApp.run {
    UINavigationController(rootViewController: JWNTViewController())
}
