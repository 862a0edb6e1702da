import Testing

@testable import TextShaping

/// The slices of the catalog's faces (`FontSlicing`) and HarfBuzz's subsets of them (`FontSubsetter`), on Debian's
/// fonts: the large ones (Noto Sans CJK from its collection, Unifont) and small ones served whole.
@Suite struct FontSlicingTests {
    static let catalog = FontCatalog(directories: FontCatalog.defaultDirectories + ["/usr/share/fonts/opentype/unifont"])
    static let cjk = catalog.face(family: "Noto Sans CJK SC", weight: 400)
    static let unifont = catalog.face(family: "Unifont", weight: 400)
    static let inter = catalog.face(family: "Inter", weight: 400)
    static let installed = cjk != nil && unifont != nil && inter != nil

    /// Scripts whose letters join or form clusters, as Unicode's blocks name them: each of a face's code points in
    /// one of these must be in one slice with the rest of the block.
    static let joining: [(String, ClosedRange<UInt32>)] = [
        ("Arabic", 0x0600...0x06FF), ("Arabic Presentation Forms-A", 0xFB50...0xFDFF),
        ("Arabic Presentation Forms-B", 0xFE70...0xFEFE), ("Hebrew", 0x0590...0x05FF), ("Syriac", 0x0700...0x074F),
        ("Devanagari", 0x0900...0x097F), ("Bengali", 0x0980...0x09FF), ("Tamil", 0x0B80...0x0BFF),
        ("Malayalam", 0x0D00...0x0D7F), ("Thai", 0x0E00...0x0E7F), ("Lao", 0x0E80...0x0EFF),
        ("Tibetan", 0x0F00...0x0FFF), ("Myanmar", 0x1000...0x109F), ("Khmer", 0x1780...0x17FF),
        ("Hangul Jamo", 0x1100...0x11FF), ("Miscellaneous Symbols and Pictographs", 0x1F300...0x1F5FF),
        ("Emoticons", 0x1F600...0x1F64F),
    ]

    func plan(_ face: FontFace?) throws -> FontSlices.Plan {
        let face = try #require(face)
        return try #require(FontSlices().plan(for: face))
    }

    @Test(.enabled(if: installed)) func everyCodePointOfAFaceIsInExactlyOneSlice() throws {
        for face in [Self.cjk, Self.unifont, Self.inter] {
            let plan = try plan(face)
            let all = plan.slices.flatMap { $0 }
            #expect(all.sorted() == plan.coverage.codePoints)  // each once: no code point twice, none missing
            #expect(Set(all).count == all.count)
            #expect(plan.slices.allSatisfy { $0 == $0.sorted() && !$0.isEmpty })
        }
    }

    @Test(.enabled(if: installed)) func largeFacesAreSlicedSmallOnesServedWhole() throws {
        let cjk = try plan(Self.cjk), unifont = try plan(Self.unifont), inter = try plan(Self.inter)
        #expect(cjk.coverage.tableBytes > 10 << 20 && (60...140).contains(cjk.slices.count))
        #expect(unifont.coverage.tableBytes > 1 << 20 && unifont.slices.count > 20)
        #expect(inter.isWhole && inter.slices == [inter.coverage.codePoints])
        // The first slices after the groups hold the most frequent Han: 的 (the most frequent) and 是 share one.
        let first = try #require(cjk.slices.firstIndex { $0.contains(0x7684) })
        #expect(cjk.slices[first].contains(0x662F) && cjk.slices[first].count == FontSlicing.frequentSlice)
        #expect(!cjk.slices[first].contains(0x9F98))  // a rare character is not among them
    }

    @Test(.enabled(if: installed)) func noJoiningScriptIsSplit() throws {
        for face in [Self.cjk, Self.unifont] {
            let plan = try plan(face)
            var checked = 0
            for (name, block) in Self.joining {
                let inBlock = plan.coverage.codePoints.filter { block.contains($0) }
                guard !inBlock.isEmpty else { continue }
                let holding = Set(inBlock.map { c in plan.slices.firstIndex { $0.contains(c) }! })
                #expect(holding.count == 1, "\(name) is in slices \(holding.sorted()) of \(face!.family)")
                checked += 1
            }
            #expect(checked >= (face === Self.unifont ? 12 : 1))
            // Arabic and its presentation forms, Hebrew with its own, stay together.
            if face === Self.unifont {
                let slice = { (c: UInt32) in plan.slices.firstIndex { $0.contains(c) } }
                #expect(slice(0x0627) == slice(0xFEFB) && slice(0x05D0) == slice(0xFB2A))
                #expect(slice(0x0915) == slice(0x09A4) && slice(0x0915) == slice(0x1CD0))  // the Indic scripts
            }
        }
    }

