import HTTPCore
import LayoutEngine

/// The query parameters of rows that scroll on their own (`OrthogonalSections`: a compositional layout's
/// orthogonal sections).
enum CompositionalQueries {
    /// `sectionOffsets=s:x,s2:x2`: each orthogonal section's row offset (absent: none). 400 naming the
    /// parameter when it is malformed, or names a section that does not scroll on its own.
    static func sectionOffsets(_ request: HTTPRequest, _ layout: any PreparedLayout) throws(Problem) -> [Int: Double] {
        guard let text = request.queryValue("sectionOffsets") else { return [:] }
        guard let c = layout as? any OrthogonalSections else {
            throw QueryParameters.badParameter("sectionOffsets", "applies to compositional layouts only")
        }
        var out: [Int: Double] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let s = Int(parts[0].trimmingSpaces), s >= 0,
                  let x = Double(parts[1].trimmingSpaces), x.isFinite, out[s] == nil
            else {
                throw QueryParameters.badParameter("sectionOffsets",
                    "must be section:offset pairs, each section once: sectionOffsets=1:120,3:0 (got \"\(text)\")")
            }
            guard c.isOrthogonal(section: s) else {
                throw QueryParameters.badParameter("sectionOffsets",
                    "names section \(s), which does not scroll on its own (orthogonalScrollingBehavior none, or no such section)")
            }
            out[s] = x
        }
        return out
    }

    /// `section=s` of `target-offset`: an orthogonal section whose row the fling moves (nil when absent).
    static func section(_ request: HTTPRequest, _ layout: any PreparedLayout) throws(Problem) -> Int? {
        guard let text = request.queryValue("section") else { return nil }
        guard let c = layout as? any OrthogonalSections, let s = Int(text), c.isOrthogonal(section: s) else {
            throw QueryParameters.badParameter("section",
                "must name a section of a compositional layout that scrolls on its own (got \"\(text)\")")
        }
        return s
    }
}
