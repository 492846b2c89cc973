import ArborCore
import ArborPath

/// A value of an indexed JSON document as a query reads it, straight from the index and the bytes: no item is
/// made, a key is compared as bytes and made into text only for a match's path, objects and arrays are listed
/// from the index without reading the scalars between them, and only the values a filter compares are decoded.
/// Valid only during the walk it belongs to.
struct JSONIndexPathNode: PartitionedPathNode, @unchecked Sendable {
    /// The walk, neither retained nor released as nodes are made and dropped (it outlives them).
    let reference: Unmanaged<JSONIndexWalk>
    /// The container the value is, or -1 for a scalar.
    let container: Int32
    /// The value's bytes.
    let range: Range<Int>

    /// Where a child sits: its value's start (a member's key is read back from there) or its index (-1: found
    /// from `nested`, the container it is, when a match's path asks); for a descendant listed at once, the
    /// container it is and the one above it the way down starts from.
    struct ChildKey {
        let valueStart: Int
        var position: Int32 = -1
        let isMember: Bool
        var nested: Int32 = -1
        var descendant: Int32 = -1
        var below: Int32 = -1
    }

    init(walk: JSONIndexWalk, container: Int32, range: Range<Int>) {
        self.init(reference: .passUnretained(walk), container: container, range: range)
    }

    init(reference: Unmanaged<JSONIndexWalk>, container: Int32, range: Range<Int>) {
        self.reference = reference
        self.container = container
        self.range = range
    }

    /// Runs `body` with the walk, its reference not counted: threads that walk parts of one query at once
    /// would slow each other down counting references to the one walk they share.
    func withWalk<Result>(_ body: (JSONIndexWalk) -> Result) -> Result { reference._withUnsafeGuaranteedRef(body) }
    /// The walk's tables, read without counting a reference.
    var tables: JSONIndexTables { reference._withUnsafeGuaranteedRef { $0.tables } }

    var kind: PathNodeKind {
        if container >= 0 { return tables.isObject(container) ? .object : .array }
        switch tables.bytes[range.lowerBound] {
        case UInt8(ascii: "\""):
            let tables = tables
            return tables.readsYAMLNumbers && YAMLNumber.isWritten(in: tables.bytes, at: range.lowerBound) ? .number : .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        default: return .number
        }
    }

    var count: Int { container >= 0 ? Int(tables.memberCount[Int(container)]) : 0 }

    private func node(_ member: JSONMember) -> JSONIndexPathNode {
        JSONIndexPathNode(reference: reference, container: member.container, range: member.value)
    }

    func member(named name: String) -> JSONIndexPathNode? {
        let tables = tables
        guard container >= 0, tables.isObject(container) else { return nil }
        var name = name
        return name.withUTF8 { wanted in
            if JSONIndexTables.writtenAsItself(wanted) {
                return tables.member(named: wanted, of: container).map { JSONIndexPathNode(reference: reference, container: $0.container, range: $0.value) }
            }
            // RFC 9535 reads I-JSON, whose names are unique: the scan stops at the first member of the name.
            var found: JSONIndexPathNode?
            let count = Int(tables.memberCount[Int(container)])
            tables.visitMembers(of: container, from: (0, tables.start[Int(container)] + 1), to: count, handingFrom: 0) { member in
                guard let key = member.key, JSONGrammar.string(tables.bytes[key], equals: wanted) else { return true }
                found = node(member)
                return false
            }
            return found
        }
    }

    func element(at index: Int) -> JSONIndexPathNode? {
        guard container >= 0 else { return nil }
        var found: JSONIndexPathNode?
        _ = withWalk { $0.forEachMember(of: container, from: index) { member in
            found = node(member)
            return false
        } }
        return found
    }

    func forEachChild(_ body: (PathKey, JSONIndexPathNode) -> Bool) -> Bool {
        forEachChild(containersOnly: false) { key, child in body(pathKey(key), child) }
    }

