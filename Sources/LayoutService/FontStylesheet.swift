import TextShaping

/// `GET /v1/fonts.css`: an `@font-face` rule for every face and slice of the catalog, under the family names `GET
/// /v1/fonts` lists, each with the `unicode-range` of its code points, so a page links one stylesheet and its
/// browser downloads only the slices its text uses. A face served whole is one rule naming its file; a sliced face
/// a rule a slice. Faces of the same slices (the weights of a family, the regional families of a CJK collection)
/// go together, slice by slice: the same long ranges follow each other, and the stylesheet gzipped holds each
/// once. (The order of the rules does not matter: no two faces of a family and weight have ranges in common.)
enum FontStylesheet {
    /// The stylesheet of `fonts`, the plan of each face from `plans` (made now where it was not: O(every face)):
    /// the faces of each plan's shape (in the catalog's order, by family and weight), slice by slice.
    static func text(of fonts: any ServiceFonts, plans: FontSlices) -> String {
        var shapes: [Int: [(family: String, face: FontFace, plan: FontSlices.Plan)]] = [:]
        var order: [Int] = []  // as first met in the catalog: the same text whatever made the plans first
        for family in fonts.families {
            for weight in family.weights {
                guard let face = fonts.face(family: family.name, weight: weight), let plan = plans.plan(for: face)
                else { continue }
                if shapes[plan.shape] == nil { order.append(plan.shape) }
                shapes[plan.shape, default: []].append((family.name, face, plan))
            }
        }
        var out = ""
        for shape in order {
            let faces = shapes[shape]!
            for slice in faces[0].plan.slices.indices {
                for (family, face, plan) in faces {
                    out += rule(family: family, face: face, plan: plan, slice: slice)
                }
            }
        }
        return out
    }

    /// The rule of one slice of `face` (of a face served whole, the face), a line.
    static func rule(family: String, face: FontFace, plan: FontSlices.Plan, slice: Int) -> String {
        let path = "/v1/fonts/\(percentEncoded(family))/\(face.weight)" + (plan.isWhole ? "" : "/\(slice)")
        let format = face.mediaType == "font/otf" ? "opentype" : "truetype"
        let ranges = plan.ranges(of: slice).map { range in
            range.count == 1 ? "U+" + hex(range.lowerBound) : "U+\(hex(range.lowerBound))-\(hex(range.upperBound))"
        }
        return "@font-face { font-family: '\(cssString(family))'; font-weight: \(face.weight); "
            + "src: url('\(path)') format('\(format)'); unicode-range: \(ranges.joined(separator: ", ")); }\n"
    }

    private static func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }

    /// `name` as a path segment: every byte but unreserved ASCII percent-encoded.
    static func percentEncoded(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = String(byte, radix: 16, uppercase: true)
                out += "%" + (digits.count == 1 ? "0" : "") + digits
            }
        }
        return out
    }

    /// `name` inside a single-quoted CSS string: `\` and `'` escaped.
    private static func cssString(_ name: String) -> String {
        var out = ""
        for c in name {
            if c == "\\" || c == "'" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
