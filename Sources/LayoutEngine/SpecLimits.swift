/// Bounds a spec must respect before it is prepared.
public struct SpecLimits: Sendable, Hashable {
    public var maxItems: Int
    public var maxSections: Int
    /// The largest absolute value of any length or coordinate in a spec (points).
    public var maxLength: Double
    /// The longest text of one block of a cell's content, in UTF-8 bytes.
    public var maxTextLength: Int

    public init(maxItems: Int = 2_000_000, maxSections: Int = 100_000, maxLength: Double = 1e9,
                maxTextLength: Int = 10_000) {
        self.maxItems = maxItems
        self.maxSections = maxSections
        self.maxLength = maxLength
        self.maxTextLength = maxTextLength
    }
}
