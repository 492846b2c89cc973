import ArborCore
import ArborPath

/// Two versions of a document compared into one tree: members matched by key (their order ignored), elements
/// by position aligned around insertions and removals (``ArrayAlignment``), scalars by value. Only containers
/// that differ are walked member by member; an equal value is one entry whatever its size, and an equal element
/// of an array compared element by element none (``DiffSlot``). Built iteratively, so a deep document cannot
/// exhaust the stack.
package struct DiffTree<Value: DiffableValue>: Sendable {
    /// Every entry; the top value is entry 0, and an entry's members come after it.
    private(set) var entries: [DiffEntry<Value>] = []

    /// The field whose value matches array elements (objects that all hold it, once each), if one does.
    let matchBy: String?

    /// Compares `old` with `new`, array elements matched by the field `matchBy` where they can be.
    package init(_ old: Value, _ new: Value, matchBy: String? = nil) {
        self.matchBy = matchBy
        entries.append(DiffEntry(id: "", key: nil, position: 0, status: .unchanged, old: old, new: new, parent: -1,
                                 isChange: false))
        let memo = EqualityMemo()
        var pending: [Int32] = [0]
        while let index = pending.popLast() {
            pending += compare(index, memo: memo).reversed()
        }
        for index in entries.indices.reversed() {
            if entries[index].isChange { entries[index].counts = entries[index].counts + Self.own(entries[index].status) }
            let parent = Int(entries[index].parent)
            if parent >= 0 { entries[parent].counts = entries[parent].counts + entries[index].counts }
        }
    }

    private static func own(_ status: ChangeStatus) -> ChangeCounts {
        switch status {
        case .added: return ChangeCounts(added: 1)
        case .removed: return ChangeCounts(removed: 1)
        case .changed: return ChangeCounts(changed: 1)
        case .unchanged: return ChangeCounts()
        }
    }

    /// Settles the status of an entry holding both versions and adds its members; returns the members to compare.
    private mutating func compare(_ index: Int32, memo: EqualityMemo) -> [Int32] {
        let entry = entries[Int(index)]
        guard let old = entry.old, let new = entry.new, !Value.equal(old, new, memo: memo) else { return [] }
        entries[Int(index)].status = .changed
        switch (old.kind, new.kind) {
        case (.object, .object):
            return compareMembers(old.diffMembers, new.diffMembers, of: index)
        case (.array, .array):
            return compareElements(old.diffElements, new.diffElements, of: index, memo: memo)
        default:
            entries[Int(index)].isChange = true
            showReplaced(index)
            return []
        }
    }

    /// The members of two objects: the second's in its order, each removed one after the member it followed in
    /// the first.
    private mutating func compareMembers(_ left: [(key: String?, value: Value)], _ right: [(key: String?, value: Value)],
                                         of parent: Int32) -> [Int32] {
        let rightKeys = Set(right.map { $0.key ?? "" })
        let leftByKey = Dictionary(left.map { ($0.key ?? "", $0.value) }, uniquingKeysWith: { first, _ in first })
        var leading: [Int] = []
        var following: [String: [Int]] = [:]
        var previous: String?
        for (position, member) in left.enumerated() {
            if rightKeys.contains(member.key ?? "") {
                previous = member.key
            } else if let previous {
                following[previous, default: []].append(position)
            } else {
                leading.append(position)
            }
        }
        let pointer = entries[Int(parent)].id
        var members: [DiffSlot] = []
        var compared: [Int32] = []
        func removed(_ position: Int) {
            members.append(.entry(add(DiffEntry(id: "-" + pointer + "/" + JSONPointer.escape(left[position].key ?? ""), key: left[position].key,
                                                position: position, status: .removed, old: left[position].value, parent: parent, isChange: true))))
        }
        leading.forEach(removed)
        for (position, member) in right.enumerated() {
            let key = member.key ?? ""
            let id = pointer + "/" + JSONPointer.escape(key)
            if let earlier = leftByKey[key] {
                let child = add(DiffEntry(id: id, key: member.key, position: position, status: .unchanged, old: earlier, new: member.value,
                                          parent: parent, isChange: false))
                members.append(.entry(child))
                compared.append(child)
                following[key]?.forEach(removed)
            } else {
                members.append(.entry(add(DiffEntry(id: id, key: member.key, position: position, status: .added,
                                                    new: member.value, parent: parent, isChange: true))))
            }
        }
        entries[Int(parent)].members = members
        return compared
    }

    /// The elements of two arrays in the order of a unified diff: each run of removed elements before the
    /// added ones that took its place, between the elements paired.
    private mutating func compareElements(_ left: [Value], _ right: [Value], of parent: Int32, memo: EqualityMemo) -> [Int32] {
        let alignment = matchBy.flatMap { field in KeyedAlignment.align(left.map { key($0, field) }, right.map { key($0, field) }) }
            ?? ArrayAlignment(left, right, limit: DocumentDiff.alignmentLimit, hash: { $0.alignmentHash }) { Value.equal($0, $1, memo: memo) }
        let pointer = entries[Int(parent)].id
        var members: [DiffSlot] = []
        members.reserveCapacity(right.count)
        var compared: [Int32] = []
        var from = (0, 0)
        for (i, j) in alignment.pairs + [(left.count, right.count)] {
            for position in from.0..<i {
                members.append(.entry(add(DiffEntry(id: "-" + pointer + "/\(position)", key: nil, position: position, status: .removed,
                                                    old: left[position], parent: parent, isChange: true))))
            }
            for position in from.1..<j {
                members.append(.entry(add(DiffEntry(id: pointer + "/\(position)", key: nil, position: position, status: .added,
                                                    new: right[position], parent: parent, isChange: true))))
            }
            guard i < left.count else { break }
            if Value.equal(left[i], right[j], memo: memo) {
                members.append(.unchanged(j))
            } else {
                let child = add(DiffEntry(id: pointer + "/\(j)", key: nil, position: j, status: .unchanged, old: left[i], new: right[j],
                                          parent: parent, isChange: false))
                members.append(.entry(child))
                compared.append(child)
            }
            from = (i + 1, j + 1)
        }
        entries[Int(parent)].members = members
        return compared
    }

    /// An element's value of the field it is matched by: a scalar's JSON; nil when it is not an object holding one.
    private func key(_ element: Value, _ field: String) -> String? {
        guard element.kind == .object, let value = element.member(Substring(JSONPointer.escape(field))), !value.isContainer else { return nil }
        return value.json.compactJSON
    }

    /// Under a value replaced by another, the first's members shown removed and the second's added (not counted:
    /// the replacement is the one change).
    private mutating func showReplaced(_ index: Int32) {
        let entry = entries[Int(index)]
        var members: [DiffSlot] = []
        for (side, value) in [(ChangeStatus.removed, entry.old), (.added, entry.new)] {
            for member in value!.diffMembers(in: 0..<Int.max) {
                let segment = member.key.map(JSONPointer.escape) ?? String(member.position)
                members.append(.entry(add(DiffEntry(id: (side == .removed ? "-" : "") + entry.id + "/" + segment, key: member.key,
                                                    position: member.position, status: side, old: side == .removed ? member.value : nil,
                                                    new: side == .added ? member.value : nil, parent: index, isChange: false))))
            }
        }
        if !members.isEmpty { entries[Int(index)].members = members }
    }

    private mutating func add(_ entry: DiffEntry<Value>) -> Int32 {
        entries.append(entry)
        return Int32(entries.count - 1)
    }

    /// The difference as changes and a JSON Patch: in each container compared, its removals (an array's from
    /// the last), its additions, then the changes inside its members in order, depth first.
    package var difference: DocumentDifference { difference(withValues: true) }

    /// The difference; without values, only the pointers and kinds (values are read from the documents, which
    /// costs what they weigh).
    package func difference(withValues: Bool) -> DocumentDifference {
        var difference = DocumentDifference()
        var pending: [Int32] = [0]
        while let index = pending.popLast() {
            let entry = entries[Int(index)]
            if entry.isChange {
                let pointer = String(entry.pointer)
                let new = withValues ? entry.new?.json : nil
                difference.changes.append(DocumentChange(kind: .changed, pointer: pointer, old: withValues ? entry.old?.json : nil, new: new))
                difference.patch.append(PatchOperation(op: "replace", path: pointer, value: new))
                continue
            }
            guard entry.status == .changed, let members = entry.members?.compactMap(\.entry) else { continue }
            var removed = members.filter { entries[Int($0)].status == .removed }
            if entry.old?.kind == .array { removed.sort { entries[Int($0)].position > entries[Int($1)].position } }
            for member in removed {
                let pointer = String(entries[Int(member)].pointer)
                difference.changes.append(DocumentChange(kind: .removed, pointer: pointer, old: withValues ? entries[Int(member)].old?.json : nil))
                difference.patch.append(PatchOperation(op: "remove", path: pointer))
            }
            for member in members where entries[Int(member)].status == .added {
                let added = entries[Int(member)]
                let value = withValues ? added.new?.json : nil
                difference.changes.append(DocumentChange(kind: .added, pointer: added.id, new: value))
                difference.patch.append(PatchOperation(op: "add", path: added.id, value: value))
            }
            pending += members.filter { entries[Int($0)].status == .changed }.reversed()
        }
        return difference
    }
}
