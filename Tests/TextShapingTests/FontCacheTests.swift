#if canImport(Glibc)
    import Glibc
#endif
import LayoutEngine
import Testing

@testable import TextShaping

/// The font cache's bound and its LRU, the budget of text to shape, and a collection's face served and shaped from
/// the same tables.
@Suite struct FontCacheTests {
    static let catalog = TextShaperTests.catalog
    static let installed = TextShaperTests.installed

    /// The LRU against a plain list kept in use order, over random inserts, lookups and growth.
    @Test func lruEvictsLeastRecentlyUsedFirstWithinItsBudget() {
        var random = SplitMix(seed: 7)
        var lru = ByteBoundedLRU<Int, Int>(budget: 1000)
        var model: [(key: Int, bytes: Int)] = []  // least recently used first
        func evictModel(keeping key: Int) -> [Int] {
            var evicted: [Int] = []
            while model.reduce(0, { $0 + $1.bytes }) > 1000, let first = model.first, first.key != key {
                evicted.append(model.removeFirst().key)
            }
            return evicted
        }
        for _ in 0..<20_000 {
            let key = Int(random.next() % 60)
            let index = model.firstIndex { $0.key == key }
            switch random.next() % 3 {
            case 0:
                #expect(lru.get(key) == (index == nil ? nil : key))
                if let index { model.append(model.remove(at: index)) }
            case 1 where index == nil:
                let bytes = Int(random.next() % 200)
                let evicted = lru.insert(key, key, bytes: bytes).map(\.value)
                model.append((key, bytes))
                #expect(evicted == evictModel(keeping: key))
            default:
                guard let index else { continue }
                let delta = Int(random.next() % 50)
                let evicted = lru.grow(key, by: delta).map(\.value)
                var entry = model.remove(at: index)
                entry.bytes += delta
                model.append(entry)
                #expect(evicted == evictModel(keeping: key))
            }
            #expect(lru.bytes == model.reduce(0) { $0 + $1.bytes })
            #expect(lru.count == model.count)
        }
    }

    /// 2,000 styles (every family and weight at many sizes, with Chinese from the CJK fallback faces) through a font
    /// cache of 32 MiB (a CJK face is about 17 MB): its bytes stay within the bound, faces are evicted and loaded
    /// again, and every line count is a roomy shaper's.
    @Test(.enabled(if: installed)) func stylesAndFacesStayWithinTheBoundAndMeasureTheSame() {
        let small = TextShaper(catalog: Self.catalog, fontCacheBytes: 32 << 20)
        let roomy = TextShaper(catalog: Self.catalog, fontCacheBytes: 1 << 40)
        let faces = Self.catalog.families.flatMap { f in f.weights.map { (f.name, $0) } }
        for i in 0..<2000 {
            let (family, weight) = faces[i * 7 % faces.count]
            let style = TextStyle(family: family, weight: weight, size: 8 + Double(i % 97) / 4, lineHeight: 20)
            let text = i % 5 == 0 ? "灯塔 at dusk \(i)" : "Lighthouse at dusk, seen from pier \(i)"
            #expect(small.lineCount(of: text, style: style, width: 90) == roomy.lineCount(of: text, style: style, width: 90))
            #expect(small.fontCacheStatistics.bytes <= 32 << 20)
        }
        #expect(small.fontCacheStatistics.evictions > 0)
        #expect(roomy.fontCacheStatistics.evictions == 0)
        #expect(roomy.fontCacheStatistics.bytes > 32 << 20)
    }

