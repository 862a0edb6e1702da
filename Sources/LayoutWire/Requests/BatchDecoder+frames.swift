import LayoutEngine

extension BatchDecoder {
    /// An operation of a batch on a frames layout: `insertItems` with `frames` (`[x, y, width, height]` each) and
    /// optional `zIndex` and `sticky` (one entry per index path, as the spec's columns); `reloadItems` with the
    /// same, optional (without them, the cells keep their fields); `moveItem` with an optional `frame`, `zIndex`
    /// and `sticky`; `deleteItems` as for other kinds. Section operations are refused: a frames layout's sections
    /// are the ones its elements name.
    static func framesOperation(_ r: SpecReader, _ name: SpecReader, into frames: inout FrameUpdates)
        throws(SpecError) -> BatchOperation
    {
        let op = try name.string()
        switch op {
        case "insertItems", "reloadItems":
            let insert = op == "insertItems"
            let m = try r.object(allowed: ["op", "indexPaths", "frames", "zIndex", "sticky"],
                                 required: insert ? ["indexPaths", "frames"] : ["indexPaths"])
            let paths = try m["indexPaths"]!.array(indexPath)
            if let given = try cellFields(m, count: paths.count) {
                for (path, f) in zip(paths, given) {
                    if insert { frames.placed[path] = f } else { frames.reloaded[path] = f }
                }
            }
            return insert ? .insertItems(paths, sizes: nil) : .reloadItems(paths, sizes: nil)
        case "moveItem":
            let m = try r.object(allowed: ["op", "from", "to", "frame", "zIndex", "sticky"], required: ["from", "to"])
            let to = try indexPath(m["to"]!)
            if let f = m["frame"] {
                var cell = FrameElement(frame: try frame(f))
                if let z = m["zIndex"] { cell.zIndex = try z.integer() }
                if let s = m["sticky"] { cell.sticky = try SpecDecoder.stickyRange(s) }
                frames.placed[to] = cell
            } else if let extra = m["zIndex"] ?? m["sticky"] {
                throw extra.fail("is given with a frame (a moved cell given a frame takes these fields)")
            }
            return .moveItem(from: try indexPath(m["from"]!), to: to)
        case "deleteItems":
            let m = try r.object(allowed: ["op", "indexPaths"], required: ["indexPaths"])
            return .deleteItems(try m["indexPaths"]!.array(indexPath))
        case "insertSections", "reloadSections", "deleteSections", "moveSection":
            throw name.fail(FramesLayoutSpec.sectionUpdatesRefused)
        case let other:
            throw name.fail("\"\(other)\" is not an operation (insertItems, deleteItems, moveItem, reloadItems)")
        }
    }

    /// The cells' fields of an insert or reload, one per index path: nil when `frames` is not given.
    static func cellFields(_ m: [String: SpecReader], count: Int) throws(SpecError) -> [FrameElement]? {
        guard let f = m["frames"] else {
            if let extra = m["zIndex"] ?? m["sticky"] { throw extra.fail("is given with frames") }
            return nil
        }
        func counted(_ key: String) throws(SpecError) {
            if let r = m[key], r.value.kind == .array, r.value.count != count {
                throw r.fail("must give one entry per index path (\(count))")
            }
        }
        try counted("frames")
        try counted("zIndex")
        try counted("sticky")
        var cells = try f.array { (one: SpecReader) throws(SpecError) in FrameElement(frame: try frame(one)) }
        if let r = m["zIndex"] {
            let zIndex = try r.array { (z: SpecReader) throws(SpecError) in try z.integer() }
            for (j, z) in zIndex.enumerated() { cells[j].zIndex = z }
        }
        if let r = m["sticky"] {
            for (j, s) in try r.array(SpecDecoder.stickyRange).enumerated() { cells[j].sticky = s }
        }
        return cells
    }

    /// `[x, y, width, height]`: a finite origin, a size of 0 or more (each at most 1e9 in magnitude).
    static func frame(_ r: SpecReader) throws(SpecError) -> LayoutRect {
        guard r.value.kind == .array, r.value.count == 4 else { throw r.fail("must be an [x, y, width, height] frame") }
        let v = try r.numbers()
        for (j, n) in v.enumerated() where !(n.isFinite && abs(n) <= 1e9 && (j < 2 || n >= 0)) {
            throw SpecError(path: r.path + [.index(j)],
                            reason: j < 2 ? "must be finite, at most 1e9 in magnitude" : "must be 0 to 1e9")
        }
        return LayoutRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}
