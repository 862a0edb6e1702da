import Foundation
import LayoutEngine
import LayoutWire
import Testing

/// Cells given as content on the wire: the issue's example decodes, the canonical form round-trips (and the id
/// covers the content), and every bad input names its field.
@Suite struct ContentSpecTests {
    static let styles = #""textStyles":{"title":{"family":"Inter","weight":700,"size":17,"lineHeight":22},"#
        + #""body":{"family":"Inter","weight":400,"size":15,"lineHeight":20}}"#
    static let cell = #"{"media":{"aspectRatio":1.5},"padding":{"top":8,"left":10,"bottom":8,"right":10},"spacing":4,"#
        + #""blocks":[{"style":"title","text":"Lighthouse at dusk"},"#
        + #"{"style":"body","text":"Taken from the north pier …","maxLines":3}]}"#

    static func waterfall(section: String = #"{"contents":[\#(cell)]}"#, extra: String = "") -> String {
        #"{"layout":"waterfall","collectionView":{"width":390,"height":844},"columnCount":2,"#
            + styles + extra + #","sections":[\#(section)]}"#
    }

    func decode(_ text: String, limits: SpecLimits = SpecLimits()) throws(SpecInputError) -> LayoutSpec {
        try SpecDecoder.decode(Array(text.utf8), limits: limits)
    }

