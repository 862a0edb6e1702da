import HTTPCore
import LayoutEngine

/// Parsing of query parameters and path segments; failures are 400 problems naming the parameter.
enum QueryParameters {
    /// `x,y,w,h`: four finite numbers, width and height 0 or more.
    static func rect(_ request: HTTPRequest, _ name: String = "rect") throws(Problem) -> LayoutRect {
        let n = try request.withQueryValue(name) { text throws(Problem) in
            guard let text else { throw badParameter(name, "is required: \(name)=x,y,width,height") }
            return try numbers(text, count: 4, name: name, form: "x,y,width,height")
        }
        guard n.2 >= 0, n.3 >= 0 else { throw badParameter(name, "width and height must be 0 or more") }
        return LayoutRect(x: n.0, y: n.1, width: n.2, height: n.3)
    }

    /// `x,y`, or `fallback` when absent.
    static func point(_ request: HTTPRequest, _ name: String, default fallback: LayoutPoint = .zero) throws(Problem)
        -> LayoutPoint
    {
        let n = try request.withQueryValue(name) { text throws(Problem) -> (Double, Double, Double, Double)? in
            guard let text else { return nil }
            return try numbers(text, count: 2, name: name, form: "x,y")
        }
        guard let n else { return fallback }
        return LayoutPoint(x: n.0, y: n.1)
    }

    /// `section,item`.
    static func indexPath(_ request: HTTPRequest, _ name: String) throws(Problem) -> LayoutIndexPath {
        guard let text = request.queryValue(name) else { throw badParameter(name, "is required: \(name)=section,item") }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let s = Int(parts[0].trimmingSpaces), let i = Int(parts[1].trimmingSpaces), s >= 0, i >= 0
        else { throw badParameter(name, "must be two whole numbers, 0 or more: \(name)=section,item (got \"\(text)\")") }
        return LayoutIndexPath(section: s, item: i)
    }

    /// A required `x,y`.
    static func requiredPoint(_ request: HTTPRequest, _ name: String) throws(Problem) -> LayoutPoint {
        guard request.queryValue(name) != nil else { throw badParameter(name, "is required: \(name)=x,y") }
        return try point(request, name)
    }

    /// A number from 0 to 1.
    static func fraction(_ request: HTTPRequest, _ name: String) throws(Problem) -> Double {
        guard let text = request.queryValue(name), let v = Double(text), v >= 0, v <= 1 else {
            throw badParameter(name, "must be a number from 0 to 1")
        }
        return v
    }

    /// The answer's form, `format=full` (the default: one object per element) or `format=columns` (one array
    /// per attribute).
    enum Format { case full, columns }

    static func format(_ request: HTTPRequest) throws(Problem) -> Format {
        try request.withQueryValue("format") { text throws(Problem) in
            guard let text else { return .full }
            if text.elementsEqual("full".utf8) { return .full }
            if text.elementsEqual("columns".utf8) { return .columns }
            throw badParameter("format", "must be full or columns (got \"\(String(decoding: text, as: UTF8.self))\")")
        }
    }

    /// A section or item index in a path.
    static func index(_ text: String, _ name: String) throws(Problem) -> Int {
        guard let value = Int(text), value >= 0 else {
            throw Problem(.invalidParameter,
                          detail: "\(name) in the path must be a whole number, 0 or more (got \"\(text)\")",
                          parameter: name)
        }
        return value
    }

    /// `count` (2 or 4) comma-separated finite numbers, in the first `count` of the four.
    private static func numbers(_ bytes: UnsafeBufferPointer<UInt8>, count: Int, name: String, form: String)
        throws(Problem) -> (Double, Double, Double, Double)
    {
        var out = (0.0, 0.0, 0.0, 0.0)
        var found = 0
        var parts = 0
        var start = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: ",") {
            parts += 1
            let part = UnsafeBufferPointer(rebasing: bytes[start..<i])
            start = i + 1
            guard found == parts - 1, found < 4 else { continue }
            if let v = wholeNumber(part) ?? Double(Substring(decoding: part, as: UTF8.self).trimmingSpaces),
               v.isFinite
            {
                switch found {
                case 0: out.0 = v
                case 1: out.1 = v
                case 2: out.2 = v
                default: out.3 = v
                }
                found += 1
            }
        }
        guard parts == count, found == count else {
            let text = String(decoding: bytes, as: UTF8.self)
            throw badParameter(name, "must be \(count) finite numbers: \(name)=\(form) (got \"\(text)\")")
        }
        return out
    }

    /// `-?[0-9]{1,15}` as a number (exactly what `Double(text)` gives for it), or nil for anything else (which
    /// `Double` then reads): the common case of a rect without parsing a `Double`.
    @inline(__always)
    private static func wholeNumber(_ part: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let negative = part.first == UInt8(ascii: "-")
        if negative { i = 1 }
        guard part.count > i, part.count - i <= 15 else { return nil }
        var v = 0
        while i < part.count {
            let d = part[i] &- UInt8(ascii: "0")
            guard d < 10 else { return nil }
            v = v &* 10 &+ Int(d)
            i += 1
        }
        return negative ? (v == 0 ? -0.0 : -Double(v)) : Double(v)
    }

    /// Refuses a request with a query parameter its route does not take (the first, by name).
    static func refuseUnknown(_ request: HTTPRequest, _ route: Route) throws(Problem) {
        let known = route.parameters
        var unknown: String?
        request.forEachQueryArgument { name, _ in
            guard unknown == nil, !known.contains(where: { equal(name, $0) }) else { return }
            unknown = String(decoding: name, as: UTF8.self)
        }
        guard let unknown else { return }
        let taken = known.isEmpty ? "takes no query parameters" : "takes " + known.map { "\($0)" }.joined(separator: ", ")
        throw badParameter(unknown, "is not a parameter of \(route.template): it \(taken)")
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        let n = name.utf8Start
        for i in 0..<bytes.count where bytes[i] != n[i] { return false }
        return true
    }

    static func badParameter(_ name: String, _ detail: String) -> Problem {
        Problem(.invalidParameter, detail: "\(name) \(detail)", parameter: name)
    }
}

extension Substring {
    /// Without leading and trailing spaces (compared as bytes).
    var trimmingSpaces: Substring {
        var s = utf8[...]
        while s.first == UInt8(ascii: " ") { s = s.dropFirst() }
        while s.last == UInt8(ascii: " ") { s = s.dropLast() }
        return Substring(s)
    }
}
