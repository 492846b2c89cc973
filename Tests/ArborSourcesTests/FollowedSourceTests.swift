import ArborCore
import ArborSources
import Foundation
import Synchronization
import Testing

@Suite("Sources that follow what changes on disk")
struct FollowedSourceTests {
    /// Collects the changes a source reports.
    final class Changes: Sendable {
        let seen = Mutex<[SourceChange]>([])
        var report: @Sendable (SourceChange) -> Void { { change in self.seen.withLock { $0.append(change) } } }

        /// Waits up to two seconds for the changes to satisfy `condition`.
        func wait(_ condition: ([SourceChange]) -> Bool) async -> [SourceChange] {
            for _ in 0..<200 {
                let now = seen.withLock { $0 }
                if condition(now) { return now }
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
            return seen.withLock { $0 }
        }
    }

    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-follow-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func request(_ path: String) -> SourceRequest {
        SourceRequest(path: path, format: SourceFormat(rawValue: "tree"), mapping: FieldMapping(), separator: UInt8(ascii: "/"))
    }

    func titles(_ source: any HierarchySource) async throws -> [String] {
        let root = try #require(try await source.root())
        return try await source.children(of: root.id).map(\.content.title)
    }

    @Test func aFileRewrittenIsReadAgainAndAnInvalidVersionKeepsTheLastGoodOne() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/t.json"
        try Data(#"[{"id":"a","name":"Alpha"}]"#.utf8).write(to: URL(fileURLWithPath: file))
        let opened = SourceOpener.following(try SourceOpener.open(request(file)), request: request(file))
        let source = try #require(opened.hierarchy as? any ChangeReporting)
        let changes = Changes()
        source.observeChanges(changes.report)
        #expect(try await titles(source) == ["Alpha"])

        try Data(#"[{"id":"b","name":"Beta"}]"#.utf8).write(to: URL(fileURLWithPath: file + ".tmp"))
        _ = rename(file + ".tmp", file)
        #expect(await changes.wait { $0.contains(.changed) }.contains(.changed))
        #expect(try await titles(source) == ["Beta"])

        try Data("[{\"id\":\"b\",\n\"name\" 1}]".utf8).write(to: URL(fileURLWithPath: file))
        let troubled = await changes.wait { $0.contains { if case .problem(let text?) = $0 { text.contains("t.json:2:8") } else { false } } }
        #expect(troubled.count == 2, "a problem with its place: \(troubled)")
        #expect(try await titles(source) == ["Beta"], "the last good version stays")

        try Data(#"[{"id":"c","name":"Gamma"}]"#.utf8).write(to: URL(fileURLWithPath: file))
        let mended = await changes.wait { $0.last == .problem(nil) }
        #expect(mended.suffix(2) == [.changed, .problem(nil)])
        #expect(try await titles(source) == ["Gamma"])
    }

    @Test func onlyWholeRegularFilesAreFollowed() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var directory = request(folder)
        directory.format = nil
        let opened = try SourceOpener.open(directory)
        #expect(SourceOpener.following(opened, request: directory).hierarchy is FileSystemSource, "a directory watches itself")
        let file = folder + "/t.json"
        try Data(#"[{"id":"a"}]"#.utf8).write(to: URL(fileURLWithPath: file))
        var stdin = request(file)
        stdin.path = nil
        let read = try SourceOpener.open(request(file))
        #expect(!(SourceOpener.following(read, request: stdin).hierarchy is any ChangeReporting), "stdin is not followed")
        #expect(SourceOpener.following(read, request: request(file)).hierarchy is any ChangeReporting)
    }

    @Test func aWatchedDirectoryReportsAnEntryCreatedInIt() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = FileSystemSource(path: folder)
        let changes = Changes()
        source.observeChanges(changes.report)
        #expect(try await source.children(of: folder).isEmpty)
        source.watch([folder])
        _ = FileManager.default.createFile(atPath: folder + "/new.txt", contents: Data())
        #expect(await changes.wait { !$0.isEmpty }.first == .childrenChanged(of: folder))
        #expect(try await source.children(of: folder).map(\.content.title) == ["new.txt"])
        try await Task.sleep(nanoseconds: 200_000_000)
        let settled = changes.seen.withLock { $0.count }
        source.watch([])
        _ = FileManager.default.createFile(atPath: folder + "/later.txt", contents: Data())
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(changes.seen.withLock { $0.count } == settled, "a directory no longer shown is not watched")
        let unwatched = FileSystemSource(path: folder, watches: false)
        unwatched.observeChanges(changes.report)
        unwatched.watch([folder])
        _ = FileManager.default.createFile(atPath: folder + "/third.txt", contents: Data())
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(changes.seen.withLock { $0.count } == settled, "--no-watch")
    }
}
