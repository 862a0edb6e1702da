import LayoutEngine
import LayoutWire
import TestSupport
import Testing

@Suite struct CustomLayoutSpecTests {
    func decode(_ text: String) throws(SpecInputError) -> LayoutSpec {
        try SpecDecoder.decode(Array(text.utf8), limits: SpecLimits())
    }

    @Test func decodesEveryLayout() throws {
        guard case .waterfall(let w) = try decode(#"""
            {"layout":"waterfall","collectionView":{"width":390,"height":844},"scrollDirection":"horizontal",
             "columnCount":3,"columnSpacing":4,"itemSpacing":6,"sectionInset":{"left":8},"headerHeight":30,
             "footerHeight":10,"placement":"roundRobin","sectionHeadersPinToVisibleBounds":true,
             "decorations":[{"kind":"background","inset":{"top":2},"zIndex":-2,"includeHeader":true}],
             "sections":[{"itemHeights":[10,20]},{"itemSizes":[[3,4]],"columnCount":2,"decorations":[]}]}
            """#) else { Issue.record("not a waterfall"); return }
        #expect(w.columnCount == 3 && w.columnSpacing == 4 && w.itemSpacing == 6 && w.placement == .roundRobin)
        #expect(w.scrollDirection == .horizontal && w.headerHeight == 30 && w.footerHeight == 10)
        #expect(w.chrome.pinHeaders && !w.chrome.pinFooters)
        #expect(w.chrome.decorations == [DecorationSpec(kind: "background", inset: LayoutEdgeInsets(top: 2, left: 0, bottom: 0, right: 0),
                                                        zIndex: -2, includeHeader: true)])
        #expect(w.sections[0].items == .lengths([10, 20]))
        #expect(w.sections[1].items == .sizes([LayoutSize(width: 3, height: 4)]) && w.sections[1].columnCount == 2)
        #expect(w.sections[1].decorations == [])

        guard case .circle(let c) = try decode(#"{"layout":"circle","collectionView":{"width":400,"height":300},"itemSize":{"width":20,"height":30},"radius":90,"sections":[{"items":9}]}"#)
        else { Issue.record("not a circle"); return }
        #expect(c.items == 9 && c.radius == 90 && c.itemSize == LayoutSize(width: 20, height: 30))

        guard case .wheel(let wh) = try decode(#"{"layout":"wheel","collectionView":{"width":320,"height":200},"m34":-0.002,"infinite":true,"sections":[{"items":30}]}"#)
        else { Issue.record("not a wheel"); return }
        #expect(wh.items == 30 && wh.m34 == -0.002 && wh.infinite)

        guard case .flow(let f) = try decode(#"{"layout":"flow","collectionView":{"width":320,"height":200},"rowAlignment":"center","lastRowAlignment":"trailing","itemAlignment":"top","layoutDirection":"rightToLeft","sectionFootersPinToVisibleBounds":true,"sections":[{"items":3,"decorations":[{"kind":"bg"}]}]}"#)
        else { Issue.record("not a flow"); return }
        #expect(f.alignment == FlowAlignment(lines: .center, lastLine: .trailing, items: .leading))
        #expect(f.layoutDirection == .rightToLeft && f.chrome.pinFooters)
        #expect(f.sections[0].decorations == [DecorationSpec(kind: "bg")])
    }

    @Test(arguments: [
        (#"{"layout":"waterfall","collectionView":{"width":1,"height":1},"columnCount":0,"sections":[]}"#, "/columnCount"),
        (#"{"layout":"waterfall","collectionView":{"width":1,"height":1},"sections":[{"itemSizes":[[0,4]]}]}"#, "/sections/0/itemSizes/0/0"),
        (#"{"layout":"waterfall","collectionView":{"width":1,"height":1},"sections":[{"itemHeights":[1,-4]}]}"#, "/sections/0/itemHeights/1"),
        // 5e-324 wide: scaled to a column it would be infinitely long.
        (#"{"layout":"waterfall","collectionView":{"width":390,"height":1},"sections":[{"itemSizes":[[1,1],[5e-324,4e8]]}]}"#, "/sections/0/itemSizes/1"),
        (#"{"layout":"waterfall","collectionView":{"width":1,"height":1},"sections":[{"itemHeights":[1,"x"]}]}"#, "/sections/0/itemHeights/1"),
        (#"{"layout":"waterfall","collectionView":{"width":1,"height":1},"sections":[{}]}"#, "/sections/0/itemHeights"),
        (#"{"layout":"waterfall","collectionView":{"width":1,"height":1},"placement":"random","sections":[]}"#, "/placement"),
        (#"{"layout":"waterfall","collectionView":{"width":1,"height":1},"decorations":[{"zIndex":1}],"sections":[]}"#, "/decorations/0/kind"),
        (#"{"layout":"waterfall","collectionView":{"width":1,"height":1},"decorations":[{"kind":"a"},{"kind":"a"}],"sections":[]}"#, "/decorations/1/kind"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"decorations":[{"kind":"a","inset":{"top":-1}}],"sections":[]}"#, "/decorations/0/inset/top"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"decorations":[{"kind":"a","zIndex":0.5}],"sections":[]}"#, "/decorations/0/zIndex"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"rowAlignment":"left","sections":[]}"#, "/rowAlignment"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sectionHeadersPinToVisibleBounds":1,"sections":[]}"#, "/sectionHeadersPinToVisibleBounds"),
        (#"{"layout":"circle","collectionView":{"width":1,"height":1},"sections":[{"items":1},{"items":2}]}"#, "/sections"),
        (#"{"layout":"circle","collectionView":{"width":1,"height":1},"radius":-1,"sections":[{"items":1}]}"#, "/radius"),
        (#"{"layout":"circle","collectionView":{"width":1,"height":1},"sections":[{"itemSizes":[]}]}"#, "/sections/0/itemSizes"),
        (#"{"layout":"wheel","collectionView":{"width":1,"height":1},"m34":"x","sections":[{"items":1}]}"#, "/m34"),
        (#"{"layout":"wheel","collectionView":{"width":1,"height":1},"infinite":"yes","sections":[{"items":1}]}"#, "/infinite"),
        (#"{"layout":"wheel","collectionView":{"width":1,"height":1},"columnCount":2,"sections":[{"items":1}]}"#, "/columnCount"),
    ])
    func invalidSpecsNameTheField(_ text: String, _ pointer: String) {
        do {
            _ = try decode(text)
            Issue.record("accepted \(text)")
        } catch {
            guard case .spec(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.pointer == pointer, "\(e)")
        }
    }

    /// The canonical form of every layout reads back as the same spec, with the same bytes.
    @Test func canonicalFormsRoundTrip() throws {
        var rng = SeededRandom(seed: 21)
        var specs: [LayoutSpec] = (0..<30).map { _ in .waterfall(RandomSpecs.waterfall(&rng, maxItems: 10)) }
        specs += (0..<30).map { _ in .flow(RandomSpecs.flowWithOptions(&rng)) }
        specs.append(.circle(CircleLayoutSpec(collectionView: LayoutSize(width: 300, height: 200), items: 5)))
        var wheel = WheelLayoutSpec(collectionView: LayoutSize(width: 300, height: 200), items: 5)
        wheel.infinite = true
        specs.append(.wheel(wheel))
        for spec in specs {
            let text = SpecEncoder.canonical(spec)
            let again = try SpecDecoder.decode(text, limits: SpecLimits())
            #expect(again == spec.normalized(), "\(String(decoding: text, as: UTF8.self))")
            #expect(SpecEncoder.canonical(again) == text)
        }
    }

    /// Options left at their defaults, written out or not, give the same id, and flow ids of specs without
    /// options are what they were before the options existed (CanonicalSpecTests pins one).
    @Test func defaultOptionsDoNotChangeIds() throws {
        let plain = try decode(#"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"items":3}]}"#)
        let explicit = try decode(#"{"layout":"flow","collectionView":{"width":390,"height":844},"rowAlignment":"justified","lastRowAlignment":"auto","itemAlignment":"center","layoutDirection":"leftToRight","sectionHeadersPinToVisibleBounds":false,"sectionFootersPinToVisibleBounds":false,"decorations":[],"sections":[{"items":3}]}"#)
        #expect(SpecEncoder.canonical(plain) == SpecEncoder.canonical(explicit))
        let circle = try decode(#"{"layout":"circle","collectionView":{"width":400,"height":300},"itemSize":{"width":20,"height":20},"sections":[{"items":9}]}"#)
        let withDefaultRadius = try decode(#"{"layout":"circle","collectionView":{"width":400,"height":300},"itemSize":{"width":20,"height":20},"radius":140,"sections":[{"items":9}]}"#)
        #expect(SpecEncoder.canonical(circle) == SpecEncoder.canonical(withDefaultRadius))
    }
}
