import ArborCore
import ArborPath
@testable import ArborSources
import Testing

@Suite("The tree of changes between two documents")
struct DiffHierarchyTests {
    let old = #"{"name": "api", "replicas": 2, "ports": [80, 443], "env": {"A": "1", "B": "2"}, "gone": {"x": [1, 2]}, "kind": [1]}"#
    let new = #"{"name": "api", "replicas": 3, "ports": [80, 8080, 443], "env": {"A": "1", "B": "3"}, "added": {"y": {"z": true}}, "kind": {"k": 1}}"#

    func difference() throws -> DiffHierarchy {
        DiffHierarchy(old: try JSONPathValue(parsing: old), new: try JSONPathValue(parsing: new), names: ("a.json", "b.json"))
    }

    func summary(_ items: [SourceItem]) -> [String] {
        items.map { "\($0.content.icon)\($0.content.title) \($0.content.change?.rawValue ?? "")" }
    }

    @Test func theRootCountsEveryChangeAndListsOnlyWhatChanged() async throws {
        let tree = try difference()
        let root = try await tree.item("")
        #expect(root.content.title == "a.json → b.json")
        #expect(root.content.changeCounts == ChangeCounts(added: 2, removed: 1, changed: 3))
        #expect(root.content.changeCounts?.text == "+2 −1 ~3")
        let children = try await tree.children(of: "")
        #expect(summary(children) == ["~replicas changed", "~ports changed", "~env changed", "−gone removed", "+added added", "~kind changed"])
        #expect(children.map(\.id) == ["/replicas", "/ports", "/env", "-/gone", "/added", "/kind"])
        #expect(try await tree.numberOfChildren(of: "") == 6)
        let replicas = children[0].content
        #expect(replicas.scalar == ScalarValue(.number, "3"))
        #expect(replicas.previousScalar == ScalarValue(.number, "2"))
        #expect(replicas.body == "2 → 3")
        #expect(children[2].content.changeCounts == ChangeCounts(changed: 1))
        #expect(children[3].content.changeCounts == nil, "a value removed is one change; its icon counts its members")
        #expect(children[3].childCount == 1)
    }

    @Test func unchangedItemsShowOnlyWhenAsked() async throws {
        let tree = try difference()
        #expect(tree.setShowsHidden(true))
        #expect(!tree.setShowsHidden(true), "asking again changes nothing")
        let children = try await tree.children(of: "")
        #expect(children.first?.content.title == "name")
        #expect(children.first?.content.change == .unchanged)
        #expect(children.first?.content.icon == "")
        #expect(try await tree.numberOfChildren(of: "") == 7)
        #expect(summary(try await tree.children(of: "/env")) == ["A unchanged", "~B changed"])
        #expect(tree.setShowsHidden(false))
        #expect(summary(try await tree.children(of: "/env")) == ["~B changed"])
    }

    @Test func anInsertedElementLeavesTheOthersMatched() async throws {
        let tree = try difference()
        #expect(summary(try await tree.children(of: "/ports")) == ["+[1] added"])
        _ = tree.setShowsHidden(true)
        let ports = try await tree.children(of: "/ports")
        #expect(summary(ports) == ["[0] unchanged", "+[1] added", "[2] unchanged"])
        #expect(ports.map(\.id) == ["/ports/0", "/ports/1", "/ports/2"])
    }

    @Test func valuesUnderAnAddedOrRemovedOneAreListedFromTheValueWithItsStatus() async throws {
        let tree = try difference()
        let added = try await tree.children(of: "/added")
        #expect(summary(added) == ["+y added"])
        #expect(added[0].id == "/added/y")
        #expect(summary(try await tree.children(of: "/added/y")) == ["+z added"])
        #expect(try await tree.item("/added/y/z").content.scalar == ScalarValue(.boolean, "true"))
        #expect(try await tree.parentID(of: "/added/y/z") == "/added/y")
        #expect(try await tree.parentID(of: "/added") == "")
        let removed = try await tree.children(of: "-/gone/x")
        #expect(summary(removed) == ["−[0] removed", "−[1] removed"])
        #expect(removed.map(\.id) == ["-/gone/x/0", "-/gone/x/1"])
        await #expect(throws: SourceError.self) { try await tree.item("/gone") }
    }

