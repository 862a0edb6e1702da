import HTTPCore
import LayoutService
import LayoutWire
import TestSupport
import Testing

/// Updates and size reports on large layouts go through the incremental path (digest resumed from marks,
/// lines reused): each new id must be the id of posting the resulting spec to a service that never saw the old
/// one, and both must answer the same attributes.
@Suite struct IncrementalServiceTests {
    @Test func aChainOfUpdatesOnALargeLayoutGivesTheIdsOfTheirSpecs() throws {
        var rng = SeededRandom(seed: 31)
        let sizes = (0..<30_000).map { _ in "[\(Int.random(in: 20...180, using: &rng)),\(Int.random(in: 20...90, using: &rng))]" }
        let spec = #"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"itemSizes":["#
            + sizes.joined(separator: ",") + #"]},{"items":100}]}"#
        let c = Client()
        var id = try #require(c.json(c.send("POST", "/v1/layouts", spec))["id"]?.string)
        let batches = [
            #"{"updates":[{"op":"insertItems","indexPaths":[[0,29990]],"sizes":[[77,55]]}]}"#,
            #"{"updates":[{"op":"insertItems","indexPaths":["# + (0..<300).map { "[0,\(30_001 + $0)]" }.joined(separator: ",")
                + #"],"sizes":["# + (0..<300).map { "[\(40 + $0 % 100),40]" }.joined(separator: ",") + "]}]}",
            #"{"updates":[{"op":"deleteItems","indexPaths":[[0,12345],[0,20000]]}]}"#,
            #"{"updates":[{"op":"reloadItems","indexPaths":[[0,25000]],"sizes":[[300,10]]}]}"#,
            #"{"updates":[{"op":"moveItem","from":[0,29000],"to":[1,5]}]}"#,
            #"{"updates":[{"op":"insertItems","indexPaths":[[0,3]],"sizes":[[10,10]]}]}"#,
        ]
        for (k, batch) in batches.enumerated() {
            let r = c.send("POST", "/v1/layouts/\(id)/updates", batch)
            #expect(r.status == 201, "batch \(k)")
            let newID = try #require(c.json(r)["id"]?.string)
            // A fresh service: the spec of the new layout, posted whole.
            // The summary ends with `,"spec":{...}}`: the canonical spec.
            let summary = c.send("GET", "/v1/layouts/\(newID)").body.bytes
            let marker = Array(",\"spec\":".utf8)
            let at = try #require((0...(summary.count - marker.count)).first { Array(summary[$0..<($0 + marker.count)]) == marker })
            let canonical = String(decoding: summary[(at + marker.count)..<(summary.count - 1)], as: UTF8.self)
            let fresh = Client()
            let posted = fresh.send("POST", "/v1/layouts", canonical)
            #expect(fresh.json(posted)["id"]?.string == newID, "batch \(k)")
            for y in [0, 5_000, 400_000] {
                let rect = "/attributes?rect=0,\(y),390,2000"
                #expect(c.send("GET", "/v1/layouts/\(newID)" + rect).body.bytes
                        == fresh.send("GET", "/v1/layouts/\(newID)" + rect).body.bytes, "batch \(k) at \(y)")
            }
            id = newID
        }
        // A size report near the top, too.
        let report = c.send("POST", "/v1/layouts/\(id)/sizes", #"{"sizes":[{"section":0,"item":2,"width":33,"height":99}]}"#)
        #expect(report.status == 201)
    }
}
