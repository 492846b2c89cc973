import ArborCore
import ArborPath
@testable import ArborSources
import Foundation
import Testing

@Suite("arbor diff over directories, tables and arrays matched by a field")
struct DiffSourcesTests {
    func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-diff-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The difference, opened on a thread of its own: opening waits for the sources, which a thread of the
    /// cooperative pool must not do.
    func open(_ first: URL, _ second: URL, matchBy: String? = nil) async throws -> DiffHierarchy {
        try await BlockingWork.run {
            try DiffOpening.open(SourceRequest(path: first.path), SourceRequest(path: second.path), names: ("a", "b"), matchBy: matchBy).difference
        }
    }

    func changes(_ first: URL, _ second: URL, matchBy: String? = nil) async throws -> [String] {
        try await open(first, second, matchBy: matchBy).difference.changes.map { "\($0.kind.rawValue) \($0.pointer)" }
    }

    /// YAML's spellings of one value are the same value: `0x1F` and `31`, `True` and `true`, `.inf` and `.Inf`.
    @Test func yamlSpellingsOfOneValueAreNoChange() async throws {
        let root = try folder("spellings")
        defer { try? FileManager.default.removeItem(at: root) }
        let (one, two) = (root.appendingPathComponent("one.yaml"), root.appendingPathComponent("two.yaml"))
        try write("a: 0x1F\nb: True\nc: .inf\nd: 012\ne: +.5\nf: 0o17\n", to: one)
        try write("a: 31\nb: true\nc: .Inf\nd: 12\ne: 0.50\nf: 16\n", to: two)
        #expect(try await changes(one, two) == ["changed /f"], "0o17 is 15")
    }

