/// What a run may use. Each limit is its own `ProgramError` when exceeded.
public struct ProgramLimits: Sendable, Hashable {
    /// WebAssembly's fuel: about one unit per instruction executed.
    public var fuel: UInt64
    /// Pages of 64 KiB the module's memory may reach (its declared minimum included).
    public var memoryPages: Int
    /// Elements the program may emit.
    public var elements: Int
    /// Wall-clock time for the run, in milliseconds (instantiation included).
    public var deadlineMilliseconds: Int

    public init(fuel: UInt64 = 2_000_000_000, memoryPages: Int = 4096, elements: Int = 2_000_000,
                deadlineMilliseconds: Int = 10_000) {
        self.fuel = fuel
        self.memoryPages = memoryPages
        self.elements = elements
        self.deadlineMilliseconds = deadlineMilliseconds
    }
}

/// What a program reads: the view's size, the item count of each section, the spec's `parameters` as the bytes
/// of their JSON text, and their numbers as binary f64 under their keys (`ProgramSpec.numbers(in:)` derives
/// them from the parameters: a number as one value, an array of numbers or of `[a, b]` pairs flattened).
public struct ProgramInput: Sendable, Hashable {
    public var viewWidth: Double
    public var viewHeight: Double
    public var itemCounts: [Int]
    public var parameters: [UInt8]
    public var numbers: [String: [Double]]

    public init(viewWidth: Double, viewHeight: Double, itemCounts: [Int], parameters: [UInt8] = Array("{}".utf8),
                numbers: [String: [Double]] = [:]) {
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.itemCounts = itemCounts
        self.parameters = parameters
        self.numbers = numbers
    }
}

/// A program's result: one entry per element in each array, in the order the program emitted them; the columns
/// of a `"layout": "frames"` spec. `kind` is nil for a cell and names the kind of a supplementary view.
public struct ProgramFrames: Sendable, Hashable {
    public var x: [Double] = []
    public var y: [Double] = []
    public var width: [Double] = []
    public var height: [Double] = []
    public var section: [Int] = []
    public var item: [Int] = []
    public var kind: [String?] = []

    public init() {}

    public var count: Int { x.count }

    mutating func reserveCapacity(_ n: Int) {
        x.reserveCapacity(n)
        y.reserveCapacity(n)
        width.reserveCapacity(n)
        height.reserveCapacity(n)
        section.reserveCapacity(n)
        item.reserveCapacity(n)
        kind.reserveCapacity(n)
    }
}
