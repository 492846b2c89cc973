import ArborCore
@testable import ArborTUI
import Synchronization
import Testing

/// A list whose titles a test renames while the browser shows it; each item has two children.
final class RenamingList: HierarchySource {
    let displayName = "renaming"
    private let titles: Mutex<[String: String]>
    let ids: [String]

    init(_ ids: [String]) {
        self.ids = ids
        titles = Mutex(Dictionary(uniqueKeysWithValues: ids.map { ($0, $0) }))
    }

    /// Gives an item another title; the browser hears of it as a change of the item.
    func rename(_ id: String, to title: String) { titles.withLock { $0[id] = title } }

    func childIDs(under id: String) -> [String] { id.isEmpty ? ids : id.contains("/") ? [] : [id + "/x", id + "/y"] }
    func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }
    func numberOfChildren(of id: String) async throws -> Int? { childIDs(under: id).count }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let all = childIDs(under: id)
        return Array(all[range.clamped(to: 0..<all.count)])
    }
    func parentID(of id: String) async throws -> String? { id.isEmpty ? nil : id.split(separator: "/").dropLast().joined(separator: "/") }
    func item(_ id: String) async throws -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: titles.withLock { $0[id] } ?? id), childCount: childIDs(under: id).count)
    }
}

/// A column's width is measured again only when its first items or their contents change: every layout must equal
/// one measured afresh.
@Suite("Column widths kept from the last frames")
struct ColumnWidthMemoTests {
    /// The layout of the driver's state with what the memo keeps, and measured afresh; expects them equal.
    @discardableResult
    func expectSameAsMeasuredAfresh(_ driver: ScreenDriver, width: Int, height: Int, after step: String) -> [Int] {
        let screen = driver.controller.screen
        let kept = screen.layout(for: driver.controller.state, width: width, height: height).columns
        screen.widthMemo.forget()
        let afresh = screen.layout(for: driver.controller.state, width: width, height: height).columns
        #expect(kept == afresh, "after \(step): \(kept.map(\.width)) kept, \(afresh.map(\.width)) measured afresh")
        return afresh.map(\.width)
    }

    @Test func everyLayoutOfABrowsingSessionEqualsOneMeasuredAfresh() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        expectSameAsMeasuredAfresh(driver, width: 120, height: 40, after: "start")
        let keys: [(String, [Key])] = [
            ("Down", [.down]), ("Right", [.right]), ("Down", [.down]), ("Right", [.right]), ("Left", [.left]), ("End", [.end]),
            ("a filter", [.character("/"), .character("b")]), ("Esc", [.escape]), ("Left", [.left]), ("Home", [.home]),
        ]
        for (name, sequence) in keys {
            for key in sequence { await driver.press(key) }
            expectSameAsMeasuredAfresh(driver, width: 120, height: 40, after: name)
            expectSameAsMeasuredAfresh(driver, width: 120, height: 40, after: name + ", measured twice")
        }
        for (width, height) in [(90, 30), (200, 50), (120, 40)] {
            await driver.resize(width: width, height: height)
            expectSameAsMeasuredAfresh(driver, width: width, height: height, after: "a resize to \(width)x\(height)")
        }
    }

    @Test func aTitleChangedInPlaceWidensItsColumn() async throws {
        let list = RenamingList(["alpha", "beta", "gamma"])
        var driver = await ScreenDriver(list, name: "renaming", width: 120, height: 20)
        await driver.press(.right)
        let before = expectSameAsMeasuredAfresh(driver, width: 120, height: 20, after: "Right")
        _ = expectSameAsMeasuredAfresh(driver, width: 120, height: 20, after: "Right, measured twice")
        list.rename("gamma", to: "gamma, now with a title far longer than the others")
        await driver.send(.sourceChange(.itemsChanged(["gamma"])))
        #expect(driver.lines.contains { $0.contains("gamma, now with a title") })
        let after = expectSameAsMeasuredAfresh(driver, width: 120, height: 20, after: "the rename")
        #expect(after.first ?? 0 > before.first ?? 0, "the first column widens for its longer title: \(before) → \(after)")
    }

    /// A reload reads everything into a new store, whose nodes take the same handles in the same order: what was
    /// measured of the last store's must not pass for the new one's.
    @Test func aTitleChangedAcrossAReloadWidensItsColumn() async throws {
        let list = RenamingList(["alpha", "beta", "gamma"])
        var driver = await ScreenDriver(list, name: "renaming", width: 120, height: 20)
        await driver.press(.right)
        let before = expectSameAsMeasuredAfresh(driver, width: 120, height: 20, after: "Right")
        _ = driver.controller.render()
        list.rename("gamma", to: "gamma, now with a title far longer than the others")
        await driver.send(.sourceChange(.reloaded))
        #expect(driver.lines.contains { $0.contains("gamma, now with a title") })
        let after = expectSameAsMeasuredAfresh(driver, width: 120, height: 20, after: "the reload")
        #expect(after.first ?? 0 > before.first ?? 0, "the first column widens for its longer title: \(before) → \(after)")
    }
}
