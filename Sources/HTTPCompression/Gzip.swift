import CZlib

/// gzip (RFC 1952) through zlib, in one call. (The tests read it back with `Gzip.decompress`, in their own target.)
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
}
