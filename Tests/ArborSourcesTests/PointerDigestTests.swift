@testable import ArborSources
import Testing

@Suite("A find's walk keeps the containers it listed by their pointer's digest")
struct PointerDigestTests {
    @Test func pointersThatDifferAnywhereHaveDifferentDigests() {
        let pointers = ["", "/", "//", "/0", "/1", "/10", "/01", "/a/b", "/b/a", "/ab", "/a~1b", "/a~0b", "/statuses/0/user",
                        "/statuses/0/usex", "/statuses/1/user", "/0/statuses/1234/entities/urls/0"]
        let digests = Set(pointers.map(PointerDigest.init))
        #expect(digests.count == pointers.count)
        #expect(PointerDigest("/statuses/0/user") == PointerDigest(String("/statuses/0/user".reversed().reversed())))
    }

    @Test func theSiblingsOfAWideArrayAllDiffer() {
        // A walk's frontier: every element of long arrays at a few depths.
        var digests = Set<PointerDigest>()
        for outer in 0..<20 {
            for inner in 0..<20_000 { digests.insert(PointerDigest("/\(outer)/items/\(inner)")) }
        }
        #expect(digests.count == 400_000)
    }

    @Test func aWalkOverADocumentFindsEveryContainerOnce() async throws {
        var text = "{\"groups\": ["
        for group in 0..<40 {
            text += (group > 0 ? "," : "") + "{\"name\": \"group \(group)\", \"members\": ["
            text += (0..<50).map { "{\"id\": \($0), \"tag\": {\"label\": \"g\(group)m\($0)\"}}" }.joined(separator: ",")
            text += "]}"
        }
        text += "]}"
        let document = try #require(LazyJSONDocument(bytes: SourceBytes(Array(text.utf8)), name: "groups.json", race: nil))
        var pending = [""]
        var labels = 0
        var containers = 0
        while let id = pending.popLast() {
            for entry in try await document.searchEntries(ofChildrenOf: id, in: nil, fields: .title) {
                if !entry.id.isEmpty {
                    pending.append(entry.id)
                    containers += 1
                }
                if entry.text.contains("label") { labels += 1 }
            }
        }
        #expect(labels == 2_000)
        // groups, 40 groups, their 40 member lists, 2,000 members and their 2,000 tags
        #expect(containers == 1 + 40 + 40 + 2_000 + 2_000)
        #expect(document.walkedContainers.withLock { $0.isEmpty })
    }
}
