import ArborCore
import ArborSources
import Testing

@Suite("CSV and TSV adjacency tables")
struct AdjacencyTableTests {
    func table(_ text: String, delimiter: Character = ",") throws -> DelimitedTable {
        try DelimitedTable.parse(Array(text.utf8), delimiter: delimiter.asciiValue!)
    }

    func build(_ text: String, mapping: FieldMapping = FieldMapping()) throws -> (StaticHierarchy, [String]) {
        let built = try AdjacencyTableBuilder(mapping: mapping).hierarchy(from: try table(text), name: "t.csv")
        return (built.hierarchy, built.problems)
    }

    @Test func quotingFollowsRFC4180AndRowsKnowTheirLines() throws {
        let parsed = try table("a,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\"\n\n2,\"two\nlines\",\n3,,")
        #expect(parsed.rows.map(\.fields) == [["a", "b", "c"], ["1", "x, y", "say \"hi\""], ["2", "two\nlines", ""], ["3", "", ""]])
        #expect(parsed.rows.map(\.line) == [1, 2, 4, 6])
        #expect(try table("a\tb\n1\t2", delimiter: "\t").rows.map(\.fields) == [["a", "b"], ["1", "2"]])
    }

    @Test(arguments: [
        ("a,b\n1,\"open", "line 2: a quoted field is never closed"),
        ("a,b\n1,x\"y\"", "line 2: a quote inside an unquoted field (quote the whole field)"),
        ("a,b\n1,\"x\"y", "line 2: text after a closing quote"),
    ])
    func malformedQuotingIsAnError(text: String, message: String) {
        #expect(throws: SourceLoadError(message)) { try table(text) }
    }

    @Test func rowsFormTheHierarchyInRowOrder() async throws {
        let (source, problems) = try build("id,parent,name,type\n1,,Plant,Site\n2,1,Pump,Equipment\n3,1,Tower,Equipment\n4,3,Fan,\n")
        #expect(problems.isEmpty)
        #expect(try await source.root() == SourceRoot(id: "1", isVirtual: false))
        #expect(try await source.children(of: "1").map(\.content.title) == ["Pump", "Tower"])
        #expect(try await source.item("2").content.subtitle == "Equipment")
        #expect(try await source.parentID(of: "4") == "3")
        #expect(try await source.parentID(of: "1") == nil)
    }

    @Test func problemsAreReportedAndTheirRowsStayBrowsable() async throws {
        let (source, problems) = try build(
            "id,parent,name\n1,,A\n2,9,Orphan\n3,4,Loop\n4,3,Loop2\n5,3,UnderLoop\n1,,Again\n6,1\n,1,NoId\n")
        #expect(problems == [
            "line 3: parent '9' of '2' does not exist",
            "line 4: '3' is in a cycle of parents",
            "line 5: '4' is in a cycle of parents",
            "line 7: id '1' is already on line 2",
            "line 8: 2 fields, the header has 3",
            "line 9: empty id",
        ])
        let root = try #require(try await source.root())
        #expect(root.isVirtual)
        let top = try await source.children(of: root.id)
        #expect(top.map(\.content.title) == ["⚠ 5 rows with problems", "A"])
        let group = try await source.children(of: top[0].id)
        #expect(group.map(\.content.title) == ["Orphan", "Loop", "Loop2", "Again", "NoId"])
        #expect(try await source.children(of: "3").map(\.content.title) == ["UnderLoop"])
        #expect(try await source.children(of: "1").map(\.id) == ["6"])
    }

    /// A row with more fields than the header keeps the extra ones, named by their place (first-hour item 11).
    @Test func fieldsPastTheHeaderAreKeptAndNamedByTheirPlace() async throws {
        let (source, problems) = try build("id,name\n1,Pump,left over,and more\n2,Valve\n")
        #expect(problems == ["line 2: 4 fields, the header has 2"])
        let fields = try await source.item("1").content.fields.map { "\($0.name)=\($0.value)" }
        #expect(fields == ["id=1", "name=Pump", "column 3=left over", "column 4=and more"])
        #expect(try await source.item("2").content.fields.count == 2)
    }

    @Test func columnsCanBeNamedAndAMissingIdColumnIsAnError() async throws {
        var mapping = FieldMapping()
        mapping.id = ["key"]
        mapping.parent = ["up"]
        mapping.title = ["label"]
        let (source, _) = try build("key,up,label\na,,Top\nb,a,Child\nc,,Other\n", mapping: mapping)
        #expect(try await source.children(of: "a").map(\.content.title) == ["Child"])
        #expect(throws: SourceLoadError("line 1: no id column 'key' (columns: name, size); name it with --id")) {
            try build("name,size\nx,1\n", mapping: mapping)
        }
        let (numbered, _) = try build("name,size\nx,1\ny,2\n")
        #expect(try await numbered.children(of: "").map(\.id) == ["1", "2"], "without an id column the rows are numbered")
        #expect(throws: SourceLoadError("the table is empty (no header row)")) { try build("") }
    }
}
