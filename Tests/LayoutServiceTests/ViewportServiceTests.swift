import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import LayoutWire
import Synchronization
import TestSupport
import Testing

/// `POST .../bounds`, anchors on updates and size reports, `GET .../scroll-to`, content insets and
/// bottom-anchored content, through the service's handler.
@Suite struct ViewportServiceTests {
    static let chat = #"{"layout":"flow","collectionView":{"width":300,"height":400,"contentInset":{"top":20,"bottom":30}},"itemSize":{"width":300,"height":50},"minimumLineSpacing":0,"sections":[{"items":40}]}"#

    func post(_ c: Client, _ body: String) throws -> String {
        let r = c.send("POST", "/v1/layouts", body)
        #expect(r.status == 201 || r.status == 200, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        return try #require(c.json(r)["id"]?.string)
    }

    func point(_ v: JSONValue?) -> LayoutPoint? {
        guard let x = v?["x"]?.number, let y = v?["y"]?.number else { return nil }
        return LayoutPoint(x: x, y: y)
    }

    /// Every element of a layout, as the service writes them.
    func everything(_ c: Client, _ id: String) -> [UInt8] {
        c.send("GET", "/v1/layouts/\(id)/attributes?rect=-100000,-100000,10000000,10000000").body.bytes
    }

    @Test func boundsAnswerTheLayoutAPostOfTheResizedSpecGives() throws {
        var checked = 0
        for seed in 0..<60 {
            var rng = SeededRandom(seed: UInt64(seed) &+ 11)
            let spec = RandomSpecs.anyLayout(&rng)
            let a = Client()
            let id = try post(a, String(decoding: SpecEncoder.canonical(spec), as: UTF8.self))
            let width = rng.length(100...800)
            let height = rng.length(100...800)
            let named = Int.random(in: 0..<3, using: &rng)  // width, height or both
            let fields = [named != 1 ? "\"width\":\(width)" : nil, named != 0 ? "\"height\":\(height)" : nil].compactMap { $0 }
            let r = a.send("POST", "/v1/layouts/\(id)/bounds",
                           #"{"collectionView":{\#(fields.joined(separator: ","))},"offset":{"x":0,"y":30}}"#)
            var viewport = spec.viewport
            if named != 1 { viewport.size.width = width }
            if named != 0 { viewport.size.height = height }
            let resized = spec.withViewport(viewport)
            guard (try? resized.validate(limits: SpecLimits())) != nil else {
                #expect(r.status == 422, "seed \(seed)")
                continue
            }
            #expect(r.status == 201, "seed \(seed): \(String(decoding: r.body.bytes, as: UTF8.self))")
            let newID = try #require(a.json(r)["id"]?.string)
            #expect(r.header("Location") == "/v1/layouts/\(newID)")
            #expect(point(a.json(r)["contentOffset"]) != nil)
            // Another service, given the resized spec whole: the same id, the same attributes.
            let b = Client()
            #expect(try post(b, String(decoding: SpecEncoder.canonical(resized), as: UTF8.self)) == newID, "seed \(seed)")
            #expect(everything(a, newID) == everything(b, newID), "seed \(seed)")
            // Once known: 200.
            #expect(a.send("POST", "/v1/layouts/\(id)/bounds", #"{"collectionView":{\#(fields.joined(separator: ","))}}"#).status == 200)
            checked += 1
        }
        #expect(checked > 40)
    }

    @Test func boundsKeepTheInsetAndTheUsersPlace() throws {
        let c = Client()
        let id = try post(c, #"{"layout":"flow","collectionView":{"width":400,"height":300,"contentInset":{"top":10}},"itemSize":{"width":100,"height":100},"minimumLineSpacing":0,"minimumInteritemSpacing":0,"sections":[{"items":100}]}"#)
        // 4 columns: item 40 (row 10) starts at 1000. At offset 995 the visible area starts at 1005: the first cell
        // starting at or below it is item 44 (row 11, at 1100), 95 below. At width 200 (2 columns) it is at row 22.
        let r = c.send("POST", "/v1/layouts/\(id)/bounds", #"{"collectionView":{"width":200},"offset":{"x":0,"y":995}}"#)
        #expect(r.status == 201)
        #expect(point(c.json(r)["contentOffset"]) == LayoutPoint(x: 0, y: 2200 - 95 - 10))
        let newID = try #require(c.json(r)["id"]?.string)
        let summary = c.json(c.send("GET", "/v1/layouts/\(newID)"))
        #expect(summary["spec"]?["collectionView"]?["contentInset"]?["top"]?.number == 10)
        #expect(summary["spec"]?["collectionView"]?["width"]?.number == 200)
        #expect(summary["contentSize"]?["height"]?.number == 5000)
        // A named cell, and the end.
        let named = c.send("POST", "/v1/layouts/\(id)/bounds", #"{"collectionView":{"width":200},"offset":{"x":0,"y":995},"anchor":{"section":0,"item":41}}"#)
        #expect(point(c.json(named)["contentOffset"]) == LayoutPoint(x: 0, y: 2000 - (1000 - 1005) - 10))
        let end = c.send("POST", "/v1/layouts/\(id)/bounds", #"{"collectionView":{"width":200,"height":500},"offset":{"x":0,"y":2700},"anchor":"end"}"#)
        #expect(point(c.json(end)["contentOffset"]) == LayoutPoint(x: 0, y: 5000 - 500))
        // Clamped to the new scroll range.
        let top = c.send("POST", "/v1/layouts/\(id)/bounds", #"{"collectionView":{"width":200},"offset":{"x":0,"y":-10}}"#)
        #expect(point(c.json(top)["contentOffset"]) == LayoutPoint(x: 0, y: -10))
    }

    @Test func badBoundsAreProblemsNamingTheField() throws {
        let c = Client()
        let id = try post(c, Self.chat)
        func problem(_ body: String) -> (Int, String?) {
            let r = c.send("POST", "/v1/layouts/\(id)/bounds", body)
            return (r.status, c.json(r)["pointer"]?.string)
        }
        #expect(problem(#"{"collectionView":{"width":0}}"#) == (422, "/collectionView/width"))
        #expect(problem(#"{"collectionView":{"height":-5}}"#) == (422, "/collectionView/height"))
        #expect(problem(#"{"collectionView":{"width":"wide"}}"#) == (422, "/collectionView/width"))
        #expect(problem(#"{"collectionView":{"width":2e9}}"#) == (422, "/collectionView/width"))
        #expect(problem(#"{"collectionView":{"depth":3}}"#) == (422, "/collectionView/depth"))
        #expect(problem(#"{"collectionView":{"contentInset":{"top":-1}}}"#) == (422, "/collectionView/contentInset/top"))
        #expect(problem(#"{"offset":{"x":0,"y":0}}"#) == (422, "/collectionView"))
        #expect(problem(#"{"collectionView":{"width":200},"anchor":{"section":0,"item":40}}"#) == (422, "/anchor"))
        #expect(problem(#"{"collectionView":{"width":200},"anchor":{"section":3,"item":0}}"#) == (422, "/anchor"))
        #expect(problem(#"{"collectionView":{"width":200},"anchor":"middle"}"#) == (422, "/anchor"))
        #expect(problem(#"{"collectionView":{"width":200},"offset":{"x":0,"y":1e999}}"#).0 == 400)  // not finite
        #expect(problem("{oops").0 == 400)
        #expect(c.send("POST", "/v1/layouts/nope/bounds", #"{"collectionView":{"width":200}}"#).status == 404)
        #expect(c.send("GET", "/v1/layouts/\(id)/bounds").status == 405)
    }

    /// A chat: 50 older messages prepended above the viewport, new ones appended, the user's place kept.
    @Test func updatesKeepTheAnchorInPlace() throws {
        let c = Client()
        let id = try post(c, Self.chat)
        // 40 messages of 50: content 2000. At offset 1000 the visible area starts at 1020: item 21 (at 1050) is
        // the first cell starting there, 30 below the edge.
        let prepend = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"insertItems","indexPaths":[\#((0..<50).map { "[0,\($0)]" }.joined(separator: ","))]}],"offset":{"x":0,"y":1000}}"#)
        #expect(prepend.status == 201)
        #expect(point(c.json(prepend)["contentOffset"]) == LayoutPoint(x: 0, y: 1000 + 50 * 50))  // moved by exactly what came above
        let older = try #require(c.json(prepend)["id"]?.string)
        // Deleting the anchor (item 71 at 3550, 30 below the edge at 3520): the next cell, item 72 (at 3600, 80
        // below), stands in and keeps its distance; with item 0 deleted too it is now item 70, at 3500.
        let deleted = c.send("POST", "/v1/layouts/\(older)/updates", #"{"updates":[{"op":"deleteItems","indexPaths":[[0,0],[0,71]]}],"offset":{"x":0,"y":3500}}"#)
        #expect(point(c.json(deleted)["contentOffset"]) == LayoutPoint(x: 0, y: 3500 - 80 - 20))
        // At the end, with "anchor": "end": an append keeps the client at the end.
        let atEnd = 90 * 50 + 30 - 400
        let appended = c.send("POST", "/v1/layouts/\(older)/updates", #"{"updates":[{"op":"insertItems","indexPaths":[[0,90],[0,91]]}],"offset":{"x":0,"y":\#(atEnd)},"anchor":"end"}"#)
        #expect(point(c.json(appended)["contentOffset"]) == LayoutPoint(x: 0, y: Double(atEnd + 100)))
        // A named anchor is an index path before the batch.
        let named = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"insertItems","indexPaths":[[0,0]]}],"offset":{"x":0,"y":0},"anchor":{"section":0,"item":39}}"#)
        #expect(point(c.json(named)["contentOffset"]) == LayoutPoint(x: 0, y: 50))
        #expect(c.json(c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"insertItems","indexPaths":[[0,0]]}]}"#))["contentOffset"] == nil)
        let bad = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[],"offset":{"x":0,"y":0},"anchor":{"section":0,"item":40}}"#)
        #expect(bad.status == 422 && c.json(bad)["pointer"]?.string == "/anchor")
    }

    @Test func sizeReportsAnswerTheContentOffset() throws {
        let c = Client()
        let id = try post(c, #"{"layout":"flow","collectionView":{"width":300,"height":400},"estimatedItemSize":{"width":300,"height":100},"minimumLineSpacing":0,"sections":[{"items":10}]}"#)
        let r = c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[{"section":0,"item":0,"width":300,"height":160},{"section":0,"item":3,"width":300,"height":10}],"offset":{"x":0,"y":250}}"#)
        // Item 3 (first starting at or below 250, at 300) moves down 60.
        #expect(c.json(r)["contentOffsetAdjustment"]?["y"]?.number == 60)
        #expect(point(c.json(r)["contentOffset"]) == LayoutPoint(x: 0, y: 310))
        let named = c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[{"section":0,"item":0,"width":300,"height":160}],"offset":{"x":0,"y":250},"anchor":{"section":0,"item":5}}"#)
        #expect(point(c.json(named)["contentOffset"]) == LayoutPoint(x: 0, y: 310))
        let bad = c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[],"anchor":{"section":0,"item":10}}"#)
        #expect(bad.status == 422 && c.json(bad)["pointer"]?.string == "/anchor")
    }

    @Test func scrollToItemsAndSections() throws {
        let c = Client()
        // Sections of 10 rows of 50, headers of 40 pinned, insets 20 above and 30 below; a 400-point view.
        let id = try post(c, #"{"layout":"flow","collectionView":{"width":300,"height":400,"contentInset":{"top":20,"bottom":30}},"itemSize":{"width":300,"height":50},"minimumLineSpacing":0,"headerReferenceSize":{"width":0,"height":40},"sectionHeadersPinToVisibleBounds":true,"sections":[{"items":10},{"items":10}]}"#)
        func to(_ query: String) -> LayoutPoint? { point(c.json(c.send("GET", "/v1/layouts/\(id)/scroll-to?\(query)"))) }
        // Section 1 starts at 540, its items at 580: item 1/2 at 680.
        #expect(to("item=1,2&position=top") == LayoutPoint(x: 0, y: 680 - 20 - 40))  // below the pinned header
        #expect(to("item=1,2&position=bottom") == LayoutPoint(x: 0, y: 730 - (400 - 30)))
        #expect(to("item=1,2&position=centeredVertically") == LayoutPoint(x: 0, y: 705 - (20 + 350 / 2)))
        #expect(to("item=1,2&position=nearest&offset=0,400") == LayoutPoint(x: 0, y: 400))  // shown: no movement
        #expect(to("item=1,2&position=nearest&offset=0,0") == LayoutPoint(x: 0, y: 730 - 370))
        #expect(to("item=0,0&position=top") == LayoutPoint(x: 0, y: -20))  // clamped to the scroll range
        #expect(to("item=1,9&position=top") == LayoutPoint(x: 0, y: 1080 + 30 - 400))
        #expect(to("section=1&position=top") == LayoutPoint(x: 0, y: 540 - 20))  // the header itself
        #expect(to("item=1,2&position=left&offset=0,123") == LayoutPoint(x: 0, y: 123))
        func problem(_ query: String) -> (Int, String?) {
            let r = c.send("GET", "/v1/layouts/\(id)/scroll-to?\(query)")
            return (r.status, c.json(r)["parameter"]?.string)
        }
        #expect(problem("item=1,10&position=top").0 == 404)
        #expect(problem("section=2&position=top").0 == 404)
        #expect(problem("item=1,2&position=middle") == (400, "position"))
        #expect(problem("item=1,2") == (400, "position"))
        #expect(problem("item=1,2&position=top&offset=0,inf") == (400, "offset"))
        #expect(problem("item=1,2&section=1&position=top") == (400, "item"))
        #expect(problem("position=top") == (400, "item"))
        #expect(problem("item=x&position=top") == (400, "item"))
        #expect(c.send("GET", "/v1/layouts/nope/scroll-to?item=0,0&position=top").status == 404)
    }

    @Test func insetsAreInTheIdOnlyWhenSet() throws {
        let c = Client()
        let plain = #"{"layout":"flow","collectionView":{"width":300,"height":400},"sections":[{"items":4}]}"#
        let id = try post(c, plain)
        #expect(try post(c, #"{"layout":"flow","collectionView":{"width":300,"height":400,"contentInset":{}},"sections":[{"items":4}]}"#) == id)
        let inset = try post(c, #"{"layout":"flow","collectionView":{"width":300,"height":400,"contentInset":{"top":64}},"sections":[{"items":4}]}"#)
        #expect(inset != id)
        #expect(!String(decoding: c.send("GET", "/v1/layouts/\(id)").body.bytes, as: UTF8.self).contains("contentInset"))
        // The same frames; the scroll range starts above the content.
        #expect(everything(c, id) == everything(c, inset))
        #expect(point(c.json(c.send("GET", "/v1/layouts/\(inset)/target-offset?proposed=0,-500"))) == LayoutPoint(x: 0, y: -64))
        for kind in ["waterfall", "circle", "wheel"] {
            let items = kind == "waterfall" ? #""itemHeights":[10,20]"# : #""items":2"#
            let with = try post(c, #"{"layout":"\#(kind)","collectionView":{"width":300,"height":400,"contentInset":{"left":5}},"sections":[{\#(items)}]}"#)
            let without = try post(c, #"{"layout":"\#(kind)","collectionView":{"width":300,"height":400},"sections":[{\#(items)}]}"#)
            #expect(with != without)
            #expect(c.json(c.send("GET", "/v1/layouts/\(with)"))["spec"]?["collectionView"]?["contentInset"]?["left"]?.number == 5)
        }
    }

    @Test func chatContentSitsAtTheEnd() throws {
        let c = Client()
        let id = try post(c, #"{"layout":"flow","collectionView":{"width":300,"height":400,"contentInset":{"bottom":40}},"contentAnchor":"end","itemSize":{"width":300,"height":50},"minimumLineSpacing":0,"sections":[{"items":3}]}"#)
        let summary = c.json(c.send("GET", "/v1/layouts/\(id)"))
        #expect(summary["contentSize"]?["height"]?.number == 360)
        #expect(summary["spec"]?["contentAnchor"]?.string == "end")
        #expect(c.json(c.send("GET", "/v1/layouts/\(id)/items/0/2"))["frame"]?["y"]?.number == 310)
        let bad = c.send("POST", "/v1/layouts", #"{"layout":"flow","collectionView":{"width":300,"height":400},"contentAnchor":"middle","sections":[{"items":3}]}"#)
        #expect(bad.status == 422 && c.json(bad)["pointer"]?.string == "/contentAnchor")
        #expect(c.send("POST", "/v1/layouts", #"{"layout":"circle","collectionView":{"width":300,"height":400},"contentAnchor":"end","sections":[{"items":3}]}"#).status == 422)
    }

    @Test func anInfiniteWheelSaysWhereToStart() throws {
        let c = Client()
        let id = try post(c, #"{"layout":"wheel","collectionView":{"width":300,"height":400},"infinite":true,"sections":[{"items":10}]}"#)
        let summary = c.json(c.send("GET", "/v1/layouts/\(id)"))
        #expect(point(summary["initialOffset"]) == LayoutPoint(x: 0, y: 4000))
        #expect(summary["contentSize"]?["height"]?.number == 12_400)
        let back = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,3990,300,400&offset=0,3990"))
        #expect(back["contentOffsetAdjustment"]?["y"]?.number == 4000)
        #expect(c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,4000,300,400&offset=0,4000"))["contentOffsetAdjustment"] == nil)
        #expect(point(c.json(c.send("GET", "/v1/layouts/\(id)/scroll-to?item=0,3&position=top&offset=0,4000"))) == LayoutPoint(x: 0, y: 4000 + 7 * 400))
    }

    /// Vanishing and huge view sizes, far offsets: answers in time, never a server error, finite numbers.
    @Test func extremeSizesAndOffsetsAreAnsweredInTime() throws {
        let c = Client()
        let specs = [
            #"{"layout":"flow","collectionView":{"width":5e-324,"height":5e-324},"sections":[{"itemSizes":[[1,2],[3,4],[0,0]]},{"items":300}]}"#,
            #"{"layout":"waterfall","collectionView":{"width":1e9,"height":1e-300},"sections":[{"itemHeights":[1,2,3]}]}"#,
            #"{"layout":"circle","collectionView":{"width":1e-300,"height":1e9},"sections":[{"items":50}]}"#,
            #"{"layout":"wheel","collectionView":{"width":5e-324,"height":5e-324},"infinite":true,"sections":[{"items":7}]}"#,
            #"{"layout":"wheel","collectionView":{"width":300,"height":1e9},"infinite":true,"sections":[{"items":3}]}"#,
        ]
        for spec in specs {
            let id = try post(c, spec)
            for offset in ["0,0", "1e308,-1e308", "-1.7e308,1.7e308", "5e-324,5e-324"] {
                let o = offset.split(separator: ",")
                let body = #"{"collectionView":{"width":1e-300,"height":1e9},"offset":{"x":\#(o[0]),"y":\#(o[1])}}"#
                for (method, target, b) in [
                    ("POST", "/v1/layouts/\(id)/bounds", body),
                    ("POST", "/v1/layouts/\(id)/bounds", #"{"collectionView":{"width":5e-324},"offset":{"x":\#(o[0]),"y":\#(o[1])},"anchor":"end"}"#),
                    ("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"insertItems","indexPaths":[[0,0]]}],"offset":{"x":\#(o[0]),"y":\#(o[1])}}"#),
                    ("GET", "/v1/layouts/\(id)/scroll-to?item=0,1&position=nearest&offset=\(offset)", nil),
                    ("GET", "/v1/layouts/\(id)/scroll-to?item=0,2&position=centeredVertically&offset=\(offset)", nil),
                    ("GET", "/v1/layouts/\(id)/attributes?rect=0,0,10,10&offset=\(offset)", nil),
                ] {
                    let r = c.send(method, target, b)
                    #expect(r.status < 500, "\(spec) \(target) \(b ?? "")")
                    let text = String(decoding: r.body.bytes, as: UTF8.self)
                    #expect(!text.contains("null") && !text.contains("nan") && !text.contains("inf"), "\(target): \(text.prefix(300))")
                }
            }
        }
    }

    /// Bounds are archived as a change on the old spec, read back after a restart.
    @Test func boundsAreStoredAsAChange() throws {
        let archive = MemoryArchive()
        let c = Client(service: LayoutService(store: LayoutStore(capacityBytes: 1 << 28, archive: archive)))
        let id = try post(c, Self.chat)
        let body = #"{"collectionView":{"width":200},"offset":{"x":0,"y":100}}"#
        let newID = try #require(c.json(c.send("POST", "/v1/layouts/\(id)/bounds", body))["id"]?.string)
        #expect(try archive.load(id: newID)?.spec == .derived(base: id, change: Array(("b" + body).utf8)))
        let restarted = Client(service: LayoutService(store: LayoutStore(capacityBytes: 1 << 28, archive: archive)))
        #expect(c.json(restarted.send("GET", "/v1/layouts/\(newID)"))["spec"]?["collectionView"]?["width"]?.number == 200)
    }
}

/// An archive in memory (for tests of what the service stores).
final class MemoryArchive: SpecArchive {
    private let specs = Mutex<[String: (spec: StoredSpec, removed: Bool)]>([:])

    func save(id: String, canonicalSpec: [UInt8]) throws {
        specs.withLock { $0[id] = $0[id].map { ($0.spec, false) } ?? (.whole(canonicalSpec), false) }
    }

    func save(id: String, base: String, change: [UInt8]) throws -> Bool {
        specs.withLock { s in
            guard s[base] != nil else { return false }
            s[id] = s[id].map { ($0.spec, false) } ?? (.derived(base: base, change: change), false)
            return true
        }
    }

    func load(id: String) throws -> (spec: StoredSpec, removed: Bool)? { specs.withLock { $0[id] } }

    func remove(id: String) throws { specs.withLock { s in s[id] = s[id].map { ($0.spec, true) } } }

    func probe() throws {}
}
