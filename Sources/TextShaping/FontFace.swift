#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One face of a font file: its family and weight as the face names them, where its bytes are, and how it is served
/// (`GET /v1/fonts/{family}/{weight}`). It holds no bytes: the font cache loads it for shaping (`LoadedFace`), and
/// each request for the file reads it (`servedBytes`).
public final class FontFace: Sendable {
    public let family: String
    /// The face's CSS weight (its OS/2 `usWeightClass`).
    public let weight: Int
    /// The file the face is read from, and its index in a collection (0 in a single font file).
    public let path: String
    public let index: Int
    /// The media type of the served bytes: `font/ttf` (TrueType outlines) or `font/otf` (CFF outlines).
    public let mediaType: String
    /// The code points the face has glyphs for.
    public let coverage: Coverage
    let isCollection: Bool
    private let fileSize: Int
    private let modified: Int

    init(family: String, weight: Int, path: String, index: Int, isCollection: Bool, cff: Bool, fileSize: Int,
         modified: Int, coverage: Coverage = Coverage()) {
        self.family = family; self.weight = weight; self.path = path; self.index = index
        self.coverage = coverage
        self.isCollection = isCollection
        self.mediaType = cff ? "font/otf" : "font/ttf"
        self.fileSize = fileSize; self.modified = modified
    }

    /// A validator of the served bytes: the file's identity (path, size, modification time) and the face's index.
    public var entityTag: String {
        var hash = FNV64()
        hash.add(path); hash.add(String(fileSize)); hash.add(String(modified)); hash.add(String(index))
        return "\"font-\(hash.hex)\""
    }

    /// The served bytes, read from the file now, in memory of their own (an anonymous mapping, given back to the
    /// system when freed: the allocator would keep it) that the caller owns and frees with `freeServedBytes`: the
    /// file itself, or for a face of a collection (a `.ttc`, which a browser's `@font-face` cannot load) the face's
    /// tables as an OpenType file of its own. Nil when the file cannot be read.
    public func servedBytes() -> UnsafeMutableBufferPointer<UInt8>? {
        guard let file = MappedFile(path: path) else { return nil }
        guard isCollection else {
            guard let out = Self.allocateServed(file.bytes.count) else { return nil }
            UnsafeMutableRawBufferPointer(out).copyMemory(from: file.bytes)
            return out
        }
        guard let plan = SFNTCollection.plan(face: index, of: file.bytes), let out = Self.allocateServed(plan.size)
        else { return nil }
        SFNTCollection.write(plan, from: file.bytes, to: UnsafeMutableRawBufferPointer(out))
        return out
    }

    private static func allocateServed(_ count: Int) -> UnsafeMutableBufferPointer<UInt8>? {
        guard let base = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            base != MAP_FAILED
        else { return nil }
        return UnsafeMutableBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Frees bytes `servedBytes` gave.
    @Sendable public static func freeServedBytes(_ base: UnsafeMutablePointer<UInt8>, count: Int) {
        munmap(base, count)
    }

    /// The served bytes as an array (`servedBytes`).
    public func bytes() -> [UInt8]? {
        guard let buffer = servedBytes() else { return nil }
        defer { Self.freeServedBytes(buffer.baseAddress!, count: buffer.count) }
        return Array(buffer)
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
