import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ArborCore
import ArborSources
import Testing

@Suite("JSON documents")
struct JSONDocumentSourceTests {
    func open(_ text: String, format: SourceFormat? = nil) throws -> OpenedSource {
        // A name of its own: tests running side by side open the same text.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-doc-\(UUID().uuidString).json").path
        try SourceFileFixture.write(text, to: path)
        defer { unlink(path) }
        return try SourceOpener.open(SourceRequest(path: path, format: format))
    }

    let pod = #"{"spec": {"containers": [{"name": "web", "ports": [80]}], "a/b~c": true}, "kind": "Pod", "n": null}"#

    @Test func keysAndIndexesAreTitlesAndPointersAreIds() async throws {
        let opened = try open(pod)
        #expect(opened.format == .document)
        let source = opened.hierarchy
        let root = try #require(try await source.root())
        #expect(root == SourceRoot(id: "", isVirtual: false))
        let top = try await source.children(of: "")
        #expect(top.map(\.id) == ["/spec", "/kind", "/n"])
        #expect(top.map(\.content.title) == ["spec", "kind", "n"])
        #expect(top.map(\.content.subtitle) == ["object", "string", "null"])
        #expect(top.map(\.content.body) == ["{2 keys}", "Pod", "null"])
        #expect(try await source.children(of: "/spec").map(\.id) == ["/spec/containers", "/spec/a~1b~0c"])
        let container = try await source.item("/spec/containers/0")
        #expect(container.content.title == "[0]")
        #expect(container.content.fields == [ItemField(name: "name", value: "web")])
        #expect(try await source.parentID(of: "/spec/containers/0/ports/0") == "/spec/containers/0/ports")
        #expect(try await source.item("/spec/containers/0/ports/0").content.body == "80")
    }

    @Test func objectTreesAreDetectedAndFormatsOverride() throws {
        let tree = #"{"name": "Root", "children": [{"name": "A"}]}"#
        #expect(try open(tree).format == .tree)
        #expect(try open("[{\"name\": \"x\"}, {\"name\": \"y\", \"children\": []}]").format == .document)
        #expect(try open("[{\"name\": \"x\", \"children\": []}]").format == .tree)
        #expect(try open(tree, format: .document).format == .document)
        #expect(try open(pod, format: .tree).format == .tree)
        #expect((try open("42").hierarchy as? StaticHierarchy)?.nodes.count == 1)
    }

    @Test func invalidDocumentsNameTheLineAndColumn() {
        let error = #expect(throws: SourceLoadError.self) { try open("{\n\"a\": tru\n}") }
        #expect(error?.message.hasSuffix(":2:6: invalid JSON: unexpected 't', expected a value") == true)
    }
}

/// Writes fixture files for the sources.
enum SourceFileFixture {
    static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw SourceError("cannot write \(path)") }
        fputs(text, file)
        fclose(file)
    }
}
