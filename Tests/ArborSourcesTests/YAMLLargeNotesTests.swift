import ArborCore
import ArborPath
@testable import ArborSources
import Foundation
import Testing

/// A YAML file past the size read whole is read through the JSON index, its aliases copied into the JSON text;
/// the browser still shows its anchors, tags and aliases as a small file's (an alias opening to its anchor,
/// holding nothing), and a find passes over the copies.
@Suite("YAML anchors, aliases and tags of a large file")
struct YAMLLargeNotesTests {
    /// The pipeline of ``YAMLNotesTests`` with jobs enough to pass the size read whole, in the flow style the
    /// block reader leaves to the transcoder.
    static let pipeline: String = {
        var text = YAMLNotesTests.pipeline + "\njobs:\n"
        var index = 0
        while text.utf8.count < YAMLKind.indexedBytes + 4_096 {
            text += "  - {name: job-\(index), base: *defaults, when: !manual on_success}\n"
            index += 1
        }
        return text
    }()

    @Test func anAliasIsShownAsWhatItIsAndOpensToItsAnchor() async throws {
        let source = try YAMLNotesTests().open(Self.pipeline)
        #expect(source is LazyJSONDocument, "read through the index")
        #expect(try await source.item("/defaults").content.subtitle == "object · &defaults")
        for id in ["/build/<<", "/jobs/0/base", "/jobs/4000/base"] {
            let alias = try await source.item(id)
            #expect(alias.content.subtitle == "alias of &defaults", "\(id)")
            #expect(alias.content.scalar == ScalarValue(.alias, "*defaults"))
            #expect(alias.content.link == "/defaults")
            #expect(alias.content.body == "*defaults → /defaults")
            #expect(alias.childCount == 0, "not a copy of what it repeats")
            #expect(try await source.numberOfChildren(of: id) == 0)
            #expect(try await source.children(of: id).isEmpty)
        }
        let job = try await source.children(of: "/jobs", in: 7..<8)[0]
        #expect(job.content.fields.map(\.value) == ["job-7", "*defaults", "on_success"], "the alias among the fields, as its text")
        let members = try await source.children(of: "/jobs/7")
        #expect(members.map(\.childCount) == [0, 0, 0])
        #expect(members[1].content.link == "/defaults")
        #expect(members[2].content.subtitle == "string · !manual")
    }

    @Test func theFileReadWholeShowsTheSameMarks() async throws {
        let large = try YAMLNotesTests().open(Self.pipeline)
        let small = try YAMLNotesTests().open(String(Self.pipeline.prefix(4_000)).split(separator: "\n").dropLast().joined(separator: "\n") + "\n")
        #expect(!(small is LazyJSONDocument))
        for id in ["/defaults", "/build", "/build/<<", "/test/extends", "/test/when", "/jobs/3/base", "/jobs/3/when"] {
            let (mine, theirs) = (try await large.item(id), try await small.item(id))
            #expect(mine.content.subtitle == theirs.content.subtitle, "\(id)")
            #expect(mine.content.body == theirs.content.body, "\(id)")
            #expect(mine.content.link == theirs.content.link, "\(id)")
            #expect(mine.childCount == theirs.childCount, "\(id)")
        }
    }

    @Test func theCommentsAtAValueAreItsDescriptionAsInAFileReadWhole() async throws {
        func text(jobs: Int) -> String {
            var text = "# the shared settings\ndefaults: &defaults  # kept for every job\n  image: ruby:3.3  # the image\n"
            text += "  retry: !!int 2\njobs:\n  # the first job\n  - {name: first, base: *defaults}  # job a\n"
            for index in 0..<jobs { text += "  - {name: job-\(index), base: *defaults, when: !manual on_success}  # job \(index)\n" }
            return text
        }
        let large = try YAMLNotesTests().open(text(jobs: 20_000))
        let small = try YAMLNotesTests().open(text(jobs: 3))
        #expect(large is LazyJSONDocument && !(small is LazyJSONDocument))
        #expect(try await large.item("/defaults").content.description == "the shared settings\nkept for every job")
        #expect(try await large.item("/defaults/image").content.description == "the image")
        for id in ["/defaults", "/defaults/image", "/defaults/retry", "/jobs", "/jobs/0", "/jobs/0/base", "/jobs/2", "/jobs/2/when"] {
            #expect(try await large.item(id).content.description == small.item(id).content.description, "\(id)")
        }
    }

    @Test func aFindPassesOverTheCopiesAnAliasStandsFor() async throws {
        let source = try YAMLNotesTests().open(Self.pipeline)
        let build = try await source.searchEntries(ofChildrenOf: "/build", in: nil, fields: [.title, .body])
        let merge = try #require(build.first { $0.text.hasPrefix("<<") })
        #expect(merge.childCount == 0 && merge.id.isEmpty, "nothing under the alias to walk")
        #expect(merge.text.contains("*defaults"))
        let job = try await source.searchEntries(ofChildrenOf: "/jobs/2", in: nil, fields: [.title, .body])
        #expect(job.map(\.childCount) == [0, 0, 0])
    }

    /// A document whose aliases repeat values holding aliases, past the size read whole with `filler` jobs.
    static func nested(filler: Int) -> String {
        var text = "base: &base {a: 1, list: [x, y]}\nmid: &mid {inner: *base, b: 2}\ntop: {x: *mid, y: [*base, *mid]}\njobs:\n"
        for index in 0..<filler { text += "  - {name: job-\(index), base: *base, when: !manual on_success}\n" }
        return text
    }

    @Test(arguments: ["$.top.x.inner.a", "$.top.y[1].inner.list[1]", "$..a", "$..[?@.a == 1]", "$.jobs[1].base", "$.jobs[2].base.list[0]",
                      "$..inner", "$.top.y[*]"])
    func aQueryNamesWhatItFindsThroughAnAliasAsAFileReadWholeDoes(query: String) async throws {
        let large = try YAMLNotesTests().open(Self.nested(filler: 24_000))
        let small = try YAMLNotesTests().open(Self.nested(filler: 3))
        #expect(large is LazyJSONDocument && !(small is LazyJSONDocument))
        let path = try JSONPath(query)
        // A query's walk waits for its source on other threads: it runs on a thread of its own.
        func matches(_ source: any HierarchySource) async -> [String] {
            await withCheckedContinuation { continuation in
                DispatchQueue(label: "query").async {
                    var found: [String] = []
                    SourceQuery(path, source: source).forEachMatch { match in
                        // The jobs past the small file's are the large one's own.
                        if match.path.count > 1, match.path[0] == .name("jobs"), case .index(let job) = match.path[1], job >= 3 { return true }
                        found.append(match.itemID + " " + NormalizedPath.text(match.path) + " " + match.value.compactJSON)
                        return true
                    }
                    continuation.resume(returning: found)
                }
            }
        }
        let theirs = await matches(small)
        #expect(!theirs.isEmpty)
        #expect(await matches(large) == theirs)
    }

    @Test func theBrowsersAnswerHangsAMatchThroughAnAliasFromTheAnchoredValue() async throws {
        let large = try YAMLNotesTests().open(Self.nested(filler: 24_000))
        let (answer, _) = try await YAMLNotesTests().ask("$.top.x.inner.list[0]", over: large)
        #expect(answer.matches == ["/base/list/0"])
        #expect(answer.contains("/base/list") && answer.contains("/base") && !answer.contains("/top/x"))
    }
}
