import HTTPCore
import LayoutWire

/// Maps spec input errors to problems: malformed JSON is a 400, an invalid spec a 422 with the field's pointer.
enum ProblemMapping {
    static func problem(for error: SpecInputError) -> Problem {
        switch error {
        case .syntax(let e):
            return Problem(.malformedJSON, detail: "the body is not valid JSON: \(e.description)")
        case .spec(let e):
            let field = e.pointer.isEmpty ? "the spec" : e.pointer
            return Problem(e.isLimit ? .limitExceeded : .invalidSpec, detail: "\(field): \(e.reason)",
                           pointer: e.pointer)
        }
    }
}
