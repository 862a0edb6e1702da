import HTTPCore
import LayoutEngine
import LayoutService
import LayoutWire
import TestSupport
import Testing

/// A grid's tiles, `GET /v1/layouts/{id}/tiles/{row}/{column}`: the summary's `tileGrid`, every tile of random
/// grids against the engine's elements for its rect (frozen cells with `stickyX` and `stickyY`) in both formats,
/// caching, and the problems.
@Suite struct GridTileServiceTests {
    /// (section, item, frame, zIndex, spans, stickyX, stickyY) of an element of the full format, as text.
    static func key(_ e: JSONValue) -> String {
        func pin(_ s: JSONValue?) -> String {
            s.map { "\($0["edge"]?.string ?? "")[\($0["min"]?.number ?? .nan),\($0["max"]?.number ?? .nan)]+\($0["inset"]?.number ?? .nan)" }
                ?? "-"
        }
        let f = e["frame"]
        return "\(e["section"]?.number ?? -1)/\(e["item"]?.number ?? -1) \(f?["x"]?.number ?? .nan),"
            + "\(f?["y"]?.number ?? .nan),\(f?["width"]?.number ?? .nan),\(f?["height"]?.number ?? .nan) "
            + "z\(e["zIndex"]?.number ?? .nan) \(e["rowSpan"]?.number ?? 1)x\(e["columnSpan"]?.number ?? 1) "
            + "\(pin(e["stickyX"])) \(pin(e["stickyY"]))"
    }

    static func key(_ a: LayoutAttributes, _ pins: AxisPins?) -> String {
        func pin(_ s: StickyRange?) -> String {
            s.map { "\($0.edge == .leading ? "leading" : "trailing")[\($0.min),\($0.max)]+\($0.inset)" } ?? "-"
        }
        return "\(Double(a.indexPath.section))/\(Double(a.indexPath.item)) \(a.frame.x),\(a.frame.y),\(a.frame.width),"
            + "\(a.frame.height) z\(Double(a.zIndex)) \(Double(a.rowSpan))x\(Double(a.columnSpan)) "
            + "\(pin(pins?.x)) \(pin(pins?.y))"
    }

    /// A columnar pin (`[edge, min, max, inset]` or null) as the full format's text.
    static func pin(_ v: JSONValue?) -> String {
        guard let a = v?.elements, a.count == 4 else { return "-" }
        let e = Array(a)
        return "\(e[0].string ?? "")[\(e[1].number ?? .nan),\(e[2].number ?? .nan)]+\(e[3].number ?? .nan)"
    }

