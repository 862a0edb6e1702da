import CHarfBuzz

/// Shaping a segment of text with HarfBuzz, in runs of one face and one script: each grapheme cluster in the first
/// face of the stack that has all its characters (the CSS font stack, cluster by cluster), the script of a
/// cluster of common characters (spaces, punctuation, digits) being its neighbours'.
enum SegmentShaping {
    /// The advance of each UTF-16 unit of `text` (a glyph's advance counted at its cluster's first unit), in
    /// pixels at `size`. `clusters` are the ends of the grapheme clusters (the last is `text.count`).
    static func advances(
        _ text: UnsafeBufferPointer<UInt16>, clusters: [Int], stack: [FontFace], size: Double
    ) -> [Double] {
        var advances = [Double](repeating: 0, count: text.count)
        guard !text.isEmpty, !stack.isEmpty else { return advances }
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
            for (k, candidate) in stack.enumerated() where covers(candidate, text, start, end) {
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
            guard let font = stack[run.face].font(size: size) else { continue }
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

    /// Whether `face` has a glyph for every character of `text[start..<end]` that needs one.
    static func covers(_ face: FontFace, _ text: UnsafeBufferPointer<UInt16>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        while i < end {
            let (scalar, width) = decode(text, i)
            if !isDefaultIgnorable(scalar) && !face.covers(scalar) { return false }
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
