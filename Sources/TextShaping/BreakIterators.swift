import CICU
import Synchronization

/// ICU break iterators, kept for reuse (opening one reads its rules): an iterator serves one caller at a time.
final class BreakIterators: Sendable {
    private let lines: Bool
    private let idle = Mutex<[Iterator]>([])

    struct Iterator: @unchecked Sendable { let pointer: OpaquePointer }

    /// Line break iterators (`lines`, UAX #14 as ICU tailors it for English, the locale Chromium's is with no
    /// `lang`), or grapheme cluster ones.
    init(lines: Bool) { self.lines = lines }

    deinit { idle.withLock { for i in $0 { cicu_close(i.pointer) } } }

    /// The boundaries of `text` after its start (its length last), or `[text.count]` when ICU has no iterator.
    func boundaries(_ text: UnsafeBufferPointer<UInt16>) -> [Int] {
        guard text.count > 0 else { return [] }
        let taken = idle.withLock { $0.popLast() } ?? cicu_open(lines ? 1 : 0, "en").map { Iterator(pointer: $0) }
        guard let iterator = taken else { return [text.count] }
        defer { idle.withLock { $0.append(iterator) } }
        let result = [Int32](unsafeUninitializedCapacity: text.count) { out, initialized in
            let n = cicu_boundaries(iterator.pointer, text.baseAddress, Int32(text.count), out.baseAddress,
                                    Int32(text.count))
            initialized = max(0, Int(n))
        }
        guard result.last == Int32(text.count) else { return [text.count] }
        return result.map(Int.init)
    }

    /// The boundaries of `text[window]` after the window's start (its end last), as offsets in `text`.
    func boundaries(_ text: UnsafeBufferPointer<UInt16>, in window: Range<Int>) -> [Int] {
        boundaries(UnsafeBufferPointer(rebasing: text[window])).map { $0 + window.lowerBound }
    }
}
