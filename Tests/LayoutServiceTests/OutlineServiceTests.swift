import HTTPCore
import LayoutService
import LayoutWire
import Testing

/// Outlines over the service: the spec's field and its problems, rows with their level in both answer forms,
/// hidden rows a 404, and expand and collapse as a batch.
@Suite struct OutlineServiceTests {
    /// A file tree: folder 0 (files 1, 2, folder 3 with file 4), folder 5 (file 6); folder 3 collapsed.
    static func list(_ v: JSONValue?) -> [JSONValue] { v.map { Array($0.elements) } ?? [] }

    static func tree(collapsed: String, height: Int = 200) -> String {
        #"{"layout":"list","collectionView":{"width":320,"height":"# + "\(height)" + #"},"rowHeight":{"absolute":40},"#
            + #""sections":[{"items":7,"outline":{"levels":[0,1,1,1,2,0,1],"collapsed":"# + collapsed + "}}]}"
    }

    @Test func rowsCarryTheirLevelAndHiddenRowsAre404() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.tree(collapsed: "[3]")))["id"]?.string)
        let answer = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,320,400"))
        let cells = Self.list(answer["elements"])
        #expect(cells.map { $0["item"]?.number } == [0, 1, 2, 3, 5, 6])
        #expect(cells.map { $0["level"]?.number } == [0, 1, 1, 1, 0, 1])
        #expect(cells.map { $0["frame"]?["y"]?.number } == [0, 40, 80, 120, 160, 200])
        #expect(answer["contentSize"]?["height"]?.number == 240)
        let columns = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,320,400&format=columns"))
        #expect(Self.list(columns["level"]).map(\.number) == [0, 1, 1, 1, 0, 1])
        #expect(Self.list(columns["item"]).map(\.number) == [0, 1, 2, 3, 5, 6])
        #expect(c.send("GET", "/v1/layouts/\(id)/items/0/4").status == 404)
        #expect(c.json(c.send("GET", "/v1/layouts/\(id)/items/0/5"))["level"]?.number == 0)
        // A layout without an outline answers as it always did: no level.
        let plain = try #require(c.json(c.send("POST", "/v1/layouts", #"{"layout":"list","collectionView":{"width":320,"height":200},"sections":[{"items":3}]}"#))["id"]?.string)
        let bytes = String(decoding: c.send("GET", "/v1/layouts/\(plain)/attributes?rect=0,0,320,400").body.bytes, as: UTF8.self)
        #expect(!bytes.contains("level"))
        let columnBytes = String(decoding: c.send("GET", "/v1/layouts/\(plain)/attributes?rect=0,0,320,400&format=columns").body.bytes, as: UTF8.self)
        #expect(!columnBytes.contains("level"))
    }

    @Test func badOutlinesAre422NamingTheField() {
        let c = Client()
        func pointer(_ outline: String, items: Int = 3) -> String? {
            let r = c.send("POST", "/v1/layouts", #"{"layout":"list","collectionView":{"width":320,"height":200},"sections":[{"items":"# + "\(items)" + #","outline":"# + outline + "}]}")
            return r.status == 422 ? c.json(r)["pointer"]?.string : "status \(r.status)"
        }
        #expect(pointer(#"{"levels":[1,1,1]}"#) == "/sections/0/outline/levels/0")
        #expect(pointer(#"{"levels":[0,2,1]}"#) == "/sections/0/outline/levels/1")
        #expect(pointer(#"{"levels":[0,1,-1]}"#) == "/sections/0/outline/levels/2")
        #expect(pointer(#"{"levels":[0,1]}"#) == "/sections/0/outline/levels")
        #expect(pointer(#"{"levels":[0,1,1],"collapsed":[1]}"#) == "/sections/0/outline/collapsed/0")
        #expect(pointer(#"{"levels":[0,1,0],"collapsed":[0,0]}"#) == "/sections/0/outline/collapsed/1")
        #expect(pointer(#"{"levels":[0,1,1],"open":[]}"#) == "/sections/0/outline/open")
        #expect(pointer(#"{"collapsed":[]}"#) == "/sections/0/outline/levels")
    }

    @Test func theCanonicalFormHasTheOutlineOnlyWhenGiven() throws {
        let c = Client()
        let a = c.json(c.send("POST", "/v1/layouts", Self.tree(collapsed: "[]")))["id"]?.string
        let b = c.json(c.send("POST", "/v1/layouts", Self.tree(collapsed: "[]").replacingOccurrences(of: #","collapsed":[]"#, with: "")))["id"]?.string
        #expect(a != nil && a == b)
        let plain = try #require(c.json(c.send("POST", "/v1/layouts", #"{"layout":"list","collectionView":{"width":320,"height":200},"sections":[{"items":7}]}"#))["id"]?.string)
        let spec = String(decoding: c.send("GET", "/v1/layouts/\(plain)").body.bytes, as: UTF8.self)
        #expect(!spec.contains("outline"))
        let outlined = String(decoding: c.send("GET", "/v1/layouts/\(a!)").body.bytes, as: UTF8.self)
        #expect(outlined.contains(#""outline":{"collapsed":[],"levels":[0,1,1,1,2,0,1]}"#))
    }

    /// Expanding gives the id of the spec posted with the new collapsed set; revealed rows fade in, hidden ones
    /// out; the anchor inside a collapsed folder stands in for the folder.
    @Test func expandAndCollapseAreABatch() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.tree(collapsed: "[3]")))["id"]?.string)
        let r = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"expand","indexPaths":[[0,3]]},{"op":"collapse","indexPaths":[[0,0]]}],"rect":{"x":0,"y":0,"width":320,"height":400}}"#)
        #expect(r.status == 201)
        let posted = c.json(c.send("POST", "/v1/layouts", Self.tree(collapsed: "[0]")))["id"]?.string
        #expect(c.json(r)["id"]?.string == posted)
        let animations = Self.list(c.json(r)["animations"])
        func alphas(_ item: Double) -> [Double?] {
            let a = animations.first { $0["before"]?["item"]?.number == item }
            return [a?["before"]?["alpha"]?.number, a?["after"]?["alpha"]?.number]
        }
        #expect(alphas(1) == [1, 0])  // hidden under folder 0: fades out where it was
        #expect(alphas(5) == [1, 1])  // moves up
        let moved = animations.first { $0["before"]?["item"]?.number == 5 }
        #expect(moved?["before"]?["frame"]?["y"]?.number == 160 && moved?["after"]?["frame"]?["y"]?.number == 40)
        #expect(moved?["after"]?["level"]?.number == 0)
        // Expanding folder 0 again (folder 3 is now expanded): item 4 appears from alpha 0.
        let back = c.send("POST", "/v1/layouts/\(posted!)/updates", #"{"updates":[{"op":"expand","indexPaths":[[0,0]]}],"rect":{"x":0,"y":0,"width":320,"height":400}}"#)
        let appearing = Self.list(c.json(back)["animations"]).first { $0["after"]?["item"]?.number == 4 }
        #expect(appearing?["before"]?["alpha"]?.number == 0 && appearing?["after"]?["alpha"]?.number == 1)
        #expect(appearing?["after"]?["frame"]?["y"]?.number == 160)
        // The anchor: file 4 at the top of the view; its folder 3 collapses, and 3 takes its place (at 120, where
        // the offset 160 would stay, clamped to the new range's 140, without a stand-in).
        let open = try #require(c.json(c.send("POST", "/v1/layouts", Self.tree(collapsed: "[]", height: 100)))["id"]?.string)
        let anchored = c.send("POST", "/v1/layouts/\(open)/updates", #"{"updates":[{"op":"collapse","indexPaths":[[0,3]]}],"offset":{"x":0,"y":160},"anchor":{"section":0,"item":4}}"#)
        #expect(anchored.status == 201)
        #expect(c.json(anchored)["contentOffset"]?["y"]?.number == 120)
    }

    /// A size reported for a row under a collapsed folder is kept: the row shows at that size once expanded.
    @Test func sizesOfHiddenRowsAreKept() throws {
        let c = Client()
        let spec = #"{"layout":"list","collectionView":{"width":320,"height":480},"sections":[{"items":4,"outline":{"levels":[0,1,0,1],"collapsed":[0]}}]}"#
        let id = try #require(c.json(c.send("POST", "/v1/layouts", spec))["id"]?.string)
        let sized = c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[{"section":0,"item":1,"width":320,"height":90}]}"#)
        #expect(sized.status == 201)
        let sizedID = try #require(c.json(sized)["id"]?.string)
        #expect(c.json(sized)["contentSize"]?["height"]?.number == 132)  // rows 0, 2 and 3 (estimated 44); row 1 hidden
        let open = c.send("POST", "/v1/layouts/\(sizedID)/updates", #"{"updates":[{"op":"expand","indexPaths":[[0,0]]}]}"#)
        let openID = try #require(c.json(open)["id"]?.string)
        #expect(c.json(c.send("GET", "/v1/layouts/\(openID)/items/0/1"))["frame"]?["height"]?.number == 90)
        #expect(c.json(open)["contentSize"]?["height"]?.number == 222)  // 44 + 90 + 44 + 44
    }

    @Test func badOutlineBatchesAre422() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.tree(collapsed: "[3]")))["id"]?.string)
        func problem(_ body: String) -> (Int, String?) {
            let r = c.send("POST", "/v1/layouts/\(id)/updates", body)
            return (r.status, c.json(r)["pointer"]?.string)
        }
        #expect(problem(#"{"updates":[{"op":"expand","indexPaths":[[0,3]]},{"op":"deleteItems","indexPaths":[[0,1]]}]}"#) == (422, "/updates/1/op"))
        #expect(problem(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,1]]},{"op":"expand","indexPaths":[[0,3]]}]}"#) == (422, "/updates/1/op"))
        #expect(problem(#"{"updates":[{"op":"collapse","indexPaths":[[0,1]]}]}"#) == (422, "/updates/0"))
        #expect(problem(#"{"updates":[{"op":"collapse","indexPaths":[[0,0]]},{"op":"expand","indexPaths":[[0,0]]}]}"#) == (422, "/updates/1"))
        #expect(problem(#"{"updates":[{"op":"expand","indexPaths":[[1,0]]}]}"#) == (422, "/updates/0"))
        // An insert into an outline section needs its level; the levels must follow the rule after the batch.
        #expect(problem(#"{"updates":[{"op":"insertItems","indexPaths":[[0,7]]}]}"#).0 == 422)
        #expect(problem(#"{"updates":[{"op":"insertItems","indexPaths":[[0,7]],"levels":[3]}]}"#).0 == 422)
        let ok = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"insertItems","indexPaths":[[0,7]],"levels":[2]}]}"#)
        #expect(ok.status == 201 && c.json(ok)["items"]?.number == 8)
        let posted = c.json(c.send("POST", "/v1/layouts", #"{"layout":"list","collectionView":{"width":320,"height":200},"rowHeight":{"absolute":40},"sections":[{"items":8,"outline":{"levels":[0,1,1,1,2,0,1,2],"collapsed":[3]}}]}"#))["id"]?.string
        #expect(c.json(ok)["id"]?.string == posted)
    }
}
