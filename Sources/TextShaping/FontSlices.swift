import Synchronization

/// The slices of the catalog's faces (`FontSlicing`), read from each face's file the first time it is asked for
/// and kept: the catalog does not change while the service runs. Faces of the same coverage (the weights of a
/// family, the regional faces of a CJK collection) share their slices' code points.
public final class FontSlices: Sendable {
    /// A face's coverage and its slices, each its code points ascending.
    public struct Plan: Sendable {
        public let coverage: FontSubsetter.Coverage
        public let slices: [[UInt32]]
        /// The same for faces of the same slices (numbered as they are first made).
        public let shape: Int

        public init(coverage: FontSubsetter.Coverage, slices: [[UInt32]], shape: Int = 0) {
            self.coverage = coverage
            self.slices = slices
            self.shape = shape
        }

        /// Whether the face is served whole (`GET /v1/fonts/{family}/{weight}`), as one slice.
        public var isWhole: Bool { slices.count <= 1 }

        /// The `unicode-range` of a slice (`FontSlicing.ranges`).
        public func ranges(of slice: Int) -> [ClosedRange<UInt32>] {
            FontSlicing.ranges(of: slices[slice], in: coverage)
        }
    }

    private struct Shape: Hashable {
        let codePoints: [UInt32]
        let whole: Bool
        let isColor: Bool
    }

    private struct State {
        var plans: [ObjectIdentifier: Plan] = [:]
        var shared: [Shape: Plan] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// The plan of `face` if it was made (asking for it reads nothing).
    public func madePlan(for face: FontFace) -> Plan? { state.withLock { $0.plans[ObjectIdentifier(face)] } }

    /// The plan of `face`, made now from its file when it was not (O(face)); nil when its file cannot be read.
    public func plan(for face: FontFace) -> Plan? {
        if let plan = madePlan(for: face) { return plan }
        guard let coverage = FontSubsetter.coverage(of: face) else { return nil }
        let shape = Shape(codePoints: coverage.codePoints, whole: coverage.tableBytes <= FontSlicing.wholeFaceBytes,
                          isColor: coverage.isColor)
        let made = state.withLock { $0.shared[shape] }
            ?? Plan(coverage: coverage, slices: FontSlicing.slices(of: coverage), shape: -1)
        return state.withLock { state in
            let plan = state.shared[shape]
                ?? Plan(coverage: made.coverage, slices: made.slices, shape: state.shared.count)
            state.shared[shape] = plan
            state.plans[ObjectIdentifier(face)] = plan
            return plan
        }
    }
}
