import Foundation
import HTTPCore
import LayoutService
import Testing

/// The playground page and the JavaScript client, embedded at build time, against the files they come from.
@Suite struct PlaygroundServiceTests {
    let client = Client()

    /// The repository's root, from this file's path (Tests/LayoutServiceTests/...).
    static func repositoryFile(_ relative: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return Array(try Data(contentsOf: root.appendingPathComponent(relative)))
    }

    @Test func theClientIsServedAsTheFileInClientsJSWithAnEntityTag() throws {
        let response = client.send("GET", "/client/layout-client.js")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-cache")
        #expect(response.body.bytes == (try Self.repositoryFile("clients/js/layout-client.js")))
        let tag = try #require(response.header("ETag"))
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))

        let again = client.service.handle(HTTPRequest(method: "GET", path: "/client/layout-client.js",
                                                      headers: [("If-None-Match", tag)]))
        #expect(again.status == 304)
        #expect(again.body.bytes.isEmpty)
        #expect(again.header("ETag") == tag)
        let other = client.service.handle(HTTPRequest(method: "GET", path: "/client/layout-client.js",
                                                      headers: [("If-None-Match", "\"0000000000000000\"")]))
        #expect(other.status == 200)
        #expect(client.send("HEAD", "/client/layout-client.js").status == 200)
        #expect(client.send("POST", "/client/layout-client.js").status == 405)
    }

    /// Every module of clients/js/lib and every declaration of clients/js/types, as the repository holds them: the
    /// entry's imports all resolve against the service.
    @Test func everyModuleAndDeclarationOfTheClientIsServedAsItsFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var paths = ["layout-client.d.ts"]
        for (folder, served) in [("clients/js/lib", "lib/"), ("clients/js/types/lib", "lib/")] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            paths += names.filter { $0.hasSuffix(".js") || $0.hasSuffix(".d.ts") }.map { served + $0 }
        }
        #expect(paths.count > 20)
        for path in paths {
            let response = client.send("GET", "/client/" + path)
            #expect(response.status == 200, "\(path)")
            let file = path.hasSuffix(".d.ts") ? "clients/js/types/" + path : "clients/js/" + path
            #expect(response.body.bytes == (try Self.repositoryFile(file)), "\(path)")
            let type = path.hasSuffix(".d.ts") ? "application/typescript; charset=utf-8" : "text/javascript; charset=utf-8"
            #expect(response.header("Content-Type") == type, "\(path)")
            let tag = try #require(response.header("ETag"))
            let again = client.service.handle(HTTPRequest(method: "GET", path: "/client/" + path,
                                                          headers: [("If-None-Match", tag)]))
            #expect(again.status == 304, "\(path)")
        }
        #expect(client.send("GET", "/client/lib/nothing.js").status == 404)
        #expect(client.send("GET", "/client/tests/fakes.js").status == 404)
    }

    @Test func thePageHoldsItsStyleExamplesAndScriptAndImportsTheClient() throws {
        let response = client.send("GET", "/")
        #expect(response.status == 200)
        let page = String(decoding: response.body.bytes, as: UTF8.self)
        for file in ["playground.css", "examples.js", "playground.js"] {
            let text = String(decoding: try Self.repositoryFile("Sources/LayoutService/Playground/" + file), as: UTF8.self)
            #expect(page.contains(text), "\(file) is in the page")
        }
        #expect(!page.contains("/* playground.css */") && !page.contains("/* playground.js */"))
        #expect(page.contains("from \"/client/layout-client.js\""))
    }
}
