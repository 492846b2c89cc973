import ArborPath

/// A JSON value two versions are compared by: held whole (``JSONPathValue``) or read from a document's bytes
/// through its index (``IndexedValue``).
package protocol DiffableValue: Sendable {
    /// The value's type.
    var kind: PathNodeKind { get }
    /// An object's members, each key once with its last value in its first place (as JSON parsers read a
    /// repeated key), or an array's elements with no key; none for a scalar.
    var diffMembers: [(key: String?, value: Self)] { get }
    /// An array's elements in order (the values of ``diffMembers``); none for a scalar.
    var diffElements: [Self] { get }
    /// The number of members or elements; 0 for a scalar.
    var memberCount: Int { get }
    /// The members at positions `range` (clamped), with their places, as ``diffMembers`` lists them.
    func diffMembers(in range: Range<Int>) -> [(key: String?, position: Int, value: Self)]
    /// The member a JSON pointer segment names (`~1` for `/`, `~0` for `~`), if there is one.
    func member(_ segment: Substring) -> Self?
    /// The value whole, each object's repeated keys read as their last value.
    var json: JSONPathValue { get }
    /// A hash that equal values share as a rule (values equal but written otherwise may differ): elements of two
    /// arrays are told apart by it before they are compared.
    var alignmentHash: Int { get }
    /// Where the value is in its document (its first byte), telling two values of one document apart; nil for a
    /// value held whole.
    var identity: Int? { get }
    /// Whether the two are written the same, so equal without being read (the same bytes); false when it
    /// cannot be told cheaply.
    func isIdentical(to other: Self) -> Bool
}

/// The pairs of values found unequal while comparing two versions: each comparison that finds a difference
/// deep down records every pair on its way there, so that the comparisons of those pairs that follow (one a
/// level, as the tree of changes descends) answer at once instead of walking down again.
package final class EqualityMemo {
    private var unequal = Set<SIMD2<Int>>()

    package init() {}

    func isUnequal(_ left: Int?, _ right: Int?) -> Bool {
        guard let left, let right else { return false }
        return unequal.contains(SIMD2(left, right))
    }

    func recordUnequal(_ left: Int?, _ right: Int?) {
        if let left, let right { unequal.insert(SIMD2(left, right)) }
    }
}

extension DiffableValue {
    /// Equal as JSON values: identical, or members equal by key (their order ignored), elements equal in order,
    /// scalars equal as values (`1.0` is `1`, `"\u0041"` is `"A"`). Iterative over depth; with a memo, every
    /// pair on the way to a difference is recorded unequal and a pair recorded so answers at once.
    package static func equal(_ lhs: Self, _ rhs: Self, memo: EqualityMemo? = nil) -> Bool {
        // The same bytes answer at once, before anything is allocated; the walk below does not ask again.
        if lhs.isIdentical(to: rhs) { return true }
        var isTop = true
        // The pairs opened, each with the index of the pair it is a member of.
        var opened: [(left: Self, right: Self, parent: Int)] = []
        var pending: [(left: Self, right: Self, parent: Int)] = [(lhs, rhs, -1)]
        func differ(_ left: Self, _ right: Self, under parent: Int) -> Bool {
            memo?.recordUnequal(left.identity, right.identity)
            var index = parent
            while index >= 0 {
                memo?.recordUnequal(opened[index].left.identity, opened[index].right.identity)
                index = opened[index].parent
            }
            return false
        }
        while let (left, right, parent) = pending.popLast() {
            if memo?.isUnequal(left.identity, right.identity) == true { return differ(left, right, under: parent) }
            if !isTop, left.isIdentical(to: right) { continue }
            isTop = false
            let kind = left.kind
            guard kind == right.kind else { return differ(left, right, under: parent) }
            let here = opened.count
            switch kind {
            case .object:
                let leftMembers = left.diffMembers
                let rightMembers = right.diffMembers
                guard leftMembers.count == rightMembers.count else { return differ(left, right, under: parent) }
                let byKey = Dictionary(rightMembers.map { ($0.key ?? "", $0.value) }, uniquingKeysWith: { first, _ in first })
                opened.append((left, right, parent))
                for member in leftMembers {
                    guard let other = byKey[member.key ?? ""] else { return differ(left, right, under: parent) }
                    pending.append((member.value, other, here))
                }
            case .array:
                guard left.memberCount == right.memberCount else { return differ(left, right, under: parent) }
                opened.append((left, right, parent))
                pending += zip(left.diffElements, right.diffElements).map { ($0, $1, here) }
            default:
                guard left.json == right.json else { return differ(left, right, under: parent) }
            }
        }
        return true
    }

    package func diffMembers(in range: Range<Int>) -> [(key: String?, position: Int, value: Self)] {
        Self.places(of: diffMembers, in: range)
    }

    package var diffElements: [Self] { diffMembers.map { $0.value } }

    /// Members at positions `range` (clamped), each with its position.
    static func places(of members: [(key: String?, value: Self)], in range: Range<Int>) -> [(key: String?, position: Int, value: Self)] {
        range.clamped(to: 0..<members.count).map { (key: members[$0].key, position: $0, value: members[$0].value) }
    }

    /// Whether the value is an object or an array.
    package var isContainer: Bool { kind == .object || kind == .array }

    package func member(_ segment: Substring) -> Self? {
        switch kind {
        case .object:
            let key = JSONPointer.unescape(segment)
            return diffMembers.first { $0.key == key }?.value
        case .array:
            guard let index = Int(segment), index >= 0, index < memberCount else { return nil }
            return diffMembers[index].value
        default:
            return nil
        }
    }
}

extension JSONPathValue: DiffableValue {
    package var diffMembers: [(key: String?, value: JSONPathValue)] {
        switch self {
        case .object(let members): return DocumentDiff.lastKeyWins(members).map { (key: $0.key, value: $0.value) }
        case .array(let elements): return elements.map { (key: nil, value: $0) }
        default: return []
        }
    }

    package var memberCount: Int {
        switch self {
        case .object(let members): return Set(members.map(\.key)).count
        case .array(let elements): return elements.count
        default: return 0
        }
    }

    package var json: JSONPathValue { DocumentDiff.lastKeysWin(self) }

    package var alignmentHash: Int { hashValue }

    package var identity: Int? { nil }

    package func isIdentical(to other: JSONPathValue) -> Bool { false }
}
