import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import LayoutWire

/// `layout-bench --frames-updates`: one batch (a frame inserted, ten moved with new frames) on the feed of
/// `FramesBench.spec`: in the engine (plan and apply, then prepare afresh or from the old layout), a hundred such
/// batches in a row prepared each from the last, and through `POST .../updates`.
enum FramesUpdateBench {
    /// The batch's operations and new frames; `k` varies the frames so that each run makes a new layout.
    static func batch(n: Int, k: Int) -> ([BatchOperation], FrameUpdates, String) {
        var ops: [BatchOperation] = []
        var updates = FrameUpdates()
        var json: [String] = []
        let y = Double(1000 + k)
        let inserted = LayoutIndexPath(section: 0, item: n / 2 + 5)
        ops.append(.insertItems([inserted], sizes: nil))
        updates.placed[inserted] = FrameElement(frame: LayoutRect(x: 0, y: y, width: 120, height: 100))
        json.append(#"{"op":"insertItems","indexPaths":[[0,\#(n / 2 + 5)]],"frames":[[0,\#(Int(y)),120,100]]}"#)
        for j in 0..<10 {
            let from = LayoutIndexPath(section: 0, item: n / 10 * j + 7)
            let to = LayoutIndexPath(section: 0, item: n / 10 * j + 3)
            ops.append(.moveItem(from: from, to: to))
            updates.placed[to] = FrameElement(frame: LayoutRect(x: 260, y: y + Double(j), width: 120, height: 100))
            json.append(#"{"op":"moveItem","from":[0,\#(from.item)],"to":[0,\#(to.item)],"frame":[260,\#(Int(y) + j),120,100]}"#)
        }
        return (ops, updates, #"{"updates":["# + json.joined(separator: ",") + "]}")
    }

    static func rows(n: Int) {
        let spec = LayoutSpec.frames(FramesBench.spec(n: n)).normalized()
        guard case .frames(let frames) = spec else { return }
        let old = PreparedFramesLayout(frames)
        print("frames updates: \(n / 1000)k frames, a batch inserting 1 frame and moving 10 with new frames; medians")
        var k = 0
        var applied: [(UpdatePlan, FrameUpdates, FramesLayoutSpec)] = []
        let apply = Measure.median(runs: 7) {
            k += 1
            let (ops, updates, _) = batch(n: n, k: k)
            let plan = try! UpdatePlan.make(oldCounts: frames.cellCounts, operations: ops)
            guard case .frames(let updated) = try! spec.applying(plan, frames: updates) else { return }
            applied.append((plan, updates, updated))
        }
        var next = 0
        let fresh = Measure.median(runs: 7) {
            _ = PreparedFramesLayout(applied[next % applied.count].2)
            next += 1
        }
        let reused = Measure.median(runs: 7) {
            let (plan, updates, updated) = applied[next % applied.count]
            _ = PreparedFramesLayout(updated, reusing: old, plan: plan, frames: updates)
            next += 1
        }
        print("  plan and apply: \(Measure.format(apply)); prepare afresh \(Measure.format(fresh)), from the old "
              + "layout \(Measure.format(reused)); apply+prepare \(Measure.format(apply + fresh)) -> "
              + "\(Measure.format(apply + reused))")
        // A hundred batches in a row, each prepared from the layout before it.
        var (layout, current) = (old, frames)
        var (total, rebuilt, parts) = (Duration.zero, 0, 0)
        let clock = ContinuousClock()
        for b in 0..<100 {
            let (ops, updates, _) = batch(n: current.elements.count, k: b)
            let plan = try! UpdatePlan.make(oldCounts: current.cellCounts, operations: ops)
            guard case .frames(let updated) = try! LayoutSpec.frames(current).applying(plan, frames: updates) else { return }
            var next: PreparedFramesLayout?
            total += clock.measure { next = PreparedFramesLayout(updated, reusing: layout, plan: plan, frames: updates) }
            if layout.indexPartCount > 1, next!.indexPartCount == 1 { rebuilt += 1 }
            (layout, current) = (next!, updated)
            parts = max(parts, layout.indexPartCount)
        }
        print("  100 batches in a row: prepare from the old layout \(Measure.format(Measure.nanoseconds(total) / 100)) "
              + "a batch on average (\(rebuilt) rebuilt afresh, at most \(parts) parts)")

        let service = LayoutService(store: LayoutStore(capacityBytes: 1 << 32))
        let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: SpecEncoder.canonical(spec)))
        let location = posted.headers.first { $0.0 == "Location" }!.1
        var statuses = Set<Int>()
        let http = Measure.median(runs: 7) {
            k += 1
            let request = HTTPRequest(method: "POST", path: location + "/updates", body: Array(batch(n: n, k: k).2.utf8))
            statuses.insert(service.handle(request).status)
        }
        print("  POST .../updates (decode, plan, apply, validate, hash, prepare from the old layout): "
              + "\(Measure.format(http)) (status \(statuses.sorted()))")
    }
}
