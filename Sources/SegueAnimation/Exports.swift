// Segue's geometry is Foundation's (`CGFloat`, `CGPoint`, `CGSize`, `CGRect`), as UIKit's is Core
// Graphics': every module that imports Segue sees them.
@_exported import Foundation
