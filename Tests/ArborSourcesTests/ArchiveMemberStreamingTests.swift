import ArborCore
@testable import ArborSources
import Foundation
import Testing

/// A large JSON member of a zip is shown from its first part, decompressed alone, while the rest is read; a
/// member that expands like a zip bomb is not opened.
@Suite("Large members of a zip")
struct ArchiveMemberStreamingTests {
    @Test func aLargeJSONMemberShowsItsFirstPartThenItsWhole() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-member-part-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 9 MB of JSON, past the size shown from a first part, deflated to a small zip.
        _ = try TestCluster.run(["python3", "-c", """
            import json, sys, zipfile
            items = [{"id": i, "name": "item %d" % i, "tags": ["a", "b"], "note": "x" * 40} for i in range(90000)]
            with zipfile.ZipFile(sys.argv[1] + '/data.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('dump/big.json', json.dumps({"items": items, "end": True}))
            """, folder])
        let zip = folder + "/data.zip"
        var request = SourceRequest(path: zip)
        request.watches = false
        request.crossesInto = true
        let source = try SourceOpener.open(request).hierarchy
        let reporting = try #require(source.capabilities.reporting)
        let changed = AsyncStream<Void> { continuation in
            reporting.observeChanges { change in
                if case .changed = change { continuation.yield() }
            }
        }
        let member = zip + "/dump/big.json"
        // The browser has drawn a frame: the rest of the member waits for its next (or a quarter of a second).
        request.firstFrame.open()
        let first = try await source.children(of: member)
        #expect(first.first?.content.title == "items")
        if first.count == 1 {
            // The first part ends inside the list: what follows it is not shown yet, the list holds what was read.
            let shown = try await source.children(of: member + "#/items").count
            #expect(shown > 0 && shown < 90000)
            #expect(try await source.numberOfChildren(of: member + "#/items") == nil, "counted once whole, not waited for")
            request.firstFrame.open()
            for await _ in changed { break }
        }
        #expect(try await source.numberOfChildren(of: member + "#/items") == 90000)
        #expect(try await source.children(of: member).map(\.content.title) == ["items", "end"])
        #expect(try await source.item(member + "#/items/89999/id").content.scalar?.text == "89999")
    }

    @Test func aMemberThatExpandsLikeABombIsRefusedWithItsRatioAndPreviewed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-member-bomb-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 72 MB of zeros, written a megabyte at a time, deflated to about 70 KB.
        _ = try TestCluster.run(["python3", "-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1] + '/bomb.zip', 'w', zipfile.ZIP_DEFLATED) as z, z.open('zeros.json', 'w') as m:
                for _ in range(72):
                    m.write(bytes(1 << 20))
            """, folder])
        let bomb = folder + "/bomb.zip"
        var request = SourceRequest(path: bomb)
        request.watches = false
        request.crossesInto = true
        let source = try SourceOpener.open(request).hierarchy
        let member = bomb + "/zeros.json"
        let cell = try await source.item(member).content.subtitle
        #expect(cell.hasPrefix("file · 72.0 MB (") && cell.hasSuffix(" compressed)"), "\(cell)")
        #expect(try await !source.itemPreview(of: member, lines: 5).lines.isEmpty, "a preview's worth is read")
        do {
            _ = try await source.children(of: member)
            Issue.record("a member expanding a thousand times is not opened")
        } catch {
            #expect("\(error)".contains("more than a document expands (a zip bomb?)"), "\(error)")
        }
    }
}
