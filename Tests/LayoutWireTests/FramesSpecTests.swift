import LayoutEngine
import LayoutWire
import Testing

@Suite struct FramesSpecTests {
    func decode(_ text: String, limits: SpecLimits = SpecLimits()) throws(SpecInputError) -> LayoutSpec {
        try SpecDecoder.decode(Array(text.utf8), limits: limits)
    }

    func canonical(_ text: String) throws -> String {
        String(decoding: SpecEncoder.canonical(try decode(text)), as: UTF8.self)
    }

    static let view = #""layout":"frames","collectionView":{"width":390,"height":844}"#

    @Test func decodesEveryArray() throws {
        guard case .frames(let f) = try decode(#"""
            {\#(Self.view),"scrollDirection":"horizontal","scrollTargetBehavior":"item",
             "contentSize":{"width":1000,"height":844},
             "elements":{"x":[0,10,0],"y":[0,0,0],"width":[5,5,100],"height":[5,5,20],"section":[0,0,0],
                         "item":[0,1,0],"category":[0,0,1],"kind":[null,null,"header"],"zIndex":[0,3,1]}}
            """#) else { Issue.record("not frames"); return }
        #expect(f.scrollDirection == .horizontal && f.scrollTargetBehavior == .item)
        #expect(f.contentSize == LayoutSize(width: 1000, height: 844))
        // Normalized: in answer order (cells of item 0, the header at item 0, item 1), defaults dropped.
        #expect(f.elements.x == [0, 0, 10] && f.elements.category == [.cell, .supplementary, .cell])
        #expect(f.elements.kind == [nil, "header", nil] && f.elements.zIndex == [0, 1, 3])
        #expect(f.elements.section == nil && f.elements.item == nil)
    }

    /// `sticky` as `format=columns` writes it: kept in answer order, written in the canonical form, left out there
    /// when no element is pinned.
    @Test func stickyRangesRoundTrip() throws {
        let text = #"{\#(Self.view),"elements":{"item":[1,0],"x":[0,0],"y":[50,0],"width":[390,390],"height":[40,40],"sticky":[null,["trailing",-5,2.5]]}}"#
        guard case .frames(let f) = try decode(text) else { Issue.record("not frames"); return }
        #expect(f.elements.sticky == [StickyRange(edge: .trailing, min: -5, max: 2.5), nil])
        let form = try canonical(text)
        #expect(form.contains(#""sticky":[["trailing",-5,2.5],null],"width""#))
        #expect(try canonical(form) == form)
        let none = #"{\#(Self.view),"elements":{"x":[0],"y":[0],"width":[1],"height":[1],"sticky":[null]}}"#
        #expect(try !canonical(none).contains("sticky"))
    }

    @Test func equalElementsHaveOneCanonicalForm() throws {
        let forms = [
            #"{\#(Self.view),"elements":{"x":[0,200],"y":[0,0],"width":[190,190],"height":[300,120]}}"#,
            // Defaults written, and the content size the frames give.
            #"{\#(Self.view),"contentSize":{"width":390,"height":300},"scrollDirection":"vertical","elements":{"x":[0,200],"y":[0,0],"width":[190,190],"height":[300,120],"section":[0,0],"item":[0,1],"category":[0,0],"kind":[null,null],"zIndex":[0,0]}}"#,
            // Posted in another order, with their index paths.
            #"{\#(Self.view),"elements":{"item":[1,0],"x":[200,0],"y":[0,0],"width":[190,190],"height":[120,300.0]}}"#,
        ]
        let first = try canonical(forms[0])
        for form in forms { #expect(try canonical(form) == first) }
        #expect(first == #"{"collectionView":{"height":844,"width":390},"elements":{"height":[300,120],"width":[190,190],"x":[0,200],"y":[0,0]},"layout":"frames","scrollDirection":"vertical"}"#)
        let other = try canonical(#"{\#(Self.view),"elements":{"x":[0,200],"y":[0,1],"width":[190,190],"height":[300,120]}}"#)
        #expect(other != first)
    }

    @Test func theCanonicalFormRoundTrips() throws {
        let text = #"{\#(Self.view),"contentSize":{"width":5,"height":5},"scrollTargetBehavior":"paging","elements":{"x":[0.5,-3],"y":[1e3,2],"width":[0,1],"height":[1,0],"section":[1,0],"category":[2,0],"kind":["bg",null],"zIndex":[-1,0]}}"#
        let spec = try decode(text)
        let again = try decode(String(decoding: SpecEncoder.canonical(spec), as: UTF8.self))
        #expect(again == spec)
        #expect(SpecEncoder.canonical(again) == SpecEncoder.canonical(spec))
    }

    @Test(arguments: [
        (#"{"x":[0,1],"y":[0],"width":[1,1],"height":[1,1]}"#, "/elements/y"),
        (#"{"x":[0,1],"y":[0,0],"width":[1,1],"height":[1,1],"zIndex":[0]}"#, "/elements/zIndex"),
        (#"{"x":[0,1,2,3,4,5,6,7],"y":[0,0,0,0,0,0,0,0],"width":[1,1,1,1,1,1,1,-2],"height":[1,1,1,1,1,1,1,1]}"#, "/elements/width/7"),
        (#"{"x":[0,"a"],"y":[0,0],"width":[1,1],"height":[1,1]}"#, "/elements/x/1"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1e300]}"#, "/elements/height/0"),
        (#"{"x":[0],"y":[0],"width":[1]}"#, "/elements/height"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"sticky":[null,null]}"#, "/elements/sticky"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"sticky":[["top",0,1]]}"#, "/elements/sticky/0/0"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"sticky":[["leading",0]]}"#, "/elements/sticky/0"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"sticky":[["leading",2,1]]}"#, "/elements/sticky/0"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"sticky":[["leading",0,1e300]]}"#, "/elements/sticky/0/2"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"depth":[1]}"#, "/elements/depth"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"section":[0.5]}"#, "/elements/section/0"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"section":[-1]}"#, "/elements/section/0"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"section":[100000]}"#, "/elements/section/0"),
        (#"{"x":[0,0],"y":[0,0],"width":[1,1],"height":[1,1],"section":[0,2],"item":[0,1]}"#, "/elements/item/1"),
        (#"{"x":[0,0],"y":[0,0],"width":[1,1],"height":[1,1],"item":[0,0]}"#, "/elements/item/1"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"category":[3]}"#, "/elements/category/0"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"category":[1],"kind":[null]}"#, "/elements/kind/0"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"kind":[3]}"#, "/elements/kind/0"),
        (#"{"x":[0],"y":[0],"width":[1],"height":[1],"zIndex":[2e9]}"#, "/elements/zIndex/0"),
        (#"[]"#, "/elements"),
    ])
    func invalidElementsNameTheirEntry(_ elements: String, _ pointer: String) {
        do {
            _ = try decode(#"{\#(Self.view),"elements":\#(elements)}"#)
            Issue.record("accepted \(elements)")
        } catch {
            guard case .spec(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.pointer == pointer, "\(e)")
        }
    }

    @Test func theItemLimitCountsFrames() {
        do {
            _ = try decode(#"{\#(Self.view),"elements":{"x":[0,0,0],"y":[0,0,0],"width":[1,1,1],"height":[1,1,1]}}"#,
                           limits: SpecLimits(maxItems: 2))
            Issue.record("accepted 3 frames over a limit of 2")
        } catch {
            guard case .spec(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.pointer == "/elements/x" && e.reason.contains("limit"), "\(e)")
        }
    }
}
