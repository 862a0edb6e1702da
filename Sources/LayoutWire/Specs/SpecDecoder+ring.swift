import LayoutEngine

extension SpecDecoder {
    static func decodeCircle(_ root: SpecReader) throws(SpecError) -> CircleLayoutSpec {
        let m = try root.object(allowed: ["layout", "collectionView", "itemSize", "radius", "sections"],
                                required: ["collectionView", "sections"])
        let viewport = try m["collectionView"]!.viewport()
        var spec = CircleLayoutSpec(collectionView: viewport.size, items: try singleSectionItems(m["sections"]!))
        spec.contentInset = viewport.contentInset
        if let r = m["itemSize"] { spec.itemSize = try r.size() }
        if let r = m["radius"] { spec.radius = try r.number() }
        return spec
    }

    static func decodeWheel(_ root: SpecReader) throws(SpecError) -> WheelLayoutSpec {
        let m = try root.object(allowed: ["layout", "collectionView", "itemSize", "m34", "infinite", "scrollTargetBehavior",
                                          "sections"],
                                required: ["collectionView", "sections"])
        let viewport = try m["collectionView"]!.viewport()
        var spec = WheelLayoutSpec(collectionView: viewport.size, items: try singleSectionItems(m["sections"]!))
        spec.contentInset = viewport.contentInset
        if let r = m["itemSize"] { spec.itemSize = try r.size() }
        if let r = m["m34"] { spec.m34 = try r.number() }
        if let r = m["infinite"] { spec.infinite = try r.bool() }
        if let r = m["scrollTargetBehavior"] { spec.scrollTargetBehavior = try r.oneOf(ScrollTargetBehavior.self) }
        return spec
    }
}
