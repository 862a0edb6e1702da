/// A point in the collection view's content coordinates (points; origin top-left, y grows down).
public struct LayoutPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = LayoutPoint(x: 0, y: 0)
}

public struct LayoutSize: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = LayoutSize(width: 0, height: 0)
}

/// An axis-aligned rectangle. Intersection is closed: rectangles that touch intersect.
public struct LayoutRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: LayoutPoint { LayoutPoint(x: x + width / 2, y: y + height / 2) }
    public var size: LayoutSize { LayoutSize(width: width, height: height) }

    /// Closed-interval overlap on both axes (an edge in common counts).
    @inlinable
    public func intersects(_ other: LayoutRect) -> Bool {
        x <= other.x + other.width && other.x <= x + width && y <= other.y + other.height && other.y <= y + height
    }

    /// Whether `point` lies in the closed rectangle.
    @inlinable
    public func contains(_ point: LayoutPoint) -> Bool {
        point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    }
}

public struct LayoutEdgeInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = LayoutEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

public enum ScrollDirection: String, Sendable, Hashable, CaseIterable {
    case vertical
    case horizontal
}
