import Foundation
import LayoutPrograms
import LayoutWire

/// The example programs of examples/programs, as committed (built by its build.sh).
enum ExampleModules {
    /// The default limits but a deadline that does not bind: scripts/test also runs these suites under
    /// ThreadSanitizer, where WasmKit interprets ten times slower or more, on a machine other builds share. Only the
    /// tests of the deadline give a short one.
    static let roomy = ProgramLimits(deadlineMilliseconds: 600_000)

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples/programs").standardizedFileURL

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent("\(name).wasm")))
    }

    static func program(_ name: String) throws -> LayoutProgram {
        try LayoutProgram(bytes: bytes(name))
    }

    /// The toolchain's clang, when this machine has one that builds wasm32.
    static var clang: String? {
        ["/opt/swift/usr/bin/clang"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

extension ProgramInput {
    /// An input with `parameters` as JSON text and their numbers derived from it as the service derives them.
    init(viewWidth: Double, viewHeight: Double, itemCounts: [Int], json: String) {
        let bytes = Array(json.utf8)
        let numbers = (try? JSONParser.parse(bytes)).map { ProgramSpec.numbers(in: $0.root) } ?? [:]
        self.init(viewWidth: viewWidth, viewHeight: viewHeight, itemCounts: itemCounts, parameters: bytes,
                  numbers: numbers)
    }
}
