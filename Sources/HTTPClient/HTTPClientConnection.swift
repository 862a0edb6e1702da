import CSocket
public import HTTPCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking HTTP/1.1 client connection on one TCP socket (keep-alive: several requests in turn). Small on
/// purpose: for the `healthcheck` command and for tests against a real socket. Understands `Content-Length`
/// bodies and bodies that run to the close.
public final class HTTPClientConnection {
    public enum Failure: Error, CustomStringConvertible {
        case connect(errno: Int32)
        case closed
        case malformed(String)

        public var description: String {
            switch self {
            case .connect(let e): "connect failed (errno \(e))"
            case .closed: "the server closed the connection"
            case .malformed(let why): "malformed response: \(why)"
            }
        }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    public private(set) var peerClosed = false

    /// Connects to an IPv4 address.
    public init(host: String = "127.0.0.1", port: Int, timeoutSeconds: Int = 30) throws(Failure) {
        fd = csocket_stream(AF_INET)
        guard fd >= 0 else { throw .connect(errno: errno) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let e = errno
            close(fd)
            throw .connect(errno: e)
        }
    }

    deinit { close(fd) }

    /// Sends raw bytes (for requests built by hand: partial bodies, bad headers).
    public func send(_ bytes: [UInt8]) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { csocket_send(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw .closed }
            sent += n
        }
    }

    /// Sends one request and reads its response.
    public func request(_ method: String, _ target: String, headers: [(String, String)] = [],
                        body: [UInt8]? = nil) throws(Failure) -> HTTPResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try send(Array(head.utf8) + (body ?? []))
        return try readResponse()
    }

    /// Reads one response.
    public func readResponse() throws(Failure) -> HTTPResponse {
        var headerEnd: Int?
        while true {
            if let end = Self.find([13, 10, 13, 10], in: buffer) { headerEnd = end; break }
            guard try fill() else { throw .closed }
        }
        let headText = String(decoding: buffer[..<headerEnd!], as: UTF8.self)
        buffer.removeFirst(headerEnd! + 4)
        var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw .malformed("status line") }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            headers.append((String(line[..<colon]), String(value)))
        }
        let response = HTTPResponse(status: status, headers: headers)
        if let lengthText = response.header("Content-Length") {
            guard let length = Int(lengthText) else { throw .malformed("Content-Length") }
            while buffer.count < length { guard try fill() else { throw .closed } }
            let body = Array(buffer[..<length])
            buffer.removeFirst(length)
            return HTTPResponse(status: status, headers: headers, body: body)
        }
        if status == 204 || status == 304 { return response }
        while try fill() {}
        defer { buffer = [] }
        return HTTPResponse(status: status, headers: headers, body: buffer)
    }

    /// Reads more bytes; false at end of stream.
    private func fill() throws(Failure) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n == 0 { peerClosed = true; return false }
        if n < 0 { peerClosed = true; throw .closed }
        buffer.append(contentsOf: chunk[..<n])
        return true
    }

    /// Whether the server has closed its end (waits up to `seconds` for a close or data).
    public func waitForClose(seconds: Int = 5) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(seconds * 1000)) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK)) == 0
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}