    @Test func aValueReplacedByAnotherKindShowsTheOldMembersRemovedAndTheNewAdded() async throws {
        let tree = try difference()
        let kind = try await tree.item("/kind")
        #expect(kind.content.subtitle == "array → object")
        #expect(kind.content.body == "[1 item] → {1 key}")
        #expect(summary(try await tree.children(of: "/kind")) == ["−[0] removed", "+k added"])
    }

    @Test func theKeysGoFromChangeToChangeInTheOrderShownAndWrapAround() throws {
        let tree = try difference()
        var paths: [[String]] = []
        var at: String? = nil
        for _ in 0..<8 {
            guard let path = tree.revealPath(toChangeFrom: at, forward: true) else { break }
            paths.append(path)
            at = path.last
        }
        #expect(paths.map { $0.last! } == ["/replicas", "/ports/1", "/env/B", "-/gone", "/added", "/kind", "/replicas", "/ports/1"])
        #expect(paths[2] == ["", "/env", "/env/B"])
        #expect(tree.revealPath(toChangeFrom: "/replicas", forward: false)?.last == "/kind")
        #expect(tree.revealPath(toChangeFrom: "/env", forward: false)?.last == "/ports/1")
        #expect(tree.revealPath(toChangeFrom: "/added/y/z", forward: false)?.last == "/added", "from inside a change, back to it")
        #expect(tree.revealPath(toChangeFrom: "/added/y/z", forward: true)?.last == "/kind")
        let same = DiffHierarchy(old: .number(1), new: .number(1), names: ("a", "a"))
        #expect(same.isEqual)
        #expect(same.revealPath(toChangeFrom: nil, forward: true) == nil)
    }

    /// A list of 40 named elements; the second changes elements 5 and 30, inserts one at 12 and removes the old 20.
    func longList() throws -> DiffHierarchy {
        let elements = (0..<40).map { JSONPathValue.object([("name", .string("n\($0)")), ("v", .number(JSONNumber(Double($0))))]) }
        var changed = elements
        changed[5] = .object([("name", .string("n5")), ("v", .number(500))])
        changed[30] = .object([("name", .string("n30")), ("v", .number(300))])
        changed.remove(at: 20)
        changed.insert(.object([("name", .string("new"))]), at: 12)
        return DiffHierarchy(old: .object([("items", .array(elements))]), new: .object([("items", .array(changed))]), names: ("a", "b"))
    }

