import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import LayoutWire
import SQLiteArchive

/// `POST .../bounds` (a rotation: 390x844 -> 844x390) on a large flow layout with per-item sizes, beside a POST of
/// the same items at the new size, through the service's handler (no sockets), and where the time goes.
enum ViewportBench {
    static func rows(n: Int) {
        rows(n: n, archive: nil)
        rows(n: n, archive: TemporaryArchives.sqlite(), stages: false)
    }

    static func rows(n: Int, archive: (() -> any SpecArchive)?, stages: Bool = true) {
        let spec = LayoutSpec.flow(LayoutBench.spec(n: n, varied: true))
        let rotated = spec.withViewport(Viewport(size: LayoutSize(width: 844, height: 390)))
        let posted = SpecEncoder.canonical(rotated)
        let boundsBody = Array(#"{"collectionView":{"width":844,"height":390},"offset":{"x":0,"y":120000}}"#.utf8)
        print("bounds on a \(n / 1000)k-item flow layout with per-item sizes, 390x844 -> 844x390 "
              + "(\(archive == nil ? "memory store" : "sqlite store"); medians):")
        var post: [Double] = []
        var bounds: [Double] = []
        var statuses = (0, 0)
        for _ in 0..<7 {
            // A new store each run: the resized layout is not known yet.
            let a = LayoutService(store: LayoutStore(capacityBytes: 1 << 31, archive: archive?()))
            var started = Measure.clock.now
            statuses.0 = a.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: posted)).status
            post.append(Measure.nanoseconds(Measure.clock.now - started))
            let b = LayoutService(store: LayoutStore(capacityBytes: 1 << 31, archive: archive?()))
            let base = b.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: SpecEncoder.canonical(spec)))
            let id = base.header("Location")!.split(separator: "/").last!
            started = Measure.clock.now
            statuses.1 = b.handle(HTTPRequest(method: "POST", path: "/v1/layouts/\(id)/bounds", body: boundsBody)).status
            bounds.append(Measure.nanoseconds(Measure.clock.now - started))
        }
        post.sort()
        bounds.sort()
        print("  \(Measure.pad("POST of the items at 844x390", 34)) \(Measure.format(post[post.count / 2])) "
              + "(\(Measure.fixed(Double(posted.count) / 1e6, 1)) MB body, status \(statuses.0))")
        print("  \(Measure.pad("POST .../bounds", 34)) \(Measure.format(bounds[bounds.count / 2])) "
              + "(\(boundsBody.count) B body, status \(statuses.1))")
        guard stages else { return }
        // Where the time of a bounds change goes.
        let resize = Measure.median(runs: 7) { _ = spec.withViewport(Viewport(size: LayoutSize(width: 844, height: 390))) }
        let validate = Measure.median(runs: 7) { try! rotated.validate(limits: SpecLimits(maxItems: 2_000_000)) }
        let digest = Measure.median(runs: 7) { _ = SpecDigest(of: rotated) }
        let prepare = Measure.median(runs: 7) { _ = rotated.prepare() }
        let old = spec.prepare()
        let new = rotated.prepare()
        let anchor = Measure.median(runs: 7) {
            let p = old.placement(of: .firstVisible, at: LayoutPoint(x: 0, y: 120_000))!
            _ = new.contentOffset(keeping: p, from: old)
        }
        print("  stages of bounds: resize \(Measure.format(resize)), validate \(Measure.format(validate)), id (canonical "
              + "form and SHA-256) \(Measure.format(digest)), prepare \(Measure.format(prepare)), anchor "
              + "\(Measure.format(anchor))")
    }
}
