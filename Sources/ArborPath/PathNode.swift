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
    /// What a node hands on with each child to say where it sits: a ``PathKey``, or something cheaper that
    /// ``pathKey(_:)`` turns into one when the child is in a match's path.
    associatedtype ChildKey = PathKey
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
    /// Hands each child (only the objects and arrays among them when `containersOnly`) in order to `body`
    /// until it returns false; returns false when stopped.
    func forEachChild(containersOnly: Bool, _ body: (ChildKey, Self) -> Bool) -> Bool
    /// The key of a child handed on by ``forEachChild(containersOnly:_:)`` of any node of the same value.
    func pathKey(_ key: ChildKey) -> PathKey
    /// Appends the keys a child key names, top down: one for a child, the whole way down for a descendant's
    /// key from ``PartitionedPathNode/descendantContainer(at:)``.
    func appendPathKeys(_ key: ChildKey, to keys: inout [PathKey])
    /// The whole value, for comparisons, functions and output.
    var value: JSONPathValue { get }
    /// Whether the node's value equals `literal` (a scalar), as comparing ``value`` with it says.
    func equals(_ literal: JSONPathValue) -> Bool
}

extension PathNode {
    /// Compares the whole value.
    @inlinable
    public func equals(_ literal: JSONPathValue) -> Bool { value == literal }

    /// The one key of a child.
    @inlinable
    public func appendPathKeys(_ key: ChildKey, to keys: inout [PathKey]) { keys.append(pathKey(key)) }
}

extension PathNode where ChildKey == PathKey {
    /// The children ``forEachChild(_:)`` hands on, the scalars left out when `containersOnly`.
    @inlinable
    public func forEachChild(containersOnly: Bool, _ body: (PathKey, Self) -> Bool) -> Bool {
        forEachChild { key, child in
            if containersOnly, child.kind != .object, child.kind != .array { return true }
            return body(key, child)
        }
    }

    /// The key itself.
    @inlinable
    public func pathKey(_ key: PathKey) -> PathKey { key }
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
