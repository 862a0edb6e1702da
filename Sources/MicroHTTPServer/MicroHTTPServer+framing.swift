import CMicroHTTPD
import HTTPCore

/// The problem with how a request whose head is in frames its body (`RequestFraming`, over the headers as the client
/// sent them: `cmhd_headers_as_sent`), or nil. `method` and `version` are the access handler's.
func framingProblem(_ connection: OpaquePointer, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?)
    -> Problem?
{
    var framing = RequestFraming(version: version.map { String(cString: $0) } ?? "")
    withUnsafeMutablePointer(to: &framing) { cmhd_headers_as_sent(connection, method, addField, $0) }
    return framing.problem
}

private let addField: cmhd_header_visitor = { cls, name, nameSize, value, valueSize in
    let framing = cls!.assumingMemoryBound(to: RequestFraming.self)
    framing.pointee.add(name: UnsafeBufferPointer(start: UnsafeRawPointer(name)?.assumingMemoryBound(to: UInt8.self),
                                                  count: name == nil ? 0 : nameSize),
                        value: UnsafeBufferPointer(start: UnsafeRawPointer(value)?.assumingMemoryBound(to: UInt8.self),
                                                   count: value == nil ? 0 : valueSize))
}
