import HTTPCore

/// Paging through a rect query (`limit` and `cursor`): a page is the `limit` elements after the first `skip` in
/// the query's order, and the cursor of the next page says where it starts. A cursor is bound to its query (the
/// rect, offset and limit it came with, by a hash), so one used with another query is refused, not misread.
struct PageCursor: Equatable {
    var skip: Int
    var query: UInt64

    /// The cursor's text: `<skip>.<16 hex digits>`.
    var text: String {
        let hex = String(query, radix: 16)
        return String(skip) + "." + String(repeating: "0", count: 16 - hex.count) + hex
    }

    init(skip: Int, query: UInt64) {
        self.skip = skip
        self.query = query
    }

    /// Reads `cursor` for a query; a malformed cursor, or one of another query, is a 400 naming `cursor`.
    init(_ text: String, query: UInt64) throws(Problem) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let skip = Int(parts[0]), skip >= 0, parts[1].utf8.count == 16,
              let hash = UInt64(parts[1], radix: 16)
        else { throw QueryParameters.badParameter("cursor", "is not a cursor of this service (give the `next` of an answer)") }
        guard hash == query else {
            throw QueryParameters.badParameter("cursor", "belongs to another query: keep rect, offset, limit, sectionOffsets and format as they were")
        }
        self.init(skip: skip, query: query)
    }

    /// FNV-1a (64-bit) of the query arguments that define the pages.
    static func queryHash(_ request: HTTPRequest) -> UInt64 {
        var hash = FNV1a()
        for name in ["rect", "offset", "limit", "sectionOffsets", "format"] { hash.add(request.queryValue(name) ?? "", separator: 0) }
        return hash.value
    }
}
