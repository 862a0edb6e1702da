public import LayoutEngine
import CFreeType

/// The font faces the service measures with and serves: every upright face of the font files under some
/// directories (`--fonts-dir`), by family and weight as FreeType reads them from the faces (the typographic family
/// name, the OS/2 weight class) with the code points each has glyphs for, and the fallback stack a glyph a style's
/// family lacks is taken from.
public final class FontCatalog: Sendable {
    /// A family and the weights it has, ascending.
    public struct Family: Sendable, Equatable {
        public let name: String
        public let weights: [Int]
    }

    /// The families the fallback stack begins with, in order, when the catalog has them: Latin, Greek and Cyrillic;
    /// the scripts of the feeds and those ICU breaks with a dictionary; Chinese, Japanese and Korean (Han in
    /// its Simplified Chinese forms: there is no `lang`); emoji. Every other `Noto Sans` family follows (by name),
    /// then `lastResort`.
    public static let preferredFallback = [
        "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Bengali",
        "Noto Sans Tamil", "Noto Sans Thai", "Noto Sans Lao", "Noto Sans Khmer", "Noto Sans Myanmar",
        "Noto Sans CJK SC", "Noto Color Emoji",
    ]
    /// The family last in the stack (Debian's fonts-unifont: a glyph for every code point of the Basic
    /// Multilingual Plane but the private use area and the surrogates).
    public static let lastResort = "Unifont"

    /// Where Debian's fonts-inter, fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji and fonts-unifont put
    /// their files (`--fonts-dir`'s default).
    public static let defaultDirectories = [
        "/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto",
        "/usr/share/fonts/opentype/unifont",
    ]

    /// The families, by name.
    public let families: [Family]
    /// The fallback stack: families in order, each with a glyph no family before it has.
    public let fallback: [String]
    /// The font files read, and those that could not be (unreadable or not fonts).
    public let fileCount: Int
    public let unreadable: [String]
    /// The code points some family of the fallback stack has (at any of its weights).
    let stackCoverage: CodePointSet
    private let faces: [String: [Int: FontFace]]
    private let fallbackFaces: [[Int: FontFace]]

    /// Reads the font files under `directories` (`.ttf`, `.otf`, `.ttc`, `.otc`). Italic and variable faces are left
    /// out; of two faces with the same family and weight the first by path is kept. The fallback stack is
    /// `fallback` (the families the catalog has) when given, else made from the families read (`stackOrder`).
    public init(directories: [String], fallback: [String]? = nil) {
        var faces: [String: [Int: FontFace]] = [:]
        var unreadable: [String] = []
        var count = 0
        var library: FT_Library?
        if FT_Init_FreeType(&library) != 0 { library = nil }
        for directory in directories {
            for path in filesUnder(directory) ?? [] {
                let lower = path.lowercased()
                guard [".ttf", ".otf", ".ttc", ".otc"].contains(where: { lower.hasSuffix($0) }) else { continue }
                count += 1
                guard let library, let found = Self.read(path, library) else {
                    unreadable.append(path)
                    continue
                }
                for face in found where faces[face.family]?[face.weight] == nil {
                    faces[face.family, default: [:]][face.weight] = face
                }
            }
        }
        if let library { FT_Done_FreeType(library) }
        self.faces = faces
        self.fileCount = count
        self.unreadable = unreadable
        self.families = faces.keys.sorted().map { Family(name: $0, weights: faces[$0]!.keys.sorted()) }
        let stack = fallback?.filter { faces[$0] != nil } ?? Self.stackOrder(faces)
        self.fallback = stack
        self.fallbackFaces = stack.map { faces[$0]! }
        var covered = CodePointSet()
        for family in fallbackFaces { for face in family.values { covered.insert(face.coverage.ranges) } }
        self.stackCoverage = covered
    }

    /// The fallback stack of `faces`: `preferredFallback`, then every other `Noto Sans` family by name (not its
    /// CJK, mono, display or UI variants), then `lastResort`, keeping only the families whose regular face has a
    /// code point none of those kept before it has.
    static func stackOrder(_ faces: [String: [Int: FontFace]]) -> [String] {
        let others = faces.keys.sorted().filter { name in
            name.hasPrefix("Noto Sans ") && !preferredFallback.contains(name)
                && !["CJK", "Mono", "Display", " UI"].contains { name.contains($0) }
        }
        var covered = CodePointSet()
        var stack: [String] = []
        for name in preferredFallback + others + [lastResort] {
            guard let weights = faces[name], let w = matchingWeight(400, among: weights.keys.sorted()) else { continue }
            let ranges = weights[w]!.coverage.ranges
            guard ranges.contains(where: { range in range.contains { !covered.contains($0) } }) else { continue }
            covered.insert(ranges)
            stack.append(name)
        }
        return stack
    }