    @Test func theIssuesExampleDecodes() throws {
        guard case .waterfall(let w) = try decode(Self.waterfall()) else { Issue.record("not a waterfall"); return }
        #expect(w.textStyles["title"] == TextStyle(family: "Inter", weight: 700, size: 17, lineHeight: 22))
        #expect(w.sections[0].items.count == 1)
        let content = try #require(w.sections[0].contents?.first)
        #expect(content == CellContent(
            mediaAspectRatio: 1.5, padding: LayoutEdgeInsets(top: 8, left: 10, bottom: 8, right: 10), spacing: 4,
            blocks: [TextBlock(style: "title", text: "Lighthouse at dusk"),
                     TextBlock(style: "body", text: "Taken from the north pier …", maxLines: 3)]))
    }

    static let kinds: [String] = [
        waterfall(),
        #"{"layout":"flow","collectionView":{"width":390,"height":844},"#
            + styles + #","sections":[{"contents":[\#(cell),\#(cell)],"itemWidth":180,"minimumLineSpacing":3},"#
            + #"{"items":2},{"contents":[{"blocks":[]}]}]}"#,
        #"{"layout":"list","collectionView":{"width":390,"height":844},"#
            + styles + #","sections":[{"contents":[\#(cell)]},{"items":3}]}"#,
        #"{"layout":"compositional","collectionView":{"width":390,"height":844},"#
            + styles + #","defaultSection":{"group":{"axis":"horizontal","#
            + #""size":{"width":{"fractionalWidth":1},"height":{"estimated":50}},"#
            + #""subitems":[{"item":{"size":{"width":{"fractionalWidth":0.5},"height":{"estimated":50}}}}]}},"#
            + #""sections":[{"contents":[\#(cell),\#(cell),\#(cell)]}]}"#,
    ]

    @Test(arguments: kinds) func theCanonicalFormRoundTrips(_ text: String) throws {
        let spec = try decode(text)
        #expect(spec.hasContent)
        let canonical = SpecEncoder.canonical(spec)
        let again = try decode(String(decoding: canonical, as: UTF8.self))
        #expect(again == spec)
        #expect(SpecEncoder.canonical(again) == canonical)
    }

    @Test func theIdCoversTheContent() throws {
        let a = SpecEncoder.canonical(try decode(Self.waterfall()))
        let b = SpecEncoder.canonical(try decode(Self.waterfall().replacingOccurrences(of: "north", with: "south")))
        let c = SpecEncoder.canonical(try decode(Self.waterfall().replacingOccurrences(of: "\"size\":15", with: "\"size\":16")))
        #expect(a != b)
        #expect(a != c)
    }

    @Test func specsWithoutContentKeepTheirCanonicalForm() throws {
        let text = #"{"layout":"waterfall","collectionView":{"width":390,"height":844},"sections":[{"itemHeights":[1]}]}"#
        let bytes = String(decoding: SpecEncoder.canonical(try decode(text)), as: UTF8.self)
        #expect(!bytes.contains("textStyles") && !bytes.contains("contents"))
    }

    /// Each bad input: an unknown style, a line limit below 1, a media aspect ratio not positive, bad padding,
    /// spacing, blocks and styles, content on a kind that does not take it or where a height is not free.
    static let badInputs: [(String, String)] = {
        var list: [(String, String)] = []
        list.append((waterfall(section: #"{"contents":[{"blocks":[{"style":"caption","text":"x"}]}]}"#),
         "/sections/0/contents/0/blocks/0/style"))
        list.append((waterfall(section: #"{"contents":[{"blocks":[{"style":"body","text":"x","maxLines":0}]}]}"#),
         "/sections/0/contents/0/blocks/0/maxLines"))
        list.append((waterfall(section: #"{"contents":[{"media":{"aspectRatio":0},"blocks":[]}]}"#),
         "/sections/0/contents/0/media/aspectRatio"))
        list.append((waterfall(section: #"{"contents":[{"media":{"aspectRatio":-2},"blocks":[]}]}"#),
         "/sections/0/contents/0/media/aspectRatio"))
        list.append((waterfall(section: #"{"contents":[{"padding":{"top":-1},"blocks":[]}]}"#),
         "/sections/0/contents/0/padding/top"))
        list.append((waterfall(section: #"{"contents":[{"spacing":-1,"blocks":[]}]}"#), "/sections/0/contents/0/spacing"))
        list.append((waterfall(section: #"{"contents":[{"blocks":[{"style":"body"}]}]}"#), "/sections/0/contents/0/blocks/0/text"))
        list.append((waterfall(section: #"{"contents":[{"blocks":[{"style":"body","text":3}]}]}"#),
         "/sections/0/contents/0/blocks/0/text"))
        list.append((waterfall(section: #"{"contents":[{"blocks":[],"colour":1}]}"#), "/sections/0/contents/0/colour"))
        list.append((waterfall(section: #"{"contents":[{}]}"#), "/sections/0/contents/0/blocks"))
        list.append((waterfall(section: #"{"contents":[],"itemHeights":[]}"#), "/sections/0/itemHeights"))
        list.append((waterfall(extra: #","textStyles":{}"#), "/textStyles"))
        list.append((#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[],"#
            + #""textStyles":{"a":{"family":"","weight":400,"size":15,"lineHeight":20}}}"#, "/textStyles/a/family"))
        list.append((#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[],"#
            + #""textStyles":{"a":{"family":"Inter","weight":0,"size":15,"lineHeight":20}}}"#, "/textStyles/a/weight"))
        list.append((#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[],"#
            + #""textStyles":{"a":{"family":"Inter","weight":400,"size":0,"lineHeight":20}}}"#, "/textStyles/a/size"))
        list.append((#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[],"#
            + #""textStyles":{"a":{"family":"Inter","weight":400,"size":15,"lineHeight":-1}}}"#,
         "/textStyles/a/lineHeight"))
        list.append((#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[],"#
            + #""textStyles":{"a":{"family":"Inter","weight":400,"size":15}}}"#, "/textStyles/a/lineHeight"))
        list.append((#"{"layout":"circle","collectionView":{"width":300,"height":300},"sections":[{"contents":[]}]}"#,
         "/sections/0/contents"))
        list.append((#"{"layout":"wheel","collectionView":{"width":300,"height":300},"sections":[{"items":1}],"textStyles":{}}"#,
         "/textStyles"))
        list.append((#"{"layout":"frames","collectionView":{"width":300,"height":300},"sections":[{"contents":[]}]}"#,
         "/sections/0/contents"))
        list.append((#"{"layout":"grid","collectionView":{"width":300,"height":300},"sections":[{"contents":[]}]}"#,
         "/sections/0/contents"))
        list.append((#"{"layout":"flow","collectionView":{"width":390,"height":844},"scrollDirection":"horizontal","#
            + styles + #","sections":[{"contents":[]}]}"#, "/sections/0/contents"))
        list.append((#"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"items":1,"itemWidth":3}]}"#,
         "/sections/0/itemWidth"))
        list.append((#"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"contents":[],"itemWidth":-3}]}"#,
         "/sections/0/itemWidth"))
        list.append((#"{"layout":"list","collectionView":{"width":390,"height":844},"rowHeight":{"absolute":44},"#
            + styles + #","sections":[{"contents":[{"blocks":[]}]}]}"#, "/sections/0/contents"))
        return list
    }()

    @Test(arguments: badInputs)
    func badContentNamesTheField(_ text: String, _ pointer: String) {
        do {
            _ = try decode(text)
            Issue.record("accepted: \(text)")
        } catch {
            guard case .spec(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.pointer == pointer, "\(e)")
            #expect(!e.isLimit, "\(e)")
        }
    }

    @Test func textOverTheLimitIsALimit() {
        let long = String(repeating: "é", count: 6)  // 12 bytes of UTF-8
        let text = Self.waterfall(section: #"{"contents":[{"blocks":[{"style":"body","text":"\#(long)"}]}]}"#)
        do {
            _ = try decode(text, limits: SpecLimits(maxTextLength: 11))
            Issue.record("accepted")
        } catch {
            guard case .spec(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.pointer == "/sections/0/contents/0/blocks/0/text")
            #expect(e.isLimit)
        }
        #expect((try? decode(text, limits: SpecLimits(maxTextLength: 12))) != nil)
    }
}
