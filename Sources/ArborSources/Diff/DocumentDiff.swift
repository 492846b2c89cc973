import ArborPath

/// Compares two documents: an object's members by key (their order ignored), an array's elements by position,
/// aligned so that elements inserted or removed leave the elements after them matched with their own (the
/// equal elements at both ends set aside, then the longest run of equal elements in common), and scalars by
/// value. Iterative over depth, so a deep document cannot exhaust the stack.
public enum DocumentDiff {
    /// The largest middle part of two arrays aligned element by element (its cost is the product of sizes);
    /// larger ones are matched by position.
    static let alignmentLimit = 4_000_000

    /// The difference between `old` and `new`.
    public static func compare(_ old: JSONPathValue, _ new: JSONPathValue) -> DocumentDifference {
        var difference = DocumentDifference()
        var pending: [(old: JSONPathValue, new: JSONPathValue, pointer: String)] = [(old, new, "")]
        while let (before, after, pointer) = pending.popLast() {
            var nested: [(JSONPathValue, JSONPathValue, String)] = []
            switch (before, after) {
            case (.object(let written), .object(let writtenRight)):
                let left = lastKeyWins(written)
                let right = lastKeyWins(writtenRight)
                let rightKeys = Set(right.map(\.key))
                let leftByKey = Dictionary(left.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
                for member in left where !rightKeys.contains(member.key) {
                    let at = pointer + "/" + escape(member.key)
                    difference.changes.append(DocumentChange(kind: .removed, pointer: at, old: member.value))
                    difference.patch.append(PatchOperation(op: "remove", path: at))
                }
                for member in right {
                    let at = pointer + "/" + escape(member.key)
                    if let earlier = leftByKey[member.key] {
                        if earlier != member.value { nested.append((earlier, member.value, at)) }
                    } else {
                        let added = lastKeysWin(member.value)
                        difference.changes.append(DocumentChange(kind: .added, pointer: at, new: added))
                        difference.patch.append(PatchOperation(op: "add", path: at, value: added))
                    }
                }
            case (.array(let left), .array(let right)):
                let alignment = ArrayAlignment(left, right, limit: alignmentLimit)
                for index in alignment.removed.reversed() {
                    difference.changes.append(DocumentChange(kind: .removed, pointer: pointer + "/\(index)", old: left[index]))
                    difference.patch.append(PatchOperation(op: "remove", path: pointer + "/\(index)"))
                }
                for index in alignment.added {
                    let added = lastKeysWin(right[index])
                    difference.changes.append(DocumentChange(kind: .added, pointer: pointer + "/\(index)", new: added))
                    difference.patch.append(PatchOperation(op: "add", path: pointer + "/\(index)", value: added))
                }
                for (from, to) in alignment.pairs where left[from] != right[to] {
                    nested.append((left[from], right[to], pointer + "/\(to)"))
                }
            default:
                if before != after {
                    let replacement = lastKeysWin(after)
                    difference.changes.append(DocumentChange(kind: .changed, pointer: pointer, old: before, new: replacement))
                    difference.patch.append(PatchOperation(op: "replace", path: pointer, value: replacement))
                }
            }
            pending.append(contentsOf: nested.reversed())
        }
        return difference
    }

    /// An object's members with each key once, its last value in its first place, as JSON parsers read a
    /// repeated key (and as a patch applied member by member leaves it).
    static func lastKeyWins(_ members: [(key: String, value: JSONPathValue)]) -> [(key: String, value: JSONPathValue)] {
        var places: [String: Int] = [:]
        var unique: [(key: String, value: JSONPathValue)] = []
        for member in members {
            if let place = places[member.key] {
                unique[place].value = member.value
            } else {
                places[member.key] = unique.count
                unique.append(member)
            }
        }
        return unique
    }

    /// A value with every object's repeated keys read as ``lastKeyWins(_:)`` reads them.
    package static func lastKeysWin(_ value: JSONPathValue) -> JSONPathValue {
        switch value {
        case .object(let members): return .object(lastKeyWins(members).map { ($0.key, lastKeysWin($0.value)) })
        case .array(let elements): return .array(elements.map(lastKeysWin))
        default: return value
        }
    }

    /// A key as a JSON pointer segment (`~` as `~0`, `/` as `~1`).
    static func escape(_ key: String) -> String {
        guard key.contains("~") || key.contains("/") else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
