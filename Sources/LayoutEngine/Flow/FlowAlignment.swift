/// How items sit along a line (beyond UIKit, which always justifies).
public enum LineAlignment: String, Sendable, Hashable, CaseIterable {
    /// UIKit's: first item on the leading inset, last on the trailing one, equal gaps; a lone item centred.
    case justified
    case leading
    case center
    case trailing
}

/// How the last line of a section sits. `auto` is UIKit's rule with justified lines (a uniform section's last line
/// keeps the grid's columns; a varied one is leading with minimum spacing), and the lines' alignment otherwise.
public enum LastLineAlignment: String, Sendable, Hashable, CaseIterable {
    case auto
    case justified
    case leading
    case center
    case trailing
}

/// How an item shorter than its line sits across it (`top`/`bottom` are accepted for `leading`/`trailing`).
public enum ItemAlignment: String, Sendable, Hashable, CaseIterable {
    case center
    case leading
    case trailing

    /// The share of the line's spare length that goes before the item.
    @inlinable var factor: Double {
        switch self {
        case .center: 0.5
        case .leading: 0
        case .trailing: 1
        }
    }
}

/// `rightToLeft` mirrors every frame across the content's width (`UIUserInterfaceLayoutDirection`).
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight
    case rightToLeft
}

/// Alignment options of a flow layout; the defaults are UIKit's behaviour.
public struct FlowAlignment: Sendable, Hashable {
    public var lines: LineAlignment = .justified
    public var lastLine: LastLineAlignment = .auto
    public var items: ItemAlignment = .center

    public init(lines: LineAlignment = .justified, lastLine: LastLineAlignment = .auto, items: ItemAlignment = .center) {
        self.lines = lines
        self.lastLine = lastLine
        self.items = items
    }

    public var isDefault: Bool { self == FlowAlignment() }

    /// The alignment of a section's last line, or nil for UIKit's uniform rule (the grid's own columns).
    func lastLineAlignment(uniform: Bool) -> LineAlignment? {
        switch lastLine {
        case .auto:
            guard lines == .justified else { return lines }
            return uniform ? nil : .leading
        case .justified: return .justified
        case .leading: return .leading
        case .center: return .center
        case .trailing: return .trailing
        }
    }
}
