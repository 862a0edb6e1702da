import CICU

/// The names of Unicode's blocks, as ICU has them, for the problems that name a character.
public enum UnicodeBlocks {
    /// The name of the block of `scalar` as the Unicode standard writes it ("Supplemental Symbols and Pictographs"),
    /// or "No Block".
    public static func name(of scalar: UInt32) -> String {
        guard let raw = cicu_block_name(Int32(bitPattern: scalar)) else { return "No Block" }
        var words = String(cString: raw).split(separator: "_").map(String.init)
        for i in words.indices.dropFirst() where ["And", "Of", "For"].contains(words[i]) { words[i] = words[i].lowercased() }
        return words.joined(separator: " ")
    }

    /// `U+1F9FF`: a code point as the standard writes it (at least 4 hexadecimal digits).
    public static func codePoint(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
