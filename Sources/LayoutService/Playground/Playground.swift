import HTTPCore

/// `GET /`: the playground, one HTML page that edits a spec, prepares it, and scrolls it with the JavaScript
/// client (`GET /client/layout-client.js`), as a user of the service would. Its HTML, CSS and JavaScript are
/// resource files of this folder, embedded in the binary at build time (`resources: [.embedInCode(...)]` in
/// Package.swift): the binary loads nothing from elsewhere.
enum Playground {
    /// playground.html with playground.css, and examples.js + playground.js + viewport.js + kept-columns.js (one
    /// module) spliced in. Built once and shared by every answer (bodies are immutable).
    static let page = HTTPBody(
        splice(
            splice(PackageResources.playground_html, "/* playground.css */", PackageResources.playground_css),
            "/* playground.js */",
            PackageResources.examples_js + Array("\n".utf8) + PackageResources.playground_js + Array("\n".utf8)
                + PackageResources.viewport_js + Array("\n".utf8) + PackageResources.kept_columns_js))

    /// `bytes` with the first occurrence of `marker` replaced by `insert` (unchanged when it is absent).
    static func splice(_ bytes: [UInt8], _ marker: StaticString, _ insert: [UInt8]) -> [UInt8] {
        let m = Array(UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount))
        guard m.count <= bytes.count else { return bytes }
        for i in 0...(bytes.count - m.count) where bytes[i] == m[0] && Array(bytes[i..<(i + m.count)]) == m {
            return Array(bytes[..<i]) + insert + Array(bytes[(i + m.count)...])
        }
        return bytes
    }
}

/// `GET /client/{file}` and `GET /client/lib/{file}`: the JavaScript client, ES modules embedded at build time
/// (clients/js: layout-client.js, the entry, and lib/*.js) and their declarations (clients/js/types:
/// layout-client.d.ts and lib/*.d.ts, made by tsc from the modules' JSDoc; scripts/check-client-types), each with a
/// strong `ETag` of its bytes; a matching `If-None-Match` gets a 304. `Cache-Control: no-cache`: browsers keep
/// them and revalidate, so a new version of the service is picked up at once.
enum ClientScript {
    struct File {
        let body: HTTPBody
        let entityTag: String
        let contentType: String

        init(_ name: String, _ bytes: [UInt8]) {
            body = HTTPBody(bytes)
            var hash = FNV1a()
            for byte in bytes { hash.add(byte) }
            entityTag = "\"js-" + hash.hex(suffix: UInt8(ascii: "\""))
            contentType = name.hasSuffix(".d.ts") ? "application/typescript; charset=utf-8" : "text/javascript; charset=utf-8"
        }
    }

    /// Every file by its path under /client/.
    static let files: [String: File] = {
        let list: [(String, [UInt8])] = [
            ("layout-client.js", PackageResources.layout_client_js),
            ("layout-client.d.ts", PackageResources.layout_client_d_ts),
        ("lib/adaptive.js", PackageResources.adaptive_js), ("lib/adaptive.d.ts", PackageResources.adaptive_d_ts),
        ("lib/collapsing-header.js", PackageResources.collapsing_header_js),
        ("lib/collapsing-header.d.ts", PackageResources.collapsing_header_d_ts),
        ("lib/elements.js", PackageResources.elements_js), ("lib/elements.d.ts", PackageResources.elements_d_ts),
        ("lib/fetch-state.js", PackageResources.fetch_state_js), ("lib/fetch-state.d.ts", PackageResources.fetch_state_d_ts),
        ("lib/http-client.js", PackageResources.http_client_js), ("lib/http-client.d.ts", PackageResources.http_client_d_ts),
        ("lib/plans.js", PackageResources.plans_js), ("lib/plans.d.ts", PackageResources.plans_d_ts),
        ("lib/problem.js", PackageResources.problem_js), ("lib/problem.d.ts", PackageResources.problem_d_ts),
        ("lib/scroll-axis.js", PackageResources.scroll_axis_js), ("lib/scroll-axis.d.ts", PackageResources.scroll_axis_d_ts),
        ("lib/scroll-mapping.js", PackageResources.scroll_mapping_js), ("lib/scroll-mapping.d.ts", PackageResources.scroll_mapping_d_ts),
        ("lib/strategies.js", PackageResources.strategies_js), ("lib/strategies.d.ts", PackageResources.strategies_d_ts),
        ("lib/text-cells.js", PackageResources.text_cells_js), ("lib/text-cells.d.ts", PackageResources.text_cells_d_ts),
        ("lib/updates.js", PackageResources.updates_js), ("lib/updates.d.ts", PackageResources.updates_d_ts),
        ("lib/velocity.js", PackageResources.velocity_js), ("lib/velocity.d.ts", PackageResources.velocity_d_ts),
        ("lib/views.js", PackageResources.views_js), ("lib/views.d.ts", PackageResources.views_d_ts),
        ("lib/virtualizer.js", PackageResources.virtualizer_js), ("lib/virtualizer.d.ts", PackageResources.virtualizer_d_ts),
        ("lib/waterfall-updates.js", PackageResources.waterfall_updates_js),
        ("lib/waterfall-updates.d.ts", PackageResources.waterfall_updates_d_ts),
        ("lib/scroll-effects.js", PackageResources.scroll_effects_js),
        ("lib/scroll-effects.d.ts", PackageResources.scroll_effects_d_ts),
        ("lib/worker-fetch.js", PackageResources.worker_fetch_js), ("lib/worker-fetch.d.ts", PackageResources.worker_fetch_d_ts),
        ("lib/outline.js", PackageResources.outline_js), ("lib/outline.d.ts", PackageResources.outline_d_ts),
        ]
        return Dictionary(uniqueKeysWithValues: list.map { ($0.0, File($0.0, $0.1)) })
    }()

    /// The file's answer, or nil when there is no such file.
    static func response(_ request: HTTPRequest, path: String) -> HTTPResponse? {
        guard let file = files[path] else { return nil }
        let headers: [(name: String, value: String)] = [("ETag", file.entityTag), ("Cache-Control", "no-cache")]
        if HTTPCaching.matches(request, file.entityTag) { return HTTPResponse(status: 304, headers: headers) }
        return HTTPResponse(status: 200, headers: [("Content-Type", file.contentType)] + headers, body: file.body)
    }
}

/// `GET /playground/programs/{name}.wasm`: the example layout programs of examples/programs (embedded at build
/// time), for the playground's Programs example and the docs' examples to post.
enum ExamplePrograms {
    static let modules: [String: [UInt8]] = [
        "waterfall.wasm": PackageResources.waterfall_wasm, "circle.wasm": PackageResources.circle_wasm,
        "calendar.wasm": PackageResources.calendar_wasm,
    ]

    static func response(_ name: String) -> HTTPResponse? {
        guard let bytes = modules[name] else { return nil }
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/wasm"), ("Cache-Control", "no-cache")],
                            body: bytes)
    }
}
