import ArgumentParser
import HTTPCore
import MicroHTTPServer

/// `layout-service healthcheck`: exits 0 when `GET /healthz` on the local service answers 200 (for a container's
/// HEALTHCHECK, which has no curl).
struct Healthcheck: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Exit 0 if the local service answers /healthz.")

    @Option(help: "Port of the service. [env: LAYOUT_SERVICE_PORT] (default: 8080)")
    var port: Int?

    func run() throws {
        let port = try Environment.resolve(port, "LAYOUT_SERVICE_PORT", 8080)
        do {
            let connection = try HTTPClientConnection(port: port, timeoutSeconds: 3)
            let response = try connection.request("GET", "/healthz")
            if response.status == 200 { return }
            print("unhealthy: /healthz answered \(response.status)")
        } catch {
            print("unhealthy: \(error)")
        }
        throw ExitCode(1)
    }
}
