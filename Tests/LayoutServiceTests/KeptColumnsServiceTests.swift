import HTTPCore
import LayoutService
import LayoutWire
import Testing

/// `keepColumns` and a waterfall's spans and columns through the handler: the new layout's id is the id of its spec
/// posted whole (also past the digest's marks, every 4,096 items), refusals name their field.
@Suite struct KeptColumnsServiceTests {
    /// A waterfall of two sections, the second long enough to hold digest marks, with spans.
    static func spec(_ items: Int) -> String {
        let heights = (0..<items).map { String(20 + $0 * 37 % 180) }.joined(separator: ",")
        let spans = (0..<items).map { $0 % 9 == 4 ? "3" : $0 % 13 == 7 ? "2" : "1" }.joined(separator: ",")
        return #"{"layout":"waterfall","collectionView":{"width":390,"height":800},"columnCount":3,"#
            + #""sections":[{"itemHeights":[50,60,70,80]},{"itemHeights":[\#(heights)],"itemSpans":[\#(spans)]}]}"#
    }

    /// POSTs the spec of `id` whole: its id is `id`.
    func postedWholeIsTheSame(_ c: Client, _ id: String) throws {
        // The summary's last member is the spec: `..., "spec": {...}}`.
        let summary = String(decoding: c.send("GET", "/v1/layouts/\(id)").body.bytes, as: UTF8.self)
        let start = try #require(summary.range(of: #","spec":"#)).upperBound
        let posted = c.send("POST", "/v1/layouts", String(summary[start...].dropLast()))
        #expect(posted.status == 200, "\(String(decoding: posted.body.bytes, as: UTF8.self).prefix(300))")
        #expect(c.json(posted)["id"]?.string == id)
    }

    @Test(arguments: [
        #"{"sizes":[{"section":1,"item":9000,"width":10,"height":500}],"keepColumns":true}"#,
        #"{"sizes":[{"section":0,"item":1,"width":10,"height":500}],"keepColumns":true}"#,
        #"{"sizes":[{"section":1,"item":9000,"width":10,"height":500}]}"#,
    ])
    func aSizeReportsLayoutIsItsSpecPostedWhole(_ report: String) throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec(10_000)))["id"]?.string)
        let r = c.send("POST", "/v1/layouts/\(id)/sizes", report)
        #expect(r.status == 201)
        try postedWholeIsTheSame(c, try #require(c.json(r)["id"]?.string))
    }

    @Test(arguments: [
        #"{"updates":[{"op":"insertItems","indexPaths":[[1,9500]],"sizes":[[10,40]],"spans":[2],"columns":[1]}],"keepColumns":true}"#,
        #"{"updates":[{"op":"insertItems","indexPaths":[[1,9500],[1,2]],"spans":[3,1],"columns":[-1,2]}]}"#,
        #"{"updates":[{"op":"moveItem","from":[1,9999],"to":[0,0]},{"op":"deleteItems","indexPaths":[[1,5]]}],"keepColumns":true}"#,
        #"{"updates":[{"op":"reloadSections","sections":[0]}],"keepColumns":true}"#,
    ])
    func aBatchsLayoutIsItsSpecPostedWhole(_ batch: String) throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec(10_000)))["id"]?.string)
        let r = c.send("POST", "/v1/layouts/\(id)/updates", batch)
        #expect(r.status == 201, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        try postedWholeIsTheSame(c, try #require(c.json(r)["id"]?.string))
    }

    @Test func refusalsNameTheirField() throws {
        let c = Client()
        let flow = try #require(c.json(c.send("POST", "/v1/layouts", #"{"layout":"flow","collectionView":{"width":300,"height":400},"sections":[{"items":3}]}"#))["id"]?.string)
        for (path, body) in [("sizes", #"{"sizes":[],"keepColumns":true}"#), ("updates", #"{"updates":[],"keepColumns":true}"#)] {
            let r = c.send("POST", "/v1/layouts/\(flow)/\(path)", body)
            #expect(r.status == 422 && c.json(r)["pointer"]?.string == "/keepColumns")
        }
        #expect(c.send("POST", "/v1/layouts/\(flow)/sizes", #"{"sizes":[],"keepColumns":false}"#).status == 200)
        let spans = c.send("POST", "/v1/layouts/\(flow)/updates", #"{"updates":[{"op":"insertItems","indexPaths":[[0,0]],"spans":[2]}]}"#)
        #expect(spans.status == 422 && c.json(spans)["pointer"]?.string == "/updates/0/spans")
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec(20)))["id"]?.string)
        for (op, pointer) in [
            (#"{"op":"insertItems","indexPaths":[[1,0],[1,1]],"spans":[1]}"#, "/updates/0/spans"),
            (#"{"op":"insertItems","indexPaths":[[1,0]],"spans":[0]}"#, "/updates/0/spans/0"),
            (#"{"op":"insertItems","indexPaths":[[1,0]],"columns":[-2]}"#, "/updates/0/columns/0"),
            (#"{"op":"insertItems","indexPaths":[[1,0]],"columns":["1"]}"#, "/updates/0/columns/0"),
            (#"{"op":"reloadItems","indexPaths":[[1,0]],"columns":[1]}"#, "/updates/0/columns"),
        ] {
            let r = c.send("POST", "/v1/layouts/\(id)/updates", #"{"updates":["# + op + "]}")
            #expect(r.status == 422 && c.json(r)["pointer"]?.string == pointer, "\(op)")
        }
        let notBool = c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[],"keepColumns":1}"#)
        #expect(notBool.status == 422 && c.json(notBool)["pointer"]?.string == "/keepColumns")
    }
}
