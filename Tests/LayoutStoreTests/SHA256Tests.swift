import LayoutEngine
import LayoutStore
import LayoutWire
import Testing

@Suite struct SHA256Tests {
    @Test func standardVectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(Array(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // Lengths around the padding boundary (55, 56, 64 bytes) against values from sha256sum.
        #expect(SHA256.hex(Array(repeating: 0x61, count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(SHA256.hex(Array(repeating: 0x61, count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(SHA256.hex(Array(repeating: 0x61, count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    /// One id pinned (computed by sha256sum over the canonical text that CanonicalSpecTests pins): if this
    /// changes, every stored id changes.
    @Test func aKnownLayoutHasAKnownID() throws {
        let spec = try SpecDecoder.decode(
            Array(#"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"items":3}]}"#.utf8),
            limits: SpecLimits())
        #expect(LayoutID.of(spec) == SHA256.hex(SpecEncoder.canonical(spec)))
        #expect(LayoutID.of(spec) == "6cb4261bf82e2a6d9f426f3136c9394bf1abf250bcc6a91d3ad2b72821505364")
        #expect(LayoutID.isWellFormed(LayoutID.of(spec)))
        #expect(!LayoutID.isWellFormed("xyz"))
    }
}

@Suite struct SHA256HasherTests {
    @Test func feedingInPiecesIsHashingTheWhole() {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for cut in [0, 1, 55, 63, 64, 65, 4096, 9_999, 10_000] {
            let hasher = SHA256.Hasher()
            hasher.update(Array(bytes[..<cut]))
            let kept = hasher.copy()
            hasher.update(Array(bytes[cut...]))
            #expect(hasher.finalHex() == SHA256.hex(bytes), "cut at \(cut)")
            // The copy goes on from the cut, independently.
            kept.update(Array(bytes[cut...]))
            #expect(kept.finalHex() == SHA256.hex(bytes))
        }
    }
}
