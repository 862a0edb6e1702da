import LayoutEngine
import LayoutPrograms
import Testing
import TestSupport

/// The circle program against the built-in circle: the program's sine and cosine (examples/programs/trig.h) are
/// the same operations as the built-in's (`PortableTrig`), so every frame is equal to the last bit.
struct CircleProgramTests {
    @Test func matchesTheBuiltInCircleFor200RandomSpecs() throws {
        let program = try ExampleModules.program("circle")
        var random = SeededRandom(seed: 32)
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
                             itemCounts: [spec.items], json: json + "}"), limits: ExampleModules.roomy)
            let prepared = PreparedCircleLayout(spec)
            #expect(frames.count == spec.items, "case \(i)")
            for item in 0..<min(frames.count, spec.items) {
                let f = prepared.attributesForItem(at: LayoutIndexPath(section: 0, item: item), offset: LayoutPoint(x: 0, y: 0))!
                    .frame
                #expect(frames.item[item] == item && frames.section[item] == 0 && frames.kind[item] == nil)
                #expect(frames.width[item].bitPattern == f.width.bitPattern
                        && frames.height[item].bitPattern == f.height.bitPattern)
                #expect(frames.x[item].bitPattern == f.x.bitPattern && frames.y[item].bitPattern == f.y.bitPattern,
                        "case \(i), item \(item): \(frames.x[item]), \(frames.y[item]) against \(f)")
                total += 1
            }
        }
        #expect(total > 3000)
    }
}
