/// A parsed JSON text stored as a flat tape: one 16-byte node per value, in document order, so that parsing a
/// million small arrays allocates nothing per array.
///
///     [ {"a": 1}, "x" ]   ->   0 array(count 2, end 5)  1 object(count 1, end 4)  2 string "a"  3 number 1
///                              4 string "x"
///
/// An object's children alternate key (a string node) and value. A container's `end` is the index just past its
/// subtree, so siblings are reached in O(1).
public struct JSONDocument: Sendable {
    public enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object

        public var name: String {
            switch self {
            case .null: "null"
            case .false, .true: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    struct Node: Sendable {
        var kind: Kind
        /// Strings: whether the text holds escapes (decoded on access).
        var escaped: Bool
        /// Containers: element (array) or member (object) count.
        var count: UInt32
        /// Numbers: the `Double`'s bits. Strings: byte offset << 32 | byte length. Containers: the end index.
        var payload: UInt64
    }

    let bytes: [UInt8]
    var nodes: [Node]

    /// The root value.
    public var root: JSONValue { JSONValue(document: self, index: 0) }
}

/// A position in a `JSONDocument`.
public struct JSONValue {
    let document: JSONDocument
    let index: Int

    @inline(__always) var node: JSONDocument.Node { document.nodes[index] }

    public var kind: JSONDocument.Kind { node.kind }

    /// The index just past this value's subtree.
    @inline(__always) var end: Int {
        let n = node
        return n.kind == .array || n.kind == .object ? Int(n.payload) : index + 1
    }

    public var number: Double? {
        let n = node
        return n.kind == .number ? Double(bitPattern: n.payload) : nil
    }

    public var bool: Bool? {
        switch node.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    public var string: String? {
        let n = node
        guard n.kind == .string else { return nil }
        let start = Int(n.payload >> 32)
        let length = Int(n.payload & 0xFFFF_FFFF)
        return document.bytes.withUnsafeBufferPointer { buffer in
            let slice = UnsafeBufferPointer(rebasing: buffer[start..<(start + length)])
            return n.escaped ? JSONStringDecoder.decode(slice) : String(decoding: slice, as: UTF8.self)
        }
    }

    /// The number of elements of an array or members of an object; 0 otherwise.
    public var count: Int {
        let n = node
        return n.kind == .array || n.kind == .object ? Int(n.count) : 0
    }

    /// The elements of an array, in order (empty for other kinds).
    public var elements: JSONElements { JSONElements(document: document, first: index + 1, count: count) }

    /// The members of an object, in document order (empty for other kinds).
    public var members: [(key: String, value: JSONValue)] {
        guard kind == .object else { return [] }
        var out: [(String, JSONValue)] = []
        out.reserveCapacity(count)
        var i = index + 1
        for _ in 0..<count {
            let key = JSONValue(document: document, index: i)
            let value = JSONValue(document: document, index: i + 1)
            out.append((key.string ?? "", value))
            i = value.end
        }
        return out
    }
}

/// The elements of an array, visited in order without allocating.
public struct JSONElements: Sequence {
    let document: JSONDocument
    let first: Int
    public let count: Int

    public struct Iterator: IteratorProtocol {
        let document: JSONDocument
        var position: Int
        var remaining: Int
        public mutating func next() -> JSONValue? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let value = JSONValue(document: document, index: position)
            position = value.end
            return value
        }
    }

    public func makeIterator() -> Iterator { Iterator(document: document, position: first, remaining: count) }
}
