public import LayoutEngine
import HTTPCore
import LayoutStore
import LayoutWire
public import TextShaping

/// The fonts the service measures with, as a spec's text styles name them (the font catalog of `--fonts-dir`).
public protocol FontChecker: Sendable {
    /// Why `style` names a font the service does not have (`"family"` or `"weight"`: the field at fault), or nil
    /// when it has it.
    func fontProblem(with style: TextStyle) -> (field: String, reason: String)?
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
        guard let fonts else { return }
        for name in styles.keys.sorted() {
            if let (field, reason) = fonts.fontProblem(with: styles[name]!) {
                let pointer = JSONPointer.string([.key("textStyles"), .key(name), .key(field)])
                throw Problem(.invalidSpec, detail: "\(pointer): \(reason)", pointer: pointer)
            }
        }
    }
}

/// The service's own fonts: those its shaper measures with.
extension FontCatalog: FontChecker {
    public func fontProblem(with style: TextStyle) -> (field: String, reason: String)? {
        problem(with: style).map { ($0.field, $0.detail) }
    }
}
