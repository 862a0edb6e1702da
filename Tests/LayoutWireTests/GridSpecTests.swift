import LayoutEngine
import LayoutWire
import TestSupport
import Testing

/// Grids on the wire: decoding (strict, errors by pointer), the canonical form, merged cells' spans in answers.
@Suite struct GridSpecTests {
    static let example = #"""
        {"layout": "grid", "collectionView": {"width": 1280, "height": 800},
         "rows": {"count": 1000000, "size": 28, "overrides": {"0": 40}},
         "columns": {"count": 10000, "size": 100, "sizes": [64, 220, 100]},
         "rowSpacing": 0, "columnSpacing": 0,
         "frozen": {"top": 1, "bottom": 1, "leading": 1, "trailing": 0},
         "merged": [{"row": 5, "column": 2, "rows": 2, "columns": 3}]}
        """#

    func decode(_ text: String, limits: SpecLimits = SpecLimits()) throws(SpecInputError) -> LayoutSpec {
        try SpecDecoder.decode(Array(text.utf8), limits: limits)
    }

    func canonical(_ text: String) throws -> String {
        String(decoding: SpecEncoder.canonical(try decode(text)), as: UTF8.self)
    }

    @Test func decodesTheIssuesExample() throws {
        guard case .grid(let g) = try decode(Self.example) else {
            Issue.record("not a grid")
            return
        }
        // Normalized: sizes in one form (a list where more than half of the indices up to the last given differ
        // from the default), the trailing 100 dropped (the default).
        #expect(g.rows == GridAxisSpec(count: 1_000_000, size: 28, sizes: .list([40])))
        #expect(g.columns == GridAxisSpec(count: 10_000, size: 100, sizes: .list([64, 220])))
        #expect(g.frozen == GridFrozen(top: 1, bottom: 1, leading: 1))
        #expect(g.merged == [GridMerge(row: 5, column: 2, rows: 2, columns: 3)])
        #expect(try canonical(Self.example) == #"{"collectionView":{"height":800,"width":1280},"columnSpacing":0,"columns":{"count":10000,"size":100,"sizes":[64,220]},"frozen":{"bottom":1,"leading":1,"top":1,"trailing":0},"layout":"grid","layoutDirection":"leftToRight","merged":[{"column":2,"columns":3,"row":5,"rows":2}],"rowSpacing":0,"rows":{"count":1000000,"size":28,"sizes":[40]}}"#)
        // The canonical form decodes to the same spec.
        #expect(try decode(try canonical(Self.example)) == (try decode(Self.example)))
    }

    @Test func equalGridsHaveEqualCanonicalForms() throws {
        let forms = [
            #"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10,"sizes":[10,30]},"columns":{"count":3,"size":20}}"#,
            #"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10,"overrides":{"1":30}},"columns":{"count":3,"size":20,"sizes":[]},"rowSpacing":0,"frozen":{},"merged":[],"layoutDirection":"leftToRight"}"#,
            #"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10,"overrides":{"1":30,"3":10}},"columns":{"count":3,"size":20,"overrides":{}},"frozen":{"top":0}}"#,
        ]
        let first = try canonical(forms[0])
        for f in forms { #expect(try canonical(f) == first) }
        // Merged ranges in any order.
        let a = #"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20},"merged":[{"row":0,"column":0,"rows":2,"columns":1},{"row":3,"column":1,"rows":1,"columns":2}]}"#
        let b = #"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20},"merged":[{"row":3,"column":1,"rows":1,"columns":2},{"row":0,"column":0,"rows":2,"columns":1}]}"#
        #expect(try canonical(a) == (try canonical(b)))
    }

    @Test(arguments: [
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20},"cells":1}"#, "/cells"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5},"columns":{"count":3,"size":20}}"#, "/rows/size"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10,"height":3},"columns":{"count":3,"size":20}}"#, "/rows/height"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20,"sizes":[1],"overrides":{"0":1}}}"#, "/columns/overrides"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10,"overrides":{"01":3}},"columns":{"count":3,"size":20}}"#, "/rows/overrides/01"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10,"overrides":{"x":3}},"columns":{"count":3,"size":20}}"#, "/rows/overrides/x"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10,"overrides":{"7":3}},"columns":{"count":3,"size":20}}"#, "/rows/overrides/7"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10,"overrides":[3]},"columns":{"count":3,"size":20}}"#, "/rows/overrides"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10,"sizes":[1,"2"]},"columns":{"count":3,"size":20}}"#, "/rows/sizes/1"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":-10},"columns":{"count":3,"size":20}}"#, "/rows/size"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5.5,"size":10},"columns":{"count":3,"size":20}}"#, "/rows/count"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20},"frozen":{"top":2,"left":1}}"#, "/frozen/left"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20},"frozen":{"leading":4}}"#, "/frozen/leading"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20},"merged":[{"row":0,"column":0,"rows":2}]}"#, "/merged/0/columns"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20},"merged":[{"row":0,"column":0,"rows":2,"columns":2},{"row":1,"column":1,"rows":2,"columns":2}]}"#, "/merged/1"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20},"frozen":{"top":1},"merged":[{"row":0,"column":0,"rows":2,"columns":1}]}"#, "/merged/0/rows"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20},"layoutDirection":"upsideDown"}"#, "/layoutDirection"),
        (#"{"layout":"grid","collectionView":{"width":100,"height":100,"contentInset":{"top":-1}},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20}}"#, "/collectionView/contentInset/top"),
    ])
    func invalidGridsNameTheField(_ text: String, _ pointer: String) {
        SpecDecoderTests().invalidSpecsNameTheField(text, pointer)
    }

    @Test func limitsAreLimits() {
        let text = #"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10,"sizes":[1,2,3]},"columns":{"count":3,"size":20}}"#
        do {
            _ = try decode(text, limits: SpecLimits(maxItems: 2))
            Issue.record("accepted")
        } catch {
            guard case .spec(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.pointer == "/rows/sizes")
            #expect(e.isLimit)
        }
    }

    @Test func mergedCellsCarryTheirSpans() {
        var a = LayoutAttributes.cell(LayoutIndexPath(section: 5, item: 2), LayoutRect(x: 0, y: 0, width: 30, height: 20))
        a.rowSpan = 2
        a.columnSpan = 3
        #expect(!a.isPlainCell)
        #expect(String(decoding: AttributesEncoder.bytes(a), as: UTF8.self) == #"{"category":"cell","section":5,"item":2,"frame":{"x":0,"y":0,"width":30,"height":20},"center":{"x":15,"y":10},"size":{"width":30,"height":20},"zIndex":0,"alpha":1,"hidden":false,"rowSpan":2,"columnSpan":3}"#)
        let plain = LayoutAttributes.cell(LayoutIndexPath(section: 0, item: 0), LayoutRect(x: 0, y: 0, width: 1, height: 1))
        var w = JSONWriter(capacity: 256)
        ColumnsEncoder.writeAnswer(contentSize: LayoutSize(width: 1, height: 1), elements: [plain, a], into: &w)
        let text = String(decoding: w.bytes, as: UTF8.self)
        #expect(text.contains(#""rowSpan":[1,2],"columnSpan":[1,3]"#), "\(text)")
        // The spans cost no room.
        #expect(MemoryLayout<LayoutAttributes>.size <= 232)
    }

    @Test func gridsHaveNoTiles() throws {
        let layout = try decode(#"{"layout":"grid","collectionView":{"width":100,"height":100},"rows":{"count":5,"size":10},"columns":{"count":3,"size":20}}"#).prepare()
        guard case .failure = TilePlan.of(layout) else { Issue.record("tiled"); return }
    }
}
