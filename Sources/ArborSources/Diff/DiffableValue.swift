import ArborPath

/// A JSON value two versions are compared by: held whole (``JSONPathValue``) or read from a document's bytes
/// through its index (``IndexedValue``).
package protocol DiffableValue: Sendable, Equatable {
    /// The value's type.
    var kind: PathNodeKind { get }
    /// An object's members, each key once with its last value in its first place (as JSON parsers read a
    /// repeated key), or an array's elements with no key; none for a scalar.
    var diffMembers: [(key: String?, value: Self)] { get }
    /// The number of members or elements; 0 for a scalar.
    var memberCount: Int { get }
    /// The member a JSON pointer segment names (`~1` for `/`, `~0` for `~`), if there is one.
    func member(_ segment: Substring) -> Self?
    /// The value whole, each object's repeated keys read as their last value.
    var json: JSONPathValue { get }
    /// A hash that equal values share as a rule (values equal but written otherwise may differ): elements of two
    /// arrays are told apart by it before they are compared.
    var alignmentHash: Int { get }
}

extension DiffableValue {
    /// Whether the value is an object or an array.
    package var isContainer: Bool { kind == .object || kind == .array }

    package func member(_ segment: Substring) -> Self? {
        switch kind {
        case .object:
            let key = segment.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
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
}
