import CMicroHTTPD
import HTTPCore
import Synchronization

// libmicrohttpd's callbacks: plain C-convention functions (never closures in main.swift, which would be
// main-actor isolated and trap on a worker thread). Context arrives through the `cls` pointers.

/// The access handler: runs once when the headers are in, once per chunk of body, and once more to answer.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, conCls in
    let context = Unmanaged<ServerContext>.fromOpaque(cls!).takeUnretainedValue()
    guard let conCls, let uploadSize else { return .NO }
    let watched = context.slowClients.enabled ? watchedConnection(connection) : nil
    guard let stored = conCls.pointee else {
        // First call: headers only. Reject an announced oversized body right away (the connection then closes).
        context.inFlight.add(1, ordering: .relaxed)
        let state = RequestState()
        conCls.pointee = Unmanaged.passRetained(state).toOpaque()
        if let watched { context.slowClients.headReceived(watched) }
        if cmhd_content_length(connection) > Int64(context.maxBodyBytes) {
            return queue(tooLarge(context), on: connection, draining: true)
        }
        return .YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(stored).takeUnretainedValue()
    let size = uploadSize.pointee
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
    var request = HTTPRequest(method: String(cString: method!), path: String(cString: url!))
    request.query = values(of: connection, kind: .GET_ARGUMENT_KIND)
    request.headers = values(of: connection, kind: .HEADER_KIND)
    request.body = state.body
    var high: UInt64 = 0
    var low: UInt64 = 0
    if cmhd_client_address_halves(connection, &high, &low) != 0 {
        request.client = ClientAddress(high: high, low: low)
    }
    state.body = []
    if let pool = context.offload, request.method == "POST" || request.body.count >= context.offloadBodyBytes,
       let connection
    {
        // A heavy request, or one that may wait (a POST waits for room in the service's POST queue): handled on
        // the pool while this event loop serves its other connections.
        state.phase = .offloaded
        MHD_suspend_connection(connection)
        let handler = context.handler
        let suspended = SuspendedConnection(connection)
        pool.run {
            state.phase = .answered(handler.handle(request))
            MHD_resume_connection(suspended.connection)
        }
        return .YES
    }
    let response = context.handler.handle(request)
    return queue(response, on: connection, draining: context.draining.load(ordering: .relaxed))
}

/// The guard's record of a connection (set in `notifyConnection`).
private func watchedConnection(_ connection: OpaquePointer?) -> WatchedConnection? {
    guard let connection, let pointer = cmhd_socket_context(connection) else { return nil }
    return Unmanaged<WatchedConnection>.fromOpaque(pointer).takeUnretainedValue()
}

/// Registers each new connection with the slow-client guard, and unregisters it before libmicrohttpd closes its
/// socket.
let notifyConnection: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let socketContext else { return }
    let slowClients = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().slowClients
    if code == .CONNECTION_NOTIFY_STARTED {
        guard let connection else { return }
        let fd = cmhd_connection_fd(connection)
        guard fd >= 0 else { return }
        let watched = WatchedConnection(fd: fd)
        socketContext.pointee = Unmanaged.passRetained(watched).toOpaque()
        slowClients.opened(watched)
    } else if let stored = socketContext.pointee {
        let watched = Unmanaged<WatchedConnection>.fromOpaque(stored)
        slowClients.closed(watched.takeUnretainedValue())
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
    Unmanaged<RequestState>.fromOpaque(stored).release()
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
    for (name, value) in response.headers {
        // withCString: a short header's text is terminated on the stack (passing the Strings themselves made
        // each one a heap array).
        _ = name.withCString { n in value.withCString { v in MHD_add_response_header(mhdResponse, n, v) } }
    }
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
    out.reserveCapacity(8)  // one allocation for the usual handful, not one per doubling
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
