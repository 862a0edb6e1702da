import Glibc
import HTTPCore
import LayoutStore
import Testing
import TextShaping

@testable import LayoutService

/// `GET /v1/fonts.css` and `GET /v1/fonts/{family}/{weight}/{slice}`: the stylesheet's text on a small catalog of
/// real files, and the routes on Debian's fonts.
@Suite struct FontSliceServiceTests {
    static let catalog = FontCatalog(directories: FontCatalog.defaultDirectories)
    static let installed = catalog.face(family: "Noto Sans CJK SC", weight: 400) != nil
        && catalog.face(family: "Inter", weight: 400) != nil
    static let lycian = "/usr/share/fonts/truetype/noto/NotoSansLycian-Regular.ttf"
    static let ogham = "/usr/share/fonts/truetype/noto/NotoSansOgham-Regular.ttf"
    static let small = access(lycian, R_OK) == 0 && access(ogham, R_OK) == 0

    /// A directory holding links to the two small faces (each under 5 KB, served whole).
    static func smallCatalog() throws -> FontCatalog {
        var template = Array("/tmp/font-fixture-XXXXXX".utf8CString)
        let made = try #require(mkdtemp(&template))
        let directory = String(cString: made)
        #expect(symlink(lycian, directory + "/NotoSansLycian-Regular.ttf") == 0)
        #expect(symlink(ogham, directory + "/NotoSansOgham-Regular.ttf") == 0)
        return FontCatalog(directories: [directory], fallback: [])
    }

    @Test(.enabled(if: small)) func theStylesheetOfASmallCatalog() throws {
        let text = FontStylesheet.text(of: try Self.smallCatalog(), plans: FontSlices())
        let lycian: String = "@font-face { font-family: 'Noto Sans Lycian'; font-weight: 400; "
            + "src: url('/v1/fonts/Noto%20Sans%20Lycian/400') format('truetype'); "
            + "unicode-range: U+0-20, U+A0, U+10280-1029C; }"
        let ogham: String = "@font-face { font-family: 'Noto Sans Ogham'; font-weight: 400; "
            + "src: url('/v1/fonts/Noto%20Sans%20Ogham/400') format('truetype'); "
            + "unicode-range: U+0-20, U+A0, U+1680-169C; }"
        #expect(text == lycian + "\n" + ogham + "\n")
    }

