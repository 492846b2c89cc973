import ArborCore
import Foundation
@testable import ArborSources
import Testing

@Suite("CSV tables indexed: the same items as the full builder, or the builder itself")
struct IndexedTableTests {
    func full(_ text: String, delimiter: UInt8 = UInt8(ascii: ","), mapping: FieldMapping = FieldMapping()) throws -> StaticHierarchy {
        let table = try DelimitedTable.parse(Array(text.utf8), delimiter: delimiter)
        return try AdjacencyTableBuilder(mapping: mapping).hierarchy(from: table, name: "t.csv").hierarchy
    }

    @Test(arguments: [
        "id,parent,name,type\n1,,Plant,Site\n2,1,Pump,Equipment\n3,1,Tower,Equipment\n4,3,Fan,\n",
        "\u{FEFF}id,parent,name\r\n\r\na,,\"Top, with comma\"\r\nb,a,\"say \"\"hi\"\"\"\r\n\nc,a,\"two\nlines\"\r\nd,,\"\"",
        "name,id\nfirst,x\nsecond,y\nthird,z",
        "id,parent_id,title\n\"q\"\"id\",,quoted id\nchild,\"q\"\"id\",under it\nK,,kelvin\n",
        "id,parent\n1,\n2,1\n3,2\n4,3\n5,4\n6,5",
        "id,parent,note\n1,,a\r\n2,1,\"x\"\r\n3,1,tail\r",
        "id,parent\n\u{E9},\nchild,e\u{301}\nother,\u{E9}\n",
        "name,parent\nx,\ny,x\n",
        "city,country,population\nHamburg,DE,1.9M\n,DE,\nLyon,FR,0.5M\n",
    ])
    func wellFormedTablesReadTheSame(text: String) async throws {
        let indexed = try #require(IndexedTable(bytes: Array(text.utf8), delimiter: UInt8(ascii: ","), name: "t.csv", mapping: FieldMapping()))
        let found = try await differences(indexed, try full(text))
        #expect(found == [], "\(text)")
    }

    @Test func aTableWithoutIDsNumbersItsRowsAndTitlesThemByANameOrTheFirstField() async throws {
        let text = "city,country\nHamburg,DE\n,FR\n"
        let indexed = try #require(IndexedTable(bytes: Array(text.utf8), delimiter: UInt8(ascii: ","), name: "t.csv", mapping: FieldMapping()))
        #expect(try await indexed.root() == SourceRoot(id: "", isVirtual: true))
        let rows = try await indexed.children(of: "")
        #expect(rows.map(\.id) == ["1", "2"])
        #expect(rows.map(\.content.title) == ["Hamburg", "FR"])
        #expect(try await indexed.item("2").content.fields.map(\.value) == ["", "FR"])
        #expect(try await indexed.parentID(of: "1") == nil)
        await #expect(throws: SourceError.self) { try await indexed.item("01") }
        await #expect(throws: SourceError.self) { try await indexed.item("3") }
        var named = FieldMapping()
        named.id = ["key"]
        #expect(IndexedTable(bytes: Array(text.utf8), delimiter: UInt8(ascii: ","), name: "t.csv", mapping: named) == nil,
                "an id column named and missing is left to the builder, which says so")
    }

    @Test func tabsAndOtherIdColumns() async throws {
        var mapping = FieldMapping()
        mapping.id = ["key"]
        mapping.parent = ["up"]
        let text = "key\tup\tlabel\nr\t\tRoot\ns\tr\tSub\n"
        let indexed = try #require(IndexedTable(bytes: Array(text.utf8), delimiter: 0x09, name: "t.csv", mapping: mapping))
        #expect(try await differences(indexed, try full(text, delimiter: 0x09, mapping: mapping)) == [])
        #expect(try await indexed.root() == SourceRoot(id: "r", isVirtual: false))
    }

    @Test(arguments: [
        "id,parent\n1,\n2,1,extra\n",
        "id,parent\n1,\n1,\n",
        "id,parent\n1,\n,1\n",
        "id,parent\n1,\n2,9\n",
        "id,parent\n1,2\n2,1\n3,\n",
        "id,parent\n1,\"open\n",
        "id,parent\n1,x\"y\"\n",
        "id,parent\n1,\"x\"y\n",
        "id,parent\n1,\"a\rb\"\n",
        "id,parent\nK,\nchild,\u{212A}\n",
        "",
    ])
    func tablesWithProblemsAreLeftToTheBuilder(text: String) {
        #expect(IndexedTable(bytes: Array(text.utf8), delimiter: UInt8(ascii: ","), name: "t.csv", mapping: FieldMapping()) == nil)
    }

    @Test func aWideTableOpensThroughTheOpenerAndPages() async throws {
        let rows = (1...5_000).map { "r\($0),\($0 == 1 ? "" : "r1"),row \($0)" }.joined(separator: "\n")
        let path = "/tmp/arbor-indexed-\(rows.count).csv"
        try SourceFileFixture.write("id,parent,name\n" + rows + "\n", to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let opened = try SourceOpener.open(SourceRequest(path: path))
        #expect(opened.hierarchy is IndexedTable)
        let paged = try #require(try await opened.hierarchy.pagedChildren(of: "r1"))
        #expect(paged.count == 4_999)
        #expect(try await opened.hierarchy.children(of: "r1", in: 4_997..<5_000).map(\.content.title) == ["row 4999", "row 5000"])
        #expect(try await opened.hierarchy.position(of: "r4000", in: "r1") == 3_998)
    }
}

@Suite("The samples read the same through the indexes as through the full parsers")
struct SampleIndexTests {
    @Test(arguments: ["plant-maintenance.json", "world-cities.json"])
    func jsonSamplesAsDocuments(name: String) async throws {
        let bytes = try SourceFile.read(samplePath(name))
        let lazy = try #require(LazyJSONDocument(bytes: bytes, name: name))
        let full = JSONDocumentBuilder().hierarchy(from: try JSONDocument.parse(bytes), name: name)
        #expect(try await differences(lazy, full) == [])
    }

    @Test func theCSVSample() async throws {
        let bytes = try SourceFile.read(samplePath("org-chart.csv"))
        let indexed = try #require(IndexedTable(bytes: bytes, delimiter: UInt8(ascii: ","), name: "org-chart.csv", mapping: FieldMapping()))
        let table = try DelimitedTable.parse(bytes, delimiter: UInt8(ascii: ","))
        let full = try AdjacencyTableBuilder().hierarchy(from: table, name: "org-chart.csv").hierarchy
        #expect(try await differences(indexed, full) == [])
    }
}
