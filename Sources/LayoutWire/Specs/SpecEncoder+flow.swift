import LayoutEngine

extension SpecEncoder {
    static func writeFlow(_ s: FlowLayoutSpec, into w: inout JSONWriter) {
        writeFlowHead(s, into: &w)
        var marking = Marking(spacing: 0, base: 0)
        flowSections(s, from: 0, item: 0, marking: &marking, into: &w)
    }

    /// Everything before the sections' first `{`: the layout's keys, then `"sections":[`.
    static func writeFlowHead(_ s: FlowLayoutSpec, into w: inout JSONWriter) {
        w.raw("{")
        collapsingHeader(s.collapsingHeader, &w)
        collectionView(s.collectionView, s.contentInset, &w)
        contentAnchor(s.contentAnchor, &w)
        if !s.chrome.decorations.isEmpty { decorations(s.chrome.decorations, &w) }
        if let e = s.estimatedItemSize { w.key("estimatedItemSize"); size(e, &w); w.raw(",") }
        w.key("footerReferenceSize"); size(s.footerReferenceSize, &w); w.raw(",")
        w.key("headerReferenceSize"); size(s.headerReferenceSize, &w); w.raw(",")
        if s.alignment.items != .center { w.key("itemAlignment"); w.string(s.alignment.items.rawValue); w.raw(",") }
        w.key("itemSize")
        if let a = s.adaptiveItemSize { adaptiveItemSize(a, &w) } else { size(s.itemSize, &w) }
        w.raw(",")
        if s.alignment.lastLine != .auto {
            w.key("lastRowAlignment"); w.string(s.alignment.lastLine.rawValue); w.raw(",")
        }
        w.key("layout"); w.raw("\"flow\",")
        if s.layoutDirection != .leftToRight {
            w.key("layoutDirection"); w.string(s.layoutDirection.rawValue); w.raw(",")
        }
        w.key("minimumInteritemSpacing"); w.number(s.minimumInteritemSpacing); w.raw(",")
        w.key("minimumLineSpacing"); w.number(s.minimumLineSpacing); w.raw(",")
        if s.alignment.lines != .justified { w.key("rowAlignment"); w.string(s.alignment.lines.rawValue); w.raw(",") }
        w.key("scrollDirection"); w.string(s.scrollDirection.rawValue); w.raw(",")
        scrollEffects(s.scrollEffects, &w)
        scrollTarget(s.scrollTargetBehavior, &w)
        pins(s.chrome, &w)
        w.key("sectionInset"); insets(s.sectionInset, &w); w.raw(",")
        w.key("sections")
        w.raw("[")
    }

    /// Where a resumable encoding notes marks: every `spacing` items of a size list (0: none), at offsets counted
    /// from `base`.
    struct Marking {
        var spacing: Int
        var base: Int
        var marks: [CanonicalMark] = []
    }

    /// The sections from item `item` of section `from` on, and what closes the spec: `item` 0 starts at the
    /// section's `{` (after its comma), a later item at the comma before it (a size list only).
    static func flowSections(_ s: FlowLayoutSpec, from first: Int, item: Int, marking: inout Marking,
                             into w: inout JSONWriter) {
        for index in first..<s.sections.count {
            let section = s.sections[index]
            let resuming = index == first && item > 0
            if let contents = section.contents {
                if index > 0 { w.raw(",") }
                flowContentSectionHead(section, contents, &w)
                flowSectionTail(section, &w)
                continue
            }
            if !resuming {
                if index > 0 { w.raw(",") }
                flowSectionHead(section, &w)
            }
            switch section.items {
            case .sizes(let sizes):
                if !resuming { w.raw("[") }
                for i in (resuming ? item : 0)..<sizes.count {
                    if i > 0, marking.spacing > 0, i % marking.spacing == 0 {
                        marking.marks.append(CanonicalMark(section: index, item: i, offset: marking.base + w.count))
                    }
                    // One reservation per pair: this loop writes megabytes for large layouts.
                    let size = sizes[i]
                    let comma = i > 0
                    w.write(reserving: 72) { c in
                        if comma { c.byte(UInt8(ascii: ",")) }
                        c.byte(UInt8(ascii: "["))
                        c.number(size.width)
                        c.byte(UInt8(ascii: ","))
                        c.number(size.height)
                        c.byte(UInt8(ascii: "]"))
                    }
                }
                w.raw("]")
            case .count(let n):
                w.int(n)
            }
            flowSectionTail(section, &w)
        }
        w.raw("]")
        closeWithStyles(s.textStyles, &w)
    }

    /// A content section's keys before the tail, in sorted order: contents, decorations, footerReferenceSize,
    /// headerReferenceSize, itemSize, itemWidth.
    static func flowContentSectionHead(_ s: FlowSectionSpec, _ contents: [CellContent], _ w: inout JSONWriter) {
        w.raw("{")
        self.contents(contents, &w)
        w.raw(",")
        flowSectionSizes(s, &w)
        if let v = s.itemWidth { w.key("itemWidth"); w.number(v); w.raw(",") }
        w.dropTrailingComma()
    }

    /// A section's keys in sorted order: decorations, footerReferenceSize, headerReferenceSize, itemSize,
    /// itemSizes | items, minimumInteritemSpacing, minimumLineSpacing, sectionInset. The head ends with the items'
    /// key; the items follow, then the tail.
    static func flowSectionHead(_ s: FlowSectionSpec, _ w: inout JSONWriter) {
        w.raw("{")
        flowSectionSizes(s, &w)
        if case .count = s.items { w.key("items") } else { w.key("itemSizes") }
    }

    /// The keys every section's head has, each followed by a comma: decorations, footerReferenceSize,
    /// headerReferenceSize, itemSize.
    static func flowSectionSizes(_ s: FlowSectionSpec, _ w: inout JSONWriter) {
        if let v = s.decorations { decorations(v, &w) }
        if let v = s.footerReferenceSize { w.key("footerReferenceSize"); size(v, &w); w.raw(",") }
        if let v = s.headerReferenceSize { w.key("headerReferenceSize"); size(v, &w); w.raw(",") }
        if let v = s.itemSize { w.key("itemSize"); size(v, &w); w.raw(",") }
        if let v = s.adaptiveItemSize { w.key("itemSize"); adaptiveItemSize(v, &w); w.raw(",") }
    }

    /// Rule 7's item size, its keys sorted: `{"aspectRatio"|"height", "minimumWidth"}`.
    static func adaptiveItemSize(_ a: AdaptiveItemSize, _ w: inout JSONWriter) {
        switch a.height {
        case .aspectRatio(let r): w.raw("{\"aspectRatio\":"); w.number(r)
        case .fixed(let h): w.raw("{\"height\":"); w.number(h)
        }
        w.raw(",\"minimumWidth\":")
        w.number(a.minimumWidth)
        w.raw("}")
    }

    static func flowSectionTail(_ s: FlowSectionSpec, _ w: inout JSONWriter) {
        if let v = s.minimumInteritemSpacing { w.raw(","); w.key("minimumInteritemSpacing"); w.number(v) }
        if let v = s.minimumLineSpacing { w.raw(","); w.key("minimumLineSpacing"); w.number(v) }
        if let v = s.sectionInset { w.raw(","); w.key("sectionInset"); insets(v, &w) }
        w.raw("}")
    }
}