    @Test func unchangedElementsOfALongListAreListedInTheirPlacesBetweenTheChanges() async throws {
        let tree = try longList()
        #expect(try await tree.item("").content.changeCounts == ChangeCounts(added: 1, removed: 1, changed: 2))
        #expect(try await tree.children(of: "/items").map(\.id) == ["/items/5", "/items/12", "-/items/20", "/items/30"])
        _ = tree.setShowsHidden(true)
        let all = try await tree.children(of: "/items")
        let expected = (0..<5).map { "/items/\($0)" } + ["/items/5"] + (6..<12).map { "/items/\($0)" } + ["/items/12"]
            + (13..<21).map { "/items/\($0)" } + ["-/items/20"] + (21..<40).map { "/items/\($0)" }
        #expect(all.map(\.id) == expected)
        #expect(try await tree.numberOfChildren(of: "/items") == 41)
        #expect(all[7].content.title == "[7] n7" && all[7].content.change == .unchanged && all[7].childCount == 2)
        #expect(all[14].content.title == "[14] n13", "an element after the insertion is shown at its place in the second version")
        #expect(summary([all[5], all[12], all[21], all[31]]) == ["~[5] n5 changed", "+[12] new added", "−[20] n20 removed", "~[30] n30 changed"])
        #expect(try await tree.children(of: "/items", in: 10..<15).map(\.id) == Array(expected[10..<15]))
        #expect(try await tree.children(of: "/items", in: 20..<23).map(\.id) == Array(expected[20..<23]))
        let seventh = try await tree.item("/items/7")
        #expect(seventh.content.title == "[7] n7" && seventh.content.change == .unchanged)
        #expect(try await tree.parentID(of: "/items/7") == "/items")
        #expect(summary(try await tree.children(of: "/items/7")) == ["name unchanged", "v unchanged"])
        await #expect(throws: SourceError.self) { try await tree.item("/items/40") }
        #expect(try await tree.childIDs(of: "/items", in: 10..<23) == Array(expected[10..<23]))
        for (index, id) in expected.enumerated() { #expect(try await tree.position(of: id, in: "/items") == index) }
        for id in ["/items/-5", "/items/99999999999", "/items/x", "/other/7", "/items/40"] {
            #expect(try await tree.position(of: id, in: "/items") == nil, "\(id)")
        }
        #expect(try await tree.position(of: "/items/7/v", in: "/items/7") == 1, "under an element, from its members")
        _ = tree.setShowsHidden(false)
        #expect(try await tree.position(of: "/items/7", in: "/items") == nil)
        #expect(try await tree.position(of: "-/items/20", in: "/items") == 2)
    }

    @Test func anEqualElementHasNoEntryAndListsTheSameMatchedByAField() async throws {
        let elements = (0..<40).map { JSONPathValue.object([("name", .string("n\($0)")), ("v", .number(JSONNumber(Double($0))))]) }
        var changed = elements
        changed[5] = .object([("name", .string("n5")), ("v", .number(500))])
        let tree = DiffTree(JSONPathValue.array(elements), .array(changed))
        #expect(tree.entries.map(\.id) == ["", "/5", "/5/name", "/5/v"], "the 39 equal elements have no entries")
        #expect(tree.entries[0].members?.count == 40)
        let byName = DiffHierarchy(old: .object([("items", .array(elements))]), new: .object([("items", .array(changed))]),
                                   names: ("a", "b"), matchBy: "name")
        _ = byName.setShowsHidden(true)
        #expect(try await byName.children(of: "/items").map(\.id) == (0..<40).map { "/items/\($0)" })
        #expect(try await byName.item("/items/5").content.change == .changed && byName.revealPath(toChangeFrom: "/items/9", forward: false)?.last == "/items/5/v")
    }

    @Test func fromAnUnchangedElementTheKeysGoToTheChangesBesideIt() throws {
        let tree = try longList()
        func next(_ id: String, _ forward: Bool) -> String? { tree.revealPath(toChangeFrom: id, forward: forward)?.last }
        #expect(next("/items/8", true) == "/items/12")
        #expect(next("/items/8", false) == "/items/5/v")
        #expect(next("/items/8/name", true) == "/items/12", "from inside an unchanged element, as from the element")
        #expect(next("/items/20", true) == "-/items/20", "the element before a removal, then the removal")
        #expect(next("/items/20", false) == "/items/12")
        #expect(next("/items/21", false) == "-/items/20")
        #expect(next("/items/25", true) == "/items/30/v")
        #expect(next("/items/35", true) == "/items/5/v", "past the last change, round to the first")
        #expect(next("/items/2", false) == "/items/30/v", "before the first change, round to the last")
        #expect(tree.revealPath(toChangeFrom: "/items/8", forward: true) == ["", "/items", "/items/12"])
    }

    @Test func thePreviewShowsBothVersionsOfAChange() async throws {
        let tree = try difference()
        let preview = try await tree.preview(of: "/kind", lines: 20)
        #expect(preview.lines.map(\.text) == ["before", "− [", "−   1", "− ]", "after", "+ {", "+   \"k\": 1", "+ }"])
        let added = try await tree.preview(of: "/added", lines: 20)
        #expect(added.lines.map(\.text) == ["{", "  \"y\": {", "    \"z\": true", "  }", "}"])
        let cut = try await tree.preview(of: "/added", lines: 2)
        #expect(cut.isCut && cut.lines.count == 2)
    }

    @Test func theDifferenceAndItsPatchComeFromTheSameTree() throws {
        let tree = try difference()
        let patch = tree.difference.patch
        #expect(patch.map(\.op) == ["remove", "add", "replace", "add", "replace", "replace"])
        #expect(tree.difference.changes.map(\.pointer) == ["/gone", "/added", "/replicas", "/ports/1", "/env/B", "/kind"])
    }
}
