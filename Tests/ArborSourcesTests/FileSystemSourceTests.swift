import ArborCore
import ArborSources
import Foundation
import Synchronization
import Testing

@Suite("File system source")
struct FileSystemSourceTests {
    /// A temporary tree: b/, a10.txt, a2.txt, Z/, .hidden, loop -> . , docs/x.md
    func makeTree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-fs-\(UUID().uuidString)").path
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/b", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/Z/docs", withIntermediateDirectories: true)
        for file in ["a10.txt", "a2.txt", ".hidden", "Z/docs/x.md"] {
            _ = manager.createFile(atPath: root + "/" + file, contents: Data("hello".utf8))
        }
        try manager.createSymbolicLink(atPath: root + "/loop", withDestinationPath: ".")
        return root
    }

    @Test func directoriesComeFirstThenNamesInNaturalOrder() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = FileSystemSource(path: root)
        #expect(try await source.root() == SourceRoot(id: root, isVirtual: false))
        #expect(try await source.children(of: root).map(\.content.title) == ["b", "Z", "a2.txt", "a10.txt", "loop"])
        #expect(source.setShowsHidden(true))
        let children = try await source.children(of: root)
        #expect(children.map(\.content.title) == ["b", "Z", ".hidden", "a2.txt", "a10.txt", "loop"])
        #expect(children.map(\.childCount) == [nil, nil, 0, 0, 0, 0], "a walk's listing reads no directory twice")
        let shown = try await source.children(of: root) { _ in }
        #expect(shown.map(\.childCount) == [0, 1, 0, 0, 0, 0], "a short listing comes with its directories' counts")
        #expect(children[0].content.subtitle == "directory")
        #expect(children[3].content.subtitle == "file · 5 B")
        #expect(children[5].content.subtitle == "symlink → .")
        #expect(children[3].content.body.hasSuffix(" · rw-r--r--"))
        #expect(try await source.children(of: root + "/Z").map(\.id) == [root + "/Z/docs"])
    }

    @Test func anItemIsNamedByItsLastComponent() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = FileSystemSource(path: root)
        #expect(try await source.item(root + "/Z/docs").content.title == "docs")
        #expect(try await source.item(root + "/Z/docs/").content.title == "docs", "trailing slashes aside")
        #expect(try await source.item("/").content.title == "/")
    }

    @Test func countsAgreeWithTheListingsHiddenOrNot() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = FileSystemSource(path: root)
        for shows in [false, true] {
            _ = source.setShowsHidden(shows)
            for directory in [root, root + "/Z", root + "/b", root + "/a2.txt"] {
                #expect(try await source.numberOfChildren(of: directory) == source.children(of: directory).count)
            }
        }
        #expect(try await source.numberOfChildren(of: root) == 6)
        await #expect(throws: SourceError("\(root)/gone: No such file or directory")) { try await source.numberOfChildren(of: root + "/gone") }
    }

    @Test func parentsLeadUpToTheRootOfTheFileSystem() async throws {
        let source = FileSystemSource(path: "/usr/share")
        #expect(try await source.parentID(of: "/usr/share") == "/usr")
        #expect(try await source.parentID(of: "/usr") == "/")
        #expect(try await source.parentID(of: "/") == nil)
        #expect(FileSystemSource(path: "/usr/./lib/../share/").start == "/usr/share")
    }

    @Test func aVanishedDirectoryIsAnErrorForItsColumnOnly() async throws {
        let root = try makeTree()
        let source = FileSystemSource(path: root)
        try FileManager.default.removeItem(atPath: root + "/b")
        await #expect(throws: SourceError("\(root)/b: No such file or directory")) { try await source.children(of: root + "/b") }
        #expect(try await source.children(of: root + "/a2.txt").isEmpty)
        try FileManager.default.removeItem(atPath: root)
    }

    @Test func aDirectoryArgumentOpensTheFileSystem() throws {
        let opened = try SourceOpener.open(SourceRequest(path: "/usr"))
        #expect(opened.format == .fs)
        #expect(throws: SourceLoadError("/etc/hostname: not a directory")) {
            try SourceOpener.open(SourceRequest(path: "/etc/hostname", format: .fs))
        }
    }
}

@Suite("Huge directories")
struct HugeDirectoryTests {
    @Test func theFirstEntriesArriveBeforeTheWholeDirectoryIsSorted() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-huge-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for index in 0..<2_500 { _ = FileManager.default.createFile(atPath: "\(root)/f\(index)", contents: nil) }
        let batches = Mutex<[Int]>([])
        let all = try await FileSystemSource(path: root).children(of: root) { batch in batches.withLock { $0.append(batch.count) } }
        #expect(batches.withLock { $0 } == [2_000])
        #expect(all.count == 2_500)
        #expect(all.prefix(3).map(\.content.title) == ["f0", "f1", "f2"])
        #expect(all.last?.content.title == "f2499")
    }
}
