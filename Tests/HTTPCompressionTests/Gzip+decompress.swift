import CZlib
import HTTPCompression

/// Test support: reads gzip streams back through zlib's own inflate, to check what `Gzip.compress` wrote.
extension Gzip {
    /// The bytes a gzip stream holds, or nil when it is not one (or is larger than `limit`).
    public static func decompress(_ bytes: [UInt8], limit: Int = 1 << 30) -> [UInt8]? {
        var stream = z_stream()
        guard czlib_gunzip_init(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return bytes.withUnsafeBufferPointer { input -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                result += chunk[0..<produced]
                if result.count > limit { return nil }
                if status == Z_STREAM_END { return result }
                guard status == Z_OK, produced > 0 || stream.avail_in > 0 else { return nil }
            }
        }
    }
}
