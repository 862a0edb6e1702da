/// A decoration view drawn behind (or over) a section: a section background, say. Its frame spans the section's
/// content (insets and items) across the whole view, optionally its header and footer too, shrunk by `inset`.
public struct DecorationSpec: Sendable, Hashable {
    public var kind: String
    public var inset: LayoutEdgeInsets
    public var zIndex: Int
    public var includeHeader: Bool
    public var includeFooter: Bool

    public init(kind: String, inset: LayoutEdgeInsets = .zero, zIndex: Int = -1, includeHeader: Bool = false,
                includeFooter: Bool = false) {
        self.kind = kind
        self.inset = inset
        self.zIndex = zIndex
        self.includeHeader = includeHeader
        self.includeFooter = includeFooter
    }
}

/// How a sectioned layout draws its headers, footers and decorations.
public struct SectionChromeSpec: Sendable, Hashable {
    /// `sectionHeadersPinToVisibleBounds`: a header sticks to the leading edge of the visible bounds while its
    /// section is on screen, pushed away by the end of its section.
    public var pinHeaders = false
    /// `sectionFootersPinToVisibleBounds`: the same at the trailing edge.
    public var pinFooters = false
    /// Decorations of every section (a section's own list replaces it).
    public var decorations: [DecorationSpec] = []

    public init(pinHeaders: Bool = false, pinFooters: Bool = false, decorations: [DecorationSpec] = []) {
        self.pinHeaders = pinHeaders
        self.pinFooters = pinFooters
        self.decorations = decorations
    }

    var isBoundsDependent: Bool { pinHeaders || pinFooters }
}
