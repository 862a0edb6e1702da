import LayoutEngine
import LayoutPrograms
import Testing
import TestSupport

/// The circle program against the built-in circle. The program's sine and cosine are correctly rounded and
/// glibc's (which the built-in kind calls) are not always, so a frame may differ in its last bits; the others
/// are equal to the last bit.
struct CircleProgramTests {
    @Test func matchesTheBuiltInCircleFor200RandomSpecs() throws {
        let program = try ExampleModules.program("circle")
        var random = SeededRandom(seed: 32)
        var exact = 0
        var total = 0
        for i in 0..<200 {
            var spec = CircleLayoutSpec(
                collectionView: LayoutSize(width: Double(Int.random(in: 200...1200, using: &random)) / 2,
                                     height: Double(Int.random(in: 200...1800, using: &random)) / 2),
                items: Int.random(in: 0...60, using: &random))
            spec.itemSize = LayoutSize(width: Double(Int.random(in: 1...200, using: &random)) / 4,
                                 height: Double(Int.random(in: 1...200, using: &random)) / 4)
            var json = #"{"itemWidth": \#(spec.itemSize.width), "itemHeight": \#(spec.itemSize.height)"#
            if Bool.random(using: &random) {
                spec.radius = Double(Int.random(in: 0...800, using: &random)) / 4
                json += #", "radius": \#(spec.radius!)"#
            }
            let frames = try program.run(
                ProgramInput(viewWidth: spec.collectionView.width, viewHeight: spec.collectionView.height,
                             itemCounts: [spec.items], parameters: Array((json + "}").utf8)))
            let prepared = PreparedCircleLayout(spec)
            #expect(frames.count == spec.items, "case \(i)")
            for item in 0..<min(frames.count, spec.items) {
                let f = prepared.attributesForItem(at: LayoutIndexPath(section: 0, item: item), offset: LayoutPoint(x: 0, y: 0))!
                    .frame
                #expect(frames.item[item] == item && frames.section[item] == 0 && frames.kind[item] == nil)
                #expect(frames.width[item] == f.width && frames.height[item] == f.height)
                let close = abs(frames.x[item] - f.x) <= 1e-12 * max(1, abs(f.x))
                    && abs(frames.y[item] - f.y) <= 1e-12 * max(1, abs(f.y))
                #expect(close, "case \(i), item \(item): \(frames.x[item]), \(frames.y[item]) against \(f)")
                if frames.x[item] == f.x && frames.y[item] == f.y { exact += 1 }
                total += 1
            }
        }
        #expect(total > 3000)
        #expect(Double(exact) >= 0.98 * Double(total), "\(exact) of \(total) frames equal to the last bit")
    }
}
