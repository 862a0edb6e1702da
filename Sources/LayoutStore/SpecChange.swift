public import LayoutEngine
import LayoutWire

/// A change that makes one spec from another, as stored by an archive: the body of a batch update
/// (`POST .../updates`) or of a size report (`POST .../sizes`), replayed with the service's own rules.
public enum SpecChange: Sendable {
    case updates([UInt8])
    case sizes([UInt8])
    /// A new view size (`POST .../bounds`).
    case bounds([UInt8])

    /// The bytes an archive stores: a kind byte (`u` or `s`), then the body.
    public var stored: [UInt8] {
        switch self {
        case .updates(let body): [UInt8(ascii: "u")] + body
        case .sizes(let body): [UInt8(ascii: "s")] + body
        case .bounds(let body): [UInt8(ascii: "b")] + body
        }
    }

    public init?(stored: [UInt8]) {
        switch stored.first {
        case UInt8(ascii: "u"): self = .updates(Array(stored.dropFirst()))
        case UInt8(ascii: "s"): self = .sizes(Array(stored.dropFirst()))
        case UInt8(ascii: "b"): self = .bounds(Array(stored.dropFirst()))
        default: return nil
        }
    }

    /// The spec this change makes of `base` (normalized, as registered), or nil when it does not apply (it did
    /// when it was stored: the archive is damaged).
    public func applied(to base: LayoutSpec) -> LayoutSpec? {
        let json = JSONLimits(maxDepth: 1 << 10)
        // It was checked when accepted; the limits of today do not apply to what was accepted then.
        let limits = SpecLimits(maxItems: .max, maxSections: .max, maxTextLength: .max)
        let operations: [BatchOperation]
        var contents = ItemContents()
        var frames: FrameUpdates?
        var placements = ItemPlacements()
        // A change that keeps columns is never stored as one (it takes the old layout's placement): the service
        // stores its spec whole.
        switch self {
        case .updates(let body):
            guard let batch = try? BatchDecoder.decode(body, for: base, limits: limits, json: json), !batch.keepColumns
            else { return nil }
            // A kind whose batches change rows and columns; the others' are planned below.
            let applied: (update: GridUpdate, spec: LayoutSpec)?
            do { applied = try base.applying(rowsAndColumns: batch.gridOperations) } catch { return nil }
            if let applied { return applied.spec.normalized() }
            (operations, contents, frames, placements) = (batch.operations, batch.contents, batch.frames, batch.placements)
        case .sizes(let body):
            guard let report = try? SizeReportDecoder.decode(body, styles: base.textStyles, limits: limits,
                                                                  json: json), !report.keepColumns
            else { return nil }
            (operations, contents) = SelfSizing.batch(report.sizes, contents: report.contents)
        case .bounds(let body):
            guard let request = try? BoundsDecoder.decode(body, json: json) else { return nil }
            return base.withViewport(request.viewport(from: base.viewport)).normalized()
        }
        guard let plan = try? UpdatePlan.make(oldCounts: base.sectionCounts, operations: operations),
              let spec = try? base.applying(plan, contents: contents, frames: frames, placements: placements)
        else { return nil }
        return spec.normalized()
    }
}
