import HTTPCore
import LayoutEngine
import LayoutPrograms
import LayoutStore
import LayoutWire

/// Layout programs (docs/programs.md): `POST /v1/programs`, `GET`/`DELETE /v1/programs/{id}`, and the layouts of
/// `{"layout": "program"}` specs, prepared by running their program into a frames layout.
extension LayoutService {
    /// What one run of a program may use (`limits`' program fields).
    var programLimits: ProgramLimits {
        ProgramLimits(fuel: limits.programFuel, memoryPages: limits.programMemoryPages,
                      elements: limits.programElements, deadlineMilliseconds: limits.programDeadlineMilliseconds)
    }

    /// `POST /v1/programs`: validates the module (its imports, its exports, every function body) and keeps it
    /// under the SHA-256 of its bytes; 201 with `{"id", "bytes"}`, or 200 when it was known.
    func postProgram(_ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        let bytes = request.body
        guard bytes.count <= limits.maxProgramBytes else {
            throw Problem(.bodyTooLarge, detail: "the module has \(bytes.count) bytes, more than the "
                          + "\(limits.maxProgramBytes) a program may have (--max-program-bytes)")
        }
        do {
            try LayoutProgram.validate(bytes, limits: programLimits)
        } catch {
            throw Self.problem(for: error, pointer: nil)
        }
        let (id, created) = try Self.storeCall { () throws(ArchiveError) in try store.programs.add(bytes) }
        var w = JSONWriter(capacity: 128)
        w.raw("{\"bytes\":")
        w.int(bytes.count)
        w.raw(",\"id\":")
        w.string(id)
        w.raw("}")
        var response = Self.json(created ? 201 : 200, w)
        response.headers.append(("Location", "/v1/programs/\(id)"))
        return response
    }

    /// `GET`, `HEAD` and `DELETE /v1/programs/{id}`: the module's bytes (immutable: the id is their digest), or
    /// forgetting it (layouts prepared from it stay).
    func program(_ request: HTTPRequest, id: String) throws(Problem) -> HTTPResponse {
        // The archive may have to answer: off the event loop, unless the module is in memory.
        if request.onEventLoop, request.method == "DELETE" || !store.programs.isLoaded(id: id) { return offLoop() }
        if request.method == "DELETE" {
            guard try Self.storeCall({ () throws(ArchiveError) in try store.programs.remove(id: id) }) else {
                throw Self.unknownProgram(id)
            }
            return HTTPResponse(status: 204)
        }
        guard let bytes = try Self.storeCall({ () throws(ArchiveError) in try store.programs.bytes(id: id) }) else {
            throw Self.unknownProgram(id)
        }
        let tag = "\"\(id)\""
        let caching = [("ETag", tag), ("Cache-Control", HTTPCaching.cacheControl)]
        if HTTPCaching.matches(request, tag) { return HTTPResponse(status: 304, headers: caching) }
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/wasm")] + caching, body: bytes)
    }

    /// A program spec's layout: the one kept under its id, else its program run (within `programLimits`) into a
    /// frames layout, validated as a posted frames layout is, and kept under the program spec's id. The archive
    /// keeps the frames, so no restart or replica runs the program again for this id.
    func postProgramLayout(_ spec: ProgramSpec) throws(Problem) -> HTTPResponse {
        let id = SHA256.hex(spec.canonical)
        if let layout = try Self.storeCall({ () throws(ArchiveError) in try store.layout(id: id) }) {
            return Self.created(false, id: id, layout: layout)
        }
        guard let bytes = try Self.storeCall({ () throws(ArchiveError) in try store.programs.bytes(id: spec.program) })
        else {
            throw Problem(.invalidSpec, detail: "/program: no program has the id \(spec.program) (POST its module "
                          + "to /v1/programs first)", pointer: "/program")
        }
        let frames: ProgramFrames
        do {
            let input = ProgramInput(viewWidth: spec.collectionView.width, viewHeight: spec.collectionView.height,
                                     itemCounts: spec.itemCounts, parameters: spec.parameters, numbers: spec.numbers)
            frames = try LayoutProgram(bytes: bytes).run(input, limits: programLimits)
        } catch {
            throw Self.problem(for: error, pointer: "/program")
        }
        let layoutSpec = LayoutSpec.frames(
            spec.frames(x: frames.x, y: frames.y, width: frames.width, height: frames.height,
                        section: frames.section, item: frames.item, kind: frames.kind))
        do {
            try layoutSpec.validate(limits: limits.spec)
        } catch {
            let field = JSONPointer.string(error.path)
            throw Problem(.programBadOutput, detail: "the program's elements are not a valid frames layout: "
                          + "\(field): \(error.reason)", pointer: "/program")
        }
        if let mismatch = spec.cellMismatch(section: frames.section, item: frames.item, kind: frames.kind) {
            throw Problem(.programBadOutput, detail: mismatch, pointer: "/program")
        }
        let (_, layout, created) = try Self.storeCall { () throws(ArchiveError) in
            try store.add(layoutSpec.normalized(), as: id)
        }
        return Self.created(created, id: id, layout: layout)
    }

    /// The answer of a POST of a layout: 201 (or 200 when the id was known) with its summary.
    static func created(_ created: Bool, id: String, layout: any PreparedLayout) -> HTTPResponse {
        HTTPResponse(
            status: created ? 201 : 200,
            headers: [("Content-Type", "application/json"), ("Location", "/v1/layouts/\(id)")],
            body: SummaryEncoder.bytes(id: id, layout: layout, includeSpec: false))
    }

    /// A program's refusal or failure as its problem (a `400` for bytes that are not WebAssembly, else a `422`) (`ProgramError.problemType` is the type's name).
    static func problem(for error: ProgramError, pointer: String?) -> Problem {
        let type: ProblemType =
            switch error {
            case .notWebAssembly: .malformedModule
            case .malformed: .programMalformed
            case .forbiddenImport: .programForbiddenImport
            case .missingExport: .programMissingExport
            case .fuelExhausted: .programFuelExhausted
            case .memoryLimit: .programMemoryLimit
            case .elementLimit: .programElementLimit
            case .deadline: .programDeadline
            case .trap: .programTrap
            case .badOutput: .programBadOutput
            }
        return Problem(type, detail: error.message, pointer: pointer)
    }

    static func unknownProgram(_ id: String) -> Problem {
        Problem(.unknownProgram, detail: "no program with id \(id)")
    }
}
