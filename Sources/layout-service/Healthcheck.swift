import ArgumentParser
import HTTPClient
import HTTPCore
import MicroHTTPServer
import ServiceConfiguration

/// `layout-service healthcheck [--port N]`: exits 0 when `GET /healthz` on the local service answers 200 (for a
/// container's HEALTHCHECK, which has no curl). The port is the service's own option (flag, then
/// `LAYOUT_SERVICE_PORT`, then 8080): the check resolves the service's configuration as the service does.
struct Healthcheck: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Exit 0 if the local service answers /healthz.")

    @ParentCommand var service: LayoutServiceCommand

    func run() throws {
        let port: Int
        do {
            port = try ServiceConfiguration.resolve(flags: service.flags, environment: ProcessEnvironment.variables())
                .server.port
        } catch {
            throw ValidationError(error.description)
        }
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
