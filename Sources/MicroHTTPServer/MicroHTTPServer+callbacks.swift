import CMicroHTTPD
import CSocket
import HTTPCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// libmicrohttpd's callbacks: plain C-convention functions (never closures in main.swift, which would be
// main-actor isolated and trap on a worker thread). Context arrives through the `cls` pointers.

/// The access handler: runs once when the headers are in (which checks how the request frames its body), once per
/// chunk of body, and once more to answer.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadSize, conCls in
    let context = Unmanaged<ServerContext>.fromOpaque(cls!).takeUnretainedValue()
    guard let conCls, let uploadSize else { return .NO }
    let watched = context.slowClients.enabled ? watchedConnection(connection) : nil
    guard let stored = conCls.pointee else {
        // First call: headers only. Reject an announced oversized body right away (the connection then closes).
        context.inFlight.add(1, ordering: .relaxed)
        conCls.pointee = noState
        if let watched { context.slowClients.headReceived(watched) }
        // A target with a control character (a NUL would end the path early) is refused before anything else.
        if let problem = targetProblem(watched ?? watchedConnection(connection), url: url, version: version) {
            return queue(problem.response, on: connection, draining: true)
        }
        // A request that frames its body ambiguously is refused before any of the body is read (a smuggling shape).
        if let connection, let problem = framingProblem(connection, method: method!, version: version) {
            return queue(problem.response, on: connection, draining: true)
        }
        if cmhd_content_length(connection) > Int64(context.maxBodyBytes) {
            return queue(tooLarge(context), on: connection, draining: true)
        }
        return .YES
    }
    let size = uploadSize.pointee
    let state: RequestState
    if stored == noState {
        // A request without a body that is answered here (the usual GET) needs no state of its own.
        if size == 0, !mayOffload(context, method: method!) {
            if let watched { context.slowClients.requestReceived(watched) }
            guard let connection else { return .NO }
            let request = request(connection, url: url!, method: method!, body: [])
            return answerOnLoop(request, connection: connection, context: context) {
                // Made only for work deferred off the loop, for its phases.
                let state = RequestState()
                conCls.pointee = Unmanaged.passRetained(state).toOpaque()
                return state
            }
        }
        state = RequestState()
        conCls.pointee = Unmanaged.passRetained(state).toOpaque()
    } else {
        state = Unmanaged<RequestState>.fromOpaque(stored).takeUnretainedValue()
    }
    if size > 0 {
        // A body chunk: keep it, or count and drop it once the body is known to be too large (chunked bodies).
        if let watched { context.slowClients.bodyReceived(watched, bytes: size) }
        switch state.phase {
        case .receiving where state.body.count + size <= context.maxBodyBytes:
            if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                    state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
                }
            }
        case .receiving:
            state.body = []
            state.phase = .discarding(bytes: size)
        case .discarding(let bytes):
            state.phase = .discarding(bytes: bytes + size)
            if bytes + size > 4 * context.maxBodyBytes + (1 << 20) { return .NO }  // give up on a firehose
        case .offloaded, .answered:
            return .NO  // no body after the request was complete
        }
        uploadSize.pointee = 0
        return .YES
    }
    switch state.phase {
    case .receiving:
        break
    case .discarding:
        return queue(tooLarge(context), on: connection, draining: true)
    case .offloaded:
        return .YES  // a spurious call while the pool thread works
    case .answered(let response):
        // Called again after the pool thread resumed the connection: its answer is ready.
        state.phase = .offloaded
        return queue(response, on: connection, draining: context.draining.load(ordering: .relaxed))
    }
    if let watched { context.slowClients.requestReceived(watched) }
    guard let connection else { return .NO }
    let request = request(connection, url: url!, method: method!, body: state.body)
    state.body = []
    if context.offload != nil, request.method == "POST" || request.body.count >= context.offloadBodyBytes {
        // A heavy request, or one that may wait (a POST waits for room in the service's POST queue).
        let handler = context.handler
        return answerOffLoop(.offLoop { handler.handle($0) }, request, on: context.offload, connection: connection,
                             context: context) { state }
    }
    return answerOnLoop(request, connection: connection, context: context) { state }
}

/// Handles `request` on this event loop and queues its answer; when the handler defers its work
/// (`HTTPResponse.offLoop`: a layout to prepare, an archive to read), answers it off the loop instead, on the
/// deferred pool. `state` gives the request's state (made when needed).
@inline(__always)
private func answerOnLoop(_ request: HTTPRequest, connection: OpaquePointer, context: ServerContext,
                          state: () -> RequestState) -> MHD_Result {
    let response = context.handler.handle(request)
    if response.deferred != nil {
        return answerOffLoop(response, request, on: context.deferredPool, connection: connection, context: context,
                             state: state)
    }
    return queue(response, on: connection, draining: context.draining.load(ordering: .relaxed))
}

