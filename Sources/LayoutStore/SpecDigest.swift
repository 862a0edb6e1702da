public import LayoutEngine
import LayoutWire

/// A spec's id (the SHA-256 of its canonical bytes) with the digest's state at marks along those bytes, so that
/// the id of a spec that matches it up to some item is computed from the last mark before that item: only the
/// bytes after the mark are written and hashed (an insert near the end of a million items hashes kilobytes).
public struct SpecDigest: Sendable {
    /// Marks every this many items of a flow layout's size lists (about 36 KB of canonical text).
    public static let spacing = 4096

    public let id: String
    /// The canonical bytes, when they were written whole (a resumed digest has only its tail).
    public let canonical: [UInt8]?
    let marks: [CanonicalMark]
    let states: [SHA256.Hasher]  // the digest of the bytes before each mark

    /// Writes and hashes the whole canonical form.
    public init(of spec: LayoutSpec) {
        let (bytes, marks) = SpecEncoder.canonicalMarked(spec, spacing: Self.spacing)
        let hasher = SHA256.Hasher()
        var states: [SHA256.Hasher] = []
        states.reserveCapacity(marks.count)
        var done = 0
        bytes.withUnsafeBytes { raw in
            for mark in marks {
                hasher.update(UnsafeRawBufferPointer(rebasing: raw[done..<mark.offset]))
                states.append(hasher.copy())
                done = mark.offset
            }
            hasher.update(UnsafeRawBufferPointer(rebasing: raw[done...]))
        }
        self.id = hasher.finalHex()
        self.canonical = bytes
        self.marks = marks
        self.states = states
    }

    /// The canonical bytes of `spec` kept under an id of another spec's: a program layout's frames under the id of
    /// the program spec that computed them (`LayoutStore.add(_:as:)`). No marks: a change to it is hashed whole.
    public init(of spec: LayoutSpec, id: String) {
        self.id = id
        self.canonical = SpecEncoder.canonical(spec)
        self.marks = []
        self.states = []
    }

    /// The digest of `spec`, which matches the spec of `base` before item `item` of section `section` (the
    /// sections before it, its own keys and items before that one: what `UpdatePlan.firstChange` tells), resumed at
    /// the last mark of `base` before there. Nil when there is none (a change near the start: hash it whole).
    public init?(of spec: LayoutSpec, resuming base: SpecDigest, unchangedBefore section: Int, item: Int) {
        guard let k = base.marks.lastIndex(where: { $0.section < section || ($0.section == section && $0.item <= item) }),
              let (tail, tailMarks) = SpecEncoder.canonicalTail(spec, from: base.marks[k], spacing: Self.spacing)
        else { return nil }
        let hasher = base.states[k].copy()
        var marks = Array(base.marks[...k])
        var states = Array(base.states[...k])
        let start = base.marks[k].offset
        var done = start
        tail.withUnsafeBytes { raw in
            for mark in tailMarks where mark.offset > start {
                hasher.update(UnsafeRawBufferPointer(rebasing: raw[(done - start)..<(mark.offset - start)]))
                marks.append(mark)
                states.append(hasher.copy())
                done = mark.offset
            }
            hasher.update(UnsafeRawBufferPointer(rebasing: raw[(done - start)...]))
        }
        self.id = hasher.finalHex()
        self.canonical = nil
        self.marks = marks
        self.states = states
    }

    /// Memory held beyond the canonical bytes (for the cache's budget).
    var byteCount: Int { marks.count * (MemoryLayout<CanonicalMark>.stride + 256) }

    var hasMarks: Bool { !marks.isEmpty }

    /// The same digest without its canonical bytes (what the cache keeps).
    var withoutCanonical: SpecDigest { SpecDigest(id: id, canonical: nil, marks: marks, states: states) }

    private init(id: String, canonical: [UInt8]?, marks: [CanonicalMark], states: [SHA256.Hasher]) {
        self.id = id
        self.canonical = canonical
        self.marks = marks
        self.states = states
    }
}
