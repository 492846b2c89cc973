import ArborPath

/// One difference between two documents: a value added, removed or changed at a JSON pointer (the pointer
/// into the second document for a value added or changed, into the first for one removed).
public struct DocumentChange: Sendable, Equatable {
    /// What happened to the value.
    public enum Kind: String, Sendable {
        case added, removed, changed
    }

    /// What happened.
    public var kind: Kind
    /// Where, as a JSON pointer.
    public var pointer: String
    /// The value before (removed, changed).
    public var old: JSONPathValue?
    /// The value after (added, changed).
    public var new: JSONPathValue?

    /// The first segment of the pointer, unescaped: the top-level member or element the change is under.
    public var topLevel: String {
        guard let segments = JSONPointer.segments(pointer), let first = segments.first else { return "" }
        return JSONPointer.unescape(first)
    }
}

/// One operation of a JSON Patch (RFC 6902).
public struct PatchOperation: Sendable, Equatable {
    /// `add`, `remove` or `replace`.
    public var op: String
    /// The JSON pointer it applies at, in the document as the operations before it left it.
    public var path: String
    /// The value added or put in place.
    public var value: JSONPathValue?

    /// The operation as one line of JSON.
    public var json: String {
        var members: [(key: String, value: JSONPathValue)] = [("op", .string(op)), ("path", .string(path))]
        if let value { members.append(("value", value)) }
        return JSONPathValue.object(members).compactJSON
    }
}

/// What two documents differ by: the changes, and the patch that makes the first into the second.
public struct DocumentDifference: Sendable {
    /// The changes, depth first in the second document's order.
    public var changes: [DocumentChange] = []
    /// A JSON Patch that, applied to the first document, gives the second.
    public var patch: [PatchOperation] = []

    /// No difference: two equal documents.
    public init() {}

    /// Whether the documents are equal.
    public var isEmpty: Bool { changes.isEmpty }
}
