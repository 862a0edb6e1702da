import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import LayoutWire
import SQLiteArchive

/// Batch updates and size reports on a large flow layout, through the service's handler (no sockets): what a
/// client waits for, from the request's body to the new layout's answer, and where the time goes.
enum UpdateBench {
    static func rows(n: Int) {
        rows(n: n, archive: nil)
        rows(n: n, archive: TemporaryArchives.sqlite(), stages: false)
    }

    static func rows(n: Int, archive: (() -> any SpecArchive)?, stages: Bool = true) {
        let flow = LayoutBench.spec(n: n, varied: true)
        let spec = LayoutSpec.flow(flow)
        let body = Array(SpecEncoder.canonical(spec))
        print("updates on a \(n / 1000)k-item flow layout with per-item sizes (\(archive == nil ? "memory store" : "sqlite store"); medians):")
        let last = n - 1
        let appended = (0..<1000).map { "[0,\(n + $0)]" }.joined(separator: ",")
        let appendedSizes = (0..<1000).map { "[\(60 + $0 % 90),\(50 + $0 % 40)]" }.joined(separator: ",")
        let cases: [(String, String, String)] = [
            ("insert 1 near the end", "updates", #"{"updates":[{"op":"insertItems","indexPaths":[[0,\#(last - 10)]],"sizes":[[77,55]]}]}"#),
            ("append 1,000", "updates", #"{"updates":[{"op":"insertItems","indexPaths":[\#(appended)],"sizes":[\#(appendedSizes)]}]}"#),
            ("size report, 100 near the top", "sizes", #"{"sizes":["# + (0..<100).map { "{\"section\":0,\"item\":\($0 + 20),\"width\":\(50 + $0 % 70),\"height\":\(44 + $0 % 30)}" }.joined(separator: ",") + "]}"),
        ]
        for (name, endpoint, batch) in cases {
            // A new store each run: the new layout is not known yet (as for a client's first such update).
            var samples: [Double] = []
            var status = 0
            for _ in 0..<7 {
                let service = LayoutService(store: LayoutStore(capacityBytes: 1 << 31, archive: archive?()))
                let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: body))
                let id = posted.header("Location")!.split(separator: "/").last!
                let request = HTTPRequest(method: "POST", path: "/v1/layouts/\(id)/\(endpoint)", body: Array(batch.utf8))
                let started = Measure.clock.now
                status = service.handle(request).status
                samples.append(Measure.nanoseconds(Measure.clock.now - started))
            }
            samples.sort()
            print("  \(Measure.pad(name, 32)) \(Measure.format(samples[samples.count / 2])) (status \(status))")
        }
        guard stages else { return }
        // Where the time goes, for one insert near the end.
        let plan = Measure.median(runs: 7) {
            _ = try! UpdatePlan.make(oldCounts: spec.sectionCounts,
                                     operations: [.insertItems([LayoutIndexPath(section: 0, item: last - 10)], sizes: [LayoutSize(width: 77, height: 55)])])
        }
        let made = try! UpdatePlan.make(oldCounts: spec.sectionCounts,
                                        operations: [.insertItems([LayoutIndexPath(section: 0, item: last - 10)], sizes: [LayoutSize(width: 77, height: 55)])])
        let apply = Measure.median(runs: 7) { _ = try! spec.applying(made) }
        let updated = try! spec.applying(made)
        let validate = Measure.median(runs: 7) { try! updated.validate(limits: SpecLimits(maxItems: 2_000_000)) }
        let normalize = Measure.median(runs: 7) { _ = updated.normalized() }
        let canonical = Measure.median(runs: 7) { _ = SpecEncoder.canonical(updated) }
        let bytes = SpecEncoder.canonical(updated)
        let hash = Measure.median(runs: 7) { _ = SHA256.hex(bytes) }
        let prepare = Measure.median(runs: 7) { _ = updated.prepare() }
        let baseDigest = SpecDigest(of: spec)
        let baseLayout = spec.prepare()
        let (cs, ci) = made.firstChange(oldCounts: spec.sectionCounts)!
        let normalized = updated.normalized()
        let resumedDigest = Measure.median(runs: 7) {
            _ = SpecDigest(of: normalized, resuming: baseDigest, unchangedBefore: cs, item: ci)
        }
        let incremental = Measure.median(runs: 7) {
            _ = normalized.prepare(reusing: baseLayout, unchangedBefore: cs, item: ci)
        }
        print("  stages of the insert, incremental: digest resumed \(Measure.format(resumedDigest)), prepare from the "
              + "old lines \(Measure.format(incremental))")
        print("  stages of the insert, from scratch: plan \(Measure.format(plan)), apply \(Measure.format(apply)), "
              + "validate \(Measure.format(validate)), normalize \(Measure.format(normalize)), canonical form "
              + "\(Measure.format(canonical)) (\(Measure.fixed(Double(bytes.count) / 1e6, 1)) MB), SHA-256 "
              + "\(Measure.format(hash)), prepare \(Measure.format(prepare))")
    }
}
