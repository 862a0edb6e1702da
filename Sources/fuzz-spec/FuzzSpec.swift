import LayoutEngine
import LayoutWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libFuzzer target: any bytes as a spec body. A spec that decodes must prepare, answer queries, and read back
/// from its canonical form as the same spec; nothing may crash, whatever the bytes.
/// Fuzz: scripts/fuzz [seconds]. Replay a file: `fuzz-spec FILE...` (the normal build).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = SpecLimits(maxItems: 5_000, maxSections: 200)
    guard let spec = try? SpecDecoder.decode(bytes, limits: limits, json: JSONLimits(maxDepth: 32)) else { return 0 }
    let canonical = SpecEncoder.canonical(spec)
    guard let again = try? SpecDecoder.decode(canonical, limits: limits), again == spec.normalized() else {
        fatalError("the canonical form of a valid spec does not read back as the same spec")
    }
    let layout = spec.prepare()
    let content = layout.contentSize
    var out: [LayoutAttributes] = []
    for (fx, fy, fw, fh) in [(0.0, 0.0, 1.0, 1.0), (0.25, 0.4, 0.3, 0.2), (-0.1, -0.1, 0.05, 1.2), (0.5, 0.5, 0, 0)] {
        let rect = LayoutRect(x: content.width * fx, y: content.height * fy, width: content.width * fw,
                        height: content.height * fh)
        out.removeAll(keepingCapacity: true)
        _ = layout.elements(in: rect, offset: LayoutPoint(x: rect.x, y: rect.y), limit: 10_000, into: &out)
        for a in out where !a.frame.intersects(rect) { fatalError("\(a) does not meet \(rect)") }
        _ = layout.itemIndexPath(at: rect.center, offset: .zero)
        _ = layout.targetContentOffset(proposed: LayoutPoint(x: rect.x, y: rect.y), velocity: LayoutPoint(x: 1, y: -1))
    }
    return 0
}

/// libFuzzer's entry for programs that have their own `main` (SwiftPM gives executables one).
#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzer(_ argc: UnsafeMutablePointer<Int32>,
               _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
               _ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif

/// Fuzzing (`-DFUZZING`, libFuzzer linked): runs libFuzzer with the command line. Otherwise: runs the target on
/// each file named on the command line (to replay a crash).
@main
struct FuzzSpecMain {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(runFuzzer(&argc, &argv) { data, size in
            fuzzSpec(data ?? UnsafePointer(bitPattern: 1)!, size)
        })
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let f = fopen(path, "rb") else { fatalError("cannot open \(path)") }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&chunk, 1, chunk.count, f)
                if n == 0 { break }
                bytes += chunk[..<n]
            }
            fclose(f)
            _ = bytes.withUnsafeBufferPointer { fuzzSpec($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
            print("ok \(path)")
        }
        #endif
    }
}
