import Glibc
import LayoutEngine
import LayoutStore
import SQLiteArchive
import Testing

@Suite struct SQLiteArchiveTests {
    func temporaryDirectory() -> String {
        var template = Array("/tmp/layout-archive-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    func spec(_ items: Int) -> LayoutSpec {
        .flow(FlowLayoutSpec(collectionView: Size(width: 390, height: 844), sections: [
            FlowSectionSpec(items: .sizes((0..<items).map { Size(width: Double($0 % 50 + 10), height: 30) })),
        ]))
    }

    @Test func savesLoadsAndRemoves() throws {
        let archive = try SQLiteArchive(directory: temporaryDirectory() + "/data")
        try archive.save(id: "a", canonicalSpec: Array("{}".utf8))
        try archive.save(id: "a", canonicalSpec: Array("{}".utf8))  // the same id again: no error
        #expect(try archive.load(id: "a") == Array("{}".utf8))
        #expect(try archive.load(id: "b") == nil)
        try archive.remove(id: "a")
        #expect(try archive.load(id: "a") == nil)
    }

    /// Ids outlive the store: a new store over the same directory (a restarted process) serves every id.
    @Test func idsOutliveTheProcess() throws {
        let directory = temporaryDirectory()
        var ids: [String] = []
        do {
            let store = LayoutStore(capacityBytes: 1 << 28, archive: try SQLiteArchive(directory: directory))
            for n in [5, 1000, 20_000] { ids.append(try store.add(spec(n)).id) }
            #expect(try store.remove(id: ids[0]))
        }
        let restarted = LayoutStore(capacityBytes: 1 << 28, archive: try SQLiteArchive(directory: directory))
        #expect(try restarted.layout(id: ids[0]) == nil)  // deleted stays deleted
        #expect(try restarted.layout(id: ids[1])?.numberOfItems == 1000)
        #expect(try restarted.layout(id: ids[2])?.numberOfItems == 20_000)
        #expect(try restarted.knows(id: ids[2]))
        #expect(try restarted.add(spec(1000)).created == false)  // known from the archive
        #expect(try restarted.layout(id: String(repeating: "f", count: 64)) == nil)
    }

    @Test func anUnwritableDirectoryIsAnError() {
        #expect(throws: ArchiveError.self) { try SQLiteArchive(directory: "/proc/no-such-place/data") }
    }
}
