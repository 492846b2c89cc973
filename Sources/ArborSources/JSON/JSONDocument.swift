/// A JSON document held as one flat array of nodes, linked by index: no recursion to build or free it.
package struct JSONDocument: Sendable {
    /// The type of a JSON value.
    package enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object
    }

    /// One value of the document.
    package struct Node: Sendable {
        /// The value's type.
        package var kind: Kind
        /// The member name when the value belongs to an object.
        package var key: String?
        /// The text of a scalar: a string's value, a number's literal, `true`, `false` or `null`.
        package var text: String
        /// Index of the containing array or object, or -1 for the top value.
        package var parent: Int32
        /// Index of the first element or member, or -1.
        package var firstChild: Int32 = -1
        /// Index of the next element or member of the same container, or -1.
        package var nextSibling: Int32 = -1
        /// Number of elements or members.
        package var childCount: Int32 = 0
    }

    /// Every value, in document order; the top value is at index 0.
    package internal(set) var nodes: [Node] = []
    /// YAML's anchors, tags, aliases and comments, by the index of the value they belong to (a YAML file read whole).
    package internal(set) var yamlNotes: [Int32: YAMLNote] = [:]
    /// Each value's line (from 1) where the reader knows it (a YAML file read whole), in the order of `nodes`.
    package internal(set) var lines: [Int32] = []

    /// The indexes of the elements or members of a container, in order.
    package func children(of index: Int32) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(Int(nodes[Int(index)].childCount))
        var child = nodes[Int(index)].firstChild
        while child >= 0 {
            result.append(child)
            child = nodes[Int(child)].nextSibling
        }
        return result
    }

    /// Adds a node at the end, linked as the last child of its parent so far (`lastChild` remembers, for each
    /// container, its last child added): how the builders that walk a tree flatten it. Returns its index.
    @discardableResult
    mutating func append(_ node: Node, lastChild: inout [Int32: Int32]) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(node)
        let parent = node.parent
        if parent >= 0 {
            if let previous = lastChild[parent] {
                nodes[Int(previous)].nextSibling = index
            } else {
                nodes[Int(parent)].firstChild = index
            }
            lastChild[parent] = index
        }
        return index
    }

    /// The index of an object's member with this name, if it has one.
    package func member(_ name: String, of index: Int32) -> Int32? {
        guard nodes[Int(index)].kind == .object else { return nil }
        var child = nodes[Int(index)].firstChild
        while child >= 0 {
            if nodes[Int(child)].key == name { return child }
            child = nodes[Int(child)].nextSibling
        }
        return nil
    }

    /// A one-line text for a value: a scalar's text, or a count for a container.
    package func preview(_ index: Int32) -> String {
        let node = nodes[Int(index)]
        switch node.kind {
        case .array: return node.childCount == 1 ? "[1 item]" : "[\(node.childCount) items]"
        case .object: return node.childCount == 1 ? "{1 key}" : "{\(node.childCount) keys}"
        default: return node.text
        }
    }

    /// Parses UTF-8 bytes; a syntax error carries its line and column.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONDocument {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONDocument in
            var parser = JSONParser(bytes: buffer)
            return try parser.parseDocument()
        }
    }

    /// Checks that bytes are well-formed JSON without keeping any value (memory independent of their size).
    static func validate(_ bytes: [UInt8]) throws(JSONSyntaxError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try validate(buffer) }
    }

    /// As above, for bytes held in place.
    static func validate(_ bytes: SourceBytes) throws(JSONSyntaxError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try validate(buffer) }
    }

    private static func validate(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        var parser = JSONParser(bytes: buffer, keepsValues: false)
        _ = try parser.parseDocument()
    }
}

/// Malformed JSON, with the place where it went wrong.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    package var message: String
    /// The line, from 1.
    package var line: Int
    /// The column in characters, from 1.
    package var column: Int
    /// The byte it went wrong at, where known.
    package var offset: Int? = nil

    package var description: String { "line \(line), column \(column): \(message)" }
}
