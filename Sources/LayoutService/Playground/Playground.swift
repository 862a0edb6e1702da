import HTTPCore

/// `GET /`: the playground, one HTML page that edits a spec, prepares it, and scrolls it with the JavaScript
/// client (`GET /client/layout-client.js`), as a user of the service would. Its HTML, CSS and JavaScript are
/// resource files of this folder, embedded in the binary at build time (`resources: [.embedInCode(...)]` in
/// Package.swift): the binary loads nothing from elsewhere.
enum Playground {
    /// playground.html with playground.css, and examples.js + playground.js + viewport.js (one module) spliced
    /// in. Built once and shared by every answer (bodies are immutable).
    static let page = HTTPBody(
        splice(
            splice(PackageResources.playground_html, "/* playground.css */", PackageResources.playground_css),
            "/* playground.js */",
            PackageResources.examples_js + Array("\n".utf8) + PackageResources.playground_js + Array("\n".utf8)
                + PackageResources.viewport_js))

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

/// `GET /client/layout-client.js`: the JavaScript client (clients/js/layout-client.js, embedded at build time),
/// with a strong `ETag` of its bytes; a matching `If-None-Match` gets a 304. `Cache-Control: no-cache`: browsers
/// keep it and revalidate, so a new version of the service is picked up at once.
enum ClientScript {
    static let body = HTTPBody(PackageResources.layout_client_js)

    static let entityTag: String = {
        var hash = FNV1a()
        for byte in PackageResources.layout_client_js { hash.add(byte) }
        return "\"js-" + hash.hex(suffix: UInt8(ascii: "\""))
    }()

    static func response(_ request: HTTPRequest) -> HTTPResponse {
        let headers: [(name: String, value: String)] = [("ETag", entityTag), ("Cache-Control", "no-cache")]
        if HTTPCaching.matches(request, entityTag) { return HTTPResponse(status: 304, headers: headers) }
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")] + headers, body: body)
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
