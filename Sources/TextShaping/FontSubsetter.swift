import CHarfBuzz

/// HarfBuzz's subsetter (`hb-subset`) over the very faces the service measures with: a face's code points, and the
/// face cut down to some of them, as an OpenType file a browser's `@font-face` loads (`GET
/// /v1/fonts/{family}/{weight}/{slice}`).
public enum FontSubsetter {
    /// What slicing a face needs to know of it: the code points its `cmap` maps (ascending), the bytes of its
    /// tables (about what serving it whole costs), and whether its glyphs are color bitmaps or layers (`CBDT`,
    /// `sbix`, `COLR`: an emoji face, whose sequences join code points from everywhere).
    public struct Coverage: Sendable, Equatable {
        public let codePoints: [UInt32]
        public let tableBytes: Int
        public let isColor: Bool

        public init(codePoints: [UInt32], tableBytes: Int, isColor: Bool) {
            self.codePoints = codePoints
            self.tableBytes = tableBytes
            self.isColor = isColor
        }
    }

    /// The coverage of `face`, read from its file; nil when HarfBuzz cannot read it.
    public static func coverage(of face: FontFace) -> Coverage? { withFace(face) { coverage(of: $0) } }

    /// The coverage of the font file `bytes` (a subset, say); nil when they are not a font.
    public static func coverage(ofFile bytes: [UInt8]) -> Coverage? { withFile(bytes) { coverage(of: $0) } }

    private static func coverage(of hbFace: OpaquePointer) -> Coverage {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(hbFace, set)
        var codePoints: [UInt32] = []
        codePoints.reserveCapacity(Int(hb_set_get_population(set)))
        var next = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(set, &next) != 0 { codePoints.append(next) }
        var tags = [hb_tag_t](repeating: 0, count: 64)
        var count = UInt32(tags.count)
        _ = hb_face_get_table_tags(hbFace, 0, &count, &tags)
        var bytes = 0, isColor = false
        for tag in tags.prefix(Int(count)) {
            let blob = hb_face_reference_table(hbFace, tag)
            bytes += Int(hb_blob_get_length(blob))
            hb_blob_destroy(blob)
            if tag == tagOf("CBDT") || tag == tagOf("sbix") || tag == tagOf("COLR") { isColor = true }
        }
        return Coverage(codePoints: codePoints, tableBytes: bytes, isColor: isColor)
    }

    /// `face` cut down to `codePoints` (those it lacks are ignored): the glyphs they map to and those its layout
    /// tables reach from them (GSUB's closure), with every layout feature and script kept, so each code point
    /// shapes as in the whole face. Nil when HarfBuzz cannot read the face or subset it.
    public static func subset(_ face: FontFace, codePoints: [UInt32]) -> [UInt8]? {
        withFace(face) { hbFace -> [UInt8]? in
            guard let input = hb_subset_input_create_or_fail() else { return nil }
            defer { hb_subset_input_destroy(input) }
            let unicodes = hb_subset_input_unicode_set(input)
            for codePoint in codePoints { hb_set_add(unicodes, codePoint) }
            // Every feature and script (by default the subsetter keeps a list of common features only).
            for which in [HB_SUBSET_SETS_LAYOUT_FEATURE_TAG, HB_SUBSET_SETS_LAYOUT_SCRIPT_TAG] {
                let tags = hb_subset_input_set(input, which)
                hb_set_clear(tags)
                hb_set_invert(tags)
            }
            guard let result = hb_subset_or_fail(hbFace, input) else { return nil }
            defer { hb_face_destroy(result) }
            let blob = hb_face_reference_blob(result)
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
            return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                Array(UnsafeBufferPointer(start: $0, count: Int(length)))
            }
        } ?? nil
    }

    /// The advance, in font units, HarfBuzz shapes each of `codePoints` with in `bytes` (a font file), one code
    /// point a buffer; nil where the font lacks it (or when the bytes are not a font).
    public static func advances(of codePoints: [UInt32], inFile bytes: [UInt8]) -> [Int32?]? {
        withFile(bytes) { advances(of: codePoints, face: $0) }
    }

    /// Runs `body` with a HarfBuzz face of the font file `bytes`; nil when they are not a font.
    private static func withFile<T>(_ bytes: [UInt8], _ body: (OpaquePointer) -> T) -> T? {
        bytes.withUnsafeBufferPointer { buffer -> T? in
            guard let base = buffer.baseAddress else { return nil }
            let blob = base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                hb_blob_create($0, UInt32(buffer.count), HB_MEMORY_MODE_READONLY, nil, nil)
            }
            defer { hb_blob_destroy(blob) }
            guard let face = hb_face_create(blob, 0) else { return nil }
            defer { hb_face_destroy(face) }
            guard hb_face_get_glyph_count(face) > 0 else { return nil }
            return body(face)
        }
    }

    /// The advances of `codePoints` (as `advances(of:inFile:index:)`) in `face` itself.
    public static func advances(of codePoints: [UInt32], in face: FontFace) -> [Int32?]? {
        withFace(face) { advances(of: codePoints, face: $0) }
    }

    private static func advances(of codePoints: [UInt32], face: OpaquePointer) -> [Int32?] {
        let font = hb_font_create(face)
        defer { hb_font_destroy(font) }
        return codePoints.map { codePoint in
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            var unit = codePoint
            hb_buffer_add_utf32(buffer, &unit, 1, 0, 1)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(font, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
                let positions = hb_buffer_get_glyph_positions(buffer, &count)
            else { return nil }
            if (0..<Int(count)).contains(where: { infos[$0].codepoint == 0 }) { return nil }
            return (0..<Int(count)).reduce(Int32(0)) { $0 + positions[$1].x_advance }
        }
    }

    /// Runs `body` with a HarfBuzz face of `face` (its file mapped, its index in a collection); nil when the file
    /// cannot be read.
    private static func withFace<T>(_ face: FontFace, _ body: (OpaquePointer) -> T) -> T? {
        guard let blob = hb_blob_create_from_file_or_fail(face.path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let hbFace = hb_face_create(blob, UInt32(face.index)) else { return nil }
        defer { hb_face_destroy(hbFace) }
        guard hb_face_get_glyph_count(hbFace) > 0 else { return nil }
        return body(hbFace)
    }

    private static func tagOf(_ text: StaticString) -> hb_tag_t {
        let p = text.utf8Start
        return hb_tag_t(p[0]) << 24 | hb_tag_t(p[1]) << 16 | hb_tag_t(p[2]) << 8 | hb_tag_t(p[3])
    }
}
