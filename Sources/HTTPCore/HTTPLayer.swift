/// A handler around another, as a middleware is: it gets each request first and answers it, most often with the
/// answer of the handler inside (`respond`), and it changes every answer that goes out through it (`finish`).
///
/// A layer need not know that an answer can be deferred off the event loop (`HTTPResponse.offLoop`): `handle`
/// applies `finish` to a deferred answer once that is made, off the loop, with the request it was made for, and
/// at once to any other.
public protocol HTTPLayer: HTTPHandler {
    /// What `finish` needs of a request, taken before the handler inside runs (when it started, the key it came
    /// with).
    associatedtype State: Sendable = Void

    /// The request's answer before `finish`: the handler's inside, or the layer's own (a refusal, an endpoint of
    /// its own); and the state `finish` gets with it.
    func respond(to request: HTTPRequest) -> (answer: HTTPResponse, state: State)

    /// Changes an answer to `request`, with the state `respond` gave for it.
    func finish(_ answer: inout HTTPResponse, to request: HTTPRequest, state: State)
}

extension HTTPLayer {
    // Inlined into each layer's conformance, where the layer's type is known: called as a generic function, it
    // would look up the layer's type metadata and witness tables on every request.
    @inlinable @inline(__always)
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        var (response, state) = respond(to: request)
        // A closure is formed only for a deferred answer (one stored for every request would allocate each time).
        if response.deferred != nil {
            response.whenAnswered { [self, state] request, answer in finish(&answer, to: request, state: state) }
        } else {
            finish(&response, to: request, state: state)
        }
        return response
    }
}
