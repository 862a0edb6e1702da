import Foundation
import LayoutClient
import Testing

/// The service the tests run against: scripts/test builds it, starts it on 127.0.0.1 with `--store memory` and an
/// API key file, and passes its address in LAYOUT_SERVICE_URL and a key (read, write) in LAYOUT_SERVICE_API_KEY.
enum Service {
    static func url() throws -> URL {
        try #require(
            ProcessInfo.processInfo.environment["LAYOUT_SERVICE_URL"].flatMap(URL.init(string:)),
            "run clients/swift/scripts/test: it starts the service and sets LAYOUT_SERVICE_URL")
    }

    static var apiKey: String? { ProcessInfo.processInfo.environment["LAYOUT_SERVICE_API_KEY"] }

    static func client() throws -> LayoutServiceClient {
        LayoutServiceClient(baseURL: try url(), apiKey: apiKey)
    }

    /// 390×844, 100×100 items, 40-point headers: section 0 has 30 items by count, section 1 three given sizes.
    static var smallFlow: Components.Schemas.LayoutSpec {
        .flow(
            .init(
                layout: .flow, collectionView: .init(width: 390, height: 844), itemSize: .init(width: 100, height: 100),
                headerReferenceSize: .init(width: 0, height: 40),
                sections: [
                    .init(items: 30),
                    .init(
                        itemSizes: [[50, 80], [120, 80], [70, 40]],
                        sectionInset: .init(top: 8, left: 16, bottom: 8, right: 16)),
                ]))
    }

    /// A million 100×100 cells, three to a 110-point row, in one section: 36,666,730 points of content.
    static var millionFlow: Components.Schemas.LayoutSpec {
        .flow(
            .init(
                layout: .flow, collectionView: .init(width: 390, height: 844), itemSize: .init(width: 100, height: 100),
                sections: [.init(items: 1_000_000)]))
    }

    /// A spec written as JSON (what a user would send), decoded into the generated type.
    static func spec(_ json: String) throws -> Components.Schemas.LayoutSpec {
        try JSONDecoder().decode(Components.Schemas.LayoutSpec.self, from: Data(json.utf8))
    }

    /// Flows, waterfalls and compositional layouts whose section headers and footers pin to the visible bounds,
    /// each with sections of different lengths; the view is 390×844.
    static var pinnedSpecs: [(name: String, spec: Components.Schemas.LayoutSpec)] {
        get throws {
            let sizes = (0..<23).map { "[\(40 + $0 * 7 % 60), \(30 + $0 * 13 % 90)]" }.joined(separator: ",")
            let heights = (0..<17).map { "\(50 + $0 * 37 % 120)" }.joined(separator: ",")
            let compositionalSection = """
                {"group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 120}},
                           "subitems": [{"item": {"size": {"width": {"fractionalWidth": 0.5}, "height": {"fractionalHeight": 1}}}}]},
                 "interGroupSpacing": 10,
                 "boundarySupplementaryItems": [
                   {"kind": "header", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 44}}, "alignment": "top", "pinToVisibleBounds": true},
                   {"kind": "footer", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 30}}, "alignment": "bottom", "pinToVisibleBounds": true}]}
                """
            return [
                ("flow, vertical", try spec("""
                    {"layout": "flow", "collectionView": {"width": 390, "height": 844}, "itemSize": {"width": 100, "height": 100},
                     "headerReferenceSize": {"width": 0, "height": 40}, "footerReferenceSize": {"width": 0, "height": 30},
                     "sectionHeadersPinToVisibleBounds": true, "sectionFootersPinToVisibleBounds": true,
                     "sections": [{"items": 40}, {"items": 5}, {"itemSizes": [\(sizes)]}, {"items": 61}]}
                    """)),
                ("flow, horizontal", try spec("""
                    {"layout": "flow", "collectionView": {"width": 390, "height": 844}, "scrollDirection": "horizontal",
                     "itemSize": {"width": 100, "height": 100},
                     "headerReferenceSize": {"width": 40, "height": 0}, "footerReferenceSize": {"width": 30, "height": 0},
                     "sectionHeadersPinToVisibleBounds": true, "sectionFootersPinToVisibleBounds": true,
                     "sections": [{"items": 70}, {"items": 3}, {"items": 90}]}
                    """)),
                ("waterfall", try spec("""
                    {"layout": "waterfall", "collectionView": {"width": 390, "height": 844}, "columnCount": 2,
                     "headerHeight": 40, "footerHeight": 30,
                     "sectionHeadersPinToVisibleBounds": true, "sectionFootersPinToVisibleBounds": true,
                     "sections": [{"itemHeights": [\(heights)]}, {"itemHeights": [60]}, {"itemHeights": [\(heights), \(heights)]}]}
                    """)),
                ("compositional", try spec("""
                    {"layout": "compositional", "collectionView": {"width": 390, "height": 844}, "interSectionSpacing": 20,
                     "defaultSection": \(compositionalSection),
                     "sections": [{"items": 30}, {"items": 3}, {"items": 41}]}
                    """)),
                // Under a collapsing header, pinned headers stick below its visible bottom; tiles leave it out.
                ("flow under a collapsing header", try spec("""
                    {"layout": "flow", "collectionView": {"width": 390, "height": 844},
                     "collapsingHeader": {"expandedHeight": 300, "collapsedHeight": 88, "stretch": true},
                     "itemSize": {"width": 100, "height": 100},
                     "headerReferenceSize": {"width": 0, "height": 40}, "footerReferenceSize": {"width": 0, "height": 30},
                     "sectionHeadersPinToVisibleBounds": true, "sectionFootersPinToVisibleBounds": true,
                     "sections": [{"items": 40}, {"items": 5}, {"itemSizes": [\(sizes)]}, {"items": 61}]}
                    """)),
                ("compositional under a scrolling collapsing header", try spec("""
                    {"layout": "compositional", "collectionView": {"width": 390, "height": 844}, "interSectionSpacing": 20,
                     "collapsingHeader": {"expandedHeight": 260, "collapsedHeight": 60, "behavior": "scroll"},
                     "defaultSection": \(compositionalSection),
                     "sections": [{"items": 30}, {"items": 3}, {"items": 41}]}
                    """)),
            ]
        }
    }

    /// What the session should answer for `rect`: the service's own answer for that rect, unpaged.
    static func reference(_ client: LayoutServiceClient, _ id: String, _ rect: CGRect) async throws -> Set<ElementAttributes> {
        Set(try await client.elements(layoutID: id, in: rect).elements)
    }
}
