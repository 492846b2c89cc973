import ArborPath

/// One difference between two documents: a value added, removed or changed at a JSON pointer (the pointer
/// into the second document for a value added or changed, into the first for one removed).
package struct DocumentChange: Sendable, Equatable {
    /// What happened to the value.
    package enum Kind: String, Sendable {
        case added, removed, changed
    }

    /// What happened.
    package var kind: Kind
    /// Where, as a JSON pointer.
    package var pointer: String
    /// The value before (removed, changed).
    package var old: JSONPathValue?
    /// The value after (added, changed).
    package var new: JSONPathValue?

    /// The first segment of the pointer, unescaped: the top-level member or element the change is under.
    package var topLevel: String {
        guard let segments = JSONPointer.segments(pointer), let first = segments.first else { return "" }
        return JSONPointer.unescape(first)
    }
}

/// One operation of a JSON Patch (RFC 6902).
package struct PatchOperation: Sendable, Equatable {
    /// `add`, `remove` or `replace`.
    package var op: String
    /// The JSON pointer it applies at, in the document as the operations before it left it.
    package var path: String
    /// The value added or put in place.
    package var value: JSONPathValue?

    /// The operation as one line of JSON.
    package var json: String {
        var members: [(key: String, value: JSONPathValue)] = [("op", .string(op)), ("path", .string(path))]
        if let value { members.append(("value", value)) }
        return JSONPathValue.object(members).compactJSON
    }
}

/// What two documents differ by: the changes, and the patch that makes the first into the second.
package struct DocumentDifference: Sendable {
    /// The changes, depth first in the second document's order.
    package var changes: [DocumentChange] = []
    /// A JSON Patch that, applied to the first document, gives the second.
    package var patch: [PatchOperation] = []

    /// No difference: two equal documents.
    package init() {}

    /// Whether the documents are equal.
    package var isEmpty: Bool { changes.isEmpty }
}
