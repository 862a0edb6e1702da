import HTTPCore
import LayoutService
import LayoutStore
import LayoutWire

/// Builds requests for the service and reads JSON answers with the project's own parser.
struct Client {
    let service: LayoutService

    init(limits: ServiceLimits = ServiceLimits(), cacheBytes: Int = 1 << 28) {
        service = LayoutService(store: LayoutStore(capacityBytes: cacheBytes), limits: limits)
    }

    init(service: LayoutService) { self.service = service }

    func send(_ method: String, _ target: String, _ body: String? = nil) -> HTTPResponse {
        let parts = target.split(separator: "?", maxSplits: 1)
        var query: [(name: String, value: String)] = []
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                query.append((String(kv[0]), kv.count == 2 ? String(kv[1]) : ""))
            }
        }
        // Work the service defers to a queue of its own (a program's run, text measured) runs here, as the
        // server would run it on that queue.
        let request = HTTPRequest(method: method, path: String(parts[0]), query: query, body: Array((body ?? "").utf8))
        return service.handle(request).answered(to: request)
    }

    func json(_ response: HTTPResponse) -> JSONValue { try! JSONParser.parse(response.body.bytes).root }
}

extension JSONValue {
    subscript(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
}
