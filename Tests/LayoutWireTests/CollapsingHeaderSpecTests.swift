import LayoutEngine
import LayoutWire
import Testing

/// The collapsing header on the wire: its canonical form (every field written; nothing without one, so today's
/// ids stay), the kinds that take it, and each bad field by its pointer.
@Suite struct CollapsingHeaderSpecTests {
    func canonical(_ text: String) throws -> String {
        String(decoding: SpecEncoder.canonical(try SpecDecoder.decode(Array(text.utf8), limits: SpecLimits())),
               as: UTF8.self)
    }

    @Test func defaultsWrittenOrNotHaveOneFormAndNoHeaderWritesNothing() throws {
        let short = try canonical(#"{"layout":"flow","collectionView":{"width":390,"height":844},"collapsingHeader":{"expandedHeight":300},"sections":[{"items":3}]}"#)
        let long = try canonical(#"{"collapsingHeader":{"stretch":false,"behavior":"pinned","collapsedHeight":0,"expandedHeight":3e2},"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"items":3}]}"#)
        #expect(short == long)
        #expect(short.hasPrefix(#"{"collapsingHeader":{"behavior":"pinned","collapsedHeight":0,"expandedHeight":300,"stretch":false},"collectionView":"#))
        let none = try canonical(#"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"items":3}]}"#)
        #expect(!none.contains("collapsingHeader"))
        #expect(try canonical(#"{"layout":"flow","collectionView":{"width":390,"height":844},"collapsingHeader":{"expandedHeight":300,"stretch":true},"sections":[{"items":3}]}"#) != short)
    }

    @Test(arguments: [
        #"{"layout":"waterfall","collectionView":{"width":390,"height":844},"collapsingHeader":{"expandedHeight":200,"collapsedHeight":50,"behavior":"scroll","stretch":true},"sections":[{"itemHeights":[10,20]}]}"#,
        #"{"layout":"list","collectionView":{"width":390,"height":844},"collapsingHeader":{"expandedHeight":200},"sections":[{"items":4}]}"#,
        #"{"layout":"compositional","collectionView":{"width":390,"height":844},"collapsingHeader":{"expandedHeight":0},"sections":[{"items":4,"section":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":40}},"subitems":[{"item":{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]}}}]}"#,
    ])
    func everyVerticalKindTakesItAndItRoundTrips(_ text: String) throws {
        let spec = try SpecDecoder.decode(Array(text.utf8), limits: SpecLimits())
        #expect(spec.collapsingHeader != nil)
        let again = try SpecDecoder.decode(SpecEncoder.canonical(spec), limits: SpecLimits())
        #expect(again == spec)
    }

    @Test(arguments: [
        (#"{"layout":"flow","collectionView":{"width":390,"height":844},"scrollDirection":"horizontal","collapsingHeader":{"expandedHeight":300},"sections":[]}"#,
         "/collapsingHeader"),
        (#"{"layout":"waterfall","collectionView":{"width":390,"height":844},"scrollDirection":"horizontal","collapsingHeader":{"expandedHeight":300},"sections":[]}"#,
         "/collapsingHeader"),
        (#"{"layout":"circle","collectionView":{"width":390,"height":844},"collapsingHeader":{"expandedHeight":300},"sections":[]}"#,
         "/collapsingHeader"),
        (#"{"layout":"flow","collectionView":{"width":390,"height":844},"collapsingHeader":{"expandedHeight":100,"collapsedHeight":101},"sections":[]}"#,
         "/collapsingHeader/collapsedHeight"),
        (#"{"layout":"flow","collectionView":{"width":390,"height":844},"collapsingHeader":{"expandedHeight":-1},"sections":[]}"#,
         "/collapsingHeader/expandedHeight"),
        (#"{"layout":"flow","collectionView":{"width":390,"height":844},"collapsingHeader":{"collapsedHeight":1},"sections":[]}"#,
         "/collapsingHeader/expandedHeight"),
        (#"{"layout":"flow","collectionView":{"width":390,"height":844},"collapsingHeader":{"expandedHeight":1,"pinned":true},"sections":[]}"#,
         "/collapsingHeader/pinned"),
        (#"{"layout":"list","collectionView":{"width":390,"height":844},"collapsingHeader":{"expandedHeight":1,"behavior":"sticky"},"sections":[]}"#,
         "/collapsingHeader/behavior"),
        (#"{"layout":"flow","collectionView":{"width":390,"height":844},"decorations":[{"kind":"collapsingHeader"}],"sections":[]}"#,
         "/decorations/0/kind"),
        (#"{"layout":"compositional","collectionView":{"width":390,"height":844},"sections":[{"items":4,"section":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":40}},"subitems":[{"item":{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]},"boundarySupplementaryItems":[{"kind":"collapsingHeader","size":{"width":{"fractionalWidth":1},"height":{"absolute":40}},"alignment":"top"}]}}]}"#,
         "/sections/0/section/boundarySupplementaryItems/0/kind"),
    ])
    func badHeadersNameTheField(_ text: String, _ pointer: String) {
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
