public import LayoutEngine

/// RFC 6901 JSON pointers for spec paths: `/sections/3/itemSizes/7/0`.
public enum JSONPointer {
    public static func string(_ path: [SpecPathComponent]) -> String {
        var out = ""
        for component in path {
            out.append("/")
            switch component {
            case .index(let i): out.append(String(i))
            case .key(let k):
                out.append(contentsOf: k.replacing("~", with: "~0").replacing("/", with: "~1"))
            }
        }
        return out
    }
}
