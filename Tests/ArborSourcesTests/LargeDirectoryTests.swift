import ArborCore
import ArborSources
import Foundation
import Testing

@Suite("Large directories, sorted from names and types and shown a page at a time")
struct LargeDirectoryTests {
    /// A directory of `files` files with names that sort naturally in tricky ways, and a few directories.
    func makeDirectory(files: Int) throws -> (root: String, names: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-big-\(UUID().uuidString)").path
        let manager = FileManager.default
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        var names = ["Ärger.txt", "file007.txt", "file7.txt", "FILE10.txt", "x", "X1", "é2", "e10"]
        names += (0..<(files - names.count)).map { "n\($0 * 7919 % 100_003)_\($0 % 3 == 0 ? "B" : "a").txt" }
        for name in names { _ = manager.createFile(atPath: root + "/" + name, contents: nil) }
        for directory in ["zeta", "Alpha", "beta10", "beta9"] {
            try manager.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: false)
        }
        return (root, names)
    }

    @Test func thePagesFollowTheOrderOfAShortListing() async throws {
        let (root, _) = try makeDirectory(files: 3_000)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = FileSystemSource(path: root)
        let whole = try await source.children(of: root)
        let paged = try #require(try await source.pagedChildren(of: root))
        #expect(paged.count == 3_004)
        #expect(paged.first.count == ChildPaging.pageSize)
        var pages: [SourceItem] = paged.first
        for start in stride(from: ChildPaging.pageSize, to: paged.count, by: ChildPaging.pageSize) {
            pages += try await source.children(of: root, in: start..<(start + ChildPaging.pageSize))
        }
        #expect(pages.map(\.id) == whole.map(\.id))
        #expect(pages.prefix(4).map(\.content.title) == ["Alpha", "beta9", "beta10", "zeta"])
        #expect(pages[4].content.subtitle == "file · 0 B")
        #expect(pages.map(\.childCount).prefix(5) == [nil, nil, nil, nil, 0])
    }

    @Test func aChildIsFoundByItsPlaceAndAShortDirectoryIsNotPaged() async throws {
        let (root, _) = try makeDirectory(files: 3_000)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = FileSystemSource(path: root)
        let whole = try await source.children(of: root)
        _ = try await source.pagedChildren(of: root)
        for position in [0, 5, 1_234, 3_003] {
            #expect(try await source.position(of: whole[position].id, in: root) == position)
        }
        #expect(try await source.position(of: root + "/none", in: root) == nil)
        #expect(try await source.position(of: root + "/Alpha", in: "/tmp") == nil)
        #expect(try await source.pagedChildren(of: root + "/zeta") == PagedChildren(count: 0, first: []))
    }

    @Test func aShortDirectoryComesWholeWithItsCountsFromOneRead() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-short-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/sub/inner", withIntermediateDirectories: true)
        for name in ["b10.txt", "B2.txt", "a.txt"] { _ = FileManager.default.createFile(atPath: root + "/" + name, contents: nil) }
        let source = FileSystemSource(path: root)
        let whole = try #require(try await source.pagedChildren(of: root))
        #expect(whole.count == 4 && whole.first.count == 4)
        #expect(whole.first == (try await source.children(of: root) { _ in }))
        #expect(whole.first.map(\.content.title) == ["sub", "a.txt", "B2.txt", "b10.txt"])
        #expect(whole.first.first?.childCount == 1)
    }

    @Test func hiddenEntriesAndEntriesGoneSinceTheListing() async throws {
        let (root, _) = try makeDirectory(files: 3_000)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = FileManager.default.createFile(atPath: root + "/.secret", contents: nil)
        let source = FileSystemSource(path: root)
        #expect(try await source.pagedChildren(of: root)?.count == 3_004)
        try FileManager.default.removeItem(atPath: root + "/zeta")
        let first = try await source.children(of: root, in: 0..<5)
        #expect(first[3].content.title == "zeta")
        #expect(first[3].content.subtitle == "gone")
        #expect(first[3].childCount == 0)
        _ = source.setShowsHidden(true)
        #expect(try await source.pagedChildren(of: root)?.count == 3_004)
        #expect(try await source.children(of: root, in: 0..<4).map(\.content.title) == ["Alpha", "beta9", "beta10", ".secret"])
    }

    @Test func theBrowserOpensAWideDirectoryAndGoesToItsEnd() async throws {
        let (root, _) = try makeDirectory(files: 3_000)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = FileSystemSource(path: root)
        let performer = EffectPerformer(source: source)
        var state = BrowserState()
        var pending = state.apply(.setViewport(columns: 2, itemsPerPage: 10)) + state.apply(.start)
        func settle() async {
            while !pending.isEmpty { pending += state.apply(await performer.perform(pending.removeFirst())) }
        }
        await settle()
        #expect(state.items(in: 1).count == 3_004)
        pending += state.apply(.last)
        await settle()
        let last = try await source.children(of: root).last
        #expect(state.focusedItem.map { state.store[$0].id } == last?.id)
        #expect(state.store.count < 3 * ChildPaging.pageSize)
    }
}

@Suite("A command that prints many children")
struct CommandPagingTests {
    @Test func runsOnceAndIsReadAPageAtATime() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-runs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let source = CommandSource(childrenCommand: "echo run >> \(log); [ -z {} ] && seq 1 5000 || seq 1 3", root: nil)
        let paged = try #require(try await source.pagedChildren(of: ""))
        #expect(paged.count == 5_000)
        #expect(paged.first.map(\.id) == (1...256).map(String.init))
        #expect(try await source.children(of: "", in: 4_990..<6_000).map(\.id) == (4_991...5_000).map(String.init))
        #expect(try await source.item("4995").content.title == "4995")
        let short = try #require(try await source.pagedChildren(of: "7"))
        #expect(short.count == 3 && short.first.count == 3, "a short list comes whole, not run again")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "run\nrun\n")
    }
}
