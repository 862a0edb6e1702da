import Foundation
import LayoutClient
import Testing

/// ScrollSession against the running service: its synchronous answers are the service's own answers for the same
/// rects; it cancels what the viewport leaves behind, bounds its cache, and a scripted scroll over a million items
/// reports how often the synchronous answers were complete.
@Suite(.serialized) struct ScrollSessionTests {
    static let view = CGSize(width: 390, height: 844)

    func bounds(atY y: Double) -> CGRect { CGRect(x: 0, y: y, width: Self.view.width, height: Self.view.height) }

    @Test func settledAnswersAreTheServicesAnswers() async throws {
        let client = try Service.client()
        let (summary, _) = try await client.create(Service.millionFlow)
        let session = try await ScrollSession(client: client, layoutID: summary.id)
        #expect(await session.usesServiceTiles && !session.boundsDependent)
        #expect(session.collectionViewContentSize == CGSize(width: 390, height: 36_666_730))
        await session.scroll(to: bounds(atY: 5_000_000))
        await session.settle()
        #expect(session.collectionViewContentSize == CGSize(width: 390, height: 36_666_730))
        #expect(summary.contentSize.height == 36_666_730)  // 333,334 rows of 100, 333,333 gaps of 10
        let rects = [
            bounds(atY: 5_000_000),
            CGRect(x: 0, y: 5_000_000, width: 390, height: 0),  // a line: the cells it crosses or touches
            CGRect(x: 100, y: 5_000_300, width: 45, height: 10),  // between two columns: only what touches it
            CGRect(x: 0, y: 5_000_000 + 844 - 1, width: 390, height: 2),  // across the boundary of two tiles
        ]
        for rect in rects {
            let (elements, complete) = session.cachedElements(in: rect)
            #expect(complete, "\(rect)")
            #expect(Set(elements) == (try await Service.reference(client, summary.id, rect)), "\(rect)")
            #expect(Set(elements.map(\.key)).count == elements.count)
        }
        let item = 3 * Int((5_000_000 + 400) / 110)
        let cached = try #require(session.layoutAttributesForItem(at: IndexPath(indexes: [0, item])))
        #expect(cached == (try await client.item(layoutID: summary.id, section: 0, item: item)))
        #expect(session.layoutAttributesForItem(at: IndexPath(indexes: [0, 10])) == nil)
        let stats = session.statistics
        #expect(stats.rectQueries == rects.count && stats.rectHits == rects.count)
        #expect(stats.itemQueries == 2 && stats.itemHits == 1)
    }

    @Test func cancelsWhatFallsBehind() async throws {
        let client = try Service.client()
        let (summary, _) = try await client.create(Service.millionFlow)
        let gate = Gate()
        let session = ScrollSession(
            contentSize: CGSize(width: 390, height: summary.contentSize.height), axis: .vertical
        ) { rect in
            try await gate.wait()
            return try await client.allElements(layoutID: summary.id, in: rect)
        }
        await session.scroll(to: bounds(atY: 0))
        let first = session.statistics.requestsStarted
        #expect(first >= 2)  // the viewport's tiles and what lies ahead, all held at the gate
        await session.scroll(to: bounds(atY: 20_000_000))
        let stats = session.statistics
        #expect(stats.requestsCancelled == first)
        gate.open()
        await session.settle()
        // Only tiles around y = 20,000,000 were stored; the cancelled answers were dropped.
        #expect(session.cachedElements(in: bounds(atY: 20_000_000)).complete)
        #expect(!session.cachedElements(in: bounds(atY: 0)).complete)
        let settled = session.statistics
        #expect(settled.requestsCancelled == first)
        #expect(session.cachedTileCount == settled.tilesLoaded)
        #expect(settled.tilesLoaded == settled.requestsStarted - first)
    }

