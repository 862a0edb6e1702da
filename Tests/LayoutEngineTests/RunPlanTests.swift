@testable import LayoutEngine
import TestSupport
import Testing

/// One axis's batch applied the plain way, as UIKit describes a batch: the old indices in an array, deleted and
/// moved ones taken out, then every destination (inserts, moves) put in at its new index, lowest first. Its
/// refusals are the rules written out one by one, with the messages the service answers.
struct ReferenceAxisBatch {
    enum Op {
        case delete([Int])
        case reload([Int], values: [Int])
        case move(from: Int, to: Int)
        case insert([Int], values: [Int]?)
    }

    /// What each new index holds: an old index, or a new one with its value (nil: the axis's default).
    enum Slot: Equatable {
        case old(Int)
        case inserted(Int?)
    }

    /// The new indices' slots and the reloaded old indices with their values, or the refusal (operation, reason).
    static func apply(count n: Int, resizes: Bool, _ ops: [Op]) -> Result<([Slot], [Int: Int]), BatchError> {
        var deleted = Set<Int>()
        var moved = Set<Int>()
        var reloaded: [Int: Int] = [:]
        var insertedAt = Set<Int>()
        var destinations: [(op: Int, to: Int, slot: Slot)] = []
        func refuse(_ op: Int, _ reason: String) -> Result<([Slot], [Int: Int]), BatchError> {
            .failure(BatchError(operation: op, reason: reason))
        }
        for (op, o) in ops.enumerated() {
            switch o {
            case .delete(let list):
                for i in list {
                    if !(0..<n).contains(i) { return refuse(op, "row \(i) does not exist before the batch (\(n) rows)") }
                    if deleted.contains(i) || moved.contains(i) || (!resizes && reloaded[i] != nil) {
                        return refuse(op, resizes ? "row \(i) is already deleted or moved"
                                      : "row \(i) is already deleted, reloaded or moved")
                    }
                    if resizes, reloaded[i] != nil { return refuse(op, "row \(i) is resized and deleted") }
                    deleted.insert(i)
                }
            case .reload(let list, let values):
                if values.count != list.count { return refuse(op, "\(values.count) sizes for \(list.count) rows") }
                for (k, i) in list.enumerated() {
                    if !(0..<n).contains(i) { return refuse(op, "row \(i) does not exist before the batch (\(n) rows)") }
                    if resizes {
                        if reloaded[i] != nil { return refuse(op, "row \(i) is resized twice") }
                        if deleted.contains(i) { return refuse(op, "row \(i) is deleted and resized") }
                    } else if deleted.contains(i) || moved.contains(i) || reloaded[i] != nil {
                        return refuse(op, "row \(i) is already deleted, reloaded or moved")
                    }
                    reloaded[i] = values[k]
                }
            case .move(let from, let to):
                if !(0..<n).contains(from) {
                    return refuse(op, "row \(from) does not exist before the batch (\(n) rows)")
                }
                if deleted.contains(from) || moved.contains(from) || (!resizes && reloaded[from] != nil) {
                    return refuse(op, resizes ? "row \(from) is already deleted or moved"
                                  : "row \(from) is already deleted, reloaded or moved")
                }
                moved.insert(from)
                destinations.append((op, to, .old(from)))
            case .insert(let list, let values):
                if let values, values.count != list.count {
                    return refuse(op, "\(values.count) sizes for \(list.count) rows")
                }
                for (k, j) in list.enumerated() {
                    if !insertedAt.insert(j).inserted { return refuse(op, "row \(j) is inserted twice") }
                    destinations.append((op, j, .inserted(values?[k])))
                }
            }
        }
        // Taken out: deleted and moved ones. Then the destinations, lowest index first.
        var slots: [Slot] = (0..<n).filter { !deleted.contains($0) && !moved.contains($0) }.map { .old($0) }
        let count = slots.count + destinations.count
        var taken = Set<Int>()
        for d in destinations.sorted(by: { ($0.op, $0.to) < ($1.op, $1.to) }) {
            if !(0..<count).contains(d.to) { return refuse(d.op, "row \(d.to) is out of range after the batch (\(count) rows)") }
            if !taken.insert(d.to).inserted { return refuse(d.op, "two rows go to index \(d.to)") }
        }
        for d in destinations.sorted(by: { $0.to < $1.to }) { slots.insert(d.slot, at: d.to) }
        return .success((slots, reloaded))
    }
}

