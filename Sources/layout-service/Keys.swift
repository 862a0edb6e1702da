import AccessControl
import ArgumentParser

/// `layout-service keys new --id ID --scopes read,write`: makes a key. Prints its secret (shown only this once:
/// the service keeps only its SHA-256), then the line to add to the keys file.
struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Make API keys.", subcommands: [New.self])

    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a new secret, then the line of the keys file (--api-keys-file) that holds its SHA-256.")

        @Option(help: "The key's id, for logs and metrics: 1 to 64 of A-Z a-z 0-9 . _ -")
        var id: String
        @Option(help: "Comma-separated: read (GET), write (POST), admin (DELETE, /metrics).")
        var scopes: String
        // Named apart from the service's --requests-per-minute and --post-bytes-per-minute (the defaults), which
        // the parser would take for its own.
        @Option(help: "This key's own requests a minute (requests-per-minute= in the file; else the service's --requests-per-minute).")
        var keyRequestsPerMinute: Int?
        @Option(help: "This key's own POST body bytes a minute (post-bytes-per-minute= in the file; else the service's --post-bytes-per-minute).")
        var keyPostBytesPerMinute: Int?

        func run() throws {
            guard let scopes = Scopes(list: scopes) else {
                throw ValidationError("--scopes must be a comma-separated list of read, write, admin")
            }
            var (secret, key) = APIKey.generate(id: id, scopes: scopes)
            key.requestsPerMinute = keyRequestsPerMinute
            key.postBytesPerMinute = keyPostBytesPerMinute
            // The line must read back as the same key (this also checks the id).
            guard (try? KeysFile.parse(key.line)) == [key] else {
                throw ValidationError("--id must be 1 to 64 of A-Z a-z 0-9 . _ - (and not \"anonymous\"); quotas 0 or more")
            }
            print(secret)
            print(key.line)
        }
    }
}
