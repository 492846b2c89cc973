@testable import ArborSources
import Testing

/// The block reader keeps where its flow collections on one line are for the comments of the values inside them
/// only: a document without a comment keeps none of them, one with a comment anywhere keeps them all.
@Suite("YAML flow collections' places")
struct YAMLFlowPlacesTests {
    /// A list read in two parts, a flow sequence on one line in each of its `count` entries.
    static let list = YAMLBlockReaderTests.repeated(from: "kind: List\nitems:\n", toAtLeast: 4_500_000) { index in
        "- name: svc-\(index)\n  ports: [80, 443]\n"
    }

    @Test func aDocumentWithoutCommentsKeepsNoPlaces() throws {
        let read = try #require(YAMLBlockReader.text(SourceBytes(Array(Self.list.text.utf8))))
        #expect(read.parts == 2)
        #expect(!read.commented)
        #expect(read.flows.count == 0)
    }

    /// A comment in the first part (above the list, ending a key's line) or in the second (after the list's last
    /// entry, or inside a flow collection over lines): every place is kept, the second part's too.
    @Test(arguments: ["# above\n", "kind: List # ends a line\n", "# after\n", "inside"])
    func aCommentAnywhereKeepsEveryPlace(comment: String) throws {
        var text = Self.list.text
        switch comment {
        case "# above\n": text = comment + text
        case "kind: List # ends a line\n": text = comment + text.dropFirst("kind: List\n".count)
        case "# after\n": text += comment
        default: text += "- ports: [80,\n    443, # inside\n    8080]\n"
        }
        let read = try #require(YAMLBlockReader.text(SourceBytes(Array(text.utf8))))
        #expect(read.parts == 2)
        #expect(read.commented)
        let entries = Self.list.count + (comment == "inside" ? 1 : 0)
        #expect(read.flows.count == 2 * entries)
    }
}
