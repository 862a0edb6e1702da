import Foundation
import LayoutEngine
import LayoutEngineFoundation
import Testing

@Suite struct ConversionTests {
    @Test func geometryRoundTrips() {
        let rect = LayoutRect(x: 10.5, y: -3, width: 120, height: 0.1)
        #expect(CGRect(rect) == CGRect(x: 10.5, y: -3, width: 120, height: 0.1))
        #expect(LayoutRect(CGRect(rect)) == rect)
        #expect(LayoutPoint(CGPoint(LayoutPoint(x: 1e9, y: 0.3))) == LayoutPoint(x: 1e9, y: 0.3))
        #expect(LayoutSize(CGSize(LayoutSize(width: 390, height: 844))) == LayoutSize(width: 390, height: 844))
    }

    @Test func aNegativeCGRectIsStandardized() {
        #expect(LayoutRect(CGRect(x: 100, y: 50, width: -20, height: -10)) == LayoutRect(x: 80, y: 40, width: 20,
                                                                                            height: 10))
    }

    @Test func indexPathsRoundTrip() {
        let path = LayoutIndexPath(section: 3, item: 41)
        #expect(IndexPath(path) == IndexPath(indexes: [3, 41]))
        #expect(LayoutIndexPath(IndexPath(path)) == path)
        #expect(LayoutIndexPath(IndexPath(index: 4)) == nil)
    }

    /// What a `UICollectionViewLayout` subclass does with the engine (docs/engine-library.md), minus UIKit: the
    /// frames it hands to UIKit for a rect are the engine's, converted.
    @Test func aLayoutAnswersInCoreGraphicsTerms() throws {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                  sections: [FlowSectionSpec(items: .count(1000))])
        spec.itemSize = LayoutSize(width: 120, height: 120)
        spec.minimumInteritemSpacing = 10
        spec.minimumLineSpacing = 10
        let layout = LayoutSpec.flow(spec).prepare()
        var list = ElementList()
        _ = layout.elements(in: LayoutRect(CGRect(x: 0, y: 0, width: 390, height: 844)), offset: .zero, limit: 500,
                            into: &list)
        let frames = list.elements.map { CGRect($0.frame) }
        #expect(frames.count == 21)  // 7 rows of 3 meet the first 844 points (rows every 130)
        // Row 1, column 1: the line's 30 spare points shared by its two gaps (UIKit's justified lines).
        #expect(frames[4] == CGRect(x: 135, y: 130, width: 120, height: 120))
        #expect(list.elements.map { IndexPath($0.indexPath) }.prefix(2) == [IndexPath(indexes: [0, 0]),
                                                                            IndexPath(indexes: [0, 1])])
    }
}
