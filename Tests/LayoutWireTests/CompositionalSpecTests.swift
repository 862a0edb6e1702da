import LayoutEngine
import LayoutWire
import TestSupport
import Testing

@Suite struct CompositionalSpecTests {
    func decode(_ text: String) throws(SpecInputError) -> LayoutSpec {
        try SpecDecoder.decode(Array(text.utf8), limits: SpecLimits())
    }

    static let issueExample = #"""
        {"layout": "compositional", "collectionView": {"width": 390, "height": 844},
         "scrollDirection": "vertical", "interSectionSpacing": 20,
         "sections": [
          {"items": 30,
           "section": {
             "group": {"axis": "horizontal",
                       "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 120}},
                       "subitems": [{"item": {"size": {"width": {"fractionalWidth": 0.5}, "height": {"fractionalHeight": 1}},
                                              "contentInsets": {"top": 4, "leading": 4, "bottom": 4, "trailing": 4},
                                              "supplementaryItems": [{"kind": "badge", "size": {"width": {"absolute": 20}, "height": {"absolute": 20}},
                                                                      "anchor": {"edges": ["top", "trailing"], "fractionalOffset": {"x": 0.3, "y": -0.3}}}]}}],
                       "interItemSpacing": {"fixed": 8}},
             "interGroupSpacing": 10,
             "contentInsets": {"top": 0, "leading": 16, "bottom": 0, "trailing": 16},
             "orthogonalScrollingBehavior": "none",
             "boundarySupplementaryItems": [{"kind": "header", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 44}},
                                             "alignment": "top", "pinToVisibleBounds": true}],
             "decorationItems": [{"kind": "background", "contentInsets": {"top": 0, "leading": 8, "bottom": 0, "trailing": 8}}]}}]}
        """#

    @Test func decodesTheIssueExample() throws {
        guard case .compositional(let c) = try decode(Self.issueExample) else { Issue.record("not compositional"); return }
        #expect(c.interSectionSpacing == 20 && c.sections.count == 1 && c.sections[0].items == .count(30))
        let s = try #require(c.sections[0].section)
        #expect(s.interGroupSpacing == 10 && s.contentInsets == DirectionalInsets(leading: 16, trailing: 16))
        #expect(s.group.interItemSpacing == .fixed(8) && s.group.size.height == .absolute(120))
        guard case .item(let item) = s.group.subitems[0] else { Issue.record("not an item"); return }
        #expect(item.supplementaryItems == [CompositionalBadge(
            kind: "badge", size: CompositionalSize(width: .absolute(20), height: .absolute(20)), edges: [.top, .trailing],
            fractionalOffset: LayoutPoint(x: 0.3, y: -0.3))])
        #expect(s.boundarySupplementaryItems[0].pinToVisibleBounds && s.decorationItems[0].kind == "background")
    }

    static let head = #"{"layout":"compositional","collectionView":{"width":300,"height":600},"#
    static func group(_ g: String) -> String { head + #""sections":[{"items":3,"section":{"group":"# + g + "}}]}" }
    static let item = #"{"item":{"size":{"width":{"absolute":10},"height":{"absolute":10}}}}"#

    static var invalid: [(String, String)] {
        var list: [(String, String)] = []
        list.append((group(#"{"axis":"horizontal","size":{"width":{"fractionalWidth":0},"height":{"absolute":10}},"subitems":[\#(item)]}"#),
         "/sections/0/section/group/size/width/fractionalWidth"))
        list.append((group(#"{"axis":"horizontal","size":{"width":{"fractionalWidth":-1},"height":{"absolute":10}},"subitems":[\#(item)]}"#),
         "/sections/0/section/group/size/width/fractionalWidth"))
        list.append((group(#"{"axis":"horizontal","size":{"width":{"absolute":5},"height":{"absolute":10}},"subitems":[\#(item)]}"#),
         "/sections/0/section/group/subitems/0"))
        list.append((group(#"{"axis":"horizontal","size":{"width":{"absolute":50},"height":{"absolute":10}},"subitems":[]}"#),
         "/sections/0/section/group/subitems"))
        list.append((group(#"{"axis":"horizontal","count":0,"size":{"width":{"absolute":50},"height":{"absolute":10}},"subitems":[\#(item)]}"#),
         "/sections/0/section/group/count"))
        list.append((group(#"{"axis":"diagonal","size":{"width":{"absolute":50},"height":{"absolute":10}},"subitems":[\#(item)]}"#),
         "/sections/0/section/group/axis"))
        list.append((group(#"{"axis":"horizontal","size":{"width":{"absolute":50},"height":{"half":1}},"subitems":[\#(item)]}"#),
         "/sections/0/section/group/size/height/half"))
        list.append((group(#"{"axis":"horizontal","size":{"width":{"absolute":50},"height":{"absolute":10}},"subitems":[{"item":{"size":{"width":{"absolute":1},"height":{"absolute":1}},"supplementaryItems":[{"kind":"b","size":{"width":{"absolute":1},"height":{"absolute":1}},"anchor":{"edges":["middle"]}}]}}]}"#),
         "/sections/0/section/group/subitems/0/item/supplementaryItems/0/anchor/edges/0"))
        list.append((head + #""sections":[{"items":1,"section":{"orthogonalScrollingBehavior":"sideways","group":{"axis":"horizontal","size":{"width":{"absolute":50},"height":{"absolute":10}},"subitems":[\#(item)]}}}]}"#,
         "/sections/0/section/orthogonalScrollingBehavior"))
        list.append((head + #""sections":[{"items":1,"section":{"boundarySupplementaryItems":[{"kind":"h","alignment":"leading","size":{"width":{"absolute":1},"height":{"absolute":1}}}],"group":{"axis":"horizontal","size":{"width":{"absolute":50},"height":{"absolute":10}},"subitems":[\#(item)]}}}]}"#,
         "/sections/0/section/boundarySupplementaryItems/0/alignment"))
        list.append((head + #""defaultSection":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":0},"height":{"absolute":10}},"subitems":[\#(item)]}},"sections":[{"items":1}]}"#,
         "/defaultSection/group/size/width/fractionalWidth"))
        list.append((head + #""sections":[{"items":1}]}"#, "/sections/0/section"))
        list.append((head + #""sections":[{"items":1,"itemSizes":[[1,1]]}]}"#, "/sections/0/itemSizes"))
        list.append((head + #""sections":[{"itemSizes":[[1,-1]]}]}"#, "/sections/0/itemSizes/0/1"))
        list.append((head + #""sections":[{"itemSizes":[[1,1],[-1,-1]]}]}"#, "/sections/0/itemSizes/1/0"))
        list.append((head + #""sections":[{"itemSizes":[null,[-1,-1]]}]}"#, "/sections/0/itemSizes/1/0"))
        list.append((head + #""sections":[{"itemSizes":[null,"x"]}]}"#, "/sections/0/itemSizes/1"))
        return list
    }

    @Test(arguments: invalid)
    func invalidSpecsNameTheField(_ text: String, _ pointer: String) {
        do {
            _ = try decode(text)
            Issue.record("accepted \(text)")
        } catch {
            guard case .spec(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.pointer == pointer, "\(e)")
        }
    }

    @Test func groupsNestAtMostEightDeep() {
        func nested(_ depth: Int) -> String {
            var g = #"{"axis":"vertical","size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}},"subitems":[\#(Self.item)]}"#
            for _ in 1..<depth { g = #"{"axis":"vertical","size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}},"subitems":[{"group":\#(g)}]}"# }
            return Self.group(g)
        }
        #expect((try? decode(nested(8))) != nil)
        do {
            _ = try decode(nested(9))
            Issue.record("accepted 9 levels")
        } catch {
            guard case .spec(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.pointer == "/sections/0/section/group" + String(repeating: "/subitems/0/group", count: 8))
        }
    }

    @Test func canonicalFormsRoundTrip() throws {
        var rng = SeededRandom(seed: 1111)
        var checked = 0
        for _ in 0..<60 {
            let spec = LayoutSpec.compositional(RandomSpecs.compositional(&rng, maxItems: 8))
            guard (try? spec.validate(limits: SpecLimits())) != nil else { continue }
            checked += 1
            let text = SpecEncoder.canonical(spec)
            let again = try SpecDecoder.decode(text, limits: SpecLimits())
            #expect(again == spec.normalized(), "\(String(decoding: text, as: UTF8.self))")
            #expect(SpecEncoder.canonical(again) == text)
        }
        #expect(checked >= 20)
    }

    /// A section equal to the default section is the same layout as one without its own.
    @Test func sectionsLikeTheDefaultShareItsId() throws {
        let section = #"{"group":{"axis":"horizontal","size":{"width":{"absolute":50},"height":{"absolute":10}},"subitems":[\#(Self.item)]}}"#
        let a = try decode(Self.head + #""defaultSection":\#(section),"sections":[{"items":1}]}"#)
        let b = try decode(Self.head + #""defaultSection":\#(section),"sections":[{"items":1,"section":\#(section)}]}"#)
        #expect(SpecEncoder.canonical(a) == SpecEncoder.canonical(b))
    }

    /// A list is written as the compositional layout it stands for: posting that gives the same id.
    @Test func listsAreWrittenAsCompositionalLayouts() throws {
        let list = try decode(#"{"layout":"list","collectionView":{"width":390,"height":844},"appearance":"insetGrouped","headerMode":"supplementary","sections":[{"items":3},{"itemSizes":[null,[390,60]]}]}"#)
        let text = SpecEncoder.canonical(list)
        #expect(String(decoding: text, as: UTF8.self).hasPrefix(#"{"collectionView":{"height":844,"width":390},"defaultSection":{"boundarySupplementaryItems":[{"alignment":"top","kind":"header","pinToVisibleBounds":false,"size":{"height":{"estimated":38},"width":{"fractionalWidth":1}}}],"contentInsets":{"bottom":0,"leading":20,"top":0,"trailing":20},"decorationItems":[{"contentInsets":{"bottom":0,"leading":20,"top":38,"trailing":20},"kind":"background"}]"#))
        #expect(String(decoding: text, as: UTF8.self).hasSuffix(#""interSectionSpacing":35,"layout":"compositional","scrollDirection":"vertical","sections":[{"items":3},{"itemSizes":[null,[390,60]]}]}"#))
        #expect(try SpecDecoder.decode(text, limits: SpecLimits()) == list)
    }
}
