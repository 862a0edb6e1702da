import LayoutService
import Testing

@Suite struct RouteTests {
    @Test func pathsMatchTheirTemplatesAndNothingElse() {
        let id = String(repeating: "a", count: 64)
        let cases: [(String, String?)] = [
            ("/", "/"), ("/playground", "/"), ("/healthz", "/healthz"), ("/readyz", "/readyz"),
            ("/v1/layouts", "/v1/layouts"), ("/v1/layouts/\(id)", "/v1/layouts/{id}"),
            ("/v1/layouts/\(id)/attributes", "/v1/layouts/{id}/attributes"),
            ("/v1/layouts/\(id)/render.svg", "/v1/layouts/{id}/render.svg"),
            ("/v1/layouts/\(id)/hit", "/v1/layouts/{id}/hit"),
            ("/v1/layouts/\(id)/target-offset", "/v1/layouts/{id}/target-offset"),
            ("/v1/layouts/\(id)/moving", "/v1/layouts/{id}/moving"),
            ("/v1/layouts/\(id)/updates", "/v1/layouts/{id}/updates"),
            ("/v1/layouts/\(id)/sizes", "/v1/layouts/{id}/sizes"),
            ("/v1/layouts/\(id)/bounds", "/v1/layouts/{id}/bounds"),
            ("/v1/layouts/\(id)/scroll-to", "/v1/layouts/{id}/scroll-to"),
            ("/v1/layouts/\(id)/items/0/1", "/v1/layouts/{id}/items/{section}/{item}"),
            ("/v1/layouts/\(id)/supplementary/header/0/0", "/v1/layouts/{id}/supplementary/{kind}/{section}/{item}"),
            ("/v1/layouts/\(id)/decorations/background/0/0", "/v1/layouts/{id}/decorations/{kind}/{section}/{item}"),
            ("/v1/transitions", "/v1/transitions"), ("/client/layout-client.js", "/client/{file}"),
            ("/client/lib/plans.js", "/client/{file}"), ("/client/other.js", "/client/{file}"),
            ("/client", nil), ("/client/lib/a/b.js", nil), ("/client/layout-client.js/", nil),
            ("", nil), ("v1/layouts", nil), ("/v1", nil), ("/v2/layouts", nil), ("/v1/layouts/x/unknown", nil),
            ("/v1/layouts/x/items/0", nil), ("/v1/transitions/x", nil), ("/healthz/", nil), ("/v1/layouts/x/attributes/", nil),
            ("/V1/layouts", nil), ("/v1/layouts/x/supplementary/header/0", nil), ("/ü/é", nil),
        ]
        for (path, template) in cases {
            #expect(LayoutService.routeTemplate(path: path) == template, "\(path)")
        }
    }
}
