/// What kind of JSON value a node is.
public enum PathNodeKind: Sendable, Hashable {
    case object, array, string, number, boolean, null
}

/// A step from a node to one of its children: a member's name or an element's index.
public enum PathKey: Sendable, Hashable {
    case name(String)
    case index(Int)
}

/// A value a query walks: a document's value, or an item read as an object of its fields. Members and elements
/// are asked for one at a time, so that a node backed by an index decodes only what the query reaches.
public protocol PathNode {
    /// The kind of value the node is.
    var kind: PathNodeKind { get }
    /// The number of members of an object or elements of an array; 0 for a scalar.
    var count: Int { get }
    /// An object's member by name, or nil.
    func member(named name: String) -> Self?
    /// An array's element at an index in `0..<count`, or nil.
    func element(at index: Int) -> Self?
    /// Hands each member or element in order to `body` until it returns false; returns false when stopped.
    func forEachChild(_ body: (PathKey, Self) -> Bool) -> Bool
    /// The whole value, for comparisons, functions and output.
    var value: JSONPathValue { get }
}

extension JSONPathValue: PathNode {
    public var count: Int {
        switch self {
        case .array(let values): return values.count
        case .object(let members): return members.count
        default: return 0
        }
    }

    public func member(named name: String) -> JSONPathValue? {
        guard case .object(let members) = self else { return nil }
        // RFC 9535 reads I-JSON, whose names are unique: the first member of the name is the one.
        return members.first(where: { $0.key == name })?.value
    }

    public func element(at index: Int) -> JSONPathValue? {
        guard case .array(let values) = self, values.indices.contains(index) else { return nil }
        return values[index]
    }

    public func forEachChild(_ body: (PathKey, JSONPathValue) -> Bool) -> Bool {
        switch self {
        case .array(let values):
            for (index, value) in values.enumerated() where !body(.index(index), value) { return false }
        case .object(let members):
            for member in members where !body(.name(member.key), member.value) { return false }
        default: break
        }
        return true
    }

    public var value: JSONPathValue { self }
}