    func forEachChild(containersOnly: Bool, _ body: (ChildKey, JSONIndexPathNode) -> Bool) -> Bool {
        guard container >= 0 else { return true }
        let isMember = tables.isObject(container)
        guard containersOnly else {
            return withWalk { $0.forEachMember(of: container) { member in
                body(ChildKey(valueStart: member.value.lowerBound, position: Int32(member.position), isMember: isMember), node(member))
            } }
        }
        var cursor = 0
        while let (key, child) = nextChildContainer(&cursor) {
            if !body(key, child) { return false }
        }
        return true
    }

    /// Started at the first of `members`, found from the index's checkpoints, not by reading those before.
    func forEachChildContainer(among members: Range<Int>, _ body: (ChildKey, JSONIndexPathNode) -> Bool) -> Bool {
        guard container >= 0, !members.isEmpty else { return true }
        let isMember = tables.isObject(container)
        var stopped = false
        _ = withWalk { $0.forEachMember(of: container, from: members.lowerBound) { member in
            guard member.position < members.upperBound else { return false }
            guard member.container >= 0 else { return true }
            let key = ChildKey(valueStart: member.value.lowerBound, position: Int32(member.position), isMember: isMember,
                               nested: member.container)
            stopped = !body(key, node(member))
            return !stopped
        } }
        return !stopped
    }

    func pathKey(_ key: ChildKey) -> PathKey {
        if key.isMember { return .name(withWalk { $0.text(of: $0.key(before: key.valueStart)) }) }
        return .index(Int(key.position >= 0 ? key.position : withWalk { $0.document.index.position(of: key.nested) }))
    }

    func appendPathKeys(_ key: ChildKey, to keys: inout [PathKey]) {
        guard key.below >= 0 else { return keys.append(pathKey(key)) }
        let index = tables
        var chain: [Int32] = []
        var step = key.descendant
        while step != key.below {
            chain.append(step)
            step = index.parent[Int(step)]
        }
        for step in chain.reversed() {
            let isMember = index.isObject(index.parent[Int(step)])
            keys.append(pathKey(ChildKey(valueStart: index.start[Int(step)], isMember: isMember, nested: step)))
        }
    }

    /// The containers below, which the index numbers in document order: those after this one up to the first
    /// that starts past its end.
    var descendantContainerCount: Int {
        guard container >= 0 else { return 0 }
        let index = tables
        let first = Int(container) + 1
        let last = container == 0 ? index.count : index.firstContainer(from: first, startingAtOrAfter: index.end[Int(container)])
        return max(0, last - first)
    }

    func descendantContainer(at position: Int) -> (key: ChildKey, node: JSONIndexPathNode) {
        let index = tables
        let nested = Int(container) + 1 + position
        let start = index.start[nested]
        let key = ChildKey(valueStart: start, isMember: false, nested: Int32(nested), descendant: Int32(nested), below: container)
        return (key, JSONIndexPathNode(reference: reference, container: Int32(nested), range: start..<index.end[nested]))
    }

    func descendantSubtreeEnd(at position: Int) -> Int {
        let index = tables
        let first = Int(container) + 1
        let nested = first + position
        return index.firstContainer(from: nested + 1, startingAtOrAfter: index.end[nested]) - first
    }

    /// The cursor is the number of the next container to try: the one after this, then the first that starts
    /// past the end of the one before, as long as it is a child of this one.
    func nextChildContainer(_ cursor: inout Int) -> (key: ChildKey, node: JSONIndexPathNode)? {
        guard container >= 0 else { return nil }
        let index = tables
        let nested = cursor == 0 ? Int(container) + 1 : cursor
        guard nested < index.count, index.parent[nested] == container else { return nil }
        let start = index.start[nested]
        let end = index.end[nested]
        cursor = index.firstContainer(from: nested + 1, startingAtOrAfter: end)
        let key = ChildKey(valueStart: start, isMember: index.isObject(container), nested: Int32(nested))
        return (key, JSONIndexPathNode(reference: reference, container: Int32(nested), range: start..<end))
    }

