import ArborCore
@testable import ArborSources
import Foundation
import Testing

/// An archive file followed while shown: a new version listed again, one that does not list kept out.
@Suite("An archive followed while shown")
struct ArchiveFollowingTests {
    func write(_ members: [String], to path: String) throws {
        _ = try TestCluster.run(["python3", "-c", """
            import io, os, sys, tarfile
            with tarfile.open(sys.argv[1] + '.new', 'w:gz') as t:
                for name in sys.argv[2:]:
                    info = tarfile.TarInfo(name); info.size = 1; t.addfile(info, io.BytesIO(b'x'))
            os.rename(sys.argv[1] + '.new', sys.argv[1])
            """, path] + members)
    }

    @Test func aNewVersionIsListedAgainAndOneThatDoesNotListKeepsTheLast() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-archive-follow-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/rel.tar.gz"
        try write(["a.txt"], to: path)
        let source = try SourceOpener.open(SourceRequest(path: path)).hierarchy
        let reporting = try #require(source.capabilities.reporting)
        let changes = AsyncStream<SourceChange> { continuation in reporting.observeChanges { continuation.yield($0) } }
        var heard = changes.makeAsyncIterator()
        #expect(try await source.children(of: path).map(\.content.title) == ["a.txt"])

        try write(["a.txt", "b.txt"], to: path)
        #expect(await heard.next() == .changed)
        #expect(try await source.children(of: path).map(\.content.title) == ["a.txt", "b.txt"])

        try Data("not an archive".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        let next = await heard.next()
        guard case .problem(let problem?)? = next else { Issue.record("a problem is reported, not \(String(describing: next))"); return }
        #expect(problem.contains("showing the last version"), "\(problem)")
        #expect(try await source.children(of: path).map(\.content.title) == ["a.txt", "b.txt"])

        try write(["c.txt"], to: path)
        #expect(await heard.next() == .changed)
        #expect(await heard.next() == .problem(nil), "the problem is cleared")
        #expect(try await source.children(of: path).map(\.content.title) == ["c.txt"])
    }
}
