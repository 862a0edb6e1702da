public import LayoutEngine
import LayoutWire

/// A layout's id: the SHA-256 (hex) of its spec's canonical form. The same layout always gets the same id,
/// across requests, processes and machines (never `hashValue`, which is seeded per process).
public enum LayoutID {
    public static func of(_ spec: LayoutSpec) -> String { SHA256.hex(SpecEncoder.canonical(spec)) }

    /// Whether `text` has the form of an id (64 lowercase hex digits).
    public static func isWellFormed(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