/// Answers with what the deferred `response`'s work makes of the request on `pool`, while this event loop serves
/// its other connections: the connection is suspended until the answer is ready. Without a pool, the work runs
/// here. `state` gives the request's state (made when needed).
private func answerOffLoop(_ response: HTTPResponse, _ request: HTTPRequest, on pool: WorkerPool?,
                           connection: OpaquePointer, context: ServerContext,
                           state: () -> RequestState) -> MHD_Result {
    guard let pool else {
        return queue(response.answered(to: request), on: connection,
                     draining: context.draining.load(ordering: .relaxed))
    }
    let state = state()
    state.phase = .offloaded
    context.suspended.add(1, ordering: .relaxed)
    MHD_suspend_connection(connection)
    let suspended = SuspendedConnection(connection)
    var request = request
    request.onEventLoop = false
    pool.run { [request] in complete(response, request, state: state, connection: suspended, context: context) }
    return .YES
}

/// Runs a deferred answer's work until the answer is made, and resumes the connection with it. Work deferred to
/// a queue of the handler's own (`HTTPResponse.offLoop(on:_:)`) is handed to that queue, which finishes it: the
/// thread that handed it over is free at once.
private func complete(_ response: HTTPResponse, _ request: HTTPRequest, state: RequestState,
                      connection suspended: SuspendedConnection, context: ServerContext) {
    var answer = response
    while let work = answer.deferred {
        if let workQueue = answer.deferredQueue {
            workQueue.enqueue { admitted in
                var request = request
                request.admitted = admitted
                complete(work(request), request, state: state, connection: suspended, context: context)
            }
            return
        }
        answer = work(request)
    }
    state.phase = .answered(answer)
    // The daemon is read before resuming: once resumed, the connection may be closed and freed.
    let daemon = cmhd_connection_daemon(suspended.connection)
    MHD_resume_connection(suspended.connection)
    context.suspended.subtract(1, ordering: .releasing)  // after the resume: see shutdown
    context.wakeLoop(running: daemon)
}

/// `*con_cls` of a request that has no `RequestState` (yet): one is made only for a body or an offloaded request.
nonisolated(unsafe) private let noState = UnsafeMutableRawPointer(bitPattern: 1)!  // a mark, never read through

/// Whether a request without a body may be handled on the offload pool (a POST: see below), so that it needs a
/// `RequestState` for its phases.
private func mayOffload(_ context: ServerContext, method: UnsafePointer<CChar>) -> Bool {
    context.offload != nil && strcmp(method, "POST") == 0
}

/// The request of a connection whose head is in, its headers and query arguments copied out of the connection's
/// memory (which libmicrohttpd reuses for the connection's next request).
private func request(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                     body: [UInt8]) -> HTTPRequest {
    var request = HTTPRequest(method: methodName(method), path: String(cString: url),
                              query: values(.GET_ARGUMENT_KIND, of: connection),
                              headers: values(.HEADER_KIND, of: connection), body: body)
    request.onEventLoop = true
    var high: UInt64 = 0
    var low: UInt64 = 0
    if cmhd_client_address_halves(connection, &high, &low) != 0 {
        request.client = ClientAddress(high: high, low: low)
    }
    return request
}

/// Checks each request's target as sent, before libmicrohttpd changes it in place (it cuts off the query,
/// percent-decodes the path and the arguments): libmicrohttpd 0.9.75 calls this (`MHD_OPTION_URI_LOG_CALLBACK`)
/// with the target as a C string, the request line's own bytes, once its version is parsed. The verdict waits in
/// the connection's record for the access handler. Returns the request's first `con_cls`: none.
let targetReceived: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?)
    -> UnsafeMutableRawPointer? = { _, uri, connection in
    guard let uri, let watched = watchedConnection(connection) else { return nil }
    // Most targets hold none of the bytes looked for: `strcspn` finds that (and the length) without a scan of ours.
    var clean = strcspn(uri, cString(targetSuspectsOrQuery))
    let inQuery = uri[clean] == CChar(UInt8(ascii: "?"))
    if inQuery { clean += 1 + strcspn(uri + clean + 1, cString(targetSuspects)) }
    if uri[clean] == 0 {
        watched.target = RequestTarget(clean: clean, endsInQuery: inQuery)
    } else {
        uri.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
            watched.target = RequestTarget(UnsafeBufferPointer(start: bytes, count: strlen(uri)))
        }
    }
    return nil
}

