import ArborPath

/// Compares two documents: an object's members by key (their order ignored), an array's elements by position,
/// aligned so that elements inserted or removed leave the elements after them matched with their own (the
/// equal elements at both ends set aside, then the longest run of equal elements in common), and scalars by
/// value. Iterative over depth, so a deep document cannot exhaust the stack.
package enum DocumentDiff {
    /// The most differences between the middle parts of two arrays aligned element by element (the time taken
    /// grows with their lengths times this, the memory with its square); past it they are matched by position.
    static let alignmentLimit = 2_000

    /// The difference between `old` and `new`.
    package static func compare(_ old: JSONPathValue, _ new: JSONPathValue) -> DocumentDifference {
        DiffTree(old, new).difference
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
}
