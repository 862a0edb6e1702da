public import LayoutEngine
import HTTPCore
import LayoutStore
import LayoutWire
public import TextShaping

/// The fonts the service measures with (the font catalog of `--fonts-dir`): those a spec's text styles may name,
/// listed and served by `GET /v1/fonts`.
public protocol ServiceFonts: Sendable {
    /// Why `style` names a font the service does not have: the field at fault (`"family"` or `"weight"`) and a
    /// sentence naming the font; nil when it has it.
    func problem(with style: TextStyle) -> (field: String, detail: String)?
    /// The families and their weights, by name.
    var families: [FontCatalog.Family] { get }
    /// The families a glyph a style's family lacks is taken from, in order.
    var fallback: [String] { get }
    /// The face of `family` at exactly `weight`, if there is one.
    func face(family: String, weight: Int) -> FontFace?
    /// The first character of `text` no face of `style`'s stack has a glyph for: its offset in characters and its
    /// code point; nil when every one has.
    func uncovered(_ text: String, style: TextStyle) -> (offset: Int, scalar: UInt32)?
}

/// The service's own fonts: those its shaper measures with.
extension FontCatalog: ServiceFonts {}

extension ServiceFonts {
    /// Checks that every style's font is one of these (by name): else a 422 `invalid-spec` naming the style's field
    /// (`/textStyles/<name>/family` or `/weight`).
    func check(_ styles: [String: TextStyle]) throws(Problem) {
        for name in styles.keys.sorted() {
            if let (field, detail) = problem(with: styles[name]!) {
                let pointer = JSONPointer.string([.key("textStyles"), .key(name), .key(field)])
                throw Problem(.invalidSpec, detail: "\(pointer): \(detail)", pointer: pointer)
            }
        }
    }

    /// Checks that every character of the text of `contents` (at `path`) has a glyph in its style's font stack:
    /// else a 422 `invalid-spec` naming the block's text, the character, its code point and its Unicode block (a
    /// character no font measured would be drawn in a font the service does not have).
    func checkCoverage(_ contents: [CellContent], styles: [String: TextStyle], at path: [SpecPathComponent])
        throws(Problem)
    {
        for (i, content) in contents.enumerated() {
            for (k, block) in content.blocks.enumerated() {
                guard let style = styles[block.style], let (offset, scalar) = uncovered(block.text, style: style)
                else { continue }
                let pointer = JSONPointer.string(path + [.index(i), .key("blocks"), .index(k), .key("text")])
                let shown = Unicode.Scalar(scalar).map { " \"\(Character($0))\"" } ?? ""
                throw Problem(
                    .invalidSpec,
                    detail: "\(pointer): character \(offset) is \(UnicodeBlocks.codePoint(scalar))\(shown) "
                        + "(\(UnicodeBlocks.name(of: scalar))), which no font of the style's stack has (GET /v1/fonts "
                        + "lists the fallback)",
                    pointer: pointer)
            }
        }
    }
}

extension LayoutService {
    /// Checks a spec's cells given as content before anything is stored (`TextEndpoints.check`), and their text
    /// against `--max-uncached-text-bytes` (`TextEndpoints.charge`), in the order of the spec.
    func checkText(_ spec: LayoutSpec) throws(Problem) {
        let styles = spec.textStyles
        guard spec.hasContent || !styles.isEmpty else { return }
        let measurer = try text.check(styles)
        let sections = spec.contentSections
        for (s, contents) in sections {
            try text.fonts?.checkCoverage(contents, styles: styles, at: [.key("sections"), .index(s), .key("contents")])
        }
        guard let shaper = measurer as? TextShaper, limits.maxUncachedTextBytes > 0 else { return }
        guard TextEndpoints.textBytes(sections.map(\.contents)) > limits.maxUncachedTextBytes else { return }
        var budget = TextBudget(limit: limits.maxUncachedTextBytes)
        for (s, contents) in sections {
            try TextEndpoints.charge(contents, styles: styles, shaper: shaper, budget: &budget,
                                     at: [.key("sections"), .index(s), .key("contents")])
        }
    }
}
