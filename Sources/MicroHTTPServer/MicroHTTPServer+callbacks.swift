import CMicroHTTPD
import HTTPCore
import Synchronization

// libmicrohttpd's callbacks: plain C-convention functions (never closures in main.swift, which would be
// main-actor isolated and trap on a worker thread). Context arrives through the `cls` pointers.

/// The access handler: runs once when the headers are in, once per chunk of body, and once more to answer.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, conCls in
    let context = Unmanaged<ServerContext>.fromOpaque(cls!).takeUnretainedValue()
    guard let conCls, let uploadSize else { return .NO }
    guard let stored = conCls.pointee else {
        // First call: headers only. Reject an announced oversized body right away (the connection then closes).
        context.inFlight.add(1, ordering: .relaxed)
        let state = RequestState()
        conCls.pointee = Unmanaged.passRetained(state).toOpaque()
        if cmhd_content_length(connection) > Int64(context.maxBodyBytes) {
            return queue(tooLarge(context), on: connection, draining: true)
        }
        return .YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(stored).takeUnretainedValue()
    let size = uploadSize.pointee
    if size > 0 {
        // A body chunk: keep it, or count and drop it once the body is known to be too large (chunked bodies).
        if !state.tooLarge, state.body.count + size <= context.maxBodyBytes, let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
            }
        } else {
            state.tooLarge = true
            state.body = []
            state.discarded += size
            if state.discarded > 4 * context.maxBodyBytes + (1 << 20) { return .NO }  // give up on a firehose
        }
        uploadSize.pointee = 0
        return .YES
    }
    if state.tooLarge { return queue(tooLarge(context), on: connection, draining: true) }
    if state.offloaded {
        // Called again after the pool thread resumed the connection: its answer is ready.
        guard let response = state.response else { return .YES }
        state.response = nil
        return queue(response, on: connection, draining: context.draining.load(ordering: .relaxed))
    }
    var request = HTTPRequest(method: String(cString: method!), path: String(cString: url!))
    request.query = values(of: connection, kind: .GET_ARGUMENT_KIND)
    request.headers = values(of: connection, kind: .HEADER_KIND)
    request.body = state.body
    state.body = []
    if let pool = context.offload, request.body.count >= context.offloadBodyBytes, let connection {
        // A heavy request: handled on the pool while this event loop serves its other connections.
        state.offloaded = true
        MHD_suspend_connection(connection)
        let handler = context.handler
        let suspended = SuspendedConnection(connection)
        pool.run {
            state.response = handler.handle(request)
            MHD_resume_connection(suspended.connection)
        }
        return .YES
    }
    let response = context.handler.handle(request)
    return queue(response, on: connection, draining: context.draining.load(ordering: .relaxed))
}

/// A suspended connection handed to the pool thread that resumes it (libmicrohttpd keeps it alive until then).
private struct SuspendedConnection: @unchecked Sendable {
    let connection: OpaquePointer
    init(_ connection: OpaquePointer) { self.connection = connection }
}

/// Frees the per-request state (also on errors and timeouts).
let requestCompleted: MHD_RequestCompletedCallback = { cls, _, conCls, _ in
    guard let cls, let conCls, let stored = conCls.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(stored).release()
    conCls.pointee = nil
    Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().inFlight.subtract(1, ordering: .releasing)
}

private func tooLarge(_ context: ServerContext) -> HTTPResponse {
    Problem(.bodyTooLarge,
            detail: "the request body exceeds the limit of \(context.maxBodyBytes) bytes (--max-body-bytes)")
        .response
}

/// Queues `response`. libmicrohttpd sends the body straight from the `HTTPBody`'s memory, holding a reference to
/// it until `releaseBody` runs: no copy.
private func queue(_ response: HTTPResponse, on connection: OpaquePointer?, draining: Bool) -> MHD_Result {
    let body = response.body
    let mhdResponse: OpaquePointer?
    if let bytes = body.baseAddress {
        let retained = Unmanaged.passRetained(body).toOpaque()
        mhdResponse = MHD_create_response_from_buffer_with_free_callback_cls(
            body.count, UnsafeMutableRawPointer(mutating: bytes), releaseBody, retained)
        if mhdResponse == nil { Unmanaged<HTTPBody>.fromOpaque(retained).release() }
    } else {
        mhdResponse = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
    }
    guard let mhdResponse else { return .NO }
    for (name, value) in response.headers { _ = MHD_add_response_header(mhdResponse, name, value) }
    if draining { _ = MHD_add_response_header(mhdResponse, "Connection", "close") }
    let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    MHD_destroy_response(mhdResponse)
    return result
}

/// Drops the reference `queue` took on a body, once libmicrohttpd has sent it.
private let releaseBody: MHD_ContentReaderFreeCallback = { cls in
    Unmanaged<HTTPBody>.fromOpaque(cls!).release()
}

private func values(of connection: OpaquePointer?, kind: MHD_ValueKind) -> [(name: String, value: String)] {
    var out: [(name: String, value: String)] = []
    withUnsafeMutablePointer(to: &out) { pointer in
        _ = MHD_get_connection_values(connection, kind, collectValue, pointer)
    }
    return out
}

private let collectValue: MHD_KeyValueIterator = { cls, _, key, value in
    let out = cls!.assumingMemoryBound(to: [(name: String, value: String)].self)
    out.pointee.append((key.map { String(cString: $0) } ?? "", value.map { String(cString: $0) } ?? ""))
    return .YES
}
