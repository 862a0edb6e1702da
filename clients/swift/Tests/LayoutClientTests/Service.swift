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

    /// What the session should answer for `rect`: the service's own answer for that rect, unpaged.
    static func reference(_ client: LayoutServiceClient, _ id: String, _ rect: CGRect) async throws -> Set<ElementAttributes> {
        Set(try await client.elements(layoutID: id, in: rect).elements)
    }
}