    /// A face over the bound alone is kept while it is the one used (and no other entry with it).
    @Test(.enabled(if: installed)) func aFaceOverTheBoundStaysAloneWhileUsed() throws {
        let shaper = TextShaper(catalog: Self.catalog, fontCacheBytes: 1 << 20)
        let cjk = TextStyle(family: "Noto Sans CJK SC", weight: 400, size: 15, lineHeight: 20)
        #expect(shaper.lineCount(of: "灯塔", style: cjk, width: 300) == 1)
        let source = try #require(Self.catalog.face(family: "Noto Sans CJK SC", weight: 400))
        let face = try #require(LoadedFace(source))
        #expect(shaper.fontCacheStatistics.entries == 1)
        #expect(shaper.fontCacheStatistics.bytes == face.bytes + SizedFont.bytes)
        #expect(shaper.lineCount(of: "灯塔", style: TextStyle(family: "Inter", weight: 400, size: 15, lineHeight: 20),
                                 width: 300) == 1)
        #expect(shaper.fontCacheStatistics.bytes <= face.bytes + SizedFont.bytes)
    }

    /// Sizes are keys as the shaper scales them: two sizes of one 16.16 scale are one style.
    @Test(.enabled(if: installed)) func sizesOfOneScaleAreOneStyle() {
        let shaper = TextShaper(catalog: Self.catalog)
        let a = TextStyle(family: "Inter", weight: 400, size: 15, lineHeight: 20)
        var b = a
        b.size = 15 + 1e-9
        _ = shaper.lineCount(of: "word", style: a, width: 100)
        let entries = shaper.fontCacheStatistics.entries  // the style and its face
        _ = shaper.lineCount(of: "word", style: b, width: 100)
        #expect(shaper.fontCacheStatistics.entries == entries)
        #expect(shaper.cacheStatistics.entries == 1)  // and its words are the same words
        b.size = 15.5
        _ = shaper.lineCount(of: "word", style: b, width: 100)
        #expect(shaper.fontCacheStatistics.entries == entries + 1)
    }

    /// The budget counts the UTF-8 bytes of each distinct word in a style the word cache lacks, once; words shaped
    /// since cost nothing.
    @Test(.enabled(if: installed)) func theBudgetCountsDistinctUncachedWords() {
        let shaper = TextShaper(catalog: Self.catalog)
        let body = TextStyle(family: "Inter", weight: 400, size: 15, lineHeight: 20)
        var budget = TextBudget(limit: 100)
        #expect(shaper.charge("one two one", style: body, to: &budget))
        #expect(budget.spent == 4 + 4 + 3)  // "one ", "two ", "one" (the last has no space)
        #expect(shaper.charge("two one \n灯塔", style: body, to: &budget))
        #expect(budget.spent == 4 + 4 + 3 + 6)  // "灯塔": two characters of 3 bytes each
        var bold = body
        bold.weight = 700
        #expect(shaper.charge("one ", style: bold, to: &budget))  // another style: another word
        #expect(budget.spent == 21)
        _ = shaper.lineCount(of: "one two one", style: body, width: 300)
        var again = TextBudget(limit: 100)
        #expect(shaper.charge("one two one", style: body, to: &again))
        #expect(again.spent == 0)
        var small = TextBudget(limit: 10)
        #expect(shaper.charge("eleven byte", style: body, to: &small) == false)
        #expect(small.isExceeded)
    }

    /// A collection's face is served as the tables it is shaped with: the served file, written out and loaded as a
    /// font of its own, shapes a line of Chinese, Latin and punctuation to the advances of the face loaded from the
    /// collection.
    @Test(.enabled(if: installed)) func aCollectionsServedFaceShapesAsTheCollection() throws {
        let face = try #require(Self.catalog.face(family: "Noto Sans CJK SC", weight: 700))
        let served = try #require(face.bytes())
        #expect(Array(served[0..<4]) == Array("OTTO".utf8))
        let path = "/tmp/font-cache-tests-\(getpid()).otf"
        let file = try #require(fopen(path, "wb"))
        #expect(served.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } == served.count)
        fclose(file)
        defer { unlink(path) }
        let single = FontFace(family: face.family, weight: face.weight, path: path, index: 0, isCollection: false,
                              cff: true, fileSize: served.count, modified: 0)
        let fromCollection = try #require(LoadedFace(face))
        #expect(fromCollection.bytes == served.count + LoadedFace.overheadBytes)
        let text = Array("灯塔在黄昏, Lighthouse at dusk。".utf16)
        func advances(_ face: FontFace) -> [Double] {
            let cache = FontCache(budget: 1 << 30)
            var fonts = ShapingFonts(FontCache.Style(number: 0, stack: [face], scale: TextShaper.scale(15)), cache: cache)
            return text.withUnsafeBufferPointer {
                SegmentShaping.advances($0, clusters: Array(1...text.count), fonts: &fonts)
            }
        }
        let collection = advances(face)
        #expect(collection == advances(single))
        #expect(collection.filter { $0 == 15 }.count >= 5)  // the ideographs and the full stop: an em each
    }
}

/// SplitMix64: the tests' reproducible random numbers.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
