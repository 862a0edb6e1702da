import LayoutEngine
import LayoutWire
import Testing

/// Rule 7's `itemSize` on the wire: its canonical form, and each problem naming its field.
@Suite struct AdaptiveFlowSpecTests {
    func canonical(_ text: String) throws -> String {
        let spec = try SpecDecoder.decode(Array(text.utf8), limits: SpecLimits())
        return String(decoding: SpecEncoder.canonical(spec), as: UTF8.self)
    }

    @Test func theAdaptiveFormIsWrittenSorted() throws {
        let text = #"{"layout":"flow","collectionView":{"width":390,"height":844},"itemSize":{"minimumWidth":150,"aspectRatio":1.5},"sections":[{"items":3},{"items":2,"itemSize":{"minimumWidth":80,"height":40}},{"items":1,"itemSize":{"minimumWidth":150,"aspectRatio":1.5}},{"items":1,"itemSize":{"width":50,"height":50}}]}"#
        // The third section's size is the layout's (dropped); the fourth's fixed size stays (the layout's is adaptive).
        #expect(try canonical(text) == #"{"collectionView":{"height":844,"width":390},"footerReferenceSize":{"height":0,"width":0},"headerReferenceSize":{"height":0,"width":0},"itemSize":{"aspectRatio":1.5,"minimumWidth":150},"layout":"flow","minimumInteritemSpacing":10,"minimumLineSpacing":10,"scrollDirection":"vertical","sectionInset":{"bottom":0,"left":0,"right":0,"top":0},"sections":[{"items":3},{"itemSize":{"height":40,"minimumWidth":80},"items":2},{"items":1},{"itemSize":{"height":50,"width":50},"items":1}]}"#)
        let spec = try SpecDecoder.decode(Array(text.utf8), limits: SpecLimits())
        let again = try SpecDecoder.decode(SpecEncoder.canonical(spec), limits: SpecLimits())
        #expect(again == spec)
    }

    /// Today's fixed form keeps its bytes, so the ids of specs without an adaptive size stay.
    @Test func theFixedFormKeepsItsBytes() throws {
        let text = #"{"layout":"flow","collectionView":{"width":390,"height":844},"itemSize":{"width":60,"height":70},"sections":[{"items":3,"itemSize":{"width":1,"height":2}}]}"#
        #expect(try canonical(text) == #"{"collectionView":{"height":844,"width":390},"footerReferenceSize":{"height":0,"width":0},"headerReferenceSize":{"height":0,"width":0},"itemSize":{"height":70,"width":60},"layout":"flow","minimumInteritemSpacing":10,"minimumLineSpacing":10,"scrollDirection":"vertical","sectionInset":{"bottom":0,"left":0,"right":0,"top":0},"sections":[{"itemSize":{"height":2,"width":1},"items":3}]}"#)
    }

    @Test(arguments: [
        (#""itemSize":{"minimumWidth":0,"height":10}"#, "/itemSize/minimumWidth"),
        (#""itemSize":{"minimumWidth":-5,"height":10}"#, "/itemSize/minimumWidth"),
        (#""itemSize":{"minimumWidth":"a","height":10}"#, "/itemSize/minimumWidth"),
        (#""itemSize":{"minimumWidth":10}"#, "/itemSize/height"),
        (#""itemSize":{"minimumWidth":10,"height":-1}"#, "/itemSize/height"),
        (#""itemSize":{"minimumWidth":10,"height":1,"aspectRatio":1}"#, "/itemSize/aspectRatio"),
        (#""itemSize":{"minimumWidth":10,"aspectRatio":0}"#, "/itemSize/aspectRatio"),
        (#""itemSize":{"minimumWidth":10,"aspectRatio":1001}"#, "/itemSize/aspectRatio"),
        (#""itemSize":{"minimumWidth":10,"width":10,"height":1}"#, "/itemSize/width"),
        (#""itemSize":{"minimumWidth":10,"height":1},"scrollDirection":"horizontal""#, "/itemSize/minimumWidth"),
        (#""itemSize":{"minimumWidth":10,"height":1},"estimatedItemSize":{"width":1,"height":1}"#, "/estimatedItemSize"),
        (#""sections":[{"items":1,"itemSize":{"minimumWidth":10,"aspectRatio":-1}}]"#, "/sections/0/itemSize/aspectRatio"),
        (#""scrollDirection":"horizontal","sections":[{"items":1,"itemSize":{"minimumWidth":10,"height":1}}]"#,
         "/sections/0/itemSize/minimumWidth"),
    ])
    func badAdaptiveSizesNameTheField(_ fields: String, _ pointer: String) {
        let sections = fields.contains("\"sections\"") ? "" : #","sections":[{"items":3}]"#
        let text = #"{"layout":"flow","collectionView":{"width":390,"height":844},"# + fields + sections + "}"
        do {
            _ = try SpecDecoder.decode(Array(text.utf8), limits: SpecLimits())
            Issue.record("accepted \(text)")
        } catch {
            guard case .spec(let e) = error else {
                Issue.record("not a spec error: \(error)")
                return
            }
            #expect(e.pointer == pointer, "\(e)")
        }
    }
}
