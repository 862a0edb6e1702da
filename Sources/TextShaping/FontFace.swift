import CHarfBuzz
import Synchronization

/// One face of a font file: its family and weight as the face names them, the bytes served for it
/// (`GET /v1/fonts/{family}/{weight}`) and shaped with, and its HarfBuzz fonts, one a size. Thread-safe.
public final class FontFace: @unchecked Sendable {
    public let family: String
    /// The face's CSS weight (its OS/2 `usWeightClass`).
    public let weight: Int
    /// The file the face is read from, and its index in a collection (0 in a single font file).
    public let path: String
    public let index: Int
    /// The media type of the served bytes: `font/ttf` (TrueType outlines) or `font/otf` (CFF outlines).
    public let mediaType: String
    /// The bytes measured with and served, made on first use: the file, or for a face of a collection (a `.ttc`,
    /// which a browser's `@font-face` cannot load) the face's tables as an OpenType file of its own.
    private let loaded = Mutex<Loaded?>(nil)
    private let fileSize: Int
    private let modified: Int

    struct Loaded: @unchecked Sendable {
        let bytes: UnsafeMutableBufferPointer<UInt8>
        let face: OpaquePointer
        /// At the face's units per em: for coverage (sizes do not change which characters have glyphs).
        let unscaled: OpaquePointer
        var sized: [Double: OpaquePointer] = [:]
    }

    init(family: String, weight: Int, path: String, index: Int, isCollection: Bool, cff: Bool, fileSize: Int,
         modified: Int) {
        self.family = family; self.weight = weight; self.path = path; self.index = index
        self.isCollection = isCollection
        self.mediaType = cff ? "font/otf" : "font/ttf"
        self.fileSize = fileSize; self.modified = modified
    }

    let isCollection: Bool

    deinit {
        loaded.withLock { loaded in
            guard let l = loaded else { return }
            for font in l.sized.values { hb_font_destroy(font) }
            hb_font_destroy(l.unscaled)
            hb_face_destroy(l.face)
            l.bytes.deallocate()
        }
    }

    /// A validator of the served bytes: the file's identity (path, size, modification time) and the face's index.
    public var entityTag: String {
        var hash = FNV64()
        hash.add(path); hash.add(String(fileSize)); hash.add(String(modified)); hash.add(String(index))
        return "\"font-\(hash.hex)\""
    }

    /// The served bytes (a copy), or nil when the file cannot be read.
    public func bytes() -> [UInt8]? {
        guard let l = load() else { return nil }
        return Array(l.bytes)
    }

    /// The HarfBuzz font of this face at `size` (its scale in 16.16 fixed point, as Chromium sets it), or nil when
    /// the file cannot be read.
    func font(size: Double) -> OpaquePointer? {
        loaded.withLock { loaded -> OpaquePointer? in
            guard let l = Self.load(&loaded, self) else { return nil }
            if let font = l.sized[size] { return font }
            let font = hb_font_create(l.face)!
            let scale = Int32((size * 65536).rounded())
            hb_font_set_scale(font, scale, scale)
            hb_font_make_immutable(font)
            loaded!.sized[size] = font
            return font
        }
    }

    /// Whether the face has a glyph for `scalar`.
    func covers(_ scalar: UInt32) -> Bool {
        guard let font = load()?.unscaled else { return false }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0
    }

    private func load() -> Loaded? { loaded.withLock { Self.load(&$0, self) } }

    private static func load(_ loaded: inout Loaded?, _ face: FontFace) -> Loaded? {
        if let l = loaded { return l }
        guard let file = readFile(face.path) else { return nil }
        let bytes: [UInt8]
        if face.isCollection {
            guard let single = SFNTCollection.extract(face: face.index, from: file) else { return nil }
            bytes = single
        } else {
            bytes = file
        }
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = storage.initialize(from: bytes)
        let blob = storage.withMemoryRebound(to: CChar.self) {
            hb_blob_create($0.baseAddress, UInt32($0.count), HB_MEMORY_MODE_READONLY, nil, nil)
        }
        let hbFace = hb_face_create(blob, 0)!
        hb_blob_destroy(blob)
        hb_face_make_immutable(hbFace)
        let unscaled = hb_font_create(hbFace)!
        hb_font_make_immutable(unscaled)
        loaded = Loaded(bytes: storage, face: hbFace, unscaled: unscaled)
        return loaded
    }
}

/// FNV-1a, 64 bits: the fonts' entity tags.
struct FNV64 {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        value = (value ^ 0xff) &* 0x100_0000_01b3  // a separator: ("ab", "c") and ("a", "bc") differ
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
