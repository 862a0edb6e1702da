import LayoutEngine

/// The memory a spec holds, estimated for `--spec-memory-bytes` (`LayoutSpec.estimatedBytes`).
enum SpecMemory {
    static func bytes(of spec: LayoutSpec) -> Int { spec.estimatedBytes }
}