    @Test func everyTileOfRandomGridsHoldsItsRectForEveryOffset() throws {
        let c = Client()
        var rng = SeededRandom(seed: 0x7115_2000)
        var tilesSeen = 0
        var pinsSeen = 0
        for _ in 0..<24 {
            let spec = RandomSpecs.grid(&rng)
            let body = String(decoding: SpecEncoder.canonical(.grid(spec)), as: UTF8.self)
            let summary = c.json(c.send("POST", "/v1/layouts", body))
            let id = try #require(summary["id"]?.string, "\(body)")
            #expect(summary["tile"] == nil)
            let plan = try #require(summary["tileGrid"])
            let layout = try #require(try c.service.store.layout(id: id) as? PreparedGridLayout)
            let (w, h) = (try #require(plan["width"]?.number), try #require(plan["height"]?.number))
            let (columns, rows) = (Int(try #require(plan["columns"]?.number)), Int(try #require(plan["rows"]?.number)))
            #expect(w == max(1, spec.collectionView.width.rounded(.up)) && h == max(1, spec.collectionView.height.rounded(.up)))
            #expect(columns == max(1, Int((layout.contentSize.width / w).rounded(.up))))
            #expect(rows == max(1, Int((layout.contentSize.height / h).rounded(.up))))
            for r in 0..<rows {
                for col in 0..<columns {
                    let rect = LayoutRect(x: Double(col) * w, y: Double(r) * h, width: w, height: h)
                    let tile = try #require(layout.tileElements(in: rect, limit: 100_000))
                    let expected = zip(tile.elements, tile.pins).map { Self.key($0, $1) }
                    let answer = c.send("GET", "/v1/layouts/\(id)/tiles/\(r)/\(col)")
                    #expect(answer.status == 200)
                    let full = c.json(answer)
                    let elements: [JSONValue] = full["elements"].map { Array($0.elements) } ?? []
                    #expect(elements.map(Self.key) == expected, "tile \(r)/\(col) of \(body)")
                    let columnar = c.json(c.send("GET", "/v1/layouts/\(id)/tiles/\(r)/\(col)?format=columns"))
                    ColumnsServiceTests().compare(full: full, columns: columnar)
                    for axis in ["stickyX", "stickyY"] {
                        let pins: [JSONValue]? = columnar[axis].map { Array($0.elements) }
                        #expect(pins == nil || pins?.count == elements.count)
                        for (i, e) in elements.enumerated() {
                            let text = Self.key(e).split(separator: " ")
                            #expect(Self.pin(pins?[i]) == String(text[axis == "stickyX" ? 4 : 5]))
                            if e[axis] != nil { pinsSeen += 1 }
                        }
                    }
                    tilesSeen += 1
                }
            }
        }
        #expect(tilesSeen > 50 && pinsSeen > 50)
    }

    @Test func gridTilesAreImmutableAndCached() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", GridServiceTests.sheet))["id"]?.string)
        let summary = c.json(c.send("GET", "/v1/layouts/\(id)"))
        // 1280 x 800 tiles: 10,000 columns (64, 220, then 100) are 1,000,084 wide, 1,000,000 rows of 28 are 28,000,012 tall.
        #expect(summary["tileGrid"]?["width"]?.number == 1280 && summary["tileGrid"]?["height"]?.number == 800)
        #expect(summary["tileGrid"]?["columns"]?.number == 782 && summary["tileGrid"]?["rows"]?.number == 35_001)
        let first = c.send("GET", "/v1/layouts/\(id)/tiles/3/2")
        let second = c.send("GET", "/v1/layouts/\(id)/tiles/3/2")
        #expect(first.status == 200 && second.body === first.body)
        #expect(first.header("Cache-Control") == "public, max-age=31536000, immutable")
        let tag = try #require(first.header("ETag"))
        let again = c.service.handle(HTTPRequest(method: "GET", path: "/v1/layouts/\(id)/tiles/3/2",
                                                 headers: [("If-None-Match", tag)]))
        #expect(again.status == 304)
        // The columnar form is another entry.
        #expect(c.send("GET", "/v1/layouts/\(id)/tiles/3/2?format=columns").status == 200)
        let figures = Dictionary(uniqueKeysWithValues: c.service.tileFigures.map { ($0.name, $0.value) })
        #expect(figures["tile_cache_entries"] == 2 && figures["tile_cache_hits_total"] == 1)
        // Tile (3, 2), far from the frozen cells' own places, holds them all the same: the header row over its
        // columns, the header column over its rows, the corner, and the total row.
        let elements: [JSONValue] = c.json(first)["elements"].map { Array($0.elements) } ?? []
        func has(_ r: Double, _ col: Double) -> JSONValue? {
            elements.first { $0["section"]?.number == r && $0["item"]?.number == col }
        }
        let corner = try #require(has(0, 0))
        #expect(corner["stickyX"]?["edge"]?.string == "leading" && corner["stickyY"]?["inset"]?.number == 0)
        #expect(corner["zIndex"]?.number == 2)
        #expect(try #require(has(0, 30))["stickyX"] == nil)
        #expect(try #require(has(0, 30))["stickyY"]?["max"]?.number == Double(40 + 999_999 * 28 - 40))
        let total = try #require(has(999_999, 30))
        #expect(total["stickyY"]?["edge"]?.string == "trailing" && total["frame"]?["y"]?.number == Double(40 + 999_998 * 28))
        #expect(has(100, 30) != nil && has(100, 30)?["stickyX"] == nil && has(100, 30)?["stickyY"] == nil)
    }

    @Test func gridAndBandTilesAreProblemsInTheOtherForm() throws {
        let c = Client()
        let grid = try #require(c.json(c.send("POST", "/v1/layouts", GridServiceTests.sheet))["id"]?.string)
        let oneD = c.send("GET", "/v1/layouts/\(grid)/tiles/0")
        #expect(oneD.status == 404 && c.json(oneD)["type"]?.string == "urn:layout-service:problem:no-tiles")
        #expect(c.json(oneD)["detail"]?.string?.contains("tiles/{row}/{column}") == true)
        for (path, status, parameter) in [("35001/0", 404, nil), ("0/782", 404, nil), ("35000/781", 200, nil),
                                           ("-1/0", 404, nil), ("x/0", 400, "row"), ("0/1.5", 400, "column")] {
            let r = c.send("GET", "/v1/layouts/\(grid)/tiles/\(path)")
            #expect(r.status == status, "\(path)")
            if status == 404 { #expect(c.json(r)["type"]?.string == "urn:layout-service:problem:unknown-tile") }
            if let parameter { #expect(c.json(r)["parameter"]?.string == parameter) }
        }
        let flow = try #require(c.json(c.send("POST", "/v1/layouts", TileServiceTests.circle))["id"]?.string)
        #expect(c.send("GET", "/v1/layouts/\(flow)/tiles/0").status == 200)
        #expect(c.send("GET", "/v1/layouts/\(flow)/tiles/0/-1").status == 404)  // not tile 0 from the cache
        let twoD = c.send("GET", "/v1/layouts/\(flow)/tiles/0/0")
        #expect(twoD.status == 404 && c.json(twoD)["type"]?.string == "urn:layout-service:problem:no-tiles")
        #expect(c.json(twoD)["detail"]?.string?.contains("tiles/{k}") == true)
        let wheel = try #require(c.json(c.send("POST", "/v1/layouts",
            #"{"layout":"wheel","collectionView":{"width":320,"height":200},"sections":[{"items":12}]}"#))["id"]?.string)
        #expect(c.json(c.send("GET", "/v1/layouts/\(wheel)/tiles/0/0"))["detail"]?.string?.contains("wheel") == true)
        #expect(c.send("GET", "/v1/layouts/nope/tiles/0/0").status == 404)
        #expect(c.send("GET", "/v1/layouts/\(grid)/tiles/0/0?format=xml").status == 400)
    }
}