    @Test func directoriesCompareEntriesByNameAndFilesBySizeAndContentNotTime() async throws {
        let root = try folder("dirs")
        defer { try? FileManager.default.removeItem(at: root) }
        let one = root.appendingPathComponent("one")
        let two = root.appendingPathComponent("two")
        for side in [one, two] {
            try write("same", to: side.appendingPathComponent("docs/readme"))
            try write("hello", to: side.appendingPathComponent("src/a.txt"))
            try write("kept", to: side.appendingPathComponent("src/c.txt"))
        }
        try write("gone", to: one.appendingPathComponent("old.txt"))
        try write("hellO", to: two.appendingPathComponent("src/a.txt"))
        try write("new", to: two.appendingPathComponent("src/b.txt"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)],
                                              ofItemAtPath: two.appendingPathComponent("docs/readme").path)
        try FileManager.default.createSymbolicLink(atPath: one.appendingPathComponent("link").path, withDestinationPath: "src/a.txt")
        try FileManager.default.createSymbolicLink(atPath: two.appendingPathComponent("link").path, withDestinationPath: "src/c.txt")
        #expect(try await changes(one, two) == ["removed /old.txt", "changed /link", "added /src/b.txt", "changed /src/a.txt"],
                "the same size with other bytes is a change; a time alone is not")
        #expect(try await changes(one, one).isEmpty)
        let hostile = "a\"b\\c\n\u{1b}[31mred"
        try write("x", to: two.appendingPathComponent(hostile))
        let named = try await changes(one, two)
        #expect(named.contains("added /" + hostile), "a name with quotes, a backslash and controls is one entry: \(named)")
        let tree = try await open(one, two)
        let link = try await tree.item("/link")
        #expect(link.content.previousScalar?.text == "→ src/a.txt")
        #expect(link.content.scalar?.text == "→ src/c.txt")
    }

    @Test func directoriesGoOnIntoAChangedFileThatReadsAsADocument() async throws {
        let root = try folder("into")
        defer { try? FileManager.default.removeItem(at: root) }
        let one = root.appendingPathComponent("one")
        let two = root.appendingPathComponent("two")
        try write(#"{"spec": {"replicas": 2, "image": "api:1"}}"#, to: one.appendingPathComponent("k8s/app#1.json"))
        try write(#"{"spec": {"image": "api:1", "replicas": 3}}"#, to: two.appendingPathComponent("k8s/app#1.json"))
        try write("a: 1\nb: [x, y]\n", to: one.appendingPathComponent("conf/x.yaml"))
        try write("a: 1\nb: [x, z]\n", to: two.appendingPathComponent("conf/x.yaml"))
        try write("{\"broken\": 1}", to: one.appendingPathComponent("bad.json"))
        try write("{\"broken\": ", to: two.appendingPathComponent("bad.json"))
        try write("same", to: one.appendingPathComponent("notes.txt"))
        try write("other", to: two.appendingPathComponent("notes.txt"))
        var problems: [String] = []
        let tree = try await BlockingWork.run {
            let opened = try DiffOpening.open(SourceRequest(path: one.path), SourceRequest(path: two.path), names: ("a", "b"))
            return (opened.difference, opened.opened.problems)
        }
        problems = tree.1
        #expect(tree.0.changedPointers == ["bad.json", "conf/x.yaml#/b/1", "k8s/app#1.json#/spec/replicas", "notes.txt"],
                "a file that parses on both sides is compared inside; one that does not, by its bytes: \(tree.0.changedPointers)")
        #expect(problems.count == 1 && problems[0].contains("bad.json"), "the file that did not parse is said: \(problems)")
        let replicas = try await tree.0.item("/k8s/app#1.json/spec/replicas")
        #expect(replicas.content.previousScalar?.text == "2" && replicas.content.scalar?.text == "3")
    }

    @Test func twoSQLiteDatabasesCompareTableByTableAndRowByKey() async throws {
        let root = try folder("sqlite")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = [root.appendingPathComponent("one.db").path, root.appendingPathComponent("two.db").path]
        let rows = [["(1, 'Ann', 30)", "(2, 'Bob', 40)", "(3, 'Cy', 9007199254740993)"], ["(3, 'Cy', 9007199254740993)", "(1, 'Ann', 31)", "(4, 'Di', 20)"]]
        let tags = [["('x', 1)", "('y', 2)"], ["('z', 2)", "('x', 1)"]]
        for side in 0..<2 {
            try SQLiteDatabase(path: paths[side], writable: true).read { db in
                try db.execute(sql: "CREATE TABLE people(id INTEGER PRIMARY KEY, name TEXT, age INTEGER)")
                try db.execute(sql: "INSERT INTO people VALUES " + rows[side].joined(separator: ", "))
                try db.execute(sql: "CREATE TABLE tags(name TEXT PRIMARY KEY, n INTEGER) WITHOUT ROWID")
                try db.execute(sql: "INSERT INTO tags VALUES " + tags[side].joined(separator: ", "))
                try db.execute(sql: "CREATE VIEW adults AS SELECT name FROM people WHERE age > 18")
            }
        }
        let found = try await changes(URL(fileURLWithPath: paths[0]), URL(fileURLWithPath: paths[1]))
        #expect(found == ["removed /people/2", "added /people/4", "changed /people/1/age", "removed /tags/y", "added /tags/z"],
                "rows by rowid or primary key wherever they are; a 64-bit integer kept whole; views left out: \(found)")
    }

    @Test func tableRowsAreMatchedByTheirIdWhereverTheyAre() async throws {
        let root = try folder("tables")
        defer { try? FileManager.default.removeItem(at: root) }
        let one = root.appendingPathComponent("one.csv")
        let two = root.appendingPathComponent("two.tsv")
        try write("id,parent,name\nexec,,Maria\ncto,exec,Jonas\ncfo,exec,Ana\nops,cto,Li\n", to: one)
        try write("id\tparent\tname\nexec\t\tMaria\ncfo\texec\tAna\ncto\texec\tJonas W.\nops\tcto\tLi\nhr\texec\tEve\n", to: two)
        let found = try await changes(one, two)
        #expect(found == ["added /children/hr", "changed /children/cto/title", "changed /children/cto/name"],
                "cto matched by its id though now after cfo; Li kept under it: \(found)")
    }

    /// Two large manifests are compared from the JSON text they are indexed from, with the values the small
    /// files' reading gives (a block scalar, a quoted number, a null), and the same pointers.
    @Test func largeYAMLManifestsAreComparedFromTheirIndexedText() async throws {
        let root = try folder("yaml")
        defer { try? FileManager.default.removeItem(at: root) }
        func manifest(replicas: (Int) -> Int, note: String) -> String {
            var text = "kind: List\nitems:\n"
            for index in 0..<20_000 {
                text += "- name: svc-\(index)\n  replicas: \(replicas(index))\n  version: \"1.\(index)\"\n  owner:\n  script: |\n    run \(index)\n"
            }
            return text + "note: \(note)\n"
        }
        let one = root.appendingPathComponent("one.yaml")
        let two = root.appendingPathComponent("two.yml")
        try write(manifest(replicas: { _ in 1 }, note: "a"), to: one)
        try write(manifest(replicas: { $0 == 17_000 ? 3 : 1 }, note: "b"), to: two)
        #expect(try Data(contentsOf: one).count > YAMLKind.indexedBytes, "large enough to be read through the index")
        let found = try await changes(one, two)
        #expect(found == ["changed /items/17000/replicas", "changed /note"], "\(found)")
    }

    @Test func arrayElementsMatchedByAFieldKeepTheirChangesInPlace() async throws {
        let root = try folder("match")
        defer { try? FileManager.default.removeItem(at: root) }
        let one = root.appendingPathComponent("one.json")
        let two = root.appendingPathComponent("two.json")
        try write(#"{"services": [{"name": "api", "port": 80}, {"name": "db", "port": 5432}, {"name": "cache", "port": 6379}]}"#, to: one)
        try write(#"{"services": [{"name": "queue", "port": 5672}, {"name": "api", "port": 8080}, {"name": "db", "port": 5432}, {"name": "cache", "port": 6379}]}"#,
                  to: two)
        #expect(try await changes(one, two, matchBy: "name") == ["added /services/0", "changed /services/1/port"])
        try write(#"{"services": [{"name": "db", "port": 5432}, {"name": "api", "port": 80}, {"name": "cache", "port": 6379}]}"#, to: two)
        let moved = try await changes(one, two, matchBy: "name")
        #expect(moved.count == 2 && moved.contains { $0.hasPrefix("removed") } && moved.contains { $0.hasPrefix("added") },
                "an element moved against the others reads as removed and added again: \(moved)")
        try write(#"{"services": [{"name": "api"}, {"name": "api"}]}"#, to: two)
        #expect(try await !changes(one, two, matchBy: "name").isEmpty, "a repeated name falls back to positions")
    }

    @Test func nestingPastTheLimitIsAnErrorWithItsPlaceAndWithinItIsCompared() async throws {
        let root = try folder("deep")
        defer { try? FileManager.default.removeItem(at: root) }
        let (one, two, deep) = (root.appendingPathComponent("one.json"), root.appendingPathComponent("two.json"),
                                root.appendingPathComponent("deep.json"))
        let levels = IndexedJSON.depthLimit - 1
        try write("{\"a\":" + String(repeating: "[", count: levels - 1) + "1" + String(repeating: "]", count: levels - 1) + "}", to: one)
        try write("{\"a\":" + String(repeating: "[", count: levels - 1) + "2" + String(repeating: "]", count: levels - 1) + "}", to: two)
        try write("\n  {\"a\":" + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000) + "}", to: deep)
        let found = try await changes(one, two)
        #expect(found == ["changed /a" + String(repeating: "/0", count: levels - 1)])
        await #expect(throws: SourceLoadError(
            "deep.json: line 2, column \(7 + IndexedJSON.depthLimit): values nested more than \(IndexedJSON.depthLimit) deep")) {
            try await BlockingWork.run {
                try DiffOpening.open(SourceRequest(path: one.path), SourceRequest(path: deep.path), names: ("one.json", "deep.json"))
            }
        }
    }

    @Test func keyedAlignmentKeepsTheLongestRunInOrder() {
        let alignment = KeyedAlignment.align(["a", "b", "c", "d"], ["b", "c", "a", "e", "d"])
        #expect(alignment.map { $0.pairs.map { "\($0.0)\($0.1)" } } == ["10", "21", "34"])
        #expect(alignment?.removed == [0])
        #expect(alignment?.added == [2, 3])
        #expect(KeyedAlignment.align(["a", nil], ["a"]) == nil)
        #expect(KeyedAlignment.align(["a", "a"], ["a"]) == nil)
    }
}
