import ArborCore
import ArborPath
import Synchronization

/// Two versions of a document browsed as one tree of changes: each item added, removed, changed or unchanged,
/// each container counting the changes under it; unchanged items hidden until shown (``HiddenEntries``); the
/// changes in the order shown for the keys that go from one to the next (``ChangeNavigating``); both versions in
/// the preview.
package final class DiffHierarchy: HiddenEntries, ChangeNavigating, PreviewingItems {
    /// The name for the header line: both versions' names.
    package let displayName: String
    private let tree: DiffTree<IndexedValue>
    private let entryByID: [String: Int32]
    private let order: DiffChangeOrder
    private let showsUnchanged = Mutex(false)
    /// When two directories were compared, the files (paths under their tops) whose documents were.
    package let documents: Set<String>?

    /// Compares two versions, array elements matched by the field `matchBy` where they all hold it; `names` are
    /// theirs, for the header.
    package convenience init(old: JSONPathValue, new: JSONPathValue, names: (String, String), matchBy: String? = nil) {
        self.init(old: IndexedJSON(bytes: Array(old.compactJSON.utf8))!.top, new: IndexedJSON(bytes: Array(new.compactJSON.utf8))!.top,
                  names: names, matchBy: matchBy)
    }

    /// Compares two indexed versions.
    init(old: IndexedValue, new: IndexedValue, names: (String, String), matchBy: String? = nil, documents: Set<String>? = nil) {
        self.documents = documents
        displayName = names.0 == names.1 ? names.0 : names.0 + " → " + names.1
        tree = DiffTree(old, new, matchBy: matchBy)
        var byID: [String: Int32] = [:]
        byID.reserveCapacity(tree.entries.count)
        for (index, entry) in tree.entries.enumerated() { byID[entry.id] = Int32(index) }
        entryByID = byID
        order = DiffChangeOrder(tree.entries)
    }

    /// The difference as changes and a JSON Patch.
    package var difference: DocumentDifference { tree.difference }

    /// The JSON pointer of each change, in the order of ``difference``, without reading the values.
    /// Two directories' changes are named by path under their tops, and inside a document compared by the
    /// file's path, `#`, and the pointer in it (`conf/app.json#/spec/replicas`).
    package var changedPointers: [String] {
        let pointers = tree.difference(withValues: false).changes.map(\.pointer)
        guard let documents else { return pointers }
        return pointers.map { pointer in
            let segments = (JSONPointer.segments(pointer) ?? []).map(JSONPointer.unescape)
            var path = ""
            for (index, segment) in segments.enumerated() {
                path += (index == 0 ? "" : "/") + segment
                if documents.contains(path), index + 1 < segments.count {
                    return path + "#/" + segments[(index + 1)...].map(JSONPointer.escape).joined(separator: "/")
                }
            }
            return path
        }
    }

    /// The changes under each top-level item, in the order shown: the root's members, or in an object tree (a
    /// document whose root holds `children`, any hierarchy that is not a document) each child (`children/2`),
    /// with the title, name, label or id it holds; the root itself when it was replaced whole (item `""`).
    package var summary: [(item: String, name: String?, counts: ChangeCounts)] {
        let root = tree.entries[0]
        guard !root.isChange, let members = root.members else { return root.counts.isEmpty ? [] : [("", nil, root.counts)] }
        return members.compactMap(\.entry).flatMap { index -> [(item: String, name: String?, counts: ChangeCounts)] in
            let member = tree.entries[Int(index)]
            guard !member.counts.isEmpty else { return [] }
            if member.key == "children", !member.isChange, let children = member.members {
                return children.compactMap { $0.entry.map { tree.entries[Int($0)] } }.filter { !$0.counts.isEmpty }.map { child in
                    ("children/" + (JSONPointer.segments(String(child.pointer))?.last ?? ""), DiffValues.name(of: child.value), child.counts)
                }
            }
            return [(member.key ?? String(member.position), nil, member.counts)]
        }
    }

    /// Whether the two versions are equal.
    package var isEqual: Bool { tree.entries[0].counts.isEmpty }

    package var isDocument: Bool { true }
    package var pagesChildren: Bool { true }

    package func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: false) }

    package func numberOfChildren(of id: String) async throws -> Int? {
        switch try members(of: id) {
        case .entries(let slots, _): return slots.count
        case .values(let value, _, _): return value.memberCount
        }
    }

    /// The ids alone, without the items: a list's unchanged elements are named by their places.
    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        switch try members(of: id) {
        case .entries(let slots, let parent):
            let parentID = tree.entries[Int(parent)].id
            return slots[range.clamped(to: 0..<slots.count)].map { slot in
                slot.entry.map { tree.entries[Int($0)].id } ?? Self.memberID(key: nil, position: slot.unchangedPosition!, under: parentID)
            }
        case .values(let value, let parentID, _):
            return value.diffMembers(in: range).map { Self.memberID(key: $0.key, position: $0.position, under: parentID) }
        }
    }

    /// Found among the entry's members without making an item of each (the keys to the next change reveal it).
    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard case .entries(let slots, _) = try members(of: parentID) else {
            return try await childIDs(of: parentID, in: 0..<Int.max).firstIndex(of: childID)
        }
        if let entry = entryByID[childID] { return slots.firstIndex(of: .entry(entry)) }
        guard childID.hasPrefix(parentID + "/"), let position = Int(childID.dropFirst(parentID.count + 1)),
              position >= 0, position < Int(Int32.max) else { return nil }
        return slots.firstIndex(of: .unchanged(position))
    }

    package func parentID(of id: String) async throws -> String? {
        let place = try self.place(of: id)
        guard place.path.isEmpty else {
            return String(id[..<id.utf8.lastIndex(of: UInt8(ascii: "/"))!])
        }
        let parent = tree.entries[Int(place.entry)].parent
        return parent < 0 ? nil : tree.entries[Int(parent)].id
    }

    package func item(_ id: String) async throws -> SourceItem {
        let place = try self.place(of: id)
        let entry = tree.entries[Int(place.entry)]
        if place.path.isEmpty { return item(of: place.entry) }
        let value = try self.value(at: place)
        let title = place.titleIsIndex ? DiffValues.elementTitle(Int(place.path.last!) ?? 0, value)
            : DiffValues.memberTitle(JSONPointer.unescape(place.path.last!), value)
        return SourceItem(id: id, content: DiffContent.content(title: title, status: inherited(entry.status), old: entry.new == nil ? value : nil,
                                                               new: entry.new == nil ? nil : value, counts: ChangeCounts()),
                          childCount: value.memberCount)
    }

    package func children(of id: String) async throws -> [SourceItem] {
        try await children(of: id, in: 0..<Int.max)
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        switch try members(of: id) {
        case .entries(let slots, let parent):
            return items(of: slots[range.clamped(to: 0..<slots.count)], under: parent)
        case .values(let value, let parentID, let status):
            return value.diffMembers(in: range).map { memberItem($0, under: parentID, status: status) }
        }
    }

    /// The items of members an entry lists: entries as they are, unchanged elements read from the entry's value,
    /// a run of consecutive ones at a time.
    private func items(of slots: ArraySlice<DiffSlot>, under parent: Int32) -> [SourceItem] {
        let entry = tree.entries[Int(parent)]
        var items: [SourceItem] = []
        var start = slots.startIndex
        while start < slots.endIndex {
            guard let position = slots[start].unchangedPosition else {
                items.append(item(of: slots[start].entry!))
                start += 1
                continue
            }
            var end = start + 1
            while end < slots.endIndex, slots[end].unchangedPosition == position + (end - start) { end += 1 }
            items += entry.value.diffMembers(in: position..<(position + end - start)).map { memberItem($0, under: entry.id, status: .unchanged) }
            start = end
        }
        return items
    }

    /// A member of a value, which has no entry of its own, shown with `status`.
    private func memberItem(_ member: (key: String?, position: Int, value: IndexedValue), under parentID: String,
                            status: ChangeStatus) -> SourceItem {
        let title = member.key.map { DiffValues.memberTitle($0, member.value) } ?? DiffValues.elementTitle(member.position, member.value)
        return SourceItem(id: Self.memberID(key: member.key, position: member.position, under: parentID),
                          content: DiffContent.content(title: title, status: status, old: status == .removed ? member.value : nil,
                                                       new: status == .removed ? nil : member.value, counts: ChangeCounts()),
                          childCount: member.value.memberCount)
    }

    package func setShowsHidden(_ shows: Bool) -> Bool {
        showsUnchanged.withLock { current in
            defer { current = shows }
            return current != shows
        }
    }

    package func revealPath(toChangeFrom id: String?, forward: Bool) -> [String]? {
        guard let first = order.changes.first, let last = order.changes.last else { return nil }
        var target = forward ? first : last
        if let id, let place = try? place(of: id) {
            let element = place.path.first.map { Int($0) ?? 0 }
            let around = order.changes(around: order.place(after: place.entry, element: element, forward: forward))
            target = (forward ? around.next : around.previous) ?? target
        }
        var path: [String] = []
        var index = target
        while index >= 0 {
            path.append(tree.entries[Int(index)].id)
            index = tree.entries[Int(index)].parent
        }
        return path.reversed()
    }

    package func preview(of id: String, lines: Int) async throws -> ItemPreview {
        let place = try self.place(of: id)
        let entry = tree.entries[Int(place.entry)]
        guard place.path.isEmpty, entry.status == .changed, entry.isChange, let old = entry.old, let new = entry.new else {
            let shown = DiffValues.lines(of: try value(at: place), limit: lines)
            return ItemPreview(lines: shown.lines.map { PreviewLine($0) }, isCut: shown.isCut)
        }
        let before = DiffValues.lines(of: old, limit: max(1, lines / 2 - 1))
        let after = DiffValues.lines(of: new, limit: max(1, lines - before.lines.count - 2))
        let shown = [PreviewLine("before", .heading)] + before.lines.map { PreviewLine("− " + $0, .dim) }
            + [PreviewLine("after", .heading)] + after.lines.map { PreviewLine("+ " + $0) }
        return ItemPreview(lines: shown, isCut: before.isCut || after.isCut)
    }

    // MARK: Places

    /// An item of the tree: an entry, or a value under one (`path` the pointer segments below it).
    private struct Place {
        var entry: Int32
        var path: [Substring]
        /// Whether the last segment is an array's index.
        var titleIsIndex = false
    }

    /// What an item lists: members of an entry of the tree (those shown), or the members of a value, all of one status.
    private enum Members {
        case entries([DiffSlot], of: Int32)
        case values(IndexedValue, id: String, status: ChangeStatus)
    }

    private func place(of id: String) throws -> Place {
        var prefix = id[...]
        var path: [Substring] = []
        while true {
            if let entry = entryByID[String(prefix)] {
                var place = Place(entry: entry, path: path.reversed())
                if !path.isEmpty {
                    let parent = try value(at: Place(entry: entry, path: Array(place.path.dropLast())))
                    place.titleIsIndex = parent.kind == .array
                }
                return place
            }
            guard let slash = prefix.utf8.lastIndex(of: UInt8(ascii: "/")) else { throw SourceError("no item with id '\(id)'") }
            path.append(prefix[prefix.index(after: slash)...])
            prefix = prefix[..<slash]
        }
    }

    private func value(at place: Place) throws -> IndexedValue {
        var value = tree.entries[Int(place.entry)].value
        for segment in place.path {
            guard let member = value.member(segment) else { throw SourceError("no item at '\(segment)'") }
            value = member
        }
        return value
    }

    private func members(of id: String) throws -> Members {
        let place = try self.place(of: id)
        let entry = tree.entries[Int(place.entry)]
        if place.path.isEmpty, let members = entry.members {
            let shows = showsUnchanged.withLock { $0 }
            return .entries(shows ? members : members.filter(isShownHidden), of: place.entry)
        }
        return .values(try value(at: place), id: id, status: inherited(entry.status))
    }

    private func item(of index: Int32) -> SourceItem {
        let entry = tree.entries[Int(index)]
        let title = entry.parent < 0 ? displayName
            : entry.key.map { DiffValues.memberTitle($0, entry.value) } ?? DiffValues.elementTitle(entry.position, entry.value)
        let count = entry.members.map { members in
            showsUnchanged.withLock { $0 } ? members.count : members.count(where: isShownHidden)
        } ?? entry.value.memberCount
        return SourceItem(id: entry.id, content: DiffContent.content(title: title, status: entry.status, old: entry.old, new: entry.new,
                                                                     counts: entry.isChange ? ChangeCounts() : entry.counts),
                          childCount: count)
    }

    /// The id of a member that has no entry: its parent's id and its key, or its index in an array.
    private static func memberID(key: String?, position: Int, under parentID: String) -> String {
        parentID + "/" + (key.map(JSONPointer.escape) ?? String(position))
    }

    /// Whether a member is listed while unchanged items are hidden.
    private func isShownHidden(_ slot: DiffSlot) -> Bool {
        slot.entry.map { tree.entries[Int($0)].status != .unchanged } ?? false
    }

    /// The status of a value under an entry of this status.
    private func inherited(_ status: ChangeStatus) -> ChangeStatus {
        status == .changed ? .unchanged : status
    }
}
