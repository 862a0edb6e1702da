/// A kind whose sections take `contents` (`LayoutSpec.contentKinds`): what the content code asks of it, said once
/// per kind.
protocol ContentKind {
    /// The text styles of sections given as `contents`, by name.
    var textStyles: [String: TextStyle] { get }
    var sectionCount: Int { get }
    /// Section `s`'s content, nil when it is not given as content.
    func contents(ofSection s: Int) -> [CellContent]?
}

extension ContentKind {
    /// Whether a section is given as content.
    var hasContent: Bool { (0..<sectionCount).contains { contents(ofSection: $0) != nil } }
}

extension FlowLayoutSpec: ContentKind {
    var sectionCount: Int { sections.count }
    func contents(ofSection s: Int) -> [CellContent]? { sections[s].contents }
}

extension WaterfallLayoutSpec: ContentKind {
    var sectionCount: Int { sections.count }
    func contents(ofSection s: Int) -> [CellContent]? { sections[s].contents }
}

extension CompositionalLayoutSpec: ContentKind {
    var sectionCount: Int { sections.count }
    func contents(ofSection s: Int) -> [CellContent]? { sections[s].contents }
}