/// `RunPlan` against the reference on random batches along one axis, both as items and sections plan it (a reload
/// excludes every other change) and as a grid does (a resize may come with a move): the same refusals (operation
/// and reason), else the same index for every new place, and every look-up the runs answer checked against the
/// array.
@Suite struct RunPlanTests {
    static func randomBatch(count n: Int, _ rng: inout SeededRandom) -> [ReferenceAxisBatch.Op] {
        func index(_ slack: Int) -> Int { Int.random(in: -1...(n + slack), using: &rng) }
        func some(_ slack: Int) -> [Int] { (0..<Int.random(in: 1...3, using: &rng)).map { _ in index(slack) } }
        return (0..<Int.random(in: 0...5, using: &rng)).map { _ in
            switch Int.random(in: 0..<8, using: &rng) {
            case 0, 1: return .delete(some(0))
            case 2, 3:
                let at = some(2)
                let values = Int.random(in: 0..<10, using: &rng) == 0 ? [1] : at.map { _ in Int.random(in: 1...3, using: &rng) }
                return .insert(at, values: Bool.random(using: &rng) ? values : nil)
            case 4, 5: return .move(from: index(0), to: index(1))
            default:
                let at = some(0)
                return .reload(at, values: Int.random(in: 0..<10, using: &rng) == 0 ? [] : at.map { _ in Int.random(in: 1...3, using: &rng) })
            }
        }
    }

    static func plan(count n: Int, resizes: Bool, _ ops: [ReferenceAxisBatch.Op]) throws(BatchError) -> RunPlan<Int> {
        var batch = RunPlan<Int>.Batch(oldCount: n, names: .init(noun: "row", resizes: resizes))
        for (op, o) in ops.enumerated() {
            switch o {
            case .delete(let list):
                for i in list { try batch.delete(i, op: op) }
            case .reload(let list, let values):
                try RunPlan<Int>.Batch.check(values, for: list, "sizes", "rows", op: op)
                for (k, i) in list.enumerated() { try batch.reload(i, value: values[k], op: op) }
            case .move(let from, let to):
                try batch.move(from, to: to, op: op)
            case .insert(let list, let values):
                try RunPlan<Int>.Batch.check(values, for: list, "sizes", "rows", op: op)
                for (k, j) in list.enumerated() { try batch.insert(at: j, value: values?[k], op: op) }
            }
        }
        return try batch.plan()
    }

    @Test(arguments: [false, true])
    func randomBatchesAgainstTheArray(resizes: Bool) throws {
        var rng = SeededRandom(seed: resizes ? 0x4141_0002 : 0x4141_0001)
        var planned = 0
        var refused = 0
        for _ in 0..<3000 {
            let n = Int.random(in: 0...8, using: &rng)
            let ops = Self.randomBatch(count: n, &rng)
            let expected = ReferenceAxisBatch.apply(count: n, resizes: resizes, ops)
            let result = Result { () throws(BatchError) in try Self.plan(count: n, resizes: resizes, ops) }
            switch (expected, result) {
            case (.failure(let a), .failure(let b)):
                refused += 1
                #expect(a == b, "\(n) \(ops)")
            case (.success(let (slots, reloaded)), .success(let plan)):
                planned += 1
                check(plan, n: n, slots: slots, reloaded: reloaded, ops)
            default:
                Issue.record("one refused, the other not: \(n) \(ops): \(expected) vs \(result)")
            }
        }
        #expect(planned > 500 && refused > 500)  // both kinds of batches were tried, many times
    }

