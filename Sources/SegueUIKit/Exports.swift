// `import SegueUIKit` in place of `import UIKit` (and `QuartzCore`, `CoreGraphics`): Foundation (with its
// CG geometry), Segue's animation core and its UIKit-shaped layer, under their own names and under
// Apple's.
@_exported import Foundation
@_exported import SegueAnimation
@_exported import SegueUI
