import ArborCore
import ArborSources
import Testing

@Suite("JSON tree source")
struct JSONTreeReaderTests {
    func load(_ text: String, mapping: FieldMapping = FieldMapping()) throws -> StaticHierarchy {
        try JSONTreeReader.load(Array(text.utf8), name: "t.json", origin: "t.json", mapping: mapping)
    }

    @Test func anObjectIsTheRootAndChildrenComeInOrder() async throws {
        let source = try load("""
            {"id": "root", "name": "Plants", "type": "Enterprise", "children": [
              {"id": "h", "name": "Hamburg", "location": "1000 Hamburg", "tags": ["PM01", "Started"], "status": "Active",
               "children": [{"name": "Pump"}]},
              {"name": "Berlin", "description": "Plant two", "children": []}
            ]}
            """)
        #expect(try await source.root() == SourceRoot(id: "root", isVirtual: false))
        let children = try await source.children(of: "root")
        #expect(children.map(\.id) == ["h", "0/1"])
        #expect(children.map(\.content.title) == ["Hamburg", "Berlin"])
        #expect(children.map(\.childCount) == [1, 0])
        #expect(children[0].content.body == "1000 Hamburg")
        #expect(children[0].content.tags == ["PM01", "Started"])
        #expect(children[0].content.status == "Active")
        #expect(children[1].content.body == "Plant two")
        #expect(children[1].content.description == "")
        #expect(try await source.children(of: "h").map(\.id) == ["0/0/0"])
        #expect(try await source.parentID(of: "0/0/0") == "h")
        #expect(try await source.parentID(of: "root") == nil)
        let root = try await source.item("root")
        #expect(root.content.subtitle == "Enterprise")
        #expect(root.content.fields.map(\.name) == ["id", "name", "type"])
    }

    @Test func aTopLevelArrayIsAVirtualRoot() async throws {
        let source = try load(#"[{"name": "A", "children": [{"name": "A1"}]}, "plain", 42]"#)
        let root = try #require(try await source.root())
        #expect(root.isVirtual)
        let top = try await source.children(of: root.id)
        #expect(top.map(\.id) == ["0", "1", "2"])
        #expect(top.map(\.content.title) == ["A", "plain", "42"])
        #expect(try await source.childIDs(of: "0", in: 0..<5) == ["0/0"])
    }

    @Test func repeatedOrMissingIdsFallBackToTheIndexPath() async throws {
        let source = try load(#"{"id": 7, "children": [{"id": "x"}, {"id": "x"}, {"id": true}]}"#)
        #expect(try await source.root()?.id == "7")
        #expect(try await source.children(of: "7").map(\.id) == ["x", "0/1", "0/2"])
        #expect(try await source.item("0/2").content.title == "true")
        #expect(try await source.item("0/1").content.title == "x")
    }

    @Test func fieldsCanBeMapped() async throws {
        var mapping = FieldMapping()
        mapping.id = ["key"]
        mapping.title = ["label2"]
        mapping.children = "kids"
        let source = try load(#"{"key": "r", "label2": "Top", "kids": [{"key": "c", "label2": "Child"}]}"#, mapping: mapping)
        #expect(try await source.item("r").content.title == "Top")
        #expect(try await source.children(of: "r").map(\.content.title) == ["Child"])
    }

    @Test func unknownIdsAreErrors() async throws {
        let source = try load(#"{"id": "r"}"#)
        await #expect(throws: SourceError("no item with id 'nope'")) { try await source.children(of: "nope") }
        await #expect(throws: SourceError("no item with id 'nope'")) { try await source.item("nope") }
    }

    @Test func invalidJSONNamesFileLineAndColumn() {
        #expect(throws: SourceLoadError("t.json:2:3: invalid JSON: unexpected '}', expected a value")) {
            try load("{\"a\":\n  }")
        }
    }

    @Test func missingFilesAndDirectoriesSayWhy() {
        #expect(throws: SourceLoadError("/nonexistent/x.json: No such file or directory")) {
            try JSONTreeReader.open(path: "/nonexistent/x.json")
        }
        #expect(throws: SourceLoadError("/tmp: is a directory")) { try JSONTreeReader.open(path: "/tmp") }
    }

    @Test func theSamplesLoad() async throws {
        let plant = try JSONTreeReader.open(path: samplePath("plant-maintenance.json"))
        #expect(plant.nodes.count >= 150)
        var deepest = 0
        for index in plant.nodes.indices {
            var depth = 0
            var parent = plant.nodes[index].parent
            while parent >= 0 { depth += 1; parent = plant.nodes[Int(parent)].parent }
            deepest = max(deepest, depth)
        }
        #expect(deepest >= 4)
        let cities = try JSONTreeReader.open(path: samplePath("world-cities.json"))
        #expect(cities.rootIsVirtual)
    }
}

/// The path of a file in `sample-data/`.
func samplePath(_ name: String) -> String {
    let tests = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
    return "/" + tests + "/sample-data/" + name
}
