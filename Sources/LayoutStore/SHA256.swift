import CCrypto

/// SHA-256 (FIPS 180-4), for layout ids: OpenSSL's libcrypto (which uses the CPU's SHA instructions where it has
/// them: about 10 times the speed of portable code). Pinned against the standard test vectors in the tests.
public enum SHA256 {
    /// The digest of `bytes` as 64 lowercase hex digits.
    /// - Complexity: O(bytes).
    public static func hex(_ bytes: [UInt8]) -> String {
        let hasher = Hasher()
        hasher.update(bytes)
        return hasher.finalHex()
    }

    /// A digest fed in pieces; `copy` keeps its state at some point (to go on from there later, more than once).
    public final class Hasher: @unchecked Sendable {
        private let context: OpaquePointer

        public init() {
            guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
                fatalError("libcrypto cannot make a SHA-256 context (out of memory)")
            }
            self.context = context
        }

        private init(copying other: OpaquePointer) {
            guard let context = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(context, other) == 1 else {
                fatalError("libcrypto cannot copy a SHA-256 context (out of memory)")
            }
            self.context = context
        }

        deinit { EVP_MD_CTX_free(context) }

        /// A hasher in this one's state (fed what it was fed), independent of it from now on.
        public func copy() -> Hasher { Hasher(copying: context) }

        public func update(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { update($0) }
        }

        public func update(_ bytes: UnsafeRawBufferPointer) {
            guard !bytes.isEmpty else { return }
            EVP_DigestUpdate(context, bytes.baseAddress, bytes.count)
        }

        /// The digest of everything fed, as 64 lowercase hex digits (the hasher is spent: feed it no more).
        public func finalHex() -> String {
            var digest = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            EVP_DigestFinal_ex(context, &digest, &length)
            let digits = Array("0123456789abcdef".utf8)
            var out: [UInt8] = []
            out.reserveCapacity(64)
            for byte in digest {
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 15)])
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
