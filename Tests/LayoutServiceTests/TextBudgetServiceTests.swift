import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import TestSupport
import Testing
import TextShaping

/// The budget of text to shape (`--max-uncached-text-bytes`) through the routes, with the real shaper and fonts:
/// a request past it is a 422 naming the text where it ran out, nothing measured or stored; words the word cache
/// holds, and words repeated, cost nothing more.
@Suite struct TextBudgetServiceTests {
    static let catalog = FontCatalog(directories: FontCatalog.defaultDirectories)
    static let installed = catalog.face(family: "Inter", weight: 400) != nil

    static func client(budget: Int) -> Client {
        var limits = ServiceLimits()
        limits.maxUncachedTextBytes = budget
        let shaper = TextShaper(catalog: catalog)
        return Client(service: LayoutService(store: LayoutStore(capacityBytes: 1 << 26, measurer: shaper),
                                             limits: limits, fonts: catalog))
    }

    static let styles = #""textStyles":{"body":{"family":"Inter","weight":400,"size":15,"lineHeight":20}}"#

    /// Cells of distinct words: cell i is "cellI wordI1 wordI2 ... " (each word 6 to 8 bytes with its space).
    static func cells(_ count: Int, words: Int = 4, tag: String = "w") -> [String] {
        (0..<count).map { i in
            let text = (0..<words).map { "\(tag)\(i)x\($0)" }.joined(separator: " ")
            return #"{"blocks":[{"style":"body","text":"\#(text)"}]}"#
        }
    }

    static func measure(_ cells: [String]) -> String {
        #"{\#(styles),"width":200,"contents":[\#(cells.joined(separator: ","))]}"#
    }

    static func bytes(_ cells: [String], through last: Int, words: Int = 4, tag: String = "w") -> Int {
        (0...last).reduce(0) { sum, i in
            sum + (0..<words).map { "\(tag)\(i)x\($0)" }.joined(separator: " ").utf8.count
        }
    }

    @Test(.enabled(if: installed)) func aMeasurePastTheBudgetIsRefusedWhereItRunsOut() {
        let c = Self.client(budget: 300)
        let cells = Self.cells(40)
        // The first cell whose words take the count past 300 bytes.
        let over = (0..<40).first { Self.bytes(cells, through: $0) > 300 }!
        let r = c.send("POST", "/v1/measure", Self.measure(cells))
        #expect(r.status == 422)
        #expect(c.json(r)["type"]?.string == ProblemType.limitExceeded.uri)
        #expect(c.json(r)["pointer"]?.string == "/contents/\(over)/blocks/0/text")
        #expect(c.json(r)["detail"]?.string?.contains("limit of 300 bytes (--max-uncached-text-bytes)") == true)
        // The cells before it fit: measured, their words cached; then the whole list runs out as far again.
        #expect(c.send("POST", "/v1/measure", Self.measure(Array(cells[..<over]))).status == 200)
        let again = c.send("POST", "/v1/measure", Self.measure(cells))
        let further = (0..<40).first { Self.bytes(cells, through: $0) - Self.bytes(cells, through: over - 1) > 300 }
        #expect(c.json(again)["pointer"]?.string == further.map { "/contents/\($0)/blocks/0/text" }, "\(c.json(again))")
    }

    @Test(.enabled(if: installed)) func repeatedWordsCountOnce() {
        let c = Self.client(budget: 100)
        let cell = #"{"blocks":[{"style":"body","text":"\#(Array(repeating: "lighthouse", count: 500).joined(separator: " "))"}]}"#
        let r = c.send("POST", "/v1/measure", Self.measure(Array(repeating: cell, count: 50)))
        #expect(r.status == 200, "\(String(decoding: r.body.bytes, as: UTF8.self))")
    }

    @Test(.enabled(if: installed)) func aLayoutPastTheBudgetIsRefusedBeforeItIsStored() throws {
        let c = Self.client(budget: 300)
        let cells = Self.cells(40, tag: "v")
        let over = (0..<40).first { Self.bytes(cells, through: $0, tag: "v") > 300 }!
        let layout = #"{"layout":"waterfall","collectionView":{"width":390,"height":844},"columnCount":2,\#(Self.styles),"#
            + #""sections":[{"itemHeights":[40]},{"contents":[\#(cells.joined(separator: ","))]}]}"#
        let r = c.send("POST", "/v1/layouts", layout)
        #expect(r.status == 422)
        #expect(c.json(r)["pointer"]?.string == "/sections/1/contents/\(over)/blocks/0/text")
        #expect(c.service.store.stats.specs == 0)
        // A layout within it is taken; a size report that measures it all again counts its words, cached now.
        let fits = #"{"layout":"waterfall","collectionView":{"width":390,"height":844},"columnCount":2,\#(Self.styles),"#
            + #""sections":[{"contents":[\#(cells[..<over].joined(separator: ","))]}]}"#
        let posted = c.send("POST", "/v1/layouts", fits)
        #expect(posted.status == 201)
        let id = try #require(c.json(posted)["id"]?.string)
        let report = #"{"sizes":[{"section":0,"item":0,"content":{"blocks":[{"style":"body","text":"fresh words"}]}}]}"#
        #expect(c.send("POST", "/v1/layouts/\(id)/sizes", report).status == 201)
    }
}