    /// Compares a string with a literal as bytes, decoding it only when the bytes differ and an escape or a
    /// character outside ASCII could still make it equal (as canonically equivalent text is).
    func equals(_ literal: JSONPathValue) -> Bool {
        let kind = kind
        guard kind == literal.kind else { return false }
        guard kind == .string, case .string(var text) = literal else { return value == literal }
        let bytes = tables.bytes
        let inner = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
        let same: Bool? = text.withUTF8 { wanted in
            if JSONGrammar.sameBytes(inner, wanted) { return true }
            if inner.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\\") }), wanted.allSatisfy({ $0 < 0x80 }) { return false }
            return nil
        }
        return same ?? (value == literal)
    }

    var value: JSONPathValue {
        switch kind {
        case .null: return .null
        case .boolean: return .boolean(tables.bytes[range.lowerBound] == UInt8(ascii: "t"))
        case .number where tables.bytes[range.lowerBound] == UInt8(ascii: "\""):
            let literal = withWalk { $0.text(of: range) }
            return JSONNumber(documentLiteral: literal).map(JSONPathValue.number) ?? .string(literal)
        case .number:
            let literal = String(decoding: UnsafeBufferPointer(rebasing: tables.bytes[range]), as: UTF8.self)
            return JSONNumber(literal: literal).map(JSONPathValue.number) ?? .string(literal)
        case .string: return .string(withWalk { $0.text(of: range) })
        case .array:
            var values: [JSONPathValue] = []
            _ = forEachChild { _, child in
                values.append(child.value)
                return true
            }
            return .array(values)
        case .object:
            var members: [(key: String, value: JSONPathValue)] = []
            _ = forEachChild { key, child in
                if case .name(let name) = key { members.append((name, child.value)) }
                return true
            }
            return .object(members)
        }
    }
}

extension LazyJSONDocument: IndexedQuerying {
    /// Walks the index for a query: ids are JSON pointers made from each match's path. A document nested
    /// deeper than a walk goes is refused before the walk, with the place where it goes too deep.
    package func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) throws -> Bool {
        if let container = tooDeepForQueries {
            let place = LineNumber.place(of: index.start[Int(container)], in: bytes)
            throw SourceError("\(displayName): \(place): \(JSONPathDepthError().description)")
        }
        let walked = JSONIndexWalk.with(self) { walk in
            Result { () throws(JSONPathDepthError) -> Bool in
                let root = JSONIndexPathNode(walk: walk, container: 0, range: index.start[0]..<index.end(0))
                let throughAliases = marks?.hasAliases == true
                return try path.forEachMatch(in: root, helpers: Self.queryHelpers, start: Self.startHelpers, shouldStop: shouldStop) { node, keys in
                    guard throughAliases, marks?.isInsideCopy(node.range.lowerBound) == true else { return body(match(node, keys: keys)) }
                    return body(match(node, keys: keys, itemPath: pathThroughAliases(keys, at: node.range.lowerBound)))
                }
            }
        }
        return try walked.get()
    }

    /// The threads that walk parts of a query beside the one that runs it: one a core, up to eight in all.
    static let queryHelpers = min(8, WorkerThreads.cores) - 1

    /// Starts the helpers of a split walk on worker threads, each with a query's stack.
    static func startHelpers(_ count: Int, _ work: @escaping @Sendable () -> Void) -> () -> Void {
        WorkerThreads.startHelpers(count, stackSize: JSONPath.stackSize, work)
    }

    private func match(_ node: JSONIndexPathNode, keys: [PathKey], itemPath: [PathKey]? = nil) -> QueryMatch {
        QueryMatch(path: keys, subject: JSONDocumentMatch(document: self, container: node.container, range: node.range, itemPath: itemPath))
    }
}
