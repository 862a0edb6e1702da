import HTTPCore
import LayoutEngine
import LayoutService
import LayoutWire
import TestSupport
import Testing

/// `format=columns` against `format=full` (the default): the same elements, attribute by attribute, for random
/// layouts of every kind, rects and offsets; arrays left out only when every element has the default.
@Suite struct ColumnsServiceTests {
    static func specs() -> [String] {
        var rng = SeededRandom(seed: 21)
        var out: [String] = []
        for _ in 0..<6 {
            out.append(String(decoding: SpecEncoder.canonical(.flow(RandomSpecs.flowWithOptions(&rng))), as: UTF8.self))
            out.append(String(decoding: SpecEncoder.canonical(.waterfall(RandomSpecs.waterfall(&rng))), as: UTF8.self))
        }
        out.append(#"{"layout":"wheel","collectionView":{"width":320,"height":200},"infinite":true,"sections":[{"items":12}]}"#)
        out.append(#"{"layout":"circle","collectionView":{"width":400,"height":400},"itemSize":{"width":40,"height":40},"sections":[{"items":9}]}"#)
        return out
    }

    @Test func columnsHoldTheFullAnswersElements() throws {
        let c = Client()
        var rng = SeededRandom(seed: 22)
        for spec in Self.specs() {
            let summary = c.json(c.send("POST", "/v1/layouts", spec))
            let id = try #require(summary["id"]?.string, "\(spec)")
            let width = summary["contentSize"]?["width"]?.number ?? 0
            let height = summary["contentSize"]?["height"]?.number ?? 0
            for _ in 0..<8 {
                let rect = RandomSpecs.rect(&rng, over: LayoutSize(width: max(width, 1), height: max(height, 1)))
                let offset = RandomSpecs.offset(&rng, over: LayoutSize(width: max(width, 1), height: max(height, 1)))
                let query = "rect=\(rect.x),\(rect.y),\(rect.width),\(rect.height)&offset=\(offset.x),\(offset.y)"
                let fullAnswer = c.send("GET", "/v1/layouts/\(id)/attributes?\(query)&format=full")
                let columnsAnswer = c.send("GET", "/v1/layouts/\(id)/attributes?\(query)&format=columns")
                #expect(fullAnswer.status == 200 && columnsAnswer.status == 200)
                #expect(fullAnswer.body.bytes == c.send("GET", "/v1/layouts/\(id)/attributes?\(query)").body.bytes)
                compare(full: c.json(fullAnswer), columns: c.json(columnsAnswer))
            }
        }
    }

    func compare(full: JSONValue, columns: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) {
        let elements = full["elements"].map { Array($0.elements) } ?? []
        #expect(columns["count"]?.number == Double(elements.count), sourceLocation: sourceLocation)
        #expect(columns["contentSize"]?["width"]?.number == full["contentSize"]?["width"]?.number)
        #expect(columns["contentOffsetAdjustment"]?["y"]?.number == full["contentOffsetAdjustment"]?["y"]?.number)
        func column(_ name: String) -> [JSONValue]? { columns[name].map { Array($0.elements) } }
        for (key, path) in [("section", ["section"]), ("item", ["item"]), ("x", ["frame", "x"]), ("y", ["frame", "y"]),
                            ("width", ["frame", "width"]), ("height", ["frame", "height"])] {
            let values = column(key)
            #expect(values?.count == elements.count, "\(key)", sourceLocation: sourceLocation)
            for (i, e) in elements.enumerated() where i < values?.count ?? 0 {
                var v: JSONValue? = e
                for p in path { v = v?[p] }
                #expect(values?[i].number == v?.number, "\(key) of element \(i)", sourceLocation: sourceLocation)
            }
        }
        let categories = ["cell": 0.0, "supplementary": 1, "decoration": 2]
        for (i, e) in elements.enumerated() {
            let category = categories[e["category"]?.string ?? ""]
            #expect((column("category")?[i].number ?? 0) == category, sourceLocation: sourceLocation)
            #expect(column("kind")?[i].string == e["kind"]?.string, sourceLocation: sourceLocation)
            #expect((column("zIndex")?[i].number ?? 0) == e["zIndex"]?.number, sourceLocation: sourceLocation)
            #expect((column("alpha")?[i].number ?? 1) == e["alpha"]?.number, sourceLocation: sourceLocation)
            #expect((column("hidden")?[i].bool ?? false) == e["hidden"]?.bool, sourceLocation: sourceLocation)
            let transform = column("transform3D")?[i].elements.map { $0.number }
            #expect(transform == e["transform3D"]?.elements.map { $0.number }, sourceLocation: sourceLocation)
        }
        // Arrays of defaults only are left out.
        if let z = column("zIndex") { #expect(z.contains { $0.number != 0 }) }
        if let a = column("alpha") { #expect(a.contains { $0.number != 1 }) }
        if let h = column("hidden") { #expect(h.contains { $0.bool == true }) }
        if let c = column("category") { #expect(c.contains { $0.number != 0 }) }
    }

    @Test func anUnknownFormatIsA400NamingIt() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.specs().last!))["id"]?.string)
        let answer = c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,10,10&format=csv")
        #expect(answer.status == 400)
        #expect(c.json(answer)["parameter"]?.string == "format")
    }
}
