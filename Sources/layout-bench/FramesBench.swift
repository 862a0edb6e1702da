import LayoutEngine
import LayoutWire

/// `layout-bench --frames`: the POST path of posted frames without HTTP (JSON text -> tape -> spec -> canonical id
/// -> prepared layout), phase by phase, and a rect query of a viewport.
enum FramesBench {
    /// A three-column feed of `n` frames, each under the shortest column (what bench/post-frames.py posts).
    static func spec(n: Int) -> FramesLayoutSpec {
        var rng = SystemRandomNumberGenerator()
        var bottoms = [0.0, 0, 0]
        var e = FrameElements(x: [], y: [], width: [Double](repeating: 120, count: n), height: [])
        for _ in 0..<n {
            let c = bottoms.firstIndex(of: bottoms.min()!)!
            let h = Double(Int.random(in: 100...300, using: &rng))
            e.x.append(130 * Double(c))
            e.y.append(bottoms[c])
            e.height.append(h)
            bottoms[c] += h + 10
        }
        return FramesLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), elements: e)
    }

    static func rows(n: Int) {
        let frames = spec(n: n)
        LayoutBench.pipelineRow(.frames(frames), what: "\(n / 1000)k frames")
        let decoded = try! SpecDecoder.decode(SpecEncoder.canonical(.frames(frames)), limits: SpecLimits())
        let layout = decoded.prepare()
        let height = layout.contentSize.height - 844
        var k = 0
        var count = 0
        let query = Measure.median(runs: 15, repeats: 2000) {
            k = (k + 1) % 64
            var list = ElementList(reservingCapacity: 64)
            _ = layout.elements(in: LayoutRect(x: 0, y: height * Double(k) / 64, width: 390, height: 844), offset: .zero,
                                limit: 10_000, into: &list)
            count = list.count
        }
        print("  rect query of a viewport: \(Measure.format(query)) (\(count) elements)")
    }
}
