import ArborCore
import ArborSources
import Foundation
import Testing

@Suite("XML documents")
struct XMLSourceTests {
    func open(_ text: String, name: String = "doc.xml") throws -> OpenedSource {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString)-\(name)").path
        try SourceFileFixture.write(text, to: path)
        defer { unlink(path) }
        return try SourceOpener.open(SourceRequest(path: path))
    }

    let pom = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- the build -->
        <project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:dc="http://purl.org/dc/elements/1.1/" version="4">
          <name>Demo</name>
          <dc:title>Kept <![CDATA[<raw> & "as is"]]> here</dc:title>
          <dependencies>
            <dependency id="a"><artifactId>alpha</artifactId></dependency>
            <dependency name="beta"><artifactId>beta</artifactId><?skip me?></dependency>
            <dependency><artifactId>gamma</artifactId></dependency>
          </dependencies>
          <empty/>
          <mixed>Hello <b>bold</b> world</mixed>
        </project>
        """

    @Test func elementsAreItemsWithAttributesAndTextAsMembers() async throws {
        let opened = try open(pom)
        #expect(opened.format == .xml)
        let source = opened.hierarchy
        let root = try #require(try await source.root())
        #expect(root.id == "/project")
        let members = try await source.children(of: "/project")
        #expect(members.map(\.id) == ["/project/@xmlns", "/project/@xmlns:dc", "/project/@version", "/project/name", "/project/dc:title",
                                      "/project/dependencies", "/project/empty", "/project/mixed"])
        #expect(members[2].content.title == "@version")
        #expect(members[2].content.scalar == ScalarValue(.string, "4"))
        #expect(members[3].content.title == "Demo")
        #expect(members[3].content.subtitle == "name")
        #expect(members[4].content.title == "Kept <raw> & \"as is\" here", "CDATA read as it is")
        #expect(members[4].content.subtitle == "dc:title", "a namespace shows as its prefix")
        #expect(members[5].content.body == "3 elements")
        #expect(members[6].content.title == "empty")
        #expect(members[6].childCount == 0)
        #expect(members[7].content.title == "Hello  world")
        let dependencies = try await source.children(of: "/project/dependencies")
        #expect(dependencies.map(\.id) == ["/project/dependencies/dependency", "/project/dependencies/dependency[2]",
                                           "/project/dependencies/dependency[3]"])
        #expect(dependencies.map(\.content.title) == ["a", "beta", "dependency"])
        #expect(try await source.children(of: "/project/dependencies/dependency[3]/artifactId").map(\.content.scalar)
            == [ScalarValue(.string, "gamma")])
        #expect(try await source.item("/project/dependencies/dependency[2]/@name").content.scalar == ScalarValue(.string, "beta"))
        #expect(try await source.parentID(of: "/project/dependencies/dependency[2]") == "/project/dependencies")
        #expect(try await source.position(of: "/project/dependencies/dependency[3]", in: "/project/dependencies") == 2)
        #expect(try await source.position(of: "/project/name", in: "/project") == 3)
        await #expect(throws: SourceError.self) { try await source.item("/project/dependencies/dependency[4]") }
        let located = try #require(source as? any LocatingItems)
        #expect(try await located.location(of: "/project/dependencies/dependency[2]").line == 8)
    }

    @Test func entitiesResolveFromTheDocumentAndNothingIsLoaded() async throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-secret-\(UUID().uuidString)").path
        try SourceFileFixture.write("TOP SECRET", to: secret)
        defer { unlink(secret) }
        let hostile = """
            <?xml version="1.0"?>
            <!DOCTYPE note [
              <!ENTITY company "Acme &amp; Sons">
              <!ENTITY file SYSTEM "file://\(secret)">
              <!ENTITY remote SYSTEM "http://127.0.0.1:9/evil.dtd">
              <!ENTITY % dtd SYSTEM "file://\(secret)">
              %dtd;
            ]>
            <note by="&company;" ref="&#x41;&#66;">&company; &lt;3 &file; &remote;</note>
            """
        let opened = try open(hostile)
        let note = try await opened.hierarchy.item("/note")
        #expect(note.content.fields.first { $0.name == "by" }?.value == "Acme & Sons")
        #expect(note.content.fields.first { $0.name == "ref" }?.value == "AB")
        let text = try #require(note.content.fields.first { $0.name == "#text" }?.value)
        #expect(text == "Acme & Sons <3 &file; &remote;")
        #expect(!text.contains("SECRET"))
    }

    /// What the Namespaces in XML 1.0 recommendation calls not well-formed is refused with its place, as libxml2
    /// reports it (first-hour item 11: 23 of the W3C suite's 24 namespace cases were accepted). One case for each
    /// kind of error the W3C namespace cases test: prefixes unbound, QNames malformed, a prefix unbound in 1.0,
    /// the reserved prefixes and names misused, attributes repeated, colons in PI and entity names.
    @Test(arguments: [
        ("<a:b/>", "1:5", "Namespace prefix a on b is not defined"),
        ("<a x:b=\"1\"/>", "1:11", "Namespace prefix x for b on a is not defined"),
        ("<a:b:c xmlns:a=\"u\"/>", "1:5", "Failed to parse QName"),
        ("<:a/>", "1:4", "Failed to parse QName ':a'"),
        ("<a:/>", "1:4", "Failed to parse QName 'a:'"),
        ("<a xmlns:=\"u\"/>", "1:10", "Failed to parse QName 'xmlns:'"),
        ("<a xmlns:p=\"u\"><b xmlns:p=\"\"/></a>", "1:29", "xmlns:p: Empty XML namespace is not allowed"),
        ("<a xmlns:xml=\"http://example.org/\"/>", "1:35", "xml namespace prefix mapped to wrong URI"),
        ("<a xmlns:p=\"http://www.w3.org/XML/1998/namespace\"/>", "1:50", "xml namespace URI mapped to wrong prefix"),
        ("<a xmlns:xmlns=\"http://www.w3.org/2000/xmlns/\"/>", "1:47", "redefinition of the xmlns prefix is forbidden"),
        ("<a xmlns:p=\"http://www.w3.org/2000/xmlns/\"/>", "1:43", "reuse of the xmlns namespace name is forbidden"),
        ("<a xmlns=\"http://www.w3.org/XML/1998/namespace\"/>", "1:48", "xml namespace URI cannot be the default namespace"),
        ("<a xmlns=\"http://www.w3.org/2000/xmlns/\"/>", "1:41", "reuse of the xmlns namespace name is forbidden"),
        ("<a b=\"1\" b=\"2\"/>", "1:15", "Attribute b redefined"),
        ("<a xmlns:p=\"u\" xmlns:q=\"u\" p:x=\"1\" q:x=\"2\"/>", "1:43", "Namespaced Attribute x in 'u' redefined"),
        ("<?p:q x?><a/>", "1:6", "colons are forbidden from PI names 'p:q'"),
        ("<!DOCTYPE a [<!ENTITY e:f \"x\">]><a/>", "1:26", "colons are forbidden from entities names 'e:f'"),
    ])
    func namespaceErrorsAreRefused(text: String, place: String, reason: String) throws {
        let error = #expect(throws: SourceLoadError.self) { try open(text) }
        #expect(error?.message.contains(":\(place): invalid XML: \(reason)") == true, "\(error?.message ?? "")")
    }

    /// What the recommendation allows is read: a prefix declared again below, the default namespace set and
    /// taken back, one local name under two namespaces, the xml prefix used undeclared or declared rightly.
    @Test(arguments: [
        "<a xmlns:p=\"u\"><p:b/></a>",
        "<a xmlns:p=\"u\"><b xmlns:p=\"v\"><p:c/></b></a>",
        "<a xmlns=\"u\"><b xmlns=\"\"/></a>",
        "<a xmlns:p=\"u\" xmlns:q=\"v\" p:x=\"1\" q:x=\"2\"/>",
        "<a xml:lang=\"en\" xmlns:xml=\"http://www.w3.org/XML/1998/namespace\"/>",
    ])
    func namespacesTheRecommendationAllowsAreRead(text: String) throws {
        #expect(throws: Never.self) { try open(text) }
    }

    /// Elements of one name without a naming attribute or text are titled by their first attribute, which tells
    /// them apart (first hour: `mime-type` ×851); `--title @type` names an attribute as an id does.
    @Test func siblingsOfOneNameAreToldApartByTheirFirstAttribute() async throws {
        let mime = #"<mime-info><mime-type type="text/plain" glob="*.txt"/><mime-type type="text/html"/></mime-info>"#
        let opened = try open(mime)
        #expect(try await opened.hierarchy.children(of: "/mime-info").map(\.content.title) == ["text/plain", "text/html"])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString)-mime.xml").path
        try SourceFileFixture.write(mime, to: path)
        defer { unlink(path) }
        var request = SourceRequest(path: path)
        request.mapping.title = ["@glob"]
        let named = try SourceOpener.open(request)
        #expect(try await named.hierarchy.children(of: "/mime-info").map(\.content.title) == ["*.txt", "text/html"])
    }

    @Test func entitiesRepeatingEntitiesAreRefusedOrBounded() throws {
        var lines = ["<!ENTITY a0 \"laugh\">"]
        for level in 1...12 { lines.append("<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">") }
        let bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE bomb [\n" + lines.joined(separator: "\n") + "\n]>\n<bomb>&a12;</bomb>\n"
        do {
            let opened = try open(bomb)
            let text = try #require(Task.blockingValue { try await opened.hierarchy.item("/bomb").content.fields.last?.value })
            #expect(text.utf8.count <= 1 << 17)
        } catch let error as SourceLoadError {
            #expect(error.message.contains("invalid XML"))
        }
    }

    @Test func malformedXMLSaysWhere() throws {
        #expect(throws: SourceLoadError.self) { try open("<a>\n  <b></a>\n") }
        do {
            _ = try open("<a>\n  <b></a>\n")
        } catch let error as SourceLoadError {
            #expect(error.message.hasSuffix(":2:10: invalid XML: Opening and ending tag mismatch: b line 2 and a"), "\(error.message)")
        }
        do {
            _ = try open("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>")
        } catch let error as SourceLoadError {
            #expect(error.message.contains("XML in ISO-8859-1 is not read"))
        }
    }

    @Test func aLargeDocumentIsIndexedAcrossTheParsersChunks() async throws {
        let count = 60_000
        let body = (0..<count).map { "  <item id=\"i\($0)\" kind='k &amp; \($0 % 7)'>text \($0)</item>\n" }.joined()
        let opened = try open("<?xml version=\"1.0\"?>\n<list>\n" + body + "</list>\n", name: "big.xml")
        let source = opened.hierarchy
        #expect(try await source.numberOfChildren(of: "/list") == count)
        for position in [0, 1, 63, 64, 65, 20_000, 33_333, count - 1] {
            let item = try #require(try await source.children(of: "/list", in: position..<(position + 1)).first)
            #expect(item.id == (position == 0 ? "/list/item" : "/list/item[\(position + 1)]"))
            #expect(item.content.title == "i\(position)")
            #expect(item.content.fields.map(\.value) == ["i\(position)", "k & \(position % 7)", "text \(position)"])
        }
        #expect(try await source.item("/list/item[45001]/text()").content.scalar == ScalarValue(.string, "text 45000"))
    }

    @Test func aLargeDocumentShowsItsFirstElementsWhileTheRestIsIndexed() async throws {
        let count = 100_000
        let body = (0..<count).map { "  <item id=\"i\($0)\">text \($0) with some more words to make it longer</item>\n" }.joined()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString)-large.xml").path
        try SourceFileFixture.write("<list>\n" + body + "</list>\n", to: path)
        defer { unlink(path) }
        let opened = try SourceOpener.open(SourceRequest(path: path), streaming: true)
        let growing = try #require(opened.hierarchy as? GrowingXMLDocument)
        let changes = ChangeLog()
        growing.observeChanges { changes.append($0) }
        #expect(try await growing.root()?.id == "/list")
        #expect(try await growing.item("/list/item").content.title == "i0", "the first elements are there at once")
        for _ in 0..<1000 where !growing.isComplete { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(growing.isComplete)
        #expect(try await growing.numberOfChildren(of: "/list") == count)
        #expect(try await growing.item("/list/item[\(count)]").content.title == "i\(count - 1)")
        #expect(changes.count >= 1)
    }

    @Test func aProblemPastTheFirstPartKeepsTheElementsBeforeIt() async throws {
        let body = (0..<100_000).map { "  <item id=\"i\($0)\">text \($0) with some more words to make it longer</item>\n" }.joined()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString)-broken.xml").path
        try SourceFileFixture.write("<list>\n" + body + "  <item>unclosed\n</list>\n", to: path)
        defer { unlink(path) }
        let growing = try #require(try SourceOpener.open(SourceRequest(path: path), streaming: true).hierarchy as? GrowingXMLDocument)
        let problems = ProblemLog()
        growing.observeChanges { change in if case .completed(let problem) = change { problems.set(problem) } }
        for _ in 0..<1000 where !growing.isComplete { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(growing.isComplete)
        let problem = try #require(problems.value)
        #expect(problem.contains("invalid XML"), "\(problem)")
        #expect(problem.hasSuffix("the elements before it are shown"))
        #expect(try await growing.numberOfChildren(of: "/list") == 100_001)
        #expect(try await growing.item("/list/item[100000]").content.title == "i99999")
    }

    @Test func recognisedByContentAndExtension() {
        #expect(SourceFormat.sniff(Array("<?xml version=\"1.0\"?><a/>".utf8)) == .xml)
        #expect(SourceFormat.sniff(Array("\n<svg width=\"1\"/>".utf8)) == .xml)
        #expect(SourceFormat.sniff(Array("<3 is not a tag\n".utf8)) == .paths)
        #expect(SourceFormat.byExtension("icons/logo.SVG") == .xml)
    }
}

extension Task where Failure == Error {
    /// The value of an asynchronous throwing function, waited for on a thread of its own.
    static func blockingValue(_ body: @escaping @Sendable () async throws -> Success) throws -> Success {
        let box = BlockingBox<Success>()
        let done = DispatchSemaphore(value: 0)
        Task<Void, Never> {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }
}

private final class BlockingBox<Value>: @unchecked Sendable {
    var result: Result<Value, Error>?
}

/// The problem a source reported when it completed, from any thread.
private final class ProblemLog: @unchecked Sendable {
    private let lock = NSLock()
    private var problem: String?

    func set(_ text: String?) {
        lock.lock()
        problem = text
        lock.unlock()
    }

    var value: String? {
        lock.lock()
        defer { lock.unlock() }
        return problem
    }
}
