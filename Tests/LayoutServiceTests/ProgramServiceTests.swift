import Foundation
import HTTPCore
import LayoutService
import LayoutStore
import LayoutWire
import Synchronization
import Testing
import WAT

/// Layout programs through the handler: POST, GET and DELETE of modules, program specs prepared into frames
/// layouts, each refusal and limit as its own problem, and what the archive keeps.
@Suite struct ProgramServiceTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples/programs").standardizedFileURL

    static func example(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: examples.appendingPathComponent("\(name).wasm")))
    }

    /// A module with the ABI's exports whose `layout_prepare` body is `prepare`.
    static func module(prepare: String, imports: String = "", memory: String = "1") throws -> [UInt8] {
        try wat2wasm("""
            (module
              \(imports)
              (memory (export "memory") \(memory))
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 1024))
              (func (export "layout_prepare") (param i32) \(prepare)))
            """)
    }

    static let emitImport = #"(import "env" "emit" (func $emit (param i32 i32)))"#

    static func postModule(_ c: Client, _ bytes: [UInt8]) -> HTTPResponse {
        c.service.handle(HTTPRequest(method: "POST", path: "/v1/programs", body: bytes))
    }

    /// Posts a module that must be accepted, and returns its id.
    static func posted(_ c: Client, _ bytes: [UInt8]) throws -> String {
        let r = postModule(c, bytes)
        #expect(r.status == 201 || r.status == 200, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        return try #require(c.json(r)["id"]?.string)
    }

    static func spec(_ program: String, items: [Int] = [3], parameters: String = "{}") -> String {
        let sections = items.map { "{\"items\": \($0)}" }.joined(separator: ", ")
        return """
            {"layout": "program", "program": "\(program)", "collectionView": {"width": 390, "height": 844},
             "sections": [\(sections)], "parameters": \(parameters)}
            """
    }

    static func problemType(_ c: Client, _ r: HTTPResponse) -> String? {
        c.json(r)["type"]?.string.map { String($0.dropFirst("urn:layout-service:problem:".count)) }
    }

    @Test func aModuleIsKeptUnderTheDigestOfItsBytes() throws {
        let c = Client()
        let bytes = try Self.example("waterfall")
        let first = Self.postModule(c, bytes)
        #expect(first.status == 201)
        let id = try #require(c.json(first)["id"]?.string)
        #expect(id == SHA256.hex(bytes) && c.json(first)["bytes"]?.number == Double(bytes.count))
        #expect(first.headers.contains { $0 == ("Location", "/v1/programs/\(id)") })
        #expect(Self.postModule(c, bytes).status == 200)

        let get = c.send("GET", "/v1/programs/\(id)")
        #expect(get.status == 200 && get.body.bytes == bytes)
        #expect(get.headers.contains { $0 == ("Content-Type", "application/wasm") })
        #expect(get.headers.contains { $0 == ("ETag", "\"\(id)\"") })
        let again = c.service.handle(HTTPRequest(method: "GET", path: "/v1/programs/\(id)",
                                                 headers: [("If-None-Match", "\"\(id)\"")]))
        #expect(again.status == 304 && again.body.count == 0)

        #expect(c.send("DELETE", "/v1/programs/\(id)").status == 204)
        let gone = c.send("GET", "/v1/programs/\(id)")
        #expect(gone.status == 404 && Self.problemType(c, gone) == "unknown-program")
        #expect(c.send("DELETE", "/v1/programs/\(id)").status == 404)
        #expect(c.send("GET", "/v1/programs/nonsense").status == 404)
        #expect(c.send("PUT", "/v1/programs/\(id)").status == 405)
    }

    @Test func modulesThatBreakTheABIAreRefusedEachWithItsType() throws {
        var limits = ServiceLimits()
        limits.maxProgramBytes = 5000
        let c = Client(limits: limits)
        let tooLarge = Self.postModule(c, [UInt8](repeating: 0, count: 5001))
        #expect(tooLarge.status == 413 && Self.problemType(c, tooLarge) == "body-too-large")

        // Not WebAssembly: a 400, as a body that is not JSON is, in words.
        let malformed = Self.postModule(c, Array("hello".utf8))
        #expect(malformed.status == 400 && Self.problemType(c, malformed) == "malformed-module")
        let detail = c.json(malformed)["detail"]?.string ?? ""
        #expect(detail.hasPrefix("the module is not WebAssembly: ") && !detail.contains("Message("), "\(detail)")
        // WebAssembly that does not validate (a function without results leaves an i32): a 422.
        let invalid = Self.postModule(c, try Self.module(prepare: "(i32.const 1)"))
        #expect(invalid.status == 422 && Self.problemType(c, invalid) == "program-malformed")

        let wasi = try Self.module(
            prepare: "", imports: #"(import "wasi_snapshot_preview1" "fd_write" (func (param i32 i32 i32 i32) (result i32)))"#)
        let forbidden = Self.postModule(c, wasi)
        #expect(forbidden.status == 422 && Self.problemType(c, forbidden) == "program-forbidden-import")
        #expect(c.json(forbidden)["detail"]?.string?.contains("\"wasi_snapshot_preview1\".\"fd_write\"") == true)

        let noPrepare = try wat2wasm("""
            (module (memory (export "memory") 1)
              (func (export "layout_alloc") (param i32) (result i32) (i32.const 0)))
            """)
        let missing = Self.postModule(c, noPrepare)
        #expect(missing.status == 422 && Self.problemType(c, missing) == "program-missing-export")
        #expect(c.json(missing)["detail"]?.string?.contains("layout_prepare") == true)
    }

    @Test func aProgramSpecIsPreparedIntoFramesAndItsIdCoversTheProgram() throws {
        let c = Client()
        let waterfall = try Self.posted(c, try Self.example("waterfall"))
        let circle = try Self.posted(c, try Self.example("circle"))
        let parameters = #"{"columnCount": 2, "itemHeights": [100, 80, 120], "columnSpacing": 10}"#
        let r = c.send("POST", "/v1/layouts", Self.spec(waterfall, parameters: parameters))
        #expect(r.status == 201, "\(String(decoding: r.body.bytes, as: UTF8.self))")
        let id = try #require(c.json(r)["id"]?.string)
        #expect(c.json(r)["items"]?.number == 3)
        // The id is the digest of the canonical form: keys sorted, no whitespace, the program's id in it.
        let canonical = #"{"collectionView":{"height":844,"width":390},"layout":"program","parameters":{"columnCount":2,"columnSpacing":10,"itemHeights":[100,80,120]},"program":"\#(waterfall)","sections":[{"items":3}]}"#
        #expect(id == SHA256.hex(Array(canonical.utf8)))
        // The same parameters written otherwise are the same layout; another program is another.
        let reordered = c.send("POST", "/v1/layouts", Self.spec(
            waterfall, parameters: #"{ "itemHeights":[1e2,80,120.0],"columnSpacing":10, "columnCount":2 }"#))
        #expect(reordered.status == 200 && c.json(reordered)["id"]?.string == id)
        let other = c.send("POST", "/v1/layouts", Self.spec(circle, parameters: #"{"itemWidth": 50, "itemHeight": 50}"#))
        #expect(other.status == 201 && c.json(other)["id"]?.string != id)

        let rect = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,390,844"))
        let frames = rect["elements"]?.elements.map { e in
            [e["frame"]!["x"]!.number!, e["frame"]!["y"]!.number!, e["frame"]!["width"]!.number!,
             e["frame"]!["height"]!.number!]
        }
        // The program's item spacing is 10 by default.
        #expect(frames == [[0, 0, 190, 100], [200, 0, 190, 80], [200, 90, 190, 120]])
    }

    /// The waterfall program and the built-in waterfall give the same attributes through the service: the same
    /// elements in every rect (a frames layout answers a header after its section's first cell, the built-in one
    /// before), and the same content size when nothing follows the last element (the ABI has no content size: a
    /// program layout's reaches the frames' furthest edges).
    @Test func theWaterfallProgramAnswersAsTheBuiltInWaterfall() throws {
        let c = Client()
        let program = try Self.posted(c, try Self.example("waterfall"))
        var random = SystemRandomNumberGenerator()
        func elements(_ id: String, _ rect: String) -> [String] {
            let answer = c.json(c.send("GET", "/v1/layouts/\(id)/attributes?\(rect)"))
            return answer["elements"]!.elements.map { e in
                ["category", "kind", "section", "item", "frame", "zIndex"].map { key in
                    e[key].map { v in v.string ?? v.number.map { "\($0)" } ?? v.members.map { "\($0.value.number!)" }
                        .joined(separator: ",") } ?? "-"
                }.joined(separator: " ")
            }.sorted()
        }
        for _ in 0..<10 {
            let columns = Int.random(in: 1...5, using: &random)
            let counts = (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 1...60, using: &random) }
            let heights = counts.map { n in (0..<n).map { _ in Double(Int.random(in: 20...4000, using: &random)) / 8 } }
            let spacing = Double(Int.random(in: 0...40, using: &random)) / 4
            let header = Double(Int.random(in: 0...1, using: &random) * 44)
            let inset = (0..<3).map { _ in Double(Int.random(in: 0...30, using: &random)) / 2 } + [0]
            func list(_ v: [Double]) -> String { "[" + v.map { "\($0)" }.joined(separator: ",") + "]" }
            let builtIn = """
                {"layout": "waterfall", "collectionView": {"width": 390, "height": 844}, "columnCount": \(columns),
                 "columnSpacing": \(spacing), "itemSpacing": \(spacing), "headerHeight": \(header),
                 "sectionInset": {"top": \(inset[0]), "left": \(inset[1]), "right": \(inset[2]), "bottom": 0},
                 "sections": [\(heights.map { "{\"itemHeights\": \(list($0))}" }.joined(separator: ","))]}
                """
            let parameters = """
                {"columnCount": \(columns), "columnSpacing": \(spacing), "itemSpacing": \(spacing),
                 "headerHeight": \(header), "sectionInset": [\(inset[0]), \(inset[1]), 0, \(inset[2])],
                 "itemHeights": \(list(heights.flatMap { $0 }))}
                """
            let a = c.send("POST", "/v1/layouts", builtIn)
            let b = c.send("POST", "/v1/layouts", Self.spec(program, items: counts, parameters: parameters))
            #expect(a.status == 201 && b.status == 201, "\(String(decoding: b.body.bytes, as: UTF8.self))")
            let (idA, idB) = (c.json(a)["id"]!.string!, c.json(b)["id"]!.string!)
            let height = c.json(a)["contentSize"]!["height"]!.number!
            #expect(c.json(b)["contentSize"]?["height"]?.number == height)
            #expect(c.json(b)["items"]?.number == c.json(a)["items"]?.number)
            for y in stride(from: 0.0, to: height + 1, by: 400) {
                let rect = "rect=0,\(y),390,844"
                #expect(elements(idA, rect) == elements(idB, rect), "\(builtIn) at \(rect)")
            }
        }
    }

    @Test func anUnknownProgramIsAProblemAtProgram() {
        let c = Client()
        let r = c.send("POST", "/v1/layouts", Self.spec(String(repeating: "a", count: 64)))
        #expect(r.status == 422 && Self.problemType(c, r) == "invalid-spec")
        #expect(c.json(r)["pointer"]?.string == "/program")
        let malformedID = c.send("POST", "/v1/layouts", Self.spec("waterfall"))
        #expect(malformedID.status == 422 && c.json(malformedID)["pointer"]?.string == "/program")
        let badParameters = c.send("POST", "/v1/layouts", Self.spec(String(repeating: "a", count: 64), parameters: "[1]"))
        #expect(badParameters.status == 422 && c.json(badParameters)["pointer"]?.string == "/parameters")
        let duplicate = c.send("POST", "/v1/layouts", Self.spec(String(repeating: "a", count: 64),
                                                               parameters: #"{"a": 1, "a": 2}"#))
        #expect(duplicate.status == 422 && c.json(duplicate)["pointer"]?.string == "/parameters/a")
    }

    /// Each limit and failure of a run is a 422 of its own type, with the limit or the trap's message.
    @Test func eachLimitAndTrapIsItsOwnProblem() throws {
        var limits = ServiceLimits()
        limits.programFuel = 1_000_000
        limits.programMemoryPages = 16
        limits.programElements = 5000
        let c = Client(limits: limits)
        var deadlineLimits = limits
        deadlineLimits.programFuel = .max / 2
        deadlineLimits.programDeadlineMilliseconds = 200
        let d = Client(service: LayoutService(store: c.service.store, limits: deadlineLimits))
        let loop = "(loop $forever (br $forever))"
        let cases: [(Client, String, String, String, String)] = [
            (c, loop, "", "program-fuel-exhausted", "ran out of fuel (limit 1000000)"),
            (d, loop, "", "program-deadline", "deadline of 200 ms"),
            (c, "(loop $more (drop (memory.grow (i32.const 1))) (br $more))", "", "program-memory-limit", "16 pages"),
            (c, """
                (local $i i32)
                (loop $next
                  (call $emit (i32.const 4096) (i32.const 1000))
                  (local.set $i (i32.add (local.get $i) (i32.const 1)))
                  (br_if $next (i32.lt_u (local.get $i) (i32.const 100000))))
                """, Self.emitImport, "program-element-limit", "more than 5000 elements"),
            (c, "(drop (i32.div_s (i32.const 1) (i32.const 0)))", "", "program-trap", "integer divide by zero"),
            (c, "(unreachable)", "", "program-trap", "trapped: unreachable"),
            (c, "(call $emit (i32.const 65000) (i32.const 100))", Self.emitImport, "program-bad-output", "memory"),
        ]
        for (client, prepare, imports, type, words) in cases {
            let program = try Self.posted(c, try Self.module(prepare: prepare, imports: imports))
            let start = ContinuousClock.now
            let r = client.send("POST", "/v1/layouts", Self.spec(program))
            #expect(ContinuousClock.now - start < .seconds(30))  // wide: the suites share two cores
            #expect(r.status == 422 && Self.problemType(client, r) == type, "\(type)")
            #expect(client.json(r)["detail"]?.string?.contains(words) == true,
                    "\(String(decoding: r.body.bytes, as: UTF8.self))")
            #expect(client.json(r)["pointer"]?.string == "/program")
        }
    }

    /// A program whose elements are no valid frames layout (a negative width here) is refused with the element.
    @Test func elementsThatAreNoValidLayoutAreBadOutput() throws {
        let c = Client()
        // One element at 2048: x 0, y 0, width -1 (f64 0xBFF0000000000000), height 1, section 0, item 0, a cell.
        let program = try Self.posted(c, try Self.module(
            prepare: """
                (f64.store (i32.const 2064) (f64.const -1))
                (f64.store (i32.const 2072) (f64.const 1))
                (call $emit (i32.const 2048) (i32.const 1))
                """, imports: Self.emitImport))
        let r = c.send("POST", "/v1/layouts", Self.spec(program))
        #expect(r.status == 422 && Self.problemType(c, r) == "program-bad-output")
        #expect(c.json(r)["detail"]?.string?.contains("/elements/width/0") == true)
    }

    /// A module that emits a 1x1 cell at each of `cells` (section, item), as elements from 2048 on.
    static func cellsModule(_ cells: [(Int, Int)]) throws -> [UInt8] {
        let stores = cells.enumerated().map { n, cell in
            let at = 2048 + 48 * n
            return """
                (f64.store (i32.const \(at + 16)) (f64.const 1)) (f64.store (i32.const \(at + 24)) (f64.const 1))
                (i32.store (i32.const \(at + 32)) (i32.const \(cell.0))) (i32.store (i32.const \(at + 36)) (i32.const \(cell.1)))
                """
        }
        return try module(prepare: stores.joined(separator: "\n") + "(call $emit (i32.const 2048) (i32.const \(cells.count)))",
                          imports: emitImport)
    }

    /// A program's cells are the spec's items, one each: a program that emits none (the waterfall example without
    /// heights), too few, or one the spec does not declare is refused with the counts and the cell out of place.
    @Test func cellsThatAreNotTheSpecsItemsAreBadOutput() throws {
        let c = Client()
        let waterfall = try Self.posted(c, try Self.example("waterfall"))
        let none = c.send("POST", "/v1/layouts", Self.spec(waterfall, parameters: #"{"columnCount": 2}"#))
        #expect(none.status == 422 && Self.problemType(c, none) == "program-bad-output")
        #expect(c.json(none)["detail"]?.string
            == "the spec declares 3 items and the program emitted 0 cells (one cell for each item is expected)")
        #expect(c.json(none)["pointer"]?.string == "/program")
        let cases: [([(Int, Int)], [Int], String?)] = [
            ([(0, 0), (0, 1), (0, 2)], [2], "the spec declares 2 items and the program emitted 3 cells: element 2 is a "
                + "cell at section 0, item 2, which the spec does not declare"),
            ([(0, 0), (1, 0)], [2], "the spec declares 2 items and the program emitted 2 cells: element 1 is a cell at "
                + "section 1, item 0, which the spec does not declare"),
            // The same cell twice is no valid frames layout, refused before its counts.
            ([(0, 0), (0, 0)], [2], "the program's elements are not a valid frames layout: /elements/item/1: repeats "
                + "the index path of element 0"),
            ([(0, 0), (1, 0)], [1, 2], "the spec declares 3 items and the program emitted 2 cells (one cell for each "
                + "item is expected)"),
            ([(1, 1), (0, 0), (1, 0)], [1, 2], nil),
        ]
        for (cells, items, detail) in cases {
            let program = try Self.posted(c, try Self.cellsModule(cells))
            let r = c.send("POST", "/v1/layouts", Self.spec(program, items: items))
            if let detail {
                #expect(r.status == 422 && Self.problemType(c, r) == "program-bad-output")
                #expect(c.json(r)["detail"]?.string == detail, "\(String(decoding: r.body.bytes, as: UTF8.self))")
            } else {
                #expect(r.status == 201 && c.json(r)["items"]?.number == 3,
                        "\(String(decoding: r.body.bytes, as: UTF8.self))")
            }
        }
    }

    /// The archive keeps the frames under the program spec's id: after a restart the layout answers without its
    /// program (deleted here), and the program itself is still there for new specs until it is deleted.
    @Test func theArchiveKeepsProgramsAndTheFramesTheyComputed() throws {
        let archive = ProgramMemoryArchive()
        let c = Client(service: LayoutService(store: LayoutStore(capacityBytes: 1 << 28, archive: archive)))
        let waterfall = try Self.posted(c, try Self.example("waterfall"))
        let circle = try Self.posted(c, try Self.example("circle"))
        let parameters = #"{"columnCount": 2, "itemHeights": [100, 80, 120]}"#
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec(waterfall, parameters: parameters)))["id"]?.string)
        let before = c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,390,844").body.bytes
        #expect(c.send("DELETE", "/v1/programs/\(waterfall)").status == 204)

        let restarted = Client(service: LayoutService(store: LayoutStore(capacityBytes: 1 << 28, archive: archive)))
        #expect(restarted.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,390,844").body.bytes == before)
        // Posting the spec again answers the kept layout (the program is not needed, nor run).
        #expect(restarted.send("POST", "/v1/layouts", Self.spec(waterfall, parameters: parameters)).status == 200)
        #expect(restarted.send("GET", "/v1/programs/\(waterfall)").status == 404)
        let kept = restarted.send("GET", "/v1/programs/\(circle)")
        let circleBytes = try Self.example("circle")
        #expect(kept.status == 200 && kept.body.bytes == circleBytes)
    }

    /// Without an archive, modules are kept in memory within the spec memory budget; past it, a 507.
    @Test func theMemoryStoreRefusesModulesPastItsBudget() throws {
        let (waterfall, circle) = (try Self.example("waterfall"), try Self.example("circle"))
        let budget = waterfall.count + circle.count - 1
        let c = Client(service: LayoutService(store: LayoutStore(capacityBytes: 1 << 28, specMemoryBytes: budget)))
        _ = try Self.posted(c, waterfall)
        let full = Self.postModule(c, circle)
        #expect(full.status == 507 && Self.problemType(c, full) == "spec-memory-full")
    }
}

/// A spec and program archive in memory: a new store on it is a restarted process.
final class ProgramMemoryArchive: SpecArchive, ProgramArchive {
    let specs = MemoryArchive()
    private let programs = Mutex<[String: [UInt8]]>([:])

    func save(id: String, canonicalSpec: [UInt8]) throws { try specs.save(id: id, canonicalSpec: canonicalSpec) }
    func save(id: String, base: String, change: [UInt8]) throws -> Bool {
        try specs.save(id: id, base: base, change: change)
    }
    func load(id: String) throws -> (spec: StoredSpec, removed: Bool)? { try specs.load(id: id) }
    func remove(id: String) throws { try specs.remove(id: id) }
    func probe() throws {}

    func saveProgram(id: String, bytes: [UInt8]) throws -> Bool {
        programs.withLock { stored in
            guard stored[id] == nil else { return false }
            stored[id] = bytes
            return true
        }
    }
    func loadProgram(id: String) throws -> [UInt8]? { programs.withLock { $0[id] } }
    func removeProgram(id: String) throws -> Bool { programs.withLock { $0.removeValue(forKey: id) != nil } }
}
