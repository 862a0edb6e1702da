public import LayoutEngine
import HTTPCore
import LayoutStore
import LayoutWire
public import TextShaping

/// The fonts the service measures with, as a spec's text styles name them (the font catalog of `--fonts-dir`).
public protocol FontChecker: Sendable {
    /// Why `style` names a font the service does not have: the field at fault (`"family"` or `"weight"`) and a
    /// sentence naming the font; nil when it has it.
    func problem(with style: TextStyle) -> (field: String, detail: String)?
}

/// The service's own fonts: those its shaper measures with.
extension FontCatalog: FontChecker {}

extension FontChecker {
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
}

extension LayoutService {
    /// Checks a spec's cells given as content before anything is stored: without a measurer (`LayoutStore.measurer`)
    /// they are refused (422 `no-text-measurer`, pointing at `/textStyles`); each style's font must be in the
    /// catalog (422 `invalid-spec` naming `/textStyles/<name>/family` or `/weight`).
    func checkText(_ spec: LayoutSpec) throws(Problem) {
        let styles = spec.textStyles
        guard spec.hasContent || !styles.isEmpty else { return }
        guard store.measurer != nil else {
            throw Problem(.noTextMeasurer,
                          detail: "/textStyles: this service has no text measurer: cells given as content are not taken",
                          pointer: "/textStyles")
        }
        try fonts?.check(styles)
    }
}
