import ArborCore
import ArborPath
import ArborSources
import Foundation
import Synchronization
import Testing

/// A directory's files that Arbor reads open as what they hold, with ids that say the file and the place in it.
@Suite("Files opened inside a directory tree")
struct NestedDocumentsTests {
    /// A temporary tree: app.json (three lines), conf.yaml, we ird#1.json, t.csv (no id column), notes.txt, sub/.
    func makeTree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-nested-\(UUID().uuidString)").path
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        let files = [
            "app.json": "{\n  \"spec\": {\"replicas\": 3},\n  \"list\": [1, 2]\n}\n",
            "conf.yaml": "name: web\nports:\n  - 80\n  - 443\n",
            "we ird#1.json": "{\"a#b\": {\"c\": 1}}",
            "notes.txt": "hello\n",
        ]
        for (name, text) in files { _ = manager.createFile(atPath: root + "/" + name, contents: Data(text.utf8)) }
        return root
    }

    func open(_ root: String, into: Bool = true) throws -> any HierarchySource {
        var request = SourceRequest(path: root)
        request.crossesInto = into
        request.watches = false
        return try SourceOpener.open(request).hierarchy
    }

    @Test func aFileThatOpensHasChildrenAndItsItemsAreIDdByFileAndPointer() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try open(root)
        let listed = try await source.children(of: root) { _ in }
        let counts = Dictionary(uniqueKeysWithValues: listed.map { ($0.content.title, $0.childCount) })
        #expect(counts["notes.txt"] == 0, "a file Arbor does not read stays a leaf")
        #expect(counts["app.json"] == .some(nil), "a file that opens may have children")
        let app = root + "/app.json"
        #expect(try await source.numberOfChildren(of: app) == 2)
        let members = try await source.children(of: app)
        #expect(members.map(\.id) == [app + "#/spec", app + "#/list"])
        #expect(try await source.children(of: app + "#/spec").map(\.id) == [app + "#/spec/replicas"])
        #expect(try await source.parentID(of: app + "#/spec/replicas") == app + "#/spec")
        #expect(try await source.parentID(of: app + "#/spec") == app, "the file stands for its document's top")
        #expect(try await source.parentID(of: app) == root)
        #expect(try await source.item(app + "#/list/1").content.scalar?.text == "2")
        let location = try await source.itemLocation(of: app + "#/list")
        #expect(location.file == app)
        #expect(location.line == 3)
        #expect(try await source.children(of: root + "/conf.yaml").map(\.content.title) == ["name", "ports"])
    }

    @Test func aHashAndSpacesInAFileNameStillReadBack() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try open(root)
        let file = root + "/we ird#1.json"
        let key = try #require(try await source.children(of: file).first)
        #expect(key.id == file + "#/a#b")
        #expect(try await source.parentID(of: key.id) == file)
        #expect(try await source.children(of: key.id).map(\.id) == [file + "#/a#b/c"])
        #expect(try await source.item(file).content.title == "we ird#1.json", "the file itself is the tree's entry")
    }

    @Test func aRewrittenFileIsReadAgain() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try open(root)
        let app = root + "/app.json"
        #expect(try await source.numberOfChildren(of: app) == 2)
        try Data("{\"one\": 1, \"two\": 2, \"three\": \"[3, 4]\"}".utf8).write(to: URL(fileURLWithPath: app))
        let members = try await source.children(of: app)
        #expect(members.map(\.content.title) == ["one", "two", "three"])
        #expect(members.map(\.childCount) == [0, 0, 2], "the JSON in a string of the new version opens")
    }

    @Test func aFileReadWhileItIsRewrittenIsReadAgainWhole() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try open(root)
        let app = root + "/app.json"
        _ = try await source.children(of: app)
        try Data().write(to: URL(fileURLWithPath: app))
        _ = try? await source.children(of: app)
        try Data("{\"fresh\": true, \"payload\": \"{\\\"user\\\": 1}\"}".utf8).write(to: URL(fileURLWithPath: app))
        let members = try await source.children(of: app)
        #expect(members.map(\.content.title) == ["fresh", "payload"])
        #expect(members.map(\.childCount) == [0, 1])
        #expect(try await source.item(app + "#/payload").childCount == 1)
    }

    @Test func aFileFoundChangedWhenAskedForIsReportedChanged() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try open(root)
        let heard = Mutex<[SourceChange]>([])
        source.capabilities.reporting?.observeChanges { change in heard.withLock { $0.append(change) } }
        let app = root + "/app.json"
        _ = try await source.children(of: app)
        #expect(heard.withLock { $0 }.isEmpty)
        try Data("{\"fresh\": 1}".utf8).write(to: URL(fileURLWithPath: app))
        #expect(try await source.numberOfChildren(of: app) == 1)
        #expect(heard.withLock { $0 } == [.changed], "the lists shown of the old version are asked for again")
    }

    @Test func thePathToAnItemInsideAFileStartsAtTheDirectoryShown() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try open(root)
        let file = root + "/we ird#1.json"
        #expect(try await ItemFormatter.idPath(of: file + "#/a#b/c", in: source) == [root, file, file + "#/a#b", file + "#/a#b/c"])
        #expect(try await ItemFormatter.idPath(of: root + "/notes.txt", in: source) == [root, root + "/notes.txt"],
                "a directory's parents above the one shown are not on the way (--select)")
    }

    @Test func withoutIntoFilesStayLeaves() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try open(root, into: false)
        let listed = try await source.children(of: root) { _ in }
        #expect(listed.first { $0.content.title == "app.json" }?.childCount == 0)
    }

    @Test func aFileThatDoesNotParseSaysWhereAndTheTreeGoesOn() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = FileManager.default.createFile(atPath: root + "/broken.json", contents: Data("{\"a\": [1, }".utf8))
        let source = try open(root)
        await #expect(throws: SourceError.self) { try await source.children(of: root + "/broken.json") }
        do {
            _ = try await source.children(of: root + "/broken.json")
        } catch let error as SourceError {
            #expect(error.message.contains("broken.json"))
            #expect(error.message.contains("broken.json:1:11"))
        }
        #expect(try await source.children(of: root + "/sub").isEmpty)
    }

    @Test func aQueryIntoADirectoryReadsItAsOneDocumentOfItsFilesByName() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = FileManager.default.createFile(atPath: root + "/bad.json", contents: Data("{\"a\": ".utf8))
        _ = FileManager.default.createFile(atPath: root + "/log.json", contents: Data(#"{"payload": "{\"user\": {\"name\": \"ann\"}}"}"#.utf8))
        let source = try open(root)
        func run(_ expression: String) async throws -> [(path: String, id: String, value: String)] {
            let query = SourceQuery(try JSONPath(expression), source: source)
            return await onQueryThread {
                var found: [(String, String, String)] = []
                query.forEachMatch { match in
                    found.append((NormalizedPath.text(match.path), match.itemID, match.value.compactJSON))
                    return true
                }
                return found
            }
        }
        let replicas = try await run("$..replicas")
        #expect(replicas.map(\.path) == ["$['app.json']['spec']['replicas']"] && replicas.map(\.id) == [root + "/app.json#/spec/replicas"])
        #expect(try await run("$['conf.yaml'].ports[1]").map(\.value) == ["443"])
        #expect(try await run("$['log.json'].payload.user.name").map(\.value) == [#""ann""#], "a string holding JSON is its document")
        #expect(try await run("$['notes.txt']").map(\.value) == ["null"], "a file Arbor does not read is null")
        let bad = try await run("$['bad.json']").map(\.value)
        #expect(bad.count == 1 && bad[0].contains("bad.json:1:"), "a file that does not parse is its error and the walk goes on: \(bad)")
        #expect(try await run("$.sub").map(\.value) == ["{}"])
    }

    @Test func aLargeFileShownFromItsFirstPartIsNotCountedUntilItIsWhole() async throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let element = #"{"name": "item", "tags": ["a", "b", "c"], "text": "\#(String(repeating: "x", count: 200))"}"#
        let count = 40_000
        let big = "[" + Array(repeating: element, count: count).joined(separator: ",\n") + "]"
        _ = FileManager.default.createFile(atPath: root + "/big.json", contents: Data(big.utf8))
        var request = SourceRequest(path: root)
        request.crossesInto = true
        request.watches = false
        let opened = try SourceOpener.open(request)
        let source = opened.hierarchy
        let file = root + "/big.json"
        opened.firstFrame?.open()
        // The browser's first frame is drawn: the file's rest now waits for the frame that shows its first part.
        let first = try await source.children(of: file) { _ in }
        #expect(!first.isEmpty && first.count < count, "the first part is shown: \(first.count)")
        let started = MonotonicClock.seconds()
        let counted = try await source.numberOfChildren(of: file)
        let inner = try await source.numberOfChildren(of: first[0].id)
        #expect(MonotonicClock.seconds() - started < 0.2, "a count asked meanwhile does not wait for the rest")
        #expect(counted == nil && inner == nil, "unknown until whole, never the first part's")
        opened.firstFrame?.open()
        var whole: Int?
        for _ in 0..<200 where whole == nil {
            whole = try await source.numberOfChildren(of: file)
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        #expect(whole == count, "counted once the rest is read")
    }
}
