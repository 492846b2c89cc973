import ArborCore
import ArborPath
@testable import ArborSources
import Foundation
import Testing

/// What a source can do is asked of it once, as a value; sources that wrap others report what the wrapped one can.
@Suite("Source capabilities")
struct SourceCapabilitiesTests {
    /// A file of each kind that a followed file can be, written to a folder of its own, opened as it is.
    static let samples: [(name: String, text: String)] = [
        ("doc.json", #"{"plants": [{"name": "Hamburg", "lines": [1, 2]}, {"name": "Berlin"}]}"#),
        ("tree.json", #"[{"id": "1", "title": "root", "children": [{"id": "2", "title": "leaf"}]}]"#),
        ("doc.yaml", "plants:\n  - name: Hamburg\n    lines: [1, 2]\n"),
        ("table.csv", "id,parent,title\n1,,root\n2,1,leaf\n"),
        ("doc.xml", "<plants><plant name=\"Hamburg\"><line>1</line></plant></plants>\n"),
        ("doc.toml", "[plant]\nname = \"Hamburg\"\nlines = [1, 2]\n"),
        ("events.jsonl", "{\"name\": \"a\"}\n{\"name\": \"b\"}\n"),
        ("paths.txt", "a/b/c\na/d\n"),
    ]

    func opened(_ sample: (name: String, text: String)) throws -> (any HierarchySource, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-capabilities-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(sample.name).path
        try SourceFileFixture.write(sample.text, to: path)
        var request = SourceRequest(path: path)
        request.watches = false
        return (try SourceOpener.open(request).hierarchy, folder.path)
    }

    @Test func aDirectoryTreesOwnCapabilitiesAreWhatCastsFind() throws {
        let source = FileSystemSource(path: "/", watches: false)
        #expect(source.capabilities.names == SourceCapabilities(casting: source).names)
        #expect(source.capabilities.names == ["hidden-entries", "counts-in-background", "reads-ahead", "reporting", "watching",
                                               "previewing", "locating"])
    }

    @Test(arguments: samples.indices)
    func aFollowedFileCanDoWhatTheVersionShownCanAndReportsItsChanges(sample: Int) throws {
        let (source, folder) = try opened(Self.samples[sample])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let followed = ReopeningSource(source, path: folder, version: [0], follows: false) { source }
        #expect(followed.capabilities.names == source.capabilities.names.union(["reporting"]), "\(Self.samples[sample].name)")
        #expect(followed.capabilities.names == SourceCapabilities(casting: source).names.union(["reporting"]))
    }

    @Test func aFollowedDifferenceKnowsWhereItsChangesAreAndAFollowedDocumentDoesNot() throws {
        let difference = DiffHierarchy(old: try JSONPathValue(parsing: "[1]"), new: try JSONPathValue(parsing: "[2]"), names: ("a", "b"))
        let followedDifference = ReopeningSource(difference, path: "/", version: [0], follows: false) { difference }
        #expect(followedDifference.capabilities.navigating != nil)
        #expect(followedDifference.capabilities.names == difference.capabilities.names.union(["reporting"]))
        let (document, folder) = try opened(Self.samples[0])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let followedDocument = ReopeningSource(document, path: folder, version: [0], follows: false) { document }
        #expect(followedDocument.capabilities.navigating == nil, "a followed document is no difference")
        #expect(followedDocument.capabilities.hiddenEntries == nil)
    }

    @Test func aDocumentShownWhileItIsReadCanDoWhatTheDocumentCan() throws {
        let (lines, linesFolder) = try opened(Self.samples[6])
        defer { try? FileManager.default.removeItem(atPath: linesFolder) }
        let document = try #require(lines as? LazyJSONDocument)
        let growingLines = GrowingJSONLines(partial: document)
        #expect(growingLines.capabilities.names == document.capabilities.names.union(["reporting"]))
        let (xml, xmlFolder) = try opened(Self.samples[4])
        defer { try? FileManager.default.removeItem(atPath: xmlFolder) }
        let xmlDocument = try #require(xml as? LazyXMLDocument)
        let growingXML = GrowingXMLDocument(partial: xmlDocument)
        #expect(growingXML.capabilities.names == xmlDocument.capabilities.names.union(["reporting"]))
    }

    @Test(arguments: samples.indices)
    func aQuerysAnswerClaimsNothingOfItsSourceButItsOwnPreview(sample: Int) throws {
        let (source, folder) = try opened(Self.samples[sample])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let answering = AnsweringSource(base: source, answer: QueryAnswer(rootID: ""))
        let base = source.capabilities.names
        #expect(answering.capabilities.names.subtracting(["previewing"]).isSubset(of: base), "\(Self.samples[sample].name)")
        #expect((answering.capabilities.locating != nil) == base.contains("locating"))
    }
}
