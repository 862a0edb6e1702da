import CHarfBuzz

/// Shaping a segment of text with HarfBuzz, in runs of one face and one script: each grapheme cluster in the first
/// face of the stack that has all its characters (the CSS font stack, cluster by cluster), the script of a
/// cluster of common characters (spaces, punctuation, digits) being its neighbours'.
enum SegmentShaping {
    /// The advance of each UTF-16 unit of `text` (a glyph's advance counted at its cluster's first unit), in
    /// pixels at `size`. `clusters` are the ends of the grapheme clusters (the last is `text.count`).
    static func advances(_ text: UnsafeBufferPointer<UInt16>, clusters: [Int], fonts: inout ShapingFonts) -> [Double] {
        var advances = [Double](repeating: 0, count: text.count)
        guard !text.isEmpty, fonts.count > 0 else { return advances }
        let unicode = hb_unicode_funcs_get_default()
        // Face and script of each cluster.
        var runs: [(start: Int, end: Int, face: Int, script: hb_script_t)] = []
        var start = 0
        for end in clusters {
            var script = HB_SCRIPT_COMMON
            var i = start
            while i < end, script == HB_SCRIPT_COMMON {
                let (scalar, width) = decode(text, i)
                let s = hb_unicode_script(unicode, scalar)
                if s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN { script = s }
                i += width
            }
            var face = -1
            for k in 0..<fonts.count where covers(k, fonts, text, start, end) {
                face = k
                break
            }
            if face < 0 { face = 0 }
            if let last = runs.last, last.face == face,
                last.script == script || script == HB_SCRIPT_COMMON || last.script == HB_SCRIPT_COMMON
            {
                runs[runs.count - 1].end = end
                if last.script == HB_SCRIPT_COMMON { runs[runs.count - 1].script = script }
            } else {
                runs.append((start, end, face, script))
            }
            start = end
        }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let language = hb_language_from_string("en", -1)
        for run in runs {
            guard let font = fonts.font(run.face) else { continue }
            hb_buffer_clear_contents(buffer)
            hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(run.start),
                                Int32(run.end - run.start))
            let script = run.script == HB_SCRIPT_COMMON ? HB_SCRIPT_LATIN : run.script
            hb_buffer_set_script(buffer, script)
            hb_buffer_set_direction(buffer, hb_script_get_horizontal_direction(script))
            hb_buffer_set_language(buffer, language)
            hb_shape(font, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                let positions = hb_buffer_get_glyph_positions(buffer, &count)
            else { continue }
            for g in 0..<Int(count) {
                advances[Int(infos[g].cluster)] += Double(positions[g].x_advance) / 65536
            }
        }
        return advances
    }

    /// Whether the stack's face `k` has a glyph for every character of `text[start..<end]` that needs one.
    static func covers(_ k: Int, _ fonts: ShapingFonts, _ text: UnsafeBufferPointer<UInt16>, _ start: Int,
                       _ end: Int) -> Bool {
        var i = start
        while i < end {
            let (scalar, width) = decode(text, i)
            if !isDefaultIgnorable(scalar) && !fonts.covers(k, scalar) { return false }
            i += width
        }
        return true
    }

    /// The scalar at `i` and the units it takes (a lone surrogate is U+FFFD).
    static func decode(_ text: UnsafeBufferPointer<UInt16>, _ i: Int) -> (UInt32, Int) {
        let u = UInt32(text[i])
        if u & 0xFC00 == 0xD800, i + 1 < text.count, UInt32(text[i + 1]) & 0xFC00 == 0xDC00 {
            return (0x10000 + ((u - 0xD800) << 10) + (UInt32(text[i + 1]) - 0xDC00), 2)
        }
        return (u & 0xF800 == 0xD800 ? 0xFFFD : u, 1)
    }

    /// Characters no font needs a glyph for: joiners, variation selectors, invisible controls.
    static func isDefaultIgnorable(_ s: UInt32) -> Bool {
        (0x200B...0x200F).contains(s) || (0x2060...0x206F).contains(s) || (0xFE00...0xFE0F).contains(s)
            || s == 0xFEFF || s == 0x00AD || (0xE0100...0xE01EF).contains(s) || s == 0x034F
    }
}

/// The fonts of one style as one measurement uses them: each face of its stack loaded from the font cache when first
/// needed, and its font at the style's scale, held (referenced) until the measurement ends, so that the cache may
/// evict them meanwhile without freeing them under it. One thread's.
struct ShapingFonts {
    private let cache: FontCache
    private let style: FontCache.Style
    private var faces: [LoadedFace?]
    private var tried: [Bool]
    private var fonts: [SizedFont?]

    /// Nothing is loaded, nor allocated, until a piece is shaped (most pieces come from the word cache).
    init(_ style: FontCache.Style, cache: FontCache) {
        self.cache = cache
        self.style = style
        faces = []
        tried = []
        fonts = []
    }

    /// The faces in the stack.
    var count: Int { style.stack.count }

    /// The style's number in the word cache's keys.
    var number: Int { style.number }

    /// The stack's face `k` loaded, or nil when its file cannot be read.
    private mutating func face(_ k: Int) -> LoadedFace? {
        if tried.isEmpty {
            faces = Array(repeating: nil, count: count)
            tried = Array(repeating: false, count: count)
            fonts = Array(repeating: nil, count: count)
        }
        if !tried[k] {
            tried[k] = true
            faces[k] = cache.face(style.stack[k])
        }
        return faces[k]
    }

    /// Whether the stack's face `k` has a glyph for `scalar` (its coverage, read with the catalog: no face is loaded
    /// to choose one).
    func covers(_ k: Int, _ scalar: UInt32) -> Bool { style.stack[k].coverage.contains(scalar) }

    /// The HarfBuzz font of the stack's face `k` at the style's scale, or nil when its file cannot be read.
    mutating func font(_ k: Int) -> OpaquePointer? {
        guard let loaded = face(k) else { return nil }
        if let font = fonts[k] { return font.font }
        let font = cache.font(loaded, of: style.stack[k], scale: style.scale)
        fonts[k] = font
        return font.font
    }
}
