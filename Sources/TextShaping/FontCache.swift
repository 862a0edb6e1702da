import Synchronization

/// What shaping keeps of the fonts, behind one bound in bytes (`--font-cache-bytes`), least recently used out
/// first: the faces loaded (`LoadedFace`: the face's tables as mapped and what HarfBuzz keeps for it), each face's
/// fonts by size (`SizedFont`, counted with their face), and the text styles (a style's font stack at its size, and
/// its number in the word cache's keys). Sizes are keys as the shaper scales fonts (16.16 fixed point), so sizes that
/// shape alike are one entry. An entry evicted while a measurement uses it stays alive until that measurement lets go
/// of it (references). Thread-safe: one lock, held for lookups and bookkeeping only (faces are loaded outside it).
final class FontCache: Sendable {
    struct StyleKey: Hashable {
        let family: String
        let weight: Int
        let scale: Int32
    }

    /// A style's fonts: the faces a glyph is looked for in, in order, at a scale; `number` names it in the word
    /// cache's keys (never reused before 2^32 styles were made).
    final class Style: Sendable {
        let number: Int
        let stack: [FontFace]
        let scale: Int32

        init(number: Int, stack: [FontFace], scale: Int32) {
            self.number = number; self.stack = stack; self.scale = scale
        }

        /// What a style is counted for: the object, its key and its stack.
        var bytes: Int { 128 + 8 * stack.count }
    }

    private enum Key: Hashable {
        case face(ObjectIdentifier)
        case style(StyleKey)
    }

    private enum Entry {
        case face(LoadedFace)
        case style(Style)
    }

    private struct State {
        var lru: ByteBoundedLRU<Key, Entry>
        var nextNumber = 0
        var evictions = 0
    }

    private let state: Mutex<State>
    private let onFreed: (@Sendable (Int) -> Void)?
    let budget: Int

    /// `onFreed` is told the bytes of the entries evicted, once they are let go of (their memory is freed then, or
    /// by the last measurement that still holds them).
    init(budget: Int, onFreed: (@Sendable (Int) -> Void)? = nil) {
        self.budget = budget
        self.onFreed = onFreed
        state = Mutex(State(lru: ByteBoundedLRU(budget: budget)))
    }

    /// The entries held, the bytes they are counted for, and the entries evicted so far.
    var statistics: (entries: Int, bytes: Int, evictions: Int) {
        state.withLock { ($0.lru.count, $0.lru.bytes, $0.evictions) }
    }

    /// The style of `key`, made by `stack` when it is not held (and then `wrapped` when its number started again
    /// from 0: the word cache's entries of earlier numbers must go).
    func style(_ key: StyleKey, stack: () -> [FontFace]) -> (style: Style, wrapped: Bool) {
        if let found = state.withLock({ state -> Style? in
            guard case .style(let s)? = state.lru.get(.style(key)) else { return nil }
            return s
        }) {
            return (found, false)
        }
        let faces = stack()
        var evicted: [(value: Entry, bytes: Int)] = []
        let made = state.withLock { state -> (Style, Bool) in
            if case .style(let s)? = state.lru.get(.style(key)) { return (s, false) }
            let wrapped = state.nextNumber == 1 << 32
            if wrapped { state.nextNumber = 0 }
            let style = Style(number: state.nextNumber, stack: faces, scale: key.scale)
            state.nextNumber += 1
            evicted = state.lru.insert(.style(key), .style(style), bytes: style.bytes + key.family.utf8.count)
            state.evictions += evicted.count
            return (style, wrapped)
        }
        release(evicted)
        return made
    }

    /// The number of the style of `key`, if it is held.
    func number(of key: StyleKey) -> Int? {
        state.withLock { state -> Int? in
            guard case .style(let s)? = state.lru.get(.style(key)) else { return nil }
            return s.number
        }
    }

    /// The loaded `face`, loaded now when it is not held; nil when its file cannot be read.
    func face(_ face: FontFace) -> LoadedFace? {
        let key = Key.face(ObjectIdentifier(face))
        if let found = state.withLock({ state -> LoadedFace? in
            guard case .face(let f)? = state.lru.get(key) else { return nil }
            return f
        }) {
            return found
        }
        guard let loaded = LoadedFace(face) else { return nil }
        var evicted: [(value: Entry, bytes: Int)] = []
        let kept = state.withLock { state -> LoadedFace in
            if case .face(let f)? = state.lru.get(key) { return f }  // loaded meanwhile by another measurement
            evicted = state.lru.insert(key, .face(loaded), bytes: loaded.bytes)
            state.evictions += evicted.count
            return loaded
        }
        release(evicted)
        return kept
    }

    /// The font of `loaded` (the loaded `face`) at `scale`, made now when it is not held. A face that alone would be
    /// over the bound keeps this size only.
    func font(_ loaded: LoadedFace, of face: FontFace, scale: Int32) -> SizedFont {
        let key = Key.face(ObjectIdentifier(face))
        if let found = state.withLock({ state -> SizedFont? in
            _ = state.lru.get(key)
            return loaded.sized[scale]
        }) {
            return found
        }
        let made = SizedFont(loaded, scale: scale)
        var evicted: [(value: Entry, bytes: Int)] = []
        var dropped: [SizedFont] = []
        let kept = state.withLock { state -> SizedFont in
            if let f = loaded.sized[scale] { return f }
            loaded.sized[scale] = made
            // A face evicted while this measurement holds it keeps its sizes until it is freed: it is not counted.
            guard case .face(let held)? = state.lru.get(key), held === loaded else { return made }
            evicted = state.lru.grow(key, by: SizedFont.bytes)
            if state.lru.bytes > state.lru.budget && loaded.sized.count > 1 {
                dropped = Array(loaded.sized.values.filter { $0 !== made })
                loaded.sized = [scale: made]
                _ = state.lru.grow(key, by: -SizedFont.bytes * dropped.count)
            }
            state.evictions += evicted.count + dropped.count
            return made
        }
        release(evicted)
        if !dropped.isEmpty {
            let count = dropped.count
            dropped.removeAll()
            onFreed?(SizedFont.bytes * count)
        }
        return kept
    }

    /// Lets go of evicted entries (outside the lock) and tells `onFreed` their bytes.
    private func release(_ evicted: consuming [(value: Entry, bytes: Int)]) {
        guard !evicted.isEmpty else { return }
        let bytes = evicted.reduce(0) { $0 + $1.bytes }
        evicted = []
        onFreed?(bytes)
    }
}