/// The bytes `RequestTarget` looks for in a target: the control characters but NUL (which ends the C string) and
/// `%` (which may escape one); and the same with `?`, which starts the query.
private let targetSuspects: StaticString = """
    \u{01}\u{02}\u{03}\u{04}\u{05}\u{06}\u{07}\u{08}\u{09}\u{0A}\u{0B}\u{0C}\u{0D}\u{0E}\u{0F}\
    \u{10}\u{11}\u{12}\u{13}\u{14}\u{15}\u{16}\u{17}\u{18}\u{19}\u{1A}\u{1B}\u{1C}\u{1D}\u{1E}\u{1F}\u{7F}%
    """
private let targetSuspectsOrQuery: StaticString = """
    \u{01}\u{02}\u{03}\u{04}\u{05}\u{06}\u{07}\u{08}\u{09}\u{0A}\u{0B}\u{0C}\u{0D}\u{0E}\u{0F}\
    \u{10}\u{11}\u{12}\u{13}\u{14}\u{15}\u{16}\u{17}\u{18}\u{19}\u{1A}\u{1B}\u{1C}\u{1D}\u{1E}\u{1F}\u{7F}%?
    """

private func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// The problem with a request's target (`targetReceived`'s verdict), once its head is in. libmicrohttpd 0.9.75
/// parses the request line in place: the target starts at `url` and its last byte is the one before the NUL it
/// wrote over the space before `version`. More bytes there than the C string held means that the target held a
/// NUL as sent. A request with no verdict (none is made without a record of the connection) has no problem.
private func targetProblem(_ watched: WatchedConnection?, url: UnsafePointer<CChar>?,
                           version: UnsafePointer<CChar>?) -> Problem?
{
    guard let watched, let target = watched.target else { return nil }
    watched.target = nil
    guard let url, let version, version > url else { return target.problem(sentLength: target.length) }
    return target.problem(sentLength: url.distance(to: version) - 1)
}

/// The guard's record of a connection (set in `notifyConnection`).
private func watchedConnection(_ connection: OpaquePointer?) -> WatchedConnection? {
    guard let connection, let pointer = cmhd_socket_context(connection) else { return nil }
    return Unmanaged<WatchedConnection>.fromOpaque(pointer).takeUnretainedValue()
}

/// Registers each new connection with the slow-client guard, and unregisters it before libmicrohttpd closes its
/// socket. Counts connections per client address (when limited), and shuts down one over the limit at once.
let notifyConnection: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let socketContext else { return }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    if code == .CONNECTION_NOTIFY_STARTED {
        guard let connection else { return }
        let fd = cmhd_connection_fd(connection)
        guard fd >= 0 else { return }
        let watched = WatchedConnection(fd: fd)
        socketContext.pointee = Unmanaged.passRetained(watched).toOpaque()
        context.slowClients.opened(watched)
        var high: UInt64 = 0
        var low: UInt64 = 0
        if let perIP = context.perIP, cmhd_client_address_halves(connection, &high, &low) == 1 {
            let address = ConnectionsPerIP.Address(high: high, low: low)
            watched.address = address
            if !perIP.opened(address) { csocket_shutdown(fd) }  // libmicrohttpd then closes it (NOTIFY_CLOSED)
        }
    } else if let stored = socketContext.pointee {
        let watched = Unmanaged<WatchedConnection>.fromOpaque(stored)
        context.slowClients.closed(watched.takeUnretainedValue())
        if let address = watched.takeUnretainedValue().address { context.perIP?.closed(address) }
        watched.release()
        socketContext.pointee = nil
    }
}

/// A suspended connection handed to the pool thread that resumes it (libmicrohttpd keeps it alive until then).
private struct SuspendedConnection: @unchecked Sendable {
    let connection: OpaquePointer
    init(_ connection: OpaquePointer) { self.connection = connection }
}

/// Frees the per-request state (also on errors and timeouts).
let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, conCls, _ in
    guard let cls, let conCls, let stored = conCls.pointee else { return }
    if stored != noState { Unmanaged<RequestState>.fromOpaque(stored).release() }
    conCls.pointee = nil
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    if context.slowClients.enabled, let watched = watchedConnection(connection) {
        context.slowClients.requestCompleted(watched)
    }
    context.inFlight.subtract(1, ordering: .releasing)
}

private func tooLarge(_ context: ServerContext) -> HTTPResponse {
    Problem(.bodyTooLarge,
            detail: "the request body exceeds the limit of \(context.maxBodyBytes) bytes (--max-body-bytes)")
        .response
}

