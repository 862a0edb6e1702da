import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import TestSupport
import Testing
import TextShaping

/// Cells given as content through the routes: refused without a measurer, fonts checked against the catalog,
/// bad input named by its pointer with nothing stored, frames from the measurer, and updates with new content.
@Suite struct ContentServiceTests {
    /// A catalog of one family in two weights, without files.
    struct Catalog: ServiceFonts {
        var families: [FontCatalog.Family] { [] }
        var fallback: [String] { [] }
        func face(family: String, weight: Int) -> FontFace? { nil }

        func problem(with style: TextStyle) -> (field: String, detail: String)? {
            guard style.family == "Inter" else { return ("family", "the service has no font \"\(style.family)\"") }
            guard [400, 700].contains(style.weight) else { return ("weight", "Inter has weights 400 and 700") }
            return nil
        }

        /// Every character but those of the private use area has a glyph.
        func uncovered(_ text: String, style: TextStyle) -> (offset: Int, scalar: UInt32)? {
            text.unicodeScalars.enumerated().first { (0xE000..<0xF900).contains($0.element.value) }
                .map { ($0.offset, $0.element.value) }
        }
    }

    static func measuring() -> Client {
        Client(service: LayoutService(store: LayoutStore(capacityBytes: 1 << 26, measurer: FixedWidthMeasurer()),
                                      fonts: Catalog()))
    }

    /// The issue's waterfall: columns (390 - 10) / 2 = 190 wide.
    static func waterfall(family: String = "Inter", weight: Int = 400, cell: String? = nil) -> String {
        let text = String(repeating: "x", count: 380)
        return #"{"layout":"waterfall","collectionView":{"width":390,"height":844},"columnCount":2,"#
            + #""textStyles":{"body":{"family":"\#(family)","weight":\#(weight),"size":15,"lineHeight":20}},"#
            + #""sections":[{"contents":[\#(cell ?? #"{"spacing":4,"blocks":[{"style":"body","text":"\#(text)"}]}"#)]}]}"#
    }

    func frame(_ c: Client, _ id: String, _ section: Int, _ item: Int) -> [Double] {
        let answer = c.json(c.send("GET", "/v1/layouts/\(id)/items/\(section)/\(item)"))
        return ["x", "y", "width", "height"].map { answer["frame"]?[$0]?.number ?? .nan }
    }

    @Test func withoutAMeasurerContentIsRefusedAndNothingStored() {
        let c = Client()
        let r = c.send("POST", "/v1/layouts", Self.waterfall())
        #expect(r.status == 422)
        #expect(c.json(r)["type"]?.string == ProblemType.noTextMeasurer.uri)
        #expect(c.json(r)["pointer"]?.string == "/textStyles")
        #expect(c.service.store.stats.specs == 0)
    }

    @Test func cellsTakeTheirMeasuredHeights() throws {
        let c = Self.measuring()
        let r = c.send("POST", "/v1/layouts", Self.waterfall())
        #expect(r.status == 201, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        let id = try #require(c.json(r)["id"]?.string)
        #expect(frame(c, id, 0, 0) == [0, 0, 190, 40])  // 380 characters at 190: 2 lines of 20
        #expect(c.send("POST", "/v1/layouts", Self.waterfall()).status == 200)  // the same content, the same id
    }

