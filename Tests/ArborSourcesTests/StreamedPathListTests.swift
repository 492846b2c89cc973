import ArborCore
import ArborSources
import Foundation
import Synchronization
import Testing

@Suite("Path lists shown while they are read")
struct StreamedPathListTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString)-\(name)").path
    }

    /// A list long enough to be shown before it is all read: 40,000 lines under 400 directories.
    func longList() -> String {
        (0..<40_000).map { "dir\($0 / 100)/file\($0)" }.joined(separator: "\n") + "\n"
    }

    func waitUntilComplete(_ source: any HierarchySource) async {
        for _ in 0..<500 where (source as? any ChangeReporting)?.isComplete == false { try? await Task.sleep(nanoseconds: 10_000_000) }
    }

    @Test func aLongListOpensWithItsFirstPartAndGrowsToTheWhole() async throws {
        let path = temporaryPath("long.txt")
        try SourceFileFixture.write(longList(), to: path)
        defer { unlink(path) }
        let opened = try SourceOpener.open(SourceRequest(path: path), streaming: true)
        #expect(opened.format == .paths)
        let growing = try #require(opened.hierarchy as? GrowingPathList)
        await waitUntilComplete(growing)
        #expect(growing.isComplete)
        let root = try #require(try await growing.root())
        #expect(root.isVirtual)
        #expect(try await growing.numberOfChildren(of: root.id) == 400)
        #expect(try await growing.childIDs(of: "dir399", in: 0..<1) == ["dir399/file39900"])
        #expect(try await growing.parentID(of: "dir399/file39999") == "dir399")
        #expect(try await growing.item("dir7").content.title == "dir7")
        #expect(try await growing.children(of: "dir0").count == 100)
        #expect(!(growing is any ReadingAhead), "a list in memory opens fast enough without reading ahead")
    }

    @Test func theFirstPartHoldsWholeLinesOnly() async throws {
        let path = temporaryPath("long.txt")
        try SourceFileFixture.write(longList(), to: path)
        defer { unlink(path) }
        let reader = try SourceReader(path: path)
        try reader.read(limit: 1000, for: 1)
        #expect(reader.bytes.count == 1000)
        #expect(!reader.isAtEnd)
        try reader.readRest()
        #expect(reader.isAtEnd)
        #expect(reader.bytes == Array(longList().utf8))
        let partial = GrowingPathList(partial: PathListBuilder().hierarchy(from: Array("a/b\n".utf8), name: "x"))
        #expect(!partial.isComplete)
        #expect(try await partial.root() == SourceRoot(id: "a", isVirtual: false))
    }

    @Test func shortListsStreamingOrNotOpenWhole() throws {
        let path = temporaryPath("short.txt")
        try SourceFileFixture.write("a/b\na/c\n", to: path)
        defer { unlink(path) }
        let opened = try SourceOpener.open(SourceRequest(path: path), streaming: true)
        #expect(opened.hierarchy is PathTree)
        #expect(!(opened.hierarchy is any ChangeReporting), "a source read whole reports no changes")
        let whole = try SourceOpener.open(SourceRequest(path: path))
        #expect(whole.hierarchy is PathTree)
    }

    @Test func otherFormatsAreReadWholeEvenWhenStreamingIsAllowed() throws {
        let path = temporaryPath("big.json")
        let items = (0..<20_000).map { "{\"id\": \"n\($0)\", \"title\": \"node \($0)\"}" }.joined(separator: ",")
        try SourceFileFixture.write("{\"id\": \"top\", \"children\": [\(items)]}", to: path)
        defer { unlink(path) }
        let opened = try SourceOpener.open(SourceRequest(path: path), streaming: true)
        #expect(opened.format == .tree)
        #expect(!(opened.hierarchy is any ChangeReporting), "a source read whole reports no changes")
    }

    @Test func aPipeShowsWhatHasComeAndTheRestLater() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let first = Array("a/b\na/c\n".utf8)
        #expect(write(ends[1], first, first.count) == first.count)
        let opened = try SourceOpener.open(SourceRequest(path: "/dev/fd/\(ends[0])"), streaming: true)
        let growing = try #require(opened.hierarchy as? GrowingPathList)
        let posted = Mutex<[String]>([])
        growing.observeChanges { change in
            posted.withLock { $0.append(change == .completed(problem: nil) ? "completed" : "\(change)") }
        }
        #expect(try await growing.children(of: "a").map(\.id) == ["a/b", "a/c"])
        #expect(!growing.isComplete)
        let rest = Array("d/e\n".utf8)
        #expect(write(ends[1], rest, rest.count) == rest.count)
        close(ends[1])
        await waitUntilComplete(growing)
        close(ends[0])
        #expect(try await growing.root() == SourceRoot(id: "", isVirtual: true))
        #expect(try await growing.children(of: "").map(\.id) == ["a", "d"])
        // The observer is told just after the list is complete, on the reading thread.
        for _ in 0..<500 where posted.withLock({ $0.last }) != "completed" { try? await Task.sleep(nanoseconds: 10_000_000) }
        #expect(posted.withLock { $0.last } == "completed", "the observer hears of the whole list")
    }

    @Test func aDirectoryIsNotAFile() {
        #expect(throws: SourceLoadError("/tmp: is a directory")) { try SourceReader(path: "/tmp") }
        #expect(throws: SourceLoadError("/nonexistent/x: No such file or directory")) { try SourceReader(path: "/nonexistent/x") }
    }
}
