import LayoutEngine
import LayoutWire
import Testing

@Suite struct CanonicalSpecTests {
    func canonical(_ text: String) throws -> String {
        let spec = try SpecDecoder.decode(Array(text.utf8), limits: SpecLimits())
        return String(decoding: SpecEncoder.canonical(spec), as: UTF8.self)
    }

    @Test func equalLayoutsWrittenDifferentlyHaveOneCanonicalForm() throws {
        let forms = [
            #"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"items":3}]}"#,
            #"{ "sections" : [ { "items" : 3.0 } ], "collectionView": {"height": 844e0, "width": 3.9e2}, "layout": "flow" }"#,
            // UIKit's defaults written out.
            #"{"layout":"flow","collectionView":{"width":390,"height":844},"scrollDirection":"vertical","itemSize":{"width":50,"height":50},"minimumLineSpacing":10,"minimumInteritemSpacing":10,"sectionInset":{"top":0,"left":0,"bottom":0,"right":0},"headerReferenceSize":{"width":0,"height":0},"footerReferenceSize":{"width":0,"height":0},"sections":[{"items":3}]}"#,
            // A per-section override equal to the layout-wide value.
            #"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"items":3,"minimumLineSpacing":10,"itemSize":{"height":50,"width":50}}]}"#,
        ]
        let first = try canonical(forms[0])
        for form in forms { #expect(try canonical(form) == first) }
        #expect(first == #"{"collectionView":{"height":844,"width":390},"footerReferenceSize":{"height":0,"width":0},"headerReferenceSize":{"height":0,"width":0},"itemSize":{"height":50,"width":50},"layout":"flow","minimumInteritemSpacing":10,"minimumLineSpacing":10,"scrollDirection":"vertical","sectionInset":{"bottom":0,"left":0,"right":0,"top":0},"sections":[{"items":3}]}"#)
    }

    @Test func differentLayoutsHaveDifferentForms() throws {
        let a = try canonical(#"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"items":3}]}"#)
        let b = try canonical(#"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"items":4}]}"#)
        let c = try canonical(#"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"items":3,"minimumLineSpacing":11}]}"#)
        #expect(a != b && a != c && b != c)
    }

    /// The canonical form reads back as the same spec.
    @Test func theCanonicalFormRoundTrips() throws {
        let text = #"{"layout":"flow","collectionView":{"width":390.5,"height":844},"scrollDirection":"horizontal","sections":[{"itemSizes":[[1.25,2],[3,4e-3]],"sectionInset":{"top":-3}},{"items":0,"footerReferenceSize":{"width":3,"height":1}}]}"#
        let spec = try SpecDecoder.decode(Array(text.utf8), limits: SpecLimits())
        let again = try SpecDecoder.decode(SpecEncoder.canonical(spec), limits: SpecLimits())
        #expect(again == spec)
        #expect(SpecEncoder.canonical(again) == SpecEncoder.canonical(spec))
    }
}