    @Test(arguments: [
        (waterfall(family: "Comic"), "/textStyles/body/family"),
        (waterfall(weight: 300), "/textStyles/body/weight"),
        (waterfall(cell: #"{"blocks":[{"style":"title","text":"x"}]}"#), "/sections/0/contents/0/blocks/0/style"),
        (waterfall(cell: #"{"blocks":[{"style":"body","text":"x","maxLines":0}]}"#),
         "/sections/0/contents/0/blocks/0/maxLines"),
        (waterfall(cell: #"{"media":{"aspectRatio":0},"blocks":[]}"#), "/sections/0/contents/0/media/aspectRatio"),
        (#"{"layout":"circle","collectionView":{"width":300,"height":300},"sections":[{"contents":[]}]}"#,
         "/sections/0/contents"),
    ])
    func badContentIsA422NamingTheFieldAndNothingIsStored(_ body: String, _ pointer: String) {
        let c = Self.measuring()
        let r = c.send("POST", "/v1/layouts", body)
        #expect(r.status == 422)
        #expect(c.json(r)["pointer"]?.string == pointer, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        #expect(c.service.store.stats.specs == 0)
    }

    @Test func textOverTheLimitIsA422() {
        var limits = ServiceLimits()
        limits.spec.maxTextLength = 100
        let c = Client(service: LayoutService(store: LayoutStore(capacityBytes: 1 << 26, measurer: FixedWidthMeasurer()),
                                              limits: limits))
        let r = c.send("POST", "/v1/layouts", Self.waterfall())
        #expect(r.status == 422)
        #expect(c.json(r)["type"]?.string == ProblemType.limitExceeded.uri)
        #expect(c.json(r)["pointer"]?.string == "/sections/0/contents/0/blocks/0/text")
    }

    /// A measuring service whose blocks of text hold at most `maxTextLength` bytes (`--max-text-length`).
    static func measuring(maxTextLength: Int) -> Client {
        var limits = ServiceLimits()
        limits.spec.maxTextLength = maxTextLength
        return Client(service: LayoutService(store: LayoutStore(capacityBytes: 1 << 26, measurer: FixedWidthMeasurer()),
                                             limits: limits, fonts: Catalog()))
    }

    /// A cell of one block of `text`.
    static func cell(_ text: String) -> String { #"{"blocks":[{"style":"body","text":"\#(text)"}]}"# }

    @Test func theTextLimitBoundsMeasuresSizeReportsAndBatches() throws {
        let c = Self.measuring(maxTextLength: 500)
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.waterfall()))["id"]?.string)  // 380 bytes
        let long = Self.cell(String(repeating: "y", count: 501))
        let measure = #"{"textStyles":{"body":{"family":"Inter","weight":400,"size":15,"lineHeight":20}},"#
            + #""width":190,"contents":[\#(long)]}"#
        let report = #"{"sizes":[{"section":0,"item":0,"content":\#(long)}]}"#
        let batch = #"{"updates":[{"op":"reloadItems","indexPaths":[[0,0]],"contents":[\#(long)]}]}"#
        for (path, body, pointer) in [
            ("/v1/measure", measure, "/contents/0/blocks/0/text"),
            ("/v1/layouts/\(id)/sizes", report, "/sizes/0/content/blocks/0/text"),
            ("/v1/layouts/\(id)/updates", batch, "/updates/0/contents/0/blocks/0/text"),
        ] {
            let r = c.send("POST", path, body)
            #expect(r.status == 422, "\(path)")
            #expect(c.json(r)["type"]?.string == ProblemType.limitExceeded.uri, "\(path)")
            #expect(c.json(r)["pointer"]?.string == pointer, "\(path): \(String(decoding: r.body.bytes, as: UTF8.self))")
        }
        #expect(c.service.store.stats.specs == 1)
    }

    @Test func aCharacterNoFontHasIsA422NamingItsCodePointAndBlock() throws {
        let c = Self.measuring()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.waterfall()))["id"]?.string)
        let cell = Self.cell("ab \u{E001}c")
        let measure = #"{"textStyles":{"body":{"family":"Inter","weight":400,"size":15,"lineHeight":20}},"#
            + #""width":190,"contents":[\#(Self.cell("fine")),\#(cell)]}"#
        let layout = Self.waterfall(cell: cell)
        let report = #"{"sizes":[{"section":0,"item":0,"content":\#(cell)}]}"#
        for (path, body, pointer) in [
            ("/v1/measure", measure, "/contents/1/blocks/0/text"),
            ("/v1/layouts", layout, "/sections/0/contents/0/blocks/0/text"),
            ("/v1/layouts/\(id)/sizes", report, "/sections/0/contents/0/blocks/0/text"),
        ] {
            let r = c.send("POST", path, body)
            let detail = c.json(r)["detail"]?.string ?? ""
            #expect(r.status == 422, "\(path)")
            #expect(c.json(r)["type"]?.string == ProblemType.invalidSpec.uri, "\(path)")
            #expect(c.json(r)["pointer"]?.string == pointer, "\(path): \(detail)")
            #expect(detail.contains("character 3 is U+E001"), "\(path): \(detail)")
            #expect(detail.contains("(Private Use Area)"), "\(path): \(detail)")
        }
        #expect(c.service.store.stats.specs == 1)
    }

