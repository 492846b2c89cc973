import ArborCore
import ArborSources
import Foundation
import Testing

/// `--group-by` makes a hierarchy of any flat table from the values of its columns.
@Suite("Tables grouped by their columns")
struct GroupedSourceTests {
    let cities = "city,country,pop\nHamburg,DE,1.9\nLyon,FR,0.5\nBerlin,DE,3.6\nParis,FR,2.1\nNice,,0.3\n"

    func open(_ text: String, by columns: String) throws -> (source: any HierarchySource, path: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-group-\(UUID().uuidString).csv").path
        try SourceFileFixture.write(text, to: path)
        var request = SourceRequest(path: path)
        request.settings["group-by"] = columns
        return (try SourceOpener.open(request).hierarchy, path)
    }

    @Test func eachDistinctValueIsALevelAndTheRowsAreUnderTheLast() async throws {
        let (source, path) = try open(cities, by: "country,city")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await source.root() == SourceRoot(id: "=", isVirtual: true))
        let top = try await source.children(of: "=")
        #expect(top.map(\.content.title) == ["DE", "FR", "(empty)"], "in the order they first appear")
        #expect(top.map(\.childCount) == [2, 2, 1])
        #expect(top.map(\.id) == ["=/DE", "=/FR", "=/"])
        #expect(try await source.children(of: "=/DE").map(\.content.title) == ["Hamburg", "Berlin"])
        let rows = try await source.children(of: "=/DE/Berlin")
        #expect(rows.map(\.id) == ["3"])
        #expect(rows.first?.value(of: "pop") == "3.6")
        #expect(try await source.parentID(of: "3") == "=/DE/Berlin")
        #expect(try await source.parentID(of: "=/DE/Berlin") == "=/DE")
        #expect(try await source.parentID(of: "=/DE") == "=")
        #expect(try await source.item("=/DE").content.body == "2 groups")
    }

    @Test func aMissingColumnIsNamedWithTheColumnsThereAre() async throws {
        let (source, path) = try open(cities, by: "state")
        defer { try? FileManager.default.removeItem(atPath: path) }
        await #expect(throws: SourceError.self) { try await source.children(of: "=") }
        do {
            _ = try await source.children(of: "=")
        } catch let error as SourceError {
            #expect(error.message.hasSuffix("no column 'state' to group by (columns: city, country, pop)"))
        }
    }
}