    @Test(.enabled(if: installed)) func sliceIdsAreStable() throws {
        let face = try #require(Self.cjk)
        let once = try #require(FontSlices().plan(for: face))
        let again = try #require(FontSlices().plan(for: face))
        #expect(once.slices == again.slices)
        // The same coverage cut by the function alone, and a face of another weight with the same code points.
        #expect(FontSlicing.slices(of: once.coverage) == once.slices)
        let bold = try plan(Self.catalog.face(family: "Noto Sans CJK SC", weight: 700))
        if bold.coverage.codePoints == once.coverage.codePoints { #expect(bold.slices == once.slices) }
    }

    /// A subset's cmap holds exactly the slice's code points, and HarfBuzz shapes each with the whole face's
    /// advance.
    @Test(.enabled(if: installed)) func aSubsetHoldsItsSliceAndShapesAsTheWholeFace() throws {
        for (face, picks) in [(Self.cjk, [0, 3, 20, -1]), (Self.unifont, [0, 2, 10, -1])] {
            let face = try #require(face)
            let plan = try plan(face)
            for pick in picks {
                let slice = pick < 0 ? plan.slices.count - 1 : pick
                let codePoints = plan.slices[slice]
                let bytes = try #require(FontSubsetter.subset(face, codePoints: codePoints))
                let coverage = try #require(FontSubsetter.coverage(ofFile: bytes))
                #expect(coverage.codePoints == codePoints, "slice \(slice) of \(face.family)")
                #expect(bytes.count < plan.coverage.tableBytes / 4)
                let sample = stride(from: 0, to: codePoints.count, by: max(1, codePoints.count / 40)).map { codePoints[$0] }
                let whole = try #require(FontSubsetter.advances(of: sample, in: face))
                let cut = try #require(FontSubsetter.advances(of: sample, inFile: bytes))
                // A default-ignorable code point (U+FFF0-FFF8 are) shapes as the face's invisible glyph, the space's,
                // or where the slice lacks the space as nothing: zero wide either way.
                var differ: [String] = []
                for (i, codePoint) in sample.enumerated() where cut[i] != whole[i] {
                    if cut[i] == nil && whole[i] == 0 { continue }
                    differ.append(String(codePoint, radix: 16))
                }
                #expect(differ.isEmpty, "slice \(slice) of \(face.family): \(differ)")
                #expect(whole.allSatisfy { $0 != nil })
                #expect(cut.filter { $0 == nil }.count <= 1)
            }
        }
    }

    /// Code points a face lacks are not in its subset: a subset of some the face has and some it lacks holds those
    /// it has.
    @Test(.enabled(if: installed)) func aSubsetIgnoresCodePointsTheFaceLacks() throws {
        let face = try #require(Self.inter)
        let bytes = try #require(FontSubsetter.subset(face, codePoints: [0x41, 0x42, 0x4E2D]))
        #expect(FontSubsetter.coverage(ofFile: bytes)?.codePoints == [0x41, 0x42])
        #expect(FontSubsetter.advances(of: [0x41, 0x4E2D], inFile: bytes)?[1] == nil)
    }

    @Test func rangesJoinOnlyAcrossCodePointsNoSliceHas() {
        let coverage = FontSubsetter.Coverage(codePoints: [0x41, 0x42, 0x43, 0x45, 0x4E00, 0x4E01, 0x4E03, 0x4E40],
                                              tableBytes: 0, isColor: false)
        #expect(FontSlicing.ranges(of: [0x41, 0x42, 0x45], in: coverage) == [0x41...0x42, 0x45...0x45])
        #expect(FontSlicing.ranges(of: [0x4E00, 0x4E01, 0x4E03, 0x4E40], in: coverage) == [0x4E00...0x4E03, 0x4E40...0x4E40])
        #expect(FontSlicing.ranges(of: [0x43, 0x4E00], in: coverage) == [0x43...0x43, 0x4E00...0x4E00])
    }
}
