import CMicroHTTPD
import HTTPCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The problem with how a request whose head is in frames its body (`RequestFraming`, over the headers as the client
/// sent them: `cmhd_headers_as_sent`), or nil. `method` and `version` are the access handler's.
func framingProblem(_ connection: OpaquePointer, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?)
    -> Problem?
{
    var framing = RequestFraming(http11: version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false)
    withUnsafeMutablePointer(to: &framing) { cmhd_headers_as_sent(connection, method, addField, $0) }
    return framing.problem
}

private let addField: cmhd_header_visitor = { cls, name, nameSize, value, valueSize, moved in
    let framing = cls!.assumingMemoryBound(to: RequestFraming.self)
    framing.pointee.add(folded: moved != 0, name: bytes(name, nameSize), value: bytes(value, valueSize))
}

private func bytes(_ text: UnsafePointer<CChar>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: UnsafeRawPointer(text)?.assumingMemoryBound(to: UInt8.self), count: text == nil ? 0 : count)
}
