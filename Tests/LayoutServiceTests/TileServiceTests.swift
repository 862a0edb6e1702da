import HTTPCore
import LayoutEngine
import LayoutService
import LayoutWire
import TestSupport
import Testing

/// `GET /v1/layouts/{id}/tiles/{k}`: each tile against a brute-force scan of every element of the layout (pinned
/// headers and footers unpinned, with their sticky ranges), against the rect query of its band, and in both formats.
@Suite struct TileServiceTests {
    static func specs() -> [String] {
        var rng = SeededRandom(seed: 41)
        var out: [String] = []
        for _ in 0..<8 {
            out.append(String(decoding: SpecEncoder.canonical(.flow(RandomSpecs.flowWithOptions(&rng))), as: UTF8.self))
            out.append(String(decoding: SpecEncoder.canonical(.waterfall(RandomSpecs.waterfall(&rng, maxItems: 50))),
                              as: UTF8.self))
        }
        out.append(circle)
        return out + compositionalSpecs()
    }

    /// One tile: the circle's content is its view.
    static let circle = #"{"layout":"circle","collectionView":{"width":400,"height":400},"itemSize":{"width":40,"height":40},"sections":[{"items":9}]}"#

    /// Random compositional layouts (orthogonal rows, badges, pinned boundary items, backgrounds), a list with
    /// its headers pinned (plain), and an App Store-like page.
    static func compositionalSpecs() -> [String] {
        var rng = SeededRandom(seed: 42)
        var out: [String] = []
        while out.count < 10 {
            let spec = LayoutSpec.compositional(RandomSpecs.compositional(&rng, maxSections: 5, maxItems: 40))
            guard (try? spec.validate(limits: SpecLimits())) != nil else { continue }
            out.append(String(decoding: SpecEncoder.canonical(spec), as: UTF8.self))
        }
        out.append(#"{"layout":"list","collectionView":{"width":320,"height":300},"appearance":"plain","headerMode":"supplementary","footerMode":"supplementary","sections":[{"items":7},{"items":2},{"items":12}]}"#)
        out.append(appStore)
        return out
    }

    /// Two orthogonal rows (one with badges) between grids, a pinned header on the first row, none pinned elsewhere.
    static let appStore = #"""
        {"layout":"compositional","collectionView":{"width":390,"height":500},"interSectionSpacing":20,
         "sections":[
          {"items":9,"section":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":0.9},"height":{"absolute":200}},
             "subitems":[{"item":{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}},
               "supplementaryItems":[{"kind":"badge","size":{"width":{"absolute":20},"height":{"absolute":20}},
                                      "anchor":{"edges":["top","trailing"],"fractionalOffset":{"x":0.3,"y":-0.3}}}]}}]},
             "interGroupSpacing":10,"orthogonalScrollingBehavior":"groupPagingCentered",
             "boundarySupplementaryItems":[{"kind":"header","size":{"width":{"fractionalWidth":1},"height":{"absolute":40}},
                                            "alignment":"top","pinToVisibleBounds":true}]}},
          {"items":30,"section":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":100}},
             "subitems":[{"item":{"size":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}}}]},
             "decorationItems":[{"kind":"background"}]}},
          {"items":40,"section":{"group":{"axis":"vertical","size":{"width":{"absolute":150},"height":{"absolute":180}},
             "subitems":[{"item":{"size":{"width":{"fractionalWidth":1},"height":{"absolute":80}}}}],"interItemSpacing":{"fixed":10}},
             "interGroupSpacing":8,"orthogonalScrollingBehavior":"continuous",
             "contentInsets":{"top":0,"leading":16,"bottom":0,"trailing":16},
             "boundarySupplementaryItems":[{"kind":"footer","size":{"width":{"fractionalWidth":1},"height":{"absolute":30}},
                                            "alignment":"bottom"}]}}]}
        """#

    /// (category, kind, section, item, frame, sticky) of an element, as text.
    static func key(_ e: JSONValue) -> String {
        let f = e["frame"]
        let s = e["sticky"]
        return "\(e["category"]?.string ?? "")/\(e["kind"]?.string ?? "")/\(e["section"]?.number ?? -1)/"
            + "\(e["item"]?.number ?? -1) \(f?["x"]?.number ?? .nan),\(f?["y"]?.number ?? .nan),"
            + "\(f?["width"]?.number ?? .nan),\(f?["height"]?.number ?? .nan) "
            + (s.map { "\($0["edge"]?.string ?? "")[\($0["min"]?.number ?? .nan),\($0["max"]?.number ?? .nan)]" } ?? "-")
    }

    static func key(_ a: LayoutAttributes, _ sticky: StickyRange?) -> String {
        "\(a.category.name)/\(a.category == .cell ? "" : a.kind)/\(Double(a.indexPath.section))/\(Double(a.indexPath.item)) "
            + "\(a.frame.x),\(a.frame.y),\(a.frame.width),\(a.frame.height) "
            + (sticky.map { "\($0.edge == .leading ? "leading" : "trailing")[\($0.min),\($0.max)]" } ?? "-")
    }

    @Test func tilesHoldWhatABruteForceScanFindsInTheirBands() throws {
        let c = Client()
        var tilesSeen = 0
        var compositionalSticky = 0
        for spec in Self.specs() {
            let summary = c.json(c.send("POST", "/v1/layouts", spec))
            let id = try #require(summary["id"]?.string)
            let tile = try #require(summary["tile"], "\(spec)")
            let vertical = tile["axis"]?.string == "y"
            let length = try #require(tile["length"]?.number)
            let count = Int(try #require(tile["count"]?.number))
            let layout = try #require(try c.service.store.layout(id: id))
            #expect(vertical == (layout.spec.scrollDirection == .vertical))
            #expect(length == (vertical ? layout.viewSize.height : layout.viewSize.width).rounded(.up))
            let contentLength = vertical ? layout.contentSize.height : layout.contentSize.width
            #expect(count == max(1, Int((contentLength / length).rounded(.up))))
            // Every element of the layout, for any offset (compositional: from the per-element look-ups).
            var list = ElementList(unpinned: true)
            _ = layout.elements(in: LayoutRect(x: -1e9, y: -1e9, width: 4e9, height: 4e9), offset: .zero, limit: .max - 1,
                                into: &list)
            let all = (layout as? PreparedCompositionalLayout).map(ElementOracle.unpinned)
                ?? Array(zip(list.elements, list.stickyRanges))
            for k in 0..<count {
                let lo = Double(k) * length, hi = lo + length
                let expected = all.filter { a, range in
                    let l = vertical ? a.frame.height : a.frame.width
                    let start = range?.min ?? (vertical ? a.frame.y : a.frame.x)
                    let end = (range.map { $0.max + l }) ?? (vertical ? a.frame.maxY : a.frame.maxX)
                    return start <= hi && lo <= end
                }.map { Self.key($0.0, $0.1) }
                let answer = c.send("GET", "/v1/layouts/\(id)/tiles/\(k)")
                #expect(answer.status == 200)
                let full = c.json(answer)
                let got = full["elements"].map { Array($0.elements).map(Self.key) } ?? []
                if layout is PreparedCompositionalLayout {
                    compositionalSticky += full["elements"].map { Array($0.elements).filter { $0["sticky"] != nil }.count } ?? 0
                }
                #expect(got == expected, "tile \(k) of \(spec)")
                if !layout.isBoundsDependent {
                    // The rect query of the band (the same attributes object, in the same order).
                    let band = vertical ? "-1000000,\(lo),\(layout.contentSize.width + 2_000_000),\(length)"
                        : "\(lo),-1000000,\(length),\(layout.contentSize.height + 2_000_000)"
                    let rect = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=\(band)"))
                    #expect(rect["elements"].map { Array($0.elements).map(Self.key) } ?? [] == got)
                }
                let columns = c.json(c.send("GET", "/v1/layouts/\(id)/tiles/\(k)?format=columns"))
                ColumnsServiceTests().compare(full: full, columns: columns)
                let sticky = columns["sticky"].map { Array($0.elements) }
                let fullElements: [JSONValue] = full["elements"].map { Array($0.elements) } ?? []
                for (i, e) in fullElements.enumerated() {
                    let s: [JSONValue]? = sticky.map { Array($0[i].elements) }
                    #expect((s?.count == 3) == (e["sticky"] != nil))
                    if let s, s.count == 3 { #expect(s[1].number == e["sticky"]?["min"]?.number && s[2].number == e["sticky"]?["max"]?.number) }
                }
                tilesSeen += 1
            }
        }
        #expect(tilesSeen > 40 && compositionalSticky > 5)
    }

    /// Tiles give orthogonal rows unscrolled; the summary's `tile.orthogonalSections` names those sections and
    /// their boundary kinds, and moving their cells and badges back by each row's offset gives the rect query
    /// with those `sectionOffsets`.
    @Test func orthogonalRowsInTilesShiftBySectionAsTheirOffsetsSay() throws {
        let c = Client()
        let summary = c.json(c.send("POST", "/v1/layouts", Self.appStore))
        let id = try #require(summary["id"]?.string)
        let tile = try #require(summary["tile"])
        let orthogonal = try #require(tile["orthogonalSections"]).elements.map { o in
            (Int(o["section"]?.number ?? -1), o["boundaryKinds"]?.elements.compactMap(\.string) ?? [])
        }
        #expect(orthogonal.map(\.0) == [0, 2] && orthogonal.map(\.1) == [["header"], ["footer"]])
        let length = try #require(tile["length"]?.number)
        let count = Int(try #require(tile["count"]?.number))
        // Literally (docs/compositional.md): 1990 tall in tiles of 500; in tile 0, section 0's centred row
        // unscrolled: item 0 at x 19.5, item 1 at 380.5 (a client at row offset 361 draws it at 19.5), below the
        // 40 header, whose sticky range is 0 to 200 (its section's content ends at 240).
        #expect(summary["contentSize"]?["height"]?.number == 1990 && length == 500 && count == 4)
        let first = c.json(c.send("GET", "/v1/layouts/\(id)/tiles/0"))["elements"].map { Array($0.elements) } ?? []
        let row = first.filter { $0["section"]?.number == 0 && $0["category"]?.string == "cell" }.prefix(2)
        #expect(row.map { [$0["frame"]?["x"]?.number, $0["frame"]?["y"]?.number] } == [[19.5, 40], [380.5, 40]])
        let header = first.first { $0["kind"]?.string == "header" }
        #expect(header?["frame"]?["y"]?.number == 0 && header?["sticky"]?["edge"]?.string == "leading"
                    && header?["sticky"]?["min"]?.number == 0 && header?["sticky"]?["max"]?.number == 200)
        var rng = SeededRandom(seed: 43)
        var moved = 0
        for k in 0..<count {
            for _ in 0..<3 {
                let offsets = [0: Double.random(in: 0...2000, using: &rng).rounded(), 2: Double.random(in: 0...3000, using: &rng).rounded()]
                let columns = c.json(c.send("GET", "/v1/layouts/\(id)/tiles/\(k)?format=columns"))
                func column(_ j: JSONValue, _ name: String) -> [JSONValue] { j[name].map { Array($0.elements) } ?? [] }
                let sections = column(columns, "section").map { Int($0.number ?? -1) }
                let categories = column(columns, "category").map { Int($0.number ?? 0) }
                let kinds = column(columns, "kind").map(\.string)
                var xs = column(columns, "x").map { $0.number ?? .nan }
                for i in xs.indices {
                    guard let stay = orthogonal.first(where: { $0.0 == sections[i] })?.1 else { continue }
                    let category = categories.isEmpty ? 0 : categories[i]
                    if category == 0 || (category == 1 && !stay.contains(kinds[i] ?? "")) {
                        xs[i] -= offsets[sections[i]]!
                        moved += 1
                    }
                }
                let band = "-1000000,\(Double(k) * length),2000390,\(length)"
                let rect = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=\(band)&format=columns"
                                         + "&sectionOffsets=0:\(offsets[0]!),2:\(offsets[2]!)"))
                #expect(column(rect, "x").map { $0.number ?? .nan } == xs, "tile \(k)")
                for name in ["section", "item", "y", "width", "height", "category", "kind"] {
                    func text(_ j: JSONValue) -> [String] {
                        column(j, name).map { $0.number.map { "\($0)" } ?? $0.string ?? "null" }
                    }
                    #expect(text(rect) == text(columns), "\(name) of tile \(k)")
                }
            }
        }
        #expect(moved > 100)
        // Layouts without orthogonal sections say nothing of them.
        let list = c.json(c.send("POST", "/v1/layouts", Self.compositionalSpecs()[10]))
        #expect(list["layout"]?.string != nil && list["tile"] != nil && list["tile"]?["orthogonalSections"] == nil)
    }

    /// The same for random compositional layouts, vertical and horizontal: every tile, its listed sections' cells
    /// and badges moved back by random row offsets (along y in horizontal layouts), against the rect query of its
    /// band with those `sectionOffsets` (pinned boundary items, which the query pins, left out of both).
    @Test func randomOrthogonalRowsShiftBySection() throws {
        let c = Client()
        var rng = SeededRandom(seed: 44)
        var moved = 0
        var horizontalMoved = 0
        for spec in Self.compositionalSpecs().prefix(10) {
            let summary = c.json(c.send("POST", "/v1/layouts", spec))
            let id = try #require(summary["id"]?.string)
            let layout = try #require(try c.service.store.layout(id: id) as? PreparedCompositionalLayout)
            let tile = try #require(summary["tile"])
            let vertical = tile["axis"]?.string == "y"
            let length = try #require(tile["length"]?.number)
            let orthogonal = (tile["orthogonalSections"].map { Array($0.elements) } ?? []).map { o in
                (Int(o["section"]?.number ?? -1), Set(o["boundaryKinds"]?.elements.compactMap(\.string) ?? []))
            }
            #expect(orthogonal.map(\.0) == (0..<layout.numberOfSections).filter { layout.isOrthogonal(section: $0) })
            let stay = Dictionary(uniqueKeysWithValues: orthogonal)
            for k in 0..<Int(try #require(tile["count"]?.number)) {
                var offsets: [Int: Double] = [:]
                for (s, _) in orthogonal { offsets[s] = Double.random(in: 0...400, using: &rng).rounded() }
                let pinned = { (e: JSONValue) in
                    e["category"]?.string == "supplementary" && e["item"]?.number == 0
                        && layout.stickyRange(section: Int(e["section"]?.number ?? -1), kind: e["kind"]?.string ?? "") != nil
                }
                var expected: [String] = []
                let tileElements = c.json(c.send("GET", "/v1/layouts/\(id)/tiles/\(k)"))["elements"].map { Array($0.elements) } ?? []
                for e in tileElements where !pinned(e) {
                    var f = (e["frame"]?["x"]?.number ?? .nan, e["frame"]?["y"]?.number ?? .nan)
                    let section = Int(e["section"]?.number ?? -1)
                    if let kinds = stay[section], e["category"]?.string == "cell"
                        || (e["category"]?.string == "supplementary" && !kinds.contains(e["kind"]?.string ?? ""))
                    {
                        if vertical { f.0 -= offsets[section]! } else { f.1 -= offsets[section]!; horizontalMoved += 1 }
                        moved += 1
                    }
                    expected.append("\(e["kind"]?.string ?? "")/\(section)/\(e["item"]?.number ?? -1) \(f.0),\(f.1)")
                }
                let lo = Double(k) * length
                let band = vertical ? "-1000000,\(lo),\(layout.contentSize.width + 2_000_000),\(length)"
                    : "\(lo),-1000000,\(length),\(layout.contentSize.height + 2_000_000)"
                let query = offsets.isEmpty ? "" : "&sectionOffsets=" + offsets.sorted { $0.key < $1.key }
                    .map { "\($0.key):\($0.value)" }.joined(separator: ",")
                let rect = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=\(band)\(query)"))
                let rectElements = rect["elements"].map { Array($0.elements) } ?? []
                let got = rectElements.filter { !pinned($0) }.map { e in
                    "\(e["kind"]?.string ?? "")/\(Int(e["section"]?.number ?? -1))/\(e["item"]?.number ?? -1) "
                        + "\(e["frame"]?["x"]?.number ?? .nan),\(e["frame"]?["y"]?.number ?? .nan)"
                }
                #expect(got == expected, "tile \(k) of \(spec)")
            }
        }
        #expect(moved > 50 && horizontalMoved > 0)
    }

    @Test func tilesAreImmutableAndServedFromTheSameBytes() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.specs()[0]))["id"]?.string)
        let first = c.send("GET", "/v1/layouts/\(id)/tiles/0")
        let second = c.send("GET", "/v1/layouts/\(id)/tiles/0")
        #expect(first.status == 200 && second.body === first.body)  // the cached bytes, not a copy
        #expect(first.header("Cache-Control") == "public, max-age=31536000, immutable")
        let tag = try #require(first.header("ETag"))
        let again = c.service.handle(HTTPRequest(method: "GET", path: "/v1/layouts/\(id)/tiles/0",
                                                 headers: [("If-None-Match", tag)]))
        #expect(again.status == 304)
        let figures = Dictionary(uniqueKeysWithValues: c.service.tileFigures.map { ($0.name, $0.value) })
        #expect(figures["tile_cache_hits_total"] == 1 && figures["tile_cache_misses_total"] == 1)
        #expect(figures["tile_cache_entries"] == 1 && figures["tile_cache_bytes"] == first.body.count)
    }

    @Test func theTileCacheKeepsItsByteBudget() throws {
        var limits = ServiceLimits()
        limits.tileCacheBytes = 12_000
        let c = Client(limits: limits)
        let spec = #"{"layout":"flow","collectionView":{"width":300,"height":200},"itemSize":{"width":50,"height":50},"sections":[{"items":600}]}"#
        let id = try #require(c.json(c.send("POST", "/v1/layouts", spec))["id"]?.string)
        for k in 0..<20 { #expect(c.send("GET", "/v1/layouts/\(id)/tiles/\(k)").status == 200) }
        let figures = Dictionary(uniqueKeysWithValues: c.service.tileFigures.map { ($0.name, $0.value) })
        #expect((figures["tile_cache_bytes"] ?? .max) <= 12_000 && (figures["tile_cache_entries"] ?? 0) >= 1 && (figures["tile_cache_evictions_total"] ?? 0) > 0)
    }

    /// A tile in the tile cache is answered without preparing its layout again, even after the layout was evicted
    /// from the layout cache; a deleted layout's tiles are not served, and leave the tile cache with it.
    @Test func cachedTilesOfEvictedLayoutsAreServedWithoutPreparing() throws {
        func spec(_ seed: Int) -> String {
            let sizes = (0..<2_000).map { "[\(20 + ($0 * 7 + seed) % 50),\(30 + ($0 + seed) % 20)]" }
            return #"{"layout":"flow","collectionView":{"width":300,"height":200},"sections":[{"itemSizes":["#
                + sizes.joined(separator: ",") + "]}]}"
        }
        // Room for one of these layouts (about 33 bytes an item) in the layout cache, not two.
        let c = Client(cacheBytes: 100_000)
        let a = try #require(c.json(c.send("POST", "/v1/layouts", spec(1)))["id"]?.string)
        let tile = c.send("GET", "/v1/layouts/\(a)/tiles/0")
        #expect(tile.status == 200)
        _ = try #require(c.json(c.send("POST", "/v1/layouts", spec(2)))["id"]?.string)
        let before = c.service.store.stats
        #expect(before.evictions >= 1)
        let again = c.send("GET", "/v1/layouts/\(a)/tiles/0")
        #expect(again.status == 200 && again.body.bytes == tile.body.bytes)
        #expect(c.service.store.stats.prepares == before.prepares)
        // A tile not cached yet needs the layout: prepared again once.
        #expect(c.send("GET", "/v1/layouts/\(a)/tiles/1").status == 200)
        #expect(c.service.store.stats.prepares == before.prepares + 1)
        let b = try #require(c.json(c.send("POST", "/v1/layouts", spec(3)))["id"]?.string)
        let kept = c.send("GET", "/v1/layouts/\(b)/tiles/0")
        func tileFigure(_ name: String) -> Int? { c.service.tileFigures.first { $0.name == name }?.value }
        #expect(tileFigure("tile_cache_entries") == 3)
        #expect(c.send("DELETE", "/v1/layouts/\(a)").status == 204)
        #expect(tileFigure("tile_cache_entries") == 1 && tileFigure("tile_cache_bytes") == kept.body.count)
        let gone = c.send("GET", "/v1/layouts/\(a)/tiles/0")
        #expect(gone.status == 404)
        #expect(c.json(gone)["type"]?.string == "urn:layout-service:problem:unknown-layout")
    }

    @Test func wheelsHaveNoTilesAndBadIndexesAreProblems() throws {
        let c = Client()
        let wheel = c.json(c.send("POST", "/v1/layouts",
                                  #"{"layout":"wheel","collectionView":{"width":320,"height":200},"sections":[{"items":12}]}"#))
        let wheelID = try #require(wheel["id"]?.string)
        #expect(wheel["tile"] == nil)
        let refused = c.send("GET", "/v1/layouts/\(wheelID)/tiles/0")
        #expect(refused.status == 404)
        #expect(c.json(refused)["type"]?.string == "urn:layout-service:problem:no-tiles")
        #expect(c.json(refused)["detail"]?.string?.contains("wheel") == true)
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.circle))["id"]?.string)
        for (k, status) in [("0", 200), ("1", 404), ("-1", 404), ("x", 400), ("1.5", 400), ("", 400)] {
            #expect(c.send("GET", "/v1/layouts/\(id)/tiles/\(k)").status == status, "\(k)")
        }
        #expect(c.json(c.send("GET", "/v1/layouts/\(id)/tiles/x"))["parameter"]?.string == "k")
        #expect(c.send("GET", "/v1/layouts/\(id)/tiles/0?format=xml").status == 400)
        #expect(c.send("GET", "/v1/layouts/nope/tiles/0").status == 404)
    }
}
