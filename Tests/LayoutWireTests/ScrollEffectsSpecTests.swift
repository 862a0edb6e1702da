import LayoutEngine
import LayoutWire
import Testing

/// `scrollEffects` on the wire: decoded for flow, waterfall, list and compositional layouts (and a compositional
/// section), refused elsewhere and out of range with the field's pointer, written canonically only when given, and
/// described by the summary.
@Suite struct ScrollEffectsSpecTests {
    static let view = #""collectionView":{"width":300,"height":400}"#
    static let flow = #"{"layout":"flow",\#(view),"itemSize":{"width":100,"height":100},"sections":[{"items":30}]"#

    func decode(_ text: String) throws(SpecInputError) -> LayoutSpec {
        try SpecDecoder.decode(Array(text.utf8), limits: SpecLimits())
    }

    func canonical(_ text: String) throws -> String {
        String(decoding: SpecEncoder.canonical(try decode(text)), as: UTF8.self)
    }

    func pointer(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            guard case .spec(let e) = error else { return "syntax" }
            return e.pointer
        }
    }

    @Test(arguments: [
        (#"\#(flow),"scrollEffects":{"scale":{"minimum":1.5}}}"#, "/scrollEffects/scale/minimum"),
        (#"\#(flow),"scrollEffects":{"alpha":{"minimum":-1}}}"#, "/scrollEffects/alpha/minimum"),
        (#"\#(flow),"scrollEffects":{"alpha":{}}}"#, "/scrollEffects/alpha/minimum"),
        (#"\#(flow),"scrollEffects":{"alpha":{"minimum":0.5},"distance":0}}"#, "/scrollEffects/distance"),
        (#"\#(flow),"scrollEffects":{"distance":-3}}"#, "/scrollEffects/distance"),
        (#"\#(flow),"scrollEffects":{"rotate":1}}"#, "/scrollEffects/rotate"),
        (#"\#(flow),"scrollEffects":3}"#, "/scrollEffects"),
        (#"{"layout":"circle",\#(view),"sections":[{"items":3}],"scrollEffects":{}}"#, "/scrollEffects"),
        (#"{"layout":"wheel",\#(view),"sections":[{"items":3}],"scrollEffects":{}}"#, "/scrollEffects"),
        (#"{"layout":"grid",\#(view),"rows":3,"columns":3,"scrollEffects":{}}"#, "/scrollEffects"),
        (#"{"layout":"list",\#(view),"sections":[{"items":3}],"scrollEffects":{"scale":{"minimum":2}}}"#,
         "/scrollEffects/scale/minimum"),
        (#"{"layout":"compositional",\#(view),"sections":[{"items":3,"section":{"group":{"axis":"horizontal","#
            + #""size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"item":{"size":"#
            + #"{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]},"scrollEffects":"#
            + #"{"alpha":{"minimum":7}}}}]}"#, "/sections/0/section/scrollEffects/alpha/minimum"),
    ])
    func refusedWithThePointer(_ text: String, _ expected: String) {
        #expect(pointer(text) == expected)
    }

    /// Absent when not given (ids of layouts without effects are unchanged); the members given, keys sorted;
    /// minimums of 1 say nothing; written as read back.
    @Test func canonicalForm() throws {
        let plain = try canonical(#"\#(Self.flow)}"#)
        #expect(!plain.contains("scrollEffects"))
        #expect(try canonical(#"\#(Self.flow),"scrollEffects":{}}"#) == plain)
        #expect(try canonical(#"\#(Self.flow),"scrollEffects":{"scale":{"minimum":1},"distance":9}}"#) == plain)
        let given = try canonical(#"\#(Self.flow),"scrollEffects":{"scale":{"minimum":0.5},"distance":200,"alpha":{"minimum":0}}}"#)
        #expect(given.contains(#""scrollDirection":"vertical","scrollEffects":{"alpha":{"minimum":0},"distance":200,"scale":{"minimum":0.5}},"#))
        #expect(try canonical(given) == given)
        let waterfall = try canonical(#"{"layout":"waterfall",\#(Self.view),"sections":[{"itemHeights":[10]}],"scrollEffects":{"alpha":{"minimum":0.25}}}"#)
        #expect(waterfall.contains(#""scrollEffects":{"alpha":{"minimum":0.25}},"#))
        #expect(try canonical(waterfall) == waterfall)
        let list = try canonical(#"{"layout":"list",\#(Self.view),"sections":[{"items":3}],"scrollEffects":{"scale":{"minimum":0.5}}}"#)
        #expect(list.contains(#""scrollEffects":{"scale":{"minimum":0.5}},"sections""#))
        #expect(try canonical(list) == list)
        // A section's own `{}` stays: it replaces the layout's (no effects for that section).
        let section = #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"#
            + #""subitems":[{"item":{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]},"#
            + #""scrollEffects":{}}"#
        let own = try canonical(#"{"layout":"compositional",\#(Self.view),"sections":[{"items":3,"section":\#(section)}],"scrollEffects":{"alpha":{"minimum":0}}}"#)
        #expect(own.contains(#""orthogonalScrollingBehavior":"none","scrollEffects":{}}"#))
        #expect(try canonical(own) == own)
    }

    /// The summary's runs: each with its axis, centre, distance and minimums.
    @Test func summary() throws {
        let spec = try decode(#"{"layout":"flow","collectionView":{"width":300,"height":400,"contentInset":"#
            + #"{"top":20,"left":0,"bottom":60,"right":0}},"sections":[{"items":30},{"items":2}],"#
            + #""scrollEffects":{"scale":{"minimum":0.5}}}"#)
        let text = String(decoding: SummaryEncoder.bytes(id: "x", layout: spec.prepare(), includeSpec: false), as: UTF8.self)
        // The visible area is y 20...340 of the view: its centre 180 past the offset; D the view's 400.
        #expect(text.contains(#""boundsDependent":true"#))
        #expect(text.contains(#""scrollEffects":[{"sections":[0,1],"axis":"y","center":180,"distance":400,"scale":0.5,"alpha":1}]"#))
        let plain = String(decoding: SummaryEncoder.bytes(id: "x", layout: try decode(#"\#(Self.flow)}"#).prepare(),
                                                          includeSpec: false), as: UTF8.self)
        #expect(!plain.contains("scrollEffects"))
    }
}
