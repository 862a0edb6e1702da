import LayoutEngine
import LayoutWire
import Testing

@Suite struct SpecDecoderTests {
    static let base = #"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"items":3}]"#

    func decode(_ text: String, limits: SpecLimits = SpecLimits()) throws(SpecInputError) -> LayoutSpec {
        try SpecDecoder.decode(Array(text.utf8), limits: limits)
    }

    /// Each invalid spec names the offending field by JSON pointer.
    @Test(arguments: [
        (#"{"collectionView":{"width":1,"height":1},"sections":[]}"#, "/layout"),
        (#"{"layout":"table","collectionView":{"width":1,"height":1},"sections":[]}"#, "/layout"),
        (#"{"layout":7}"#, "/layout"),
        (#"{"layout":"flow","sections":[]}"#, "/collectionView"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1}}"#, "/sections"),
        (#"{"layout":"flow","collectionView":{"width":-1,"height":1},"sections":[]}"#, "/collectionView/width"),
        (#"{"layout":"flow","collectionView":{"width":0,"height":1},"sections":[]}"#, "/collectionView/width"),
        (#"{"layout":"flow","collectionView":{"width":1},"sections":[]}"#, "/collectionView/height"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":"2"},"sections":[]}"#, "/collectionView/height"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":{}}"#, "/sections"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[],"colour":1}"#, "/colour"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[],"scrollDirection":"up"}"#,
         "/scrollDirection"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[],"minimumLineSpacing":-2}"#,
         "/minimumLineSpacing"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[],"minimumLineSpacing":1e300}"#,
         "/minimumLineSpacing"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[],"sectionInset":{"top":"x"}}"#,
         "/sectionInset/top"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"items":1},{}]}"#, "/sections/1/items"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"items":1.5}]}"#, "/sections/0/items"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"items":-1}]}"#, "/sections/0/items"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"items":1,"itemSizes":[]}]}"#,
         "/sections/0/itemSizes"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"itemSizes":[[1,2],[3]]}]}"#,
         "/sections/0/itemSizes/1"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"itemSizes":[[1,2],[3,null]]}]}"#,
         "/sections/0/itemSizes/1/1"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"itemSizes":[[1,2],[-3,1]]}]}"#,
         "/sections/0/itemSizes/1/0"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"items":1,"itemSize":{"width":1,"height":-1}}]}"#,
         "/sections/0/itemSize/height"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"items":1,"items":2}]}"#,
         "/sections/0/items"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"items":1,"a/b~":2}]}"#,
         "/sections/0/a~1b~0"),
        // Insets along the scroll direction keep sections in order: they cannot be negative.
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"sectionInset":{"bottom":-5},"sections":[]}"#,
         "/sectionInset/bottom"),
        (#"{"layout":"flow","collectionView":{"width":1,"height":1},"scrollDirection":"horizontal","sections":[{"items":1,"sectionInset":{"left":-1}}]}"#,
         "/sections/0/sectionInset/left"),
        (#"{"layout":"waterfall","collectionView":{"width":1,"height":1},"sectionInset":{"top":-1},"sections":[]}"#,
         "/sectionInset/top"),
    ])
    func invalidSpecsNameTheField(_ text: String, _ pointer: String) {
        do {
            _ = try decode(text)
            Issue.record("accepted \(text)")
        } catch {
            guard case .spec(let e) = error else {
                Issue.record("not a spec error: \(error)")
                return
            }
            #expect(e.pointer == pointer, "\(e)")
            #expect(!e.isLimit)
        }
    }

    /// A size that must be more than 0 says so whether it is 0 or negative; an unknown layout's problem lists every
    /// layout a POST may name, programs included.
    @Test func problemsSayWhatTheFieldMustBe() {
        func reason(_ text: String) -> String? {
            do {
                _ = try SpecDecoder.decodePosted(Array(text.utf8), limits: SpecLimits())
                return nil
            } catch {
                guard case .spec(let e) = error else { return nil }
                return "\(e.pointer): \(e.reason)"
            }
        }
        for width in ["0", "-800", "-1e-300"] {
            #expect(reason(#"{"layout":"flow","collectionView":{"width":"# + width + #","height":1},"sections":[]}"#)
                == "/collectionView/width: must be more than 0")
        }
        #expect(reason(#"{"layout":"waterfall","collectionView":{"width":1,"height":1},"sections":[{"itemSizes":[[-2,1]]}]}"#)
            == "/sections/0/itemSizes/0/0: must be more than 0")
        let known = #""flow", "waterfall", "circle", "wheel", "compositional", "list", "grid", "frames", "program""#
        #expect(reason(#"{"layout":"table","collectionView":{"width":1,"height":1},"sections":[]}"#)
            == "/layout: \"table\" is not a known layout (\(known))")
        #expect(reason(#"{"collectionView":{"width":1,"height":1},"sections":[]}"#) == "/layout: is required (\(known))")
    }

    @Test func limitsAreReportedAsLimits() {
        let sections = "[" + Array(repeating: #"{"items":1}"#, count: 5).joined(separator: ",") + "]"
        let text = #"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":"# + sections + "}"
        for (limits, pointer) in [(SpecLimits(maxItems: 4), "/sections/4/items"),
                                  (SpecLimits(maxSections: 4), "/sections")] {
            do {
                _ = try decode(text, limits: limits)
                Issue.record("accepted")
            } catch {
                guard case .spec(let e) = error else { Issue.record("\(error)"); continue }
                #expect(e.isLimit)
                #expect(e.pointer == pointer)
            }
        }
    }

    @Test func insetsAcrossLinesMayBeNegative() throws {
        _ = try decode(#"{"layout":"flow","collectionView":{"width":100,"height":1},"sectionInset":{"left":-20,"right":-20},"sections":[{"items":3}]}"#)
        _ = try decode(#"{"layout":"flow","collectionView":{"width":100,"height":100},"scrollDirection":"horizontal","sectionInset":{"top":-5},"sections":[{"items":3}]}"#)
    }

    @Test func malformedJSONIsASyntaxError() {
        #expect(throws: SpecInputError.self) { try decode("{\"layout\":") }
        do { _ = try decode("{\"layout\":") } catch {
            if case .syntax = error {} else { Issue.record("expected a syntax error") }
        }
    }

    @Test func decodesEveryField() throws {
        let spec = try decode(#"""
            {"layout":"flow","collectionView":{"width":390,"height":844},"scrollDirection":"horizontal",
             "itemSize":{"width":100,"height":90},"minimumLineSpacing":4,"minimumInteritemSpacing":6,
             "sectionInset":{"top":1,"left":2,"bottom":3,"right":4},"headerReferenceSize":{"width":30,"height":0},
             "footerReferenceSize":{"width":20,"height":0},
             "sections":[{"items":30},{"itemSizes":[[50,80],[120,80]],"minimumLineSpacing":8,
               "minimumInteritemSpacing":2,"itemSize":{"width":1,"height":2},"sectionInset":{"left":16},
               "headerReferenceSize":{"width":5,"height":5},"footerReferenceSize":{"width":6,"height":6}}]}
            """#)
        guard case .flow(let f) = spec else { Issue.record("not flow"); return }
        #expect(f.scrollDirection == .horizontal)
        #expect(f.itemSize == LayoutSize(width: 100, height: 90))
        #expect(f.minimumLineSpacing == 4 && f.minimumInteritemSpacing == 6)
        #expect(f.sectionInset == LayoutEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(f.headerReferenceSize == LayoutSize(width: 30, height: 0))
        #expect(f.sections[0].items == .count(30))
        #expect(f.sections[1].items == .sizes([LayoutSize(width: 50, height: 80), LayoutSize(width: 120, height: 80)]))
        #expect(f.sections[1].minimumLineSpacing == 8)
        #expect(f.sections[1].sectionInset == LayoutEdgeInsets(top: 0, left: 16, bottom: 0, right: 0))
        #expect(f.sections[1].footerReferenceSize == LayoutSize(width: 6, height: 6))
    }
}
