/// An RFC 9457 problem: `application/problem+json` with `type`, `title`, `status`, `detail`, and, for invalid
/// specs, `pointer` (the RFC 6901 pointer of the offending field) or, for a bad query parameter or path
/// segment, `parameter` (its name). Errors render themselves as responses.
public struct Problem: Error, Sendable {
    public var status: Int
    public var type: String
    public var title: String
    public var detail: String
    public var pointer: String?
    public var parameter: String?
    public var headers: [(name: String, value: String)]

    public init(status: Int, type: String = "about:blank", detail: String, pointer: String? = nil,
                parameter: String? = nil, headers: [(name: String, value: String)] = []) {
        self.status = status
        self.type = type
        self.title = HTTPStatus.reason(status)
        self.detail = detail
        self.pointer = pointer
        self.parameter = parameter
        self.headers = headers
    }

    /// A problem of one of this service's types: its URN, status and title come from `kind`.
    public init(_ kind: ProblemType, detail: String, pointer: String? = nil, parameter: String? = nil,
                headers: [(name: String, value: String)] = []) {
        self.init(status: kind.status, type: kind.uri, detail: detail, pointer: pointer, parameter: parameter,
                  headers: headers)
        self.title = kind.title
    }

    public var response: HTTPResponse {
        var body = "{\"type\":\(Self.quoted(type)),\"title\":\(Self.quoted(title)),\"status\":\(status)"
        body += ",\"detail\":\(Self.quoted(detail))"
        if let pointer { body += ",\"pointer\":\(Self.quoted(pointer))" }
        if let parameter { body += ",\"parameter\":\(Self.quoted(parameter))" }
        body += "}"
        return HTTPResponse(status: status, headers: [("Content-Type", "application/problem+json")] + headers,
                            body: Array(body.utf8))
    }

    /// A JSON string literal.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
