public import Foundation
public import LayoutEngine

// Conversions between the engine's geometry and Foundation's (CoreGraphics' types on Apple platforms), for an app
// that runs the engine inside a `UICollectionViewLayout` subclass (docs/engine-library.md). The engine counts in
// `Double`; `CGFloat` is a `Double` on every 64-bit platform, so a round trip gives the same values.

extension CGPoint {
    public init(_ point: LayoutPoint) { self.init(x: CGFloat(point.x), y: CGFloat(point.y)) }
}

extension CGSize {
    public init(_ size: LayoutSize) { self.init(width: CGFloat(size.width), height: CGFloat(size.height)) }
}

extension CGRect {
    public init(_ rect: LayoutRect) {
        self.init(x: CGFloat(rect.x), y: CGFloat(rect.y), width: CGFloat(rect.width), height: CGFloat(rect.height))
    }
}

extension LayoutPoint {
    public init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}

extension LayoutSize {
    public init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }
}

extension LayoutRect {
    /// The same rectangle, standardized first (a `CGRect` may have a negative width or height; the engine's may
    /// not).
    public init(_ rect: CGRect) {
        let r = rect.standardized
        self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width),
                  height: Double(r.size.height))
    }
}

extension IndexPath {
    /// `UICollectionView`'s index path (section, item) of an item or a supplementary view.
    public init(_ path: LayoutIndexPath) { self.init(indexes: [path.section, path.item]) }
}

extension LayoutIndexPath {
    /// The engine's index path of a two-index `IndexPath` (section, item); nil for any other length.
    public init?(_ path: IndexPath) {
        guard path.count == 2 else { return nil }
        self.init(section: path[0], item: path[1])
    }
}
