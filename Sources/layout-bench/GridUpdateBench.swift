import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import LayoutWire

/// Batch updates on the 1,000,000 x 10,000 grid with a size for each row and column: a column resized and a row
/// inserted, in the engine (plan, apply, prepare from the old layout) and through `POST .../updates` (which also
/// validates, writes and hashes the canonical spec for the id, and stores it).
enum GridUpdateBench {
    static func rows(_ sized: GridLayoutSpec) {
        let old = PreparedGridLayout(sized)
        let batches: [(String, (Int) -> GridBatchOperation, (Int) -> String)] = [
            ("column 5 resized", { k in GridBatchOperation(.columns, .resize([5], sizes: [Double(250 + k)])) },
             { k in #"{"op":"resizeColumns","columns":[5],"sizes":[\#(250 + k)]}"# }),
            ("row inserted at 500,000", { k in GridBatchOperation(.rows, .insert([500_000], sizes: [Double(40 + k)])) },
             { k in #"{"op":"insertRows","rows":[500000],"sizes":[\#(40 + k)]}"# }),
        ]
        let service = LayoutService(store: LayoutStore(capacityBytes: 1 << 32))
        let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts",
                                                body: SpecEncoder.canonical(.grid(sized))))
        let location = posted.headers.first { $0.0 == "Location" }!.1
        for (name, operation, body) in batches {
            var k = 0
            let engine = Measure.median(runs: 7) {
                k += 1
                let spec = LayoutSpec.grid(try! sized.applying([operation(k)]).spec).normalized()
                _ = spec.prepare(reusing: old, unchangedBefore: 0, item: 0)
            }
            var statuses = Set<Int>()
            let http = Measure.median(runs: 7) {
                k += 1
                let request = HTTPRequest(method: "POST", path: location + "/updates",
                                          body: Array(#"{"updates":[\#(body(k))]}"#.utf8))
                statuses.insert(service.handle(request).status)
            }
            print("  \(name): engine (plan, apply, prepare) \(Measure.format(engine)), POST .../updates "
                  + "\(Measure.format(http)) (status \(statuses.sorted()))")
        }
    }
}
