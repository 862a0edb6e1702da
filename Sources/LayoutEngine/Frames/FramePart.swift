/// One part of a prepared frames layout's index: a static `FrameIndex` whose ids are the positions its frames had
/// when it was built, and `runs`, where those frames are now. Frames a later batch deleted or changed are in no
/// run (dead: the search still meets them and drops them).
struct FramePart: Sendable {
    let index: FrameIndex
    let runs: PositionRuns
    /// Whether every id is at its own position (a part built for the layout it serves).
    let isIdentity: Bool
    /// The minima of the runs' targets, when positions do not grow with ids (after a batch that moved cells).
    let minima: RangeMinima?

    init(_ index: FrameIndex, runs: PositionRuns) {
        self.index = index
        self.runs = runs
        isIdentity = runs.runCount == 1 && runs.firstIDs[0] == 0 && runs.targets[0] == 0
            && runs.count == index.ids.count
        minima = runs.targetsIncrease ? nil : runs.targetMinima
    }

    /// The index of all of `spec`'s elements.
    init(_ spec: FramesLayoutSpec) {
        let e = spec.elements
        // The index holds each element's bounds: a pinned one's span of places (the arrays are copied only then).
        var (x, y, width, height) = (e.x, e.y, e.width, e.height)
        for (i, range) in (e.sticky ?? []).enumerated() where range != nil {
            (x[i], y[i], width[i], height[i]) = Self.bounds(spec, i).components
        }
        self.init(FrameIndex(x: x, y: y, width: width, height: height), runs: .identity(e.count))
    }

    /// The index of `spec`'s elements at `positions` (in increasing order).
    init(_ spec: FramesLayoutSpec, positions: [Int32]) {
        var (x, y, width, height) = ([Double](), [Double](), [Double](), [Double]())
        x.reserveCapacity(positions.count)
        y.reserveCapacity(positions.count)
        width.reserveCapacity(positions.count)
        height.reserveCapacity(positions.count)
        for p in positions {
            let (a, b, c, d) = Self.bounds(spec, Int(p)).components
            x.append(a)
            y.append(b)
            width.append(c)
            height.append(d)
        }
        self.init(FrameIndex(x: x, y: y, width: width, height: height, ids: positions), runs: .own(positions))
    }

    /// What the index holds for element `i`: its frame, or a pinned element's span of places (a hair wider than
    /// the span, which rounding could leave short of a place the element takes: the query tests each element
    /// found exactly).
    static func bounds(_ spec: FramesLayoutSpec, _ i: Int) -> LayoutRect {
        let e = spec.elements
        let frame = LayoutRect(x: e.x[i], y: e.y[i], width: e.width[i], height: e.height[i])
        guard let range = e.sticky?[i] else { return frame }
        let span = PreparedFramesLayout.span(frame, range, spec.scrollDirection)
        let slack = 1e-9 * max(1, abs(range.min), abs(range.max) + max(span.width, span.height))
        return LayoutRect(x: span.x - slack, y: span.y - slack, width: span.width + 2 * slack,
                          height: span.height + 2 * slack)
    }

    /// The frames now live (in a run).
    var live: Int { runs.count }
    /// The frames the index holds.
    var size: Int { index.ids.count }

    /// The position of the frame with id `id`, or nil when it is dead.
    @inline(__always)
    func position(ofID id: Int32) -> Int32? { isIdentity ? id : runs.position(of: id) }

    /// The lowest position of the live frames under `node`, or nil when they are all dead. O(log runs).
    @inline(__always)
    func lowestPosition(_ node: FrameIndex.Node) -> Int32? {
        isIdentity ? node.minID : runs.lowestPosition(ofIDs: node.minID...node.maxID, minima: minima)
    }

    var byteCount: Int { index.byteCount + runs.runCount * 12 + (minima?.byteCount ?? 0) }
}

extension LayoutRect {
    fileprivate var components: (Double, Double, Double, Double) { (x, y, width, height) }
}