    @Test func cacheStaysBounded() async throws {
        let client = try Service.client()
        let (summary, _) = try await client.create(Service.millionFlow)
        var configuration = ScrollSession.Configuration()
        configuration.maxCachedTiles = 6
        let session = try await ScrollSession(client: client, layoutID: summary.id, configuration: configuration)
        let clock = ContinuousClock()
        let start = clock.now
        for step in 0..<40 {
            // 600 points a (simulated) tenth of a second: a slow, steady scroll, each step settled.
            await session.scroll(to: bounds(atY: Double(step) * 600), at: start + .milliseconds(100 * step))
            await session.settle()
            #expect(session.cachedTileCount <= 6)
        }
        let stats = session.statistics
        #expect(stats.mostTilesCached <= 6)
        #expect(stats.tilesEvicted > 0)
        let last = bounds(atY: 39 * 600)
        let (elements, complete) = session.cachedElements(in: last)
        #expect(complete)
        #expect(Set(elements) == (try await Service.reference(client, summary.id, last)))
    }

    /// Layouts with pinned headers depend on the offset, but have tiles: the session takes them. The wheel has
    /// none: refused.
    @Test func pinnedLayoutsUseTilesTheWheelIsRefused() async throws {
        let client = try Service.client()
        let flow = Components.Schemas.FlowLayoutSpec(
            layout: .flow, collectionView: .init(width: 390, height: 844), headerReferenceSize: .init(width: 0, height: 40),
            sectionHeadersPinToVisibleBounds: true, sections: [.init(items: 100)])
        let pinned = try await client.create(.flow(flow)).summary
        #expect(pinned.boundsDependent && pinned.tile != nil)
        let session = try await ScrollSession(client: client, layoutID: pinned.id)
        #expect(await session.usesServiceTiles)
        #expect(session.boundsDependent)
        let wheel = try await client.create(
            .wheel(.init(layout: .wheel, collectionView: .init(width: 300, height: 220), sections: [.init(items: 12)]))
        ).summary
        #expect(wheel.boundsDependent && wheel.tile == nil)
        await #expect(throws: ScrollSession.SessionError.boundsDependent(layoutID: wheel.id)) {
            _ = try await ScrollSession(client: client, layoutID: wheel.id)
        }
    }

    /// A tile of more elements than the service's `--max-elements` (100,000) is a 422: the session reads that band
    /// with paged rect queries instead. 1×1 cells, 2,000 to a row, 60-point tiles: 120,000 elements a tile.
    @Test func oversizedTilesFallBackToPagedRectQueries() async throws {
        let client = try Service.client()
        let spec = Components.Schemas.LayoutSpec.flow(
            .init(
                layout: .flow, collectionView: .init(width: 2000, height: 60), itemSize: .init(width: 1, height: 1),
                minimumLineSpacing: 0, minimumInteritemSpacing: 0, sections: [.init(items: 1_000_000)]))
        let summary = try await client.create(spec).summary
        #expect(summary.tile?.length == 60)
        await #expect(throws: LayoutProblem.self) { _ = try await client.tile(layoutID: summary.id, k: 1) }
        var configuration = ScrollSession.Configuration()
        configuration.tilesAhead = 0
        configuration.tilesBehind = 0
        let session = try await ScrollSession(client: client, layoutID: summary.id, configuration: configuration)
        let view = CGRect(x: 0, y: 70, width: 2000, height: 40)
        await session.scroll(to: view)
        await session.settle()
        #expect(session.statistics.requestsFailed == 0)
        let (elements, complete) = session.cachedElements(in: view)
        #expect(complete)
        let reference = try await client.allElements(layoutID: summary.id, in: view)
        // Rows 69 (ending at y = 70) to 110 (starting at y = 110) touch the closed rect: 42 rows.
        #expect(elements.count == reference.count && reference.count == 2_000 * 42)
        #expect(Set(elements) == Set(reference))
    }

    /// Pinned headers and footers placed by the session from the tiles' sticky ranges, at many offsets (before the
    /// content, inside sections, across section ends, at the end): the synchronous answers for the viewport, a
    /// strip along each of its edges and a rect inside it are the service's rect answers with that offset.
    @Test func pinnedHeadersAndFootersAtManyOffsets() async throws {
        let client = try Service.client()
        for (name, spec) in try Service.pinnedSpecs {
            let summary = try await client.create(spec).summary
            let tile = try #require(summary.tile)
            let session = try await ScrollSession(client: client, layoutID: summary.id)
            #expect(await session.usesServiceTiles)
            let vertical = tile.axis == .y
            let extent = vertical ? summary.contentSize.height : summary.contentSize.width
            let viewLength = vertical ? 844.0 : 390.0
            var positions: [Double] = [-25, 0, 1, 37.5, extent - viewLength, extent - viewLength + 12]
            for step in 1..<23 { positions.append(Double(step) * (extent - viewLength) / 23 + 0.25 * Double(step % 4)) }
            var pinnedSeen = 0
            for p in positions {
                // Where pinned headers stick: the visible area's start, or below a collapsing header's bottom.
                let header = session.collapsingHeader(atOffsetY: p)
                let edge = max(p, header.map { Double($0.frame.maxY) } ?? p)
                let visible = vertical
                    ? CGRect(x: 0, y: p, width: 390, height: 844) : CGRect(x: p, y: 0, width: 390, height: 844)
                await session.scroll(to: visible)
                await session.settle()
                let strips = vertical
                    ? [CGRect(x: 0, y: p, width: 390, height: 10), CGRect(x: 0, y: p + 834, width: 390, height: 10)]
                    : [CGRect(x: p, y: 0, width: 10, height: 844), CGRect(x: p + 380, y: 0, width: 10, height: 844)]
                for rect in [visible, visible.insetBy(dx: 60, dy: 60)] + strips {
                    let (elements, complete) = session.cachedElements(in: rect)
                    #expect(complete, "\(name) at \(p): \(rect)")
                    let reference = try await client.elements(layoutID: summary.id, in: rect, offset: visible.origin)
                    #expect(Set(elements) == Set(reference.elements), "\(name) at \(p): \(rect)")
                    #expect(elements.count == reference.elements.count)
                }
                // Bounds set synchronously, a few points on, before the session hears of them: placed for those.
                let nudged = visible.offsetBy(dx: vertical ? 0 : 7, dy: vertical ? 7 : 0)
                session.setVisibleBounds(nudged)
                let (moved, movedComplete) = session.cachedElements(in: nudged)
                #expect(movedComplete)
                let movedReference = try await client.elements(layoutID: summary.id, in: nudged, offset: nudged.origin)
                #expect(Set(moved) == Set(movedReference.elements), "\(name) at \(p) + 7")
                session.setVisibleBounds(visible)
                // A header held at the leading edge: pinning is exercised, not only the unpinned places.
                pinnedSeen += session.layoutAttributesForElements(in: visible).filter { e in
                    let leading = Double(vertical ? e.frame.minY : e.frame.minX)
                    return e.key.kind == "header" && leading == edge
                }.count
                if let header, header.frame.touches(visible) {
                    // The header by the summary: as the service answers it at this offset, first.
                    let answer = try await client.elements(layoutID: summary.id, in: visible, offset: visible.origin)
                    #expect(answer.elements.first == header, "\(name) at \(p)")
                    #expect(session.layoutAttributesForElements(in: visible).first == header)
                }
            }
            #expect(pinnedSeen > 5, "\(name)")
        }
    }

    @Test func replacingTheLayoutAfterABatchUpdate() async throws {
        let client = try Service.client()
        let (summary, _) = try await client.create(Service.smallFlow)
        let session = try await ScrollSession(client: client, layoutID: summary.id)
        let view = bounds(atY: 0)
        await session.scroll(to: view)
        await session.settle()
        let before = session.layoutAttributesForItem(at: IndexPath(indexes: [0, 1]))
        #expect(before?.frame == CGRect(x: 145, y: 40, width: 100, height: 100))
        // Three cells fewer in section 0: a row less, 110 points shorter.
        let batch = try await client.batchUpdates(
            layoutID: summary.id, [.deleteItems(.init(op: .deleteItems, indexPaths: [[0, 0], [0, 1], [0, 2]]))])
        try await session.replaceLayout(batch.summary.id, client: client)
        await session.settle()
        #expect(session.collectionViewContentSize == CGSize(width: 390, height: 1266 - 110))
        let (elements, complete) = session.cachedElements(in: view)
        #expect(complete)
        #expect(Set(elements) == (try await Service.reference(client, batch.summary.id, view)))
        #expect(session.layoutAttributesForItem(at: IndexPath(indexes: [0, 1]))?.frame == before?.frame)
        #expect(session.layoutAttributesForItem(at: IndexPath(indexes: [0, 27])) == nil)  // 27 cells left: 0...26
    }

    /// A rotation: 390×844 to 844×390 at y = 2,000. The first cell starting inside the view is item 57 (row 19 of
    /// three, y = 2,090: 90 points below the edge); seven to a row it is in row 8 (y = 880), so the offset becomes
    /// 790 and the session shows the new layout (100 items in 15 rows of 100 and 14 gaps: 1,640 points).
    @Test func rotationKeepsTheFirstVisibleCell() async throws {
        let client = try Service.client()
        let spec = Components.Schemas.LayoutSpec.flow(
            .init(
                layout: .flow, collectionView: .init(width: 390, height: 844), itemSize: .init(width: 100, height: 100),
                sections: [.init(items: 100)]))
        let (summary, _) = try await client.create(spec)
        #expect(try await client.scrollTo(layoutID: summary.id, section: 0, item: 57, position: .top) == CGPoint(x: 0, y: 2090))
        let session = try await ScrollSession(client: client, layoutID: summary.id)
        await session.scroll(to: CGRect(x: 0, y: 2000, width: 390, height: 844))
        await session.settle()
        let offset = try await session.changeBounds(to: CGSize(width: 844, height: 390), offset: CGPoint(x: 0, y: 2000))
        #expect(offset == CGPoint(x: 0, y: 790))
        #expect(await session.layoutID != summary.id)
        #expect(session.collectionViewContentSize == CGSize(width: 844, height: 1640))
        let view = CGRect(origin: offset, size: CGSize(width: 844, height: 390))
        await session.scroll(to: view)
        await session.settle()
        #expect(session.layoutAttributesForItem(at: IndexPath(indexes: [0, 57]))?.frame.minY == 880)
        let (elements, complete) = session.cachedElements(in: view)
        #expect(complete)
        #expect(Set(elements) == (try await Service.reference(client, try #require(await session.layoutID), view)))
    }

    /// A finger's scroll over a million items, paced by the clock at 60 frames a second: the position is a
    /// function of the time elapsed, each frame tells the session where the viewport is and asks it synchronously
    /// for the viewport's elements and for a cell in its middle, as UICollectionViewLayout would. Reports the share
    /// of frames answered completely; checks every sampled complete answer against the service's.
    @Test func scriptedScrollOverAMillionItems() async throws {
        let client = try Service.client()
        let (summary, _) = try await client.create(Service.millionFlow)
        #expect(summary.items == 1_000_000)
        try await scriptedScroll(client, summary, label: "a million items") { y in
            IndexPath(indexes: [0, 3 * Int((y + 422) / 110)])
        }
    }

    /// The same scroll over a million items in 1,000 sections whose headers and footers pin to the visible bounds:
    /// the session places them from the tiles' sticky ranges, frame by frame, with no request per frame; sampled
    /// complete answers are the service's rect answers with the frame's offset.
    @Test func scriptedScrollWithPinnedHeaders() async throws {
        let client = try Service.client()
        let spec = Components.Schemas.LayoutSpec.flow(
            .init(
                layout: .flow, collectionView: .init(width: 390, height: 844), itemSize: .init(width: 100, height: 100),
                headerReferenceSize: .init(width: 0, height: 40), footerReferenceSize: .init(width: 0, height: 30),
                sectionHeadersPinToVisibleBounds: true, sectionFootersPinToVisibleBounds: true,
                sections: Array(repeating: .init(items: 1_000), count: 1_000)))
        let (summary, _) = try await client.create(spec)
        #expect(summary.items == 1_000_000 && summary.boundsDependent)
        try await scriptedScroll(client, summary, label: "a million items, pinned headers and footers") { _ in nil }
    }

    /// A finger's scroll, paced by the clock at 60 frames a second: the position is a function of the time
    /// elapsed, each frame tells the session where the viewport is and asks it synchronously for the viewport's
    /// elements and for a cell in its middle (`middle`), as UICollectionViewLayout would. Prints the share of
    /// frames answered completely; checks every sampled complete answer against the service's for that offset.
    private func scriptedScroll(
        _ client: LayoutServiceClient, _ summary: Components.Schemas.LayoutSummary, label: String,
        middle: (Double) -> IndexPath?
    ) async throws {
        let session = try await ScrollSession(client: client, layoutID: summary.id)
        #expect(await session.usesServiceTiles)
        let clock = ContinuousClock()
        struct Phase { var name: String; var start: Double; var speed: Double; var seconds: Double }
        let phases = [
            Phase(name: "3,000 pt/s down from the top", start: 0, speed: 3_000, seconds: 3),
            Phase(name: "10,000 pt/s down", start: 9_000, speed: 10_000, seconds: 3),
            Phase(name: "jump to the middle, 3,000 pt/s up", start: 18_000_000, speed: -3_000, seconds: 2),
        ]
        var samples: [(CGRect, [ElementAttributes])] = []
        var summaryLines: [String] = []
        var totalFrames = 0, totalHits = 0
        for phase in phases {
            let before = session.statistics
            let begin = clock.now
            var frames = 0, hits = 0, itemHits = 0, firstHit: Int?
            for frame in 0..<Int(phase.seconds * 60) {
                try await clock.sleep(until: begin + .microseconds(16_667 * frame))
                let elapsed = Double((clock.now - begin) / .seconds(1))
                let y = min(max(0, phase.start + phase.speed * elapsed), summary.contentSize.height - 844)
                let visible = bounds(atY: y)
                await session.scroll(to: visible)
                let (elements, complete) = session.cachedElements(in: visible)
                if let cell = middle(y), session.layoutAttributesForItem(at: cell) != nil { itemHits += 1 }
                frames += 1
                if complete {
                    hits += 1
                    if firstHit == nil { firstHit = frame }
                    if hits % 15 == 1 { samples.append((visible, elements)) }
                }
            }
            let after = session.statistics
            totalFrames += frames
            totalHits += hits
            summaryLines.append(
                "ScrollSession: \(label): \(phase.name): \(frames) frames, complete \(hits) (\(percent(hits, frames))), "
                    + (middle(0) == nil ? "" : "middle cell cached \(percent(itemHits, frames)), ")
                    + "first complete frame \(firstHit.map(String.init) ?? "none"), "
                    + "requests \(after.requestsStarted - before.requestsStarted), "
                    + "cancelled \(after.requestsCancelled - before.requestsCancelled), "
                    + "tiles cached at most \(after.mostTilesCached)")
        }
        await session.settle()
        let stats = session.statistics
        summaryLines.append(
            "ScrollSession: \(label), \(totalFrames) frames at 60 Hz: synchronous rect answers complete in "
                + "\(percent(totalHits, totalFrames)) of frames; \(stats.requestsStarted) tile requests "
                + "(\(stats.requestsCancelled) cancelled, \(stats.requestsFailed) failed), \(stats.tilesEvicted) tiles evicted")
        for line in summaryLines { print(line) }
        #expect(stats.requestsFailed == 0)
        #expect(stats.mostTilesCached <= ScrollSession.Configuration().maxCachedTiles)
        #expect(!samples.isEmpty)
        for (rect, elements) in samples {
            let reference = try await client.elements(layoutID: summary.id, in: rect, offset: rect.origin).elements
            #expect(Set(elements) == Set(reference), "\(rect)")
        }
    }

    private func percent(_ a: Int, _ b: Int) -> String {
        b == 0 ? "-" : String(format: "%.1f%%", 100 * Double(a) / Double(b))
    }
}

/// Holds requests until opened (bounded: at most 20 s).
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false

    func open() { lock.withLock { isOpen = true } }

    func wait() async throws {
        for _ in 0..<4_000 {
            if lock.withLock({ isOpen }) { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw CancellationError()
    }
}
