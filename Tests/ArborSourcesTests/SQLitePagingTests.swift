import ArborCore
@testable import ArborSources
import Foundation
import Testing

@Suite("SQLite children read a page at a time by keyset")
struct SQLitePagingTests {
    /// `nodes(id, parent, name, rank)`: row 1 at the top with `count` children whose ranks tie in tens and
    /// are NULL for every 97th; ids are not in rank order.
    func makeDatabase(count: Int) throws -> String {
        try temporarySQLite { db in
            try db.execute(sql: "CREATE TABLE nodes(id INTEGER PRIMARY KEY, parent INTEGER, name TEXT, rank INTEGER)")
            try db.execute(sql: "CREATE INDEX nodes_parent ON nodes(parent)")
            try db.execute(sql: "INSERT INTO nodes VALUES (1, NULL, 'top', 0)")
            for index in 0..<count {
                let id = 2 + (index * 7_919) % count
                let rank: SQLiteValue = index % 97 == 0 ? .null : .integer(Int64((count - index) / 10))
                try db.execute(sql: "INSERT INTO nodes VALUES (?, 1, ?, ?)", arguments: [.integer(Int64(id)), .text("n\(id)"), rank])
            }
        }
    }

    @Test(arguments: [nil, "rank"])
    func pagesInAnyOrderAgreeWithTheWholeList(orderBy: String?) async throws {
        let path = try makeDatabase(count: 5_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try openNodesTable(path, orderBy: orderBy)
        let whole = try await source.children(of: "1").map(\.id)
        let paged = try #require(try await source.pagedChildren(of: "1"))
        #expect(paged.count == 5_000)
        #expect(paged.first.map(\.id) == Array(whole[0..<256]))
        for range in [4_744..<5_000, 256..<512, 4_488..<4_744, 2_000..<2_256, 2_256..<2_512, 1_000..<1_256, 4_999..<5_000] {
            #expect(try await source.children(of: "1", in: range).map(\.id) == Array(whole[range]), "\(range)")
        }
        for position in [0, 1, 2_345, 4_999] {
            #expect(try await source.position(of: whole[position], in: "1") == position)
        }
        #expect(try await source.position(of: "1", in: "1") == nil)
    }

    @Test func theWholeListIsInIdOrderAndChildCountsCome() async throws {
        let path = try makeDatabase(count: 3_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try openNodesTable(path)
        let ids = try await source.children(of: "1", in: 0..<3_000).map { Int($0.id)! }
        #expect(ids == Array(2..<3_002))
        let top = try await source.children(of: "", in: 0..<10)
        #expect(top.map(\.id) == ["1"])
        #expect(top.first?.childCount == nil, "past a thousand: asked in the background")
        #expect(source is any BackgroundCounting)
        #expect(try await source.numberOfChildren(of: "1") == 3_000)
    }

    @Test(arguments: [ChildPaging.listedCountLimit, ChildPaging.listedCountLimit + 1])
    func aListingCountsUpToTheLimit(count: Int) async throws {
        let path = try makeDatabase(count: count)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let top = try await openNodesTable(path).children(of: "")
        #expect(top.first?.childCount == (count > ChildPaging.listedCountLimit ? nil : count))
        #expect(try await openNodesTable(path).children(of: "1").first?.childCount == 0)
    }
}

@Suite("Keyset plans skip only the rows between a page and the nearest known row")
struct KeysetPlanTests {
    @Test func plansStartFromTheNearestKnownRowOrEnd() {
        var anchors = KeysetAnchors<[SQLiteValue]>(count: 1_000_000)
        #expect(anchors.plan(for: 0..<256).skip == 0)
        let end = anchors.plan(for: 999_744..<1_000_000)
        #expect(end.descending && end.after == nil && end.skip == 0)
        anchors.record(start: 0, first: [.integer(1)], last: [.integer(256)], rows: 256)
        let next = anchors.plan(for: 256..<512)
        #expect(!next.descending && next.after == [.integer(256)] && next.skip == 0)
        anchors.record(start: 999_744, first: [.integer(999_745)], last: [.integer(1_000_000)], rows: 256)
        let before = anchors.plan(for: 999_488..<999_744)
        #expect(before.descending && before.after == [.integer(999_745)] && before.skip == 0)
        let middle = anchors.plan(for: 500_000..<500_256)
        #expect(middle.skip == 999_744 - 500_256)
        #expect(middle.descending, "the known row after it is nearer than the one before")
    }
}
