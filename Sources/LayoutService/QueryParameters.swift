import HTTPCore
import LayoutEngine

/// Parsing of query parameters and path segments; failures are 400 problems naming the parameter.
enum QueryParameters {
    /// `x,y,w,h`: four finite numbers, width and height 0 or more.
    static func rect(_ request: HTTPRequest, _ name: String = "rect") throws(Problem) -> Rect {
        guard let text = request.queryValue(name) else {
            throw badParameter(name, "is required: \(name)=x,y,width,height")
        }
        let n = try numbers(text, count: 4, name: name, form: "x,y,width,height")
        guard n[2] >= 0, n[3] >= 0 else { throw badParameter(name, "width and height must be 0 or more") }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// `x,y`, or `fallback` when absent.
    static func point(_ request: HTTPRequest, _ name: String, default fallback: Point = .zero) throws(Problem)
        -> Point
    {
        guard let text = request.queryValue(name) else { return fallback }
        let n = try numbers(text, count: 2, name: name, form: "x,y")
        return Point(x: n[0], y: n[1])
    }

    /// `section,item`.
    static func indexPath(_ request: HTTPRequest, _ name: String) throws(Problem) -> IndexPath {
        guard let text = request.queryValue(name) else { throw badParameter(name, "is required: \(name)=section,item") }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let s = Int(parts[0].trimmingSpaces), let i = Int(parts[1].trimmingSpaces), s >= 0, i >= 0
        else { throw badParameter(name, "must be two whole numbers, 0 or more: \(name)=section,item (got \"\(text)\")") }
        return IndexPath(section: s, item: i)
    }

    /// A required `x,y`.
    static func requiredPoint(_ request: HTTPRequest, _ name: String) throws(Problem) -> Point {
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

    /// A section or item index in a path.
    static func index(_ text: String, _ name: String) throws(Problem) -> Int {
        guard let value = Int(text), value >= 0 else {
            throw Problem(.invalidParameter,
                          detail: "\(name) in the path must be a whole number, 0 or more (got \"\(text)\")",
                          parameter: name)
        }
        return value
    }

    private static func numbers(_ text: String, count: Int, name: String, form: String) throws(Problem)
        -> [Double]
    {
        let parts = text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        var out: [Double] = []
        for part in parts {
            guard let v = Double(Substring(part).trimmingSpaces), v.isFinite else { break }
            out.append(v)
        }
        guard parts.count == count, out.count == count else {
            throw badParameter(name, "must be \(count) finite numbers: \(name)=\(form) (got \"\(text)\")")
        }
        return out
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