    @Test func textUpToALimitAboveTheDefaultIsTakenByMeasuresSizeReportsAndBatches() throws {
        let c = Self.measuring(maxTextLength: 20_000)
        let measure = #"{"textStyles":{"body":{"family":"Inter","weight":400,"size":15,"lineHeight":20}},"#
            + #""width":190,"contents":[\#(Self.cell(String(repeating: "y", count: 19_000)))]}"#
        let measured = c.send("POST", "/v1/measure", measure)
        #expect(c.json(measured)["heights"]?.elements.map(\.number) == [2000], "\(String(decoding: measured.body.bytes, as: UTF8.self))")
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.waterfall()))["id"]?.string)
        let report = #"{"sizes":[{"section":0,"item":0,"content":\#(Self.cell(String(repeating: "y", count: 19_000)))}]}"#
        let batch = #"{"updates":[{"op":"reloadItems","indexPaths":[[0,0]],"contents":["#
            + #"\#(Self.cell(String(repeating: "z", count: 15_200)))]}]}"#
        // 19,000 and 15,200 bytes at 190 a line: 100 and 80 lines of 20.
        for (path, body, height) in [("/v1/layouts/\(id)/sizes", report, 2000.0), ("/v1/layouts/\(id)/updates", batch, 1600)] {
            let r = c.send("POST", path, body)
            #expect(r.status == 201, "\(path): \(String(decoding: r.body.bytes, as: UTF8.self))")
            let updated = try #require(c.json(r)["id"]?.string)
            #expect(frame(c, updated, 0, 0) == [0, 0, 190, height], "\(path)")
        }
    }

    @Test func aReloadedSectionTakesNewContent() throws {
        let c = Self.measuring()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.waterfall()))["id"]?.string)
        let text = String(repeating: "y", count: 570)
        let batch = #"{"updates":[{"op":"reloadSections","sections":[0],"items":[{"contents":["#
            + #"{"blocks":[{"style":"body","text":"\#(text)"}]},{"blocks":[{"style":"body","text":"z"}]}]}]}]}"#
        let r = c.send("POST", "/v1/layouts/\(id)/updates", batch)
        #expect(r.status == 201, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        let updated = try #require(c.json(r)["id"]?.string)
        #expect(frame(c, updated, 0, 0) == [0, 0, 190, 60])  // 3 lines
        #expect(frame(c, updated, 0, 1) == [200, 0, 190, 20])
        let unknown = #"{"updates":[{"op":"reloadSections","sections":[0],"items":[{"contents":["#
            + #"{"blocks":[{"style":"title","text":"z"}]}]}]}]}"#
        #expect(c.send("POST", "/v1/layouts/\(id)/updates", unknown).status == 422)
    }

    @Test func insertedAndReloadedItemsTakeTheirContent() throws {
        let c = Self.measuring()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.waterfall()))["id"]?.string)
        let batch = #"{"updates":[{"op":"reloadItems","indexPaths":[[0,0]],"contents":["#
            + #"{"blocks":[{"style":"body","text":"\#(String(repeating: "y", count: 570))"}]}]},"#
            + #"{"op":"insertItems","indexPaths":[[0,1]],"contents":[{"blocks":[{"style":"body","text":"z"}]}]}]}"#
        let r = c.send("POST", "/v1/layouts/\(id)/updates", batch)
        #expect(r.status == 201, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        let updated = try #require(c.json(r)["id"]?.string)
        #expect(frame(c, updated, 0, 0) == [0, 0, 190, 60])  // 570 characters: 3 lines
        #expect(frame(c, updated, 0, 1) == [200, 0, 190, 20])
        // An inserted item of a content section needs its content; sizes are for sections of sizes.
        let bare = #"{"updates":[{"op":"insertItems","indexPaths":[[0,1]]}]}"#
        #expect(c.send("POST", "/v1/layouts/\(id)/updates", bare).status == 422)
        let deleted = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"deleteItems","indexPaths":[[0,0]]}]}"#)
        #expect(deleted.status == 201)
    }

    @Test func aSizeReportTakesNewContent() throws {
        let c = Self.measuring()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.waterfall()))["id"]?.string)
        let report = #"{"sizes":[{"section":0,"item":0,"content":{"blocks":[{"style":"body","text":"short"}]}}]}"#
        let r = c.send("POST", "/v1/layouts/\(id)/sizes", report)
        #expect(r.status == 201, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        let updated = try #require(c.json(r)["id"]?.string)
        #expect(frame(c, updated, 0, 0) == [0, 0, 190, 20])
        let unknown = #"{"sizes":[{"section":0,"item":0,"content":{"blocks":[{"style":"title","text":"x"}]}}]}"#
        let refused = c.send("POST", "/v1/layouts/\(id)/sizes", unknown)
        #expect(refused.status == 422)
        #expect(c.json(refused)["pointer"]?.string == "/sizes/0/content/blocks/0/style")
    }

    @Test func aNewViewSizeMeasuresTheCellsAgain() throws {
        let c = Self.measuring()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.waterfall()))["id"]?.string)
        let r = c.send("POST", "/v1/layouts/\(id)/bounds", #"{"collectionView":{"width":200,"height":844}}"#)
        #expect(r.status == 201, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        let resized = try #require(c.json(r)["id"]?.string)
        #expect(frame(c, resized, 0, 0) == [0, 0, 95, 80])  // columns (200 - 10) / 2 = 95: 380 characters in 4 lines
    }
}