/// Queues `response`. libmicrohttpd sends the body straight from the `HTTPBody`'s memory, holding a reference to
/// it until `releaseBody` runs: no copy. A shared body (a cached tile's) is sent from its ready answer when it has
/// one made for the same status and headers, and gets one otherwise: libmicrohttpd sends one response to any
/// number of connections, so such an answer costs no response, header or reference of its own.
private func queue(_ response: HTTPResponse, on connection: OpaquePointer?, draining: Bool) -> MHD_Result {
    if response.body.isShared, !draining {
        let ready: ReadyAnswer?
        if let attached = response.body.attachment {
            ready = attached as? ReadyAnswer
        } else if let made = mhdResponse(response, draining: false) {
            ready = response.body.attach(ReadyAnswer(made, status: response.status, headers: response.headers))
                as? ReadyAnswer
        } else {
            ready = nil
        }
        if let ready, ready.answers(response) {
            return MHD_queue_response(connection, UInt32(response.status), ready.response)
        }
    }
    guard let mhdResponse = mhdResponse(response, draining: draining) else { return .NO }
    let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    MHD_destroy_response(mhdResponse)
    return result
}

/// `response` as a libmicrohttpd response: its body (not copied: the response keeps the memory's owner alive) and
/// headers.
private func mhdResponse(_ response: HTTPResponse, draining: Bool) -> OpaquePointer? {
    let body = response.body
    let mhdResponse: OpaquePointer?
    if let bytes = body.baseAddress {
        let retained = Unmanaged.passRetained(body.memoryOwner).toOpaque()
        mhdResponse = MHD_create_response_from_buffer_with_free_callback_cls(
            body.count, UnsafeMutableRawPointer(mutating: bytes), releaseBody, retained)
        if mhdResponse == nil { Unmanaged<HTTPBody>.fromOpaque(retained).release() }
    } else {
        mhdResponse = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
    }
    guard let mhdResponse else { return nil }
    response.headers.withUnsafeBufferPointer { headers in
        // Read in place (iterating the array copies each pair, retaining both strings). withCString: a short
        // header's text is terminated on the stack (passing the Strings themselves would make each a heap array).
        for i in headers.indices {
            _ = headers[i].name.withCString { n in
                headers[i].value.withCString { v in MHD_add_response_header(mhdResponse, n, v) }
            }
        }
    }
    if draining { _ = MHD_add_response_header(mhdResponse, "Connection", "close") }
    return mhdResponse
}

/// A shared body's libmicrohttpd response, made for the first request and queued again for every later one it
/// answers: those whose status and headers are the same as the first one's. Owned by the body (its
/// `attachment`); libmicrohttpd keeps the response, and through it the memory, until its last connection is done.
private final class ReadyAnswer: @unchecked Sendable {
    let response: OpaquePointer
    let status: Int
    let headers: [(name: String, value: String)]

    init(_ response: OpaquePointer, status: Int, headers: [(name: String, value: String)]) {
        self.response = response
        self.status = status
        self.headers = headers
    }

    deinit { MHD_destroy_response(response) }

    /// Whether this answer is `other`'s, byte for byte: the same status and headers in the same order.
    func answers(_ other: HTTPResponse) -> Bool {
        guard other.status == status, other.headers.count == headers.count else { return false }
        return headers.withUnsafeBufferPointer { mine in
            other.headers.withUnsafeBufferPointer { theirs in
                for i in mine.indices where mine[i].name != theirs[i].name || mine[i].value != theirs[i].value {
                    return false
                }
                return true
            }
        }
    }
}

/// Drops the reference `queue` took on a body, once libmicrohttpd has sent it.
private let releaseBody: MHD_ContentReaderFreeCallback = { cls in
    Unmanaged<HTTPBody>.fromOpaque(cls!).release()
}

/// The method as a string: the common ones without making one (a literal is neither copied nor checked).
private func methodName(_ method: UnsafePointer<CChar>) -> String {
    func equals(_ literal: StaticString) -> Bool {
        let l = literal.utf8Start
        let n = literal.utf8CodeUnitCount
        for i in 0..<n where UInt8(bitPattern: method[i]) != l[i] { return false }
        return method[n] == 0
    }
    if equals("GET") { return "GET" }
    if equals("HEAD") { return "HEAD" }
    if equals("POST") { return "POST" }
    if equals("OPTIONS") { return "OPTIONS" }
    if equals("DELETE") { return "DELETE" }
    return String(cString: method)
}

/// The connection's headers or query arguments (`kind`), in order, copied.
private func values(_ kind: MHD_ValueKind, of connection: OpaquePointer) -> [(name: String, value: String)] {
    var values: [(name: String, value: String)] = []
    let count = MHD_get_connection_values(connection, kind, nil, nil)
    guard count > 0 else { return values }
    values.reserveCapacity(Int(count))
    _ = withUnsafeMutablePointer(to: &values) { MHD_get_connection_values(connection, kind, appendValue, $0) }
    return values
}

/// Appends a name and value (a NULL one: an empty string) to the array `cls` points at.
private let appendValue: MHD_KeyValueIterator = { cls, _, name, value in
    cls!.assumingMemoryBound(to: [(name: String, value: String)].self).pointee
        .append((name.map { String(cString: $0) } ?? "", value.map { String(cString: $0) } ?? ""))
    return .YES
}
