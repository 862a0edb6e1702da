import CZlib

/// gzip (RFC 1952) through zlib, in one call each way.
public enum Gzip {
    /// The gzip stream of `bytes` at `level` (1 fastest ... 9 smallest), as a body that owns its memory; nil only
    /// if zlib fails (out of memory).
    public static func compress(_ bytes: UnsafeRawBufferPointer, level: Int32) -> (UnsafeMutablePointer<UInt8>, Int)? {
        var stream = z_stream()
        guard czlib_gzip_init(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        // deflateBound covers a zlib wrapper; gzip's header and trailer are 12 bytes longer.
        let capacity = Int(deflateBound(&stream, uLong(bytes.count))) + 32
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(bytes.count)
        stream.next_out = output
        stream.avail_out = uInt(capacity)
        guard deflate(&stream, Z_FINISH) == Z_STREAM_END else {
            output.deallocate()
            return nil
        }
        return (output, capacity - Int(stream.avail_out))
    }

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