    func check(_ plan: RunPlan<Int>, n: Int, slots: [ReferenceAxisBatch.Slot], reloaded: [Int: Int],
               _ ops: [ReferenceAxisBatch.Op]) {
        // The runs, one index at a time, are the array.
        var expanded: [ReferenceAxisBatch.Slot] = []
        for run in plan.runs {
            switch run {
            case .old(let r, _): expanded += r.map { .old($0) }
            case .inserted(let k, let value): expanded += repeatElement(.inserted(value), count: k)
            case .arrived: Issue.record("nothing arrives from another axis here")
            }
        }
        #expect(expanded == slots, "\(n) \(ops)")
        #expect(plan.count == slots.count && plan.oldCount == n)
        #expect(Dictionary(uniqueKeysWithValues: plan.reloaded.map { ($0.index, $0.value!) }) == reloaded)
        #expect(plan.reloaded.map(\.index) == plan.reloaded.map(\.index).sorted())
        let unchanged = slots == (0..<n).map { .old($0) } && reloaded.isEmpty
        let moved = ops.contains { if case .move = $0 { true } else { false } }
        #expect(plan.isIdentity == (unchanged && !moved))
        // Look-ups both ways, inserted ones before each place, and the survivor of every old index.
        var newOf: [Int: Int] = [:]
        for (j, slot) in slots.enumerated() {
            if case .old(let i) = slot {
                newOf[i] = j
                #expect(plan.oldIndex(ofNew: j) == i)
            } else {
                #expect(plan.oldIndex(ofNew: j) == nil)
            }
            let inserted = slots[..<j].count { if case .inserted = $0 { true } else { false } }
            #expect(plan.inserted(before: j) == inserted)
        }
        #expect(plan.oldIndex(ofNew: slots.count) == nil && plan.oldIndex(ofNew: -1) == nil)
        for i in 0..<n {
            #expect(plan.newIndex(ofOld: i) == newOf[i])
            let stand = (i..<n).first { newOf[$0] != nil } ?? (0..<i).last { newOf[$0] != nil }
            let survivor = plan.survivor(ofOld: i)
            #expect(survivor?.old == stand && survivor?.new == stand.flatMap { newOf[$0] }, "\(i) \(n) \(ops)")
        }
        // The surviving pieces of every range of old indices.
        for lo in 0..<n {
            for hi in (lo + 1)...n {
                var pieces: [Int: Int] = [:]
                plan.forEachSurvivor(of: lo..<hi) { piece, start in
                    for (k, i) in piece.enumerated() { pieces[i] = start + k }
                }
                #expect(pieces == newOf.filter { (lo..<hi).contains($0.key) })
            }
        }
    }

    /// Moves recorded apart (an item leaving one section's batch and arriving in another's) are moves within the
    /// axis once the batches are joined, and arrivals from elsewhere stay arrivals.
    @Test func joinedBatchesTellMovesWithinFromArrivals() throws {
        var sources = RunPlan<Int>.Batch(oldCount: 4, names: .init(noun: "item", section: 0))
        try sources.move(1, to: nil, op: 0)
        try sources.delete(3, op: 2)
        var destinations = RunPlan<Int>.Batch(oldCount: 0, names: .init(noun: "item", section: 1))
        destinations.arrive(at: 0, op: 0)
        destinations.arrive(at: 3, op: 1)
        let plan = try sources.joined(with: destinations) { $0 == 0 ? 1 : nil }.plan()
        #expect(plan.runs == [.old(1..<2, move: 0), .old(0..<1, move: nil), .old(2..<3, move: nil), .arrived(move: 1)])
        #expect(plan.moves.map { [$0.op, $0.from, $0.to] } == [[0, 1, 0]])
        #expect(plan.newIndex(ofOld: 1) == 0 && plan.newIndex(ofOld: 3) == nil)
        var late = RunPlan<Int>.Batch(oldCount: 0, names: .init(noun: "item", section: 1))
        late.arrive(at: 3, op: 5)
        #expect(throws: BatchError(operation: 5, reason: "item 1/3 is out of range after the batch (3 items)")) {
            try sources.joined(with: late) { _ in nil }.plan()
        }
    }
}