    /// The bytes the coverage tables hold: each face's ranges, and the stack's set.
    public var coverageBytes: Int {
        faces.values.reduce(stackCoverage.bytes) { sum, weights in weights.values.reduce(sum) { $0 + $1.coverage.bytes } }
    }

    /// The faces of a font file (several for a collection), or nil when FreeType cannot open it.
    private static func read(_ path: String, _ library: FT_Library) -> [FontFace]? {
        guard let identity = fileIdentity(path) else { return nil }
        var first: FT_Face?
        guard FT_New_Face(library, path, 0, &first) == 0, let first else { return nil }
        let faceCount = Int(first.pointee.num_faces)
        FT_Done_Face(first)
        let isCollection = path.lowercased().hasSuffix(".ttc") || path.lowercased().hasSuffix(".otc")
        var found: [FontFace] = []
        for index in 0..<faceCount {
            var ft: FT_Face?
            guard FT_New_Face(library, path, index, &ft) == 0, let ft else { continue }
            defer { FT_Done_Face(ft) }
            let flags = ft.pointee.face_flags
            let italic = ft.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
            let variable = flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0
            guard !italic, !variable, let name = ft.pointee.family_name,
                let os2 = FT_Get_Sfnt_Table(ft, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self)
            else { continue }
            var cffTag: FT_ULong = 0
            let cff = FT_Load_Sfnt_Table(ft, 0x4346_4620, 0, nil, &cffTag) == 0  // 'CFF '
            found.append(
                FontFace(
                    family: String(cString: name), weight: Int(os2.pointee.usWeightClass), path: path, index: index,
                    isCollection: isCollection, cff: cff, fileSize: identity.size, modified: identity.modified,
                    coverage: Coverage(ft)))
        }
        return found
    }

    /// The face of `family` at exactly `weight`, if the catalog has it.
    public func face(family: String, weight: Int) -> FontFace? { faces[family]?[weight] }

    /// What is wrong with a style's font, or nil when the catalog has its family at its weight: the style's field
    /// at fault (`family` or `weight`) and a sentence naming the font.
    public func problem(with style: TextStyle) -> (field: String, detail: String)? {
        guard let weights = faces[style.family] else {
            return ("family", "the service has no font family \"\(style.family)\" (GET /v1/fonts lists them)")
        }
        guard weights[style.weight] != nil else {
            let known = weights.keys.sorted().map(String.init).joined(separator: ", ")
            return ("weight", "\"\(style.family)\" has no weight \(style.weight) (it has \(known))")
        }
        return nil
    }

    /// The faces a style's text is set in, in the order a glyph is looked for: the style's own face, then each
    /// fallback family at the weight CSS would match (nil when the catalog lacks the style's font).
    func stack(for style: TextStyle) -> [FontFace]? {
        guard let primary = faces[style.family]?[style.weight] else { return nil }
        var stack = [primary]
        for (name, weights) in zip(fallback, fallbackFaces) where name != style.family {
            if let w = Self.matchingWeight(style.weight, among: weights.keys.sorted()) { stack.append(weights[w]!) }
        }
        return stack
    }

    /// The first character of `text` that neither `style`'s face nor any family of the fallback stack has a glyph
    /// for (a control character or a default-ignorable one needs none): its offset in characters (Unicode scalars)
    /// and its code point. Nil when every character has a glyph.
    public func uncovered(_ text: String, style: TextStyle) -> (offset: Int, scalar: UInt32)? {
        let primary = faces[style.family]?[style.weight]?.coverage
        for (offset, s) in text.unicodeScalars.enumerated() where s.value >= 0x7F || s.value < 0x20 {
            let v = s.value
            if v < 0x20 || (0x7F..<0xA0).contains(v) || SegmentShaping.isDefaultIgnorable(v) { continue }
            if stackCoverage.contains(v) || primary?.contains(v) == true { continue }
            return (offset, v)
        }
        return nil
    }

    /// The weight CSS font matching picks for `desired` among `weights` (ascending; CSS Fonts 4, 5.2): from 400
    /// to 500, the weights up to 500 from the desired one upward, then those below it downward, then those above
    /// 500 upward; below 400, downward first and then upward; above 500, upward first and then downward.
    static func matchingWeight(_ desired: Int, among weights: [Int]) -> Int? {
        if weights.contains(desired) { return desired }
        let below = weights.filter { $0 < desired }.reversed()
        let above = weights.filter { $0 > desired }
        if desired >= 400 && desired <= 500 {
            return above.first { $0 <= 500 } ?? below.first ?? above.first { $0 > 500 }
        }
        if desired < 400 { return below.first ?? above.first }
        return above.first ?? below.first
    }
}
