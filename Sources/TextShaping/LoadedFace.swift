import CHarfBuzz

/// A face loaded for shaping: HarfBuzz's face over the font file mapped read-only (a collection's face by its index:
/// no copy of its tables), its font at the face's units per em (for coverage), and its fonts by size. Made and kept
/// by the font cache; a shaper holds the ones it uses (references), so an evicted face is freed by its last user.
final class LoadedFace: @unchecked Sendable {
    let face: OpaquePointer
    /// At the face's units per em: for coverage (sizes do not change which characters have glyphs).
    let unscaled: OpaquePointer
    /// The bytes the font cache counts for the face alone: its tables in the file (the pages shaping reads) and
    /// what HarfBuzz keeps for it (`overheadBytes`).
    let bytes: Int
    /// Its fonts by scale (16.16 fixed point), counted `SizedFont.bytes` each: read and changed under the font
    /// cache's lock.
    var sized: [Int32: SizedFont] = [:]

    /// About what HarfBuzz allocates for a face it shapes with: its tables' accelerators (cmap, GSUB, GPOS, the
    /// advances).
    static let overheadBytes = 256 << 10

    /// The face loaded from its file, or nil when the file cannot be mapped or holds no such face.
    init?(_ face: FontFace) {
        guard let file = MappedFile(path: face.path) else { return nil }
        let tables: Int
        if face.isCollection {
            guard let plan = SFNTCollection.plan(face: face.index, of: file.bytes) else { return nil }
            tables = plan.size
        } else {
            tables = file.bytes.count
        }
        // The blob keeps the mapping: it is unmapped when HarfBuzz lets go of the blob (its last face or font).
        let owner = Unmanaged.passRetained(file).toOpaque()
        let blob = hb_blob_create(
            file.bytes.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(file.bytes.count),
            HB_MEMORY_MODE_READONLY, owner, { Unmanaged<MappedFile>.fromOpaque($0!).release() })
        let hbFace = hb_face_create(blob, UInt32(face.index))!
        hb_blob_destroy(blob)
        guard hb_face_get_glyph_count(hbFace) > 0 else {
            hb_face_destroy(hbFace)
            return nil
        }
        hb_face_make_immutable(hbFace)
        self.face = hbFace
        unscaled = hb_font_create(hbFace)!
        hb_font_make_immutable(unscaled)
        bytes = tables + Self.overheadBytes
    }

    deinit {
        hb_font_destroy(unscaled)
        hb_face_destroy(face)
    }

    /// Whether the face has a glyph for `scalar`.
    func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(unscaled, scalar, &glyph) != 0
    }
}

/// A face's HarfBuzz font at one size (its scale in 16.16 fixed point, as Chromium sets it): it keeps its face's
/// HarfBuzz objects alive while it lives.
final class SizedFont: @unchecked Sendable {
    let font: OpaquePointer

    /// About what HarfBuzz allocates for a font of a face at a size (20,000 sizes of one face took 14 MB).
    static let bytes = 1 << 10

    init(_ face: LoadedFace, scale: Int32) {
        font = hb_font_create(face.face)!
        hb_font_set_scale(font, scale, scale)
        hb_font_make_immutable(font)
    }

    deinit { hb_font_destroy(font) }
}