    /// A slice's rule: its own URL, its code points as ranges joined across those the face lacks, not across those
    /// of another slice.
    @Test(.enabled(if: small)) func aSlicesRule() throws {
        let face = try #require(try Self.smallCatalog().face(family: "Noto Sans Ogham", weight: 400))
        let coverage = FontSubsetter.Coverage(codePoints: [0x41, 0x42, 0x43, 0x4E00, 0x4E01, 0x4E03],
                                              tableBytes: 2 << 20, isColor: false)
        let plan = FontSlices.Plan(coverage: coverage, slices: [[0x41, 0x43], [0x42, 0x4E00, 0x4E01, 0x4E03]])
        #expect(FontStylesheet.rule(family: "Noto Sans Ogham", face: face, plan: plan, slice: 1)
            == "@font-face { font-family: 'Noto Sans Ogham'; font-weight: 400; "
            + "src: url('/v1/fonts/Noto%20Sans%20Ogham/400/1') format('truetype'); "
            + "unicode-range: U+42, U+4E00-4E03; }\n")
        #expect(FontStylesheet.rule(family: "It's", face: face, plan: plan, slice: 0)
            == "@font-face { font-family: 'It\\'s'; font-weight: 400; src: url('/v1/fonts/It%27s/400/0') "
            + "format('truetype'); unicode-range: U+41, U+43; }\n")
    }

    static let client = Client(service: LayoutService(store: LayoutStore(capacityBytes: 1 << 26), fonts: catalog))

    func send(_ path: String, ifNoneMatch: String? = nil) -> HTTPResponse {
        let request = HTTPRequest(method: "GET", path: path, headers: ifNoneMatch.map { [("If-None-Match", $0)] } ?? [])
        return Self.client.service.handle(request).answered(to: request)
    }

    @Test(.enabled(if: installed)) func theStylesheetDeclaresEveryFaceAndSlice() throws {
        let r = send("/v1/fonts.css")
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "text/css; charset=utf-8")
        let tag = try #require(r.header("ETag"))
        let lines = String(decoding: r.body.bytes, as: UTF8.self).split(separator: "\n")
        let faces = Self.catalog.families.reduce(0) { $0 + $1.weights.count }
        let plans = Self.client.service.text.plans
        let count = Self.catalog.families.reduce(0) { sum, family in
            family.weights.reduce(sum) { $0 + plans.plan(for: Self.catalog.face(family: family.name, weight: $1)!)!.slices.count }
        }
        #expect(lines.count == count && count > faces)
        #expect(lines.contains { $0.hasPrefix("@font-face { font-family: 'Inter'; font-weight: 400; src: url('/v1/fonts/Inter/400') format('opentype'); unicode-range: U+20-7E, U+A0-") })
        #expect(lines.contains { $0.hasPrefix("@font-face { font-family: 'Noto Sans CJK SC'; font-weight: 700; src: url('/v1/fonts/Noto%20Sans%20CJK%20SC/700/0') format('opentype'); unicode-range: U+20-7E, ") })
        #expect(send("/v1/fonts.css", ifNoneMatch: tag).status == 304)
    }

    @Test(.enabled(if: installed)) func aSliceIsTheFaceCutToItsCodePoints() throws {
        let face = try #require(Self.catalog.face(family: "Noto Sans CJK SC", weight: 400))
        let plan = try #require(Self.client.service.text.plans.plan(for: face))
        let r = send("/v1/fonts/Noto Sans CJK SC/400/7")
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "font/otf")
        #expect(r.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(FontSubsetter.coverage(ofFile: r.body.bytes)?.codePoints == plan.slices[7])
        let tag = try #require(r.header("ETag"))
        #expect(send("/v1/fonts/Noto Sans CJK SC/400/7", ifNoneMatch: tag).status == 304)
        #expect(send("/v1/fonts/Noto Sans CJK SC/400/8").header("ETag") != tag)
        #expect(send("/v1/fonts/Noto Sans CJK SC/700/7").header("ETag") != tag)
        for missing in ["/v1/fonts/Noto Sans CJK SC/400/07", "/v1/fonts/Noto Sans CJK SC/400/+7",
                        "/v1/fonts/Noto Sans CJK SC/400/\(plan.slices.count)", "/v1/fonts/Noto Sans CJK SC/400/-1",
                        "/v1/fonts/Noto Sans CJK SC/450/7", "/v1/fonts/Inter/400/0", "/v1/fonts/Arial/400/0"]
        {
            let answer = send(missing)
            #expect(answer.status == 404, "\(missing)")
            #expect(answer.header("Content-Type") == "application/problem+json", "\(missing)")
        }
    }

    /// On an event loop a slice not yet made is answered off it; once made, on it.
    @Test(.enabled(if: installed)) func aSliceIsMadeOffTheEventLoop() throws {
        let text = TextEndpoints(measurer: nil, fonts: Self.catalog, fontFileBytes: 1 << 20, fontSliceBytes: 1 << 22)
        var request = HTTPRequest(method: "GET", path: "/v1/fonts/Noto Sans CJK SC/400/2")
        let slice = { (request: HTTPRequest) throws(Problem) in
            try text.fontSlice(request, family: "Noto Sans CJK SC", weight: "400", slice: "2")
        }
        request.onEventLoop = true
        #expect(try slice(request) == nil)
        #expect(try text.stylesheet(request) == nil)
        request.onEventLoop = false
        #expect(try slice(request)?.status == 200)
        request.onEventLoop = true
        #expect(try slice(request)?.status == 200)
        #expect(text.slices.statistics.kept == 1)
    }
}
