import ArborCore
import ArborPath
import Synchronization

/// Any JSON document read lazily, value by value, as ``JSONDocumentBuilder`` shows it (same ids, titles and
/// content): one pass indexes where every object and array is, and members are decoded from their bytes only
/// when a page of them is asked for. Ids are JSON pointers (`/spec/containers/0`); the top value is the root.
package final class LazyJSONDocument: HierarchySource {
    /// Every member of the document is an item.
    package var isDocument: Bool { true }
    package let displayName: String
    let bytes: SourceBytes
    let index: JSONDocumentIndex
    /// For JSON Lines: which fields title a line (the lines being records).
    let mapping: FieldMapping?
    /// For the first part of a larger document: the containers it ends inside, whose counts are not known yet.
    let openContainers: Set<Int32>
    /// Whether the top array is a stream's documents.
    let isStream: Bool
    /// For a large YAML file in the block style, the comments written at its values, read when an item is asked for.
    let comments: YAMLLineComments?
    /// For a large YAML file, the anchors, tags and aliases of its values (none in the block style); nil for JSON.
    /// A document written from YAML holds its infinities and NaN as marked strings (``YAMLNumber/json(_:)``).
    let marks: YAMLMarks?
    /// Values found by pointer lately, so that the pages of one column resolve its parent once, and a long
    /// scalar listed or previewed is not passed again to find its end.
    private let resolved = Mutex<[String: Value]>([:])
    /// The containers a find's walk listed and has yet to visit, by their pointer's digest: each is looked up
    /// once, without following its pointer from the top. A walk's frontier holds millions of them in a large
    /// document, so the pointers themselves are not kept.
    let walkedContainers = Mutex<[PointerDigest: Int32]>([:])

    /// The first container nested deeper than a query walks, found when the first query asks.
    private let deepest = Mutex<Int32??>(nil)
    /// For JSON Lines: the field that titles lines without a title field, found when the first line is shown.
    let tellingLineField = Mutex<String??>(nil)

    /// Whether a string may hold a JSON object or array (``JSONStringDocuments``), read once, when first asked.
    private let stringDocuments = Mutex<Bool?>(nil)

    /// Whether a string of the document may hold a JSON object or array: its bytes read once, when first asked.
    package var holdsJSONInStrings: Bool {
        stringDocuments.withLock { found in
            if let found { return found }
            let holds = bytes.withUnsafeBufferPointer(JSONStringDocuments.mayHoldDocuments)
            found = holds
            return holds
        }
    }

    /// The first container nested deeper than ``JSONPath/depthLimit``, or nil; the index is read once for it.
    var tooDeepForQueries: Int32? {
        deepest.withLock { found in
            if let found { return found }
            let first = index.firstContainer(deeperThan: JSONPath.depthLimit)
            found = .some(first)
            return first
        }
    }

    /// A value found by its pointer: a container, or a scalar member of one.
    enum Value {
        case container(Int32)
        /// A scalar, with its member as the lookup read it (its value's end found once: a string of megabytes is
        /// passed once).
        case scalar(parent: Int32, member: JSONMember)
    }

    /// Indexes `bytes`; nil when they are not well-formed JSON or the top value is not an object or array.
    package convenience init?(bytes: [UInt8], name: String) {
        self.init(bytes: SourceBytes(bytes), name: name, race: nil)
    }

    /// As above, giving up when `race` says the bytes are an object tree; with `isStream`, the top array is a YAML
    /// stream's documents (each titled `document N`, the array itself not shown).
    convenience init?(bytes: SourceBytes, name: String, race: ScanRace?, isStream: Bool = false) {
        guard let index = bytes.withUnsafeBufferPointer({ bytes in
            race == nil ? JSONDocumentSplitScan.index(of: bytes) : JSONDocumentScanner.scan(bytes, race: race)
        }), index.count > 0 else { return nil }
        self.init(bytes: bytes, index: index, name: name, isStream: isStream)
    }

    /// A document of `bytes` indexed already; `open` the containers it ends inside when it is the first part of a
    /// larger one.
    init(bytes: SourceBytes, index: JSONDocumentIndex, open: Set<Int32> = [], name: String, isStream: Bool = false,
         comments: YAMLLineComments? = nil, marks: YAMLMarks? = nil) {
        self.bytes = bytes
        self.index = index
        displayName = name
        mapping = nil
        openContainers = open
        self.isStream = isStream
        self.comments = comments
        self.marks = marks
    }

    /// The same document with the comments of the YAML it was written from.
    func with(_ comments: YAMLLineComments) -> LazyJSONDocument {
        LazyJSONDocument(bytes: bytes, index: index, open: openContainers, name: displayName, isStream: isStream, comments: comments, marks: marks)
    }

    /// The same document as written from YAML, with the anchors, tags and aliases of its values.
    func with(marks: YAMLMarks) -> LazyJSONDocument {
        LazyJSONDocument(bytes: bytes, index: index, open: openContainers, name: displayName, isStream: isStream, comments: comments, marks: marks)
    }

    /// The lines of JSON Lines indexed so far, each line an item (titled by `mapping`'s fields or its number).
    init(lines bytes: SourceBytes, index: JSONDocumentIndex, name: String, mapping: FieldMapping) {
        self.bytes = bytes
        self.index = index
        displayName = name
        self.mapping = mapping
        openContainers = []
        isStream = false
        comments = nil
        marks = nil
    }

    /// Whether the top value is the list of lines of JSON Lines.
    var isLines: Bool { index.lines != nil }

    package func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: isStream) }

    package func numberOfChildren(of id: String) async throws -> Int? {
        guard case .container(let container) = try value(at: id), !isAlias(container) else { return 0 }
        return Int(index.memberCount[Int(container)])
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        try await children(of: id, in: range).map(\.id)
    }

    package func parentID(of id: String) async throws -> String? {
        _ = try value(at: id)
        guard let slash = id.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return String(id[..<slash])
    }

    package func item(_ id: String) async throws -> SourceItem {
        try await item(id, valueBytes: .max)
    }

    /// The item, its value read no further than `valueBytes` bytes (``cut(_:valueBytes:)``).
    package func item(_ id: String, valueBytes: Int) async throws -> SourceItem {
        switch try value(at: id) {
        case .container(0): return rootItem()
        case .container(let container):
            let parent = index.parent[Int(container)]
            let position = Int(index.position(of: container))
            return commented(index.members(of: parent, in: position..<(position + 1), bytes: bytes)[0],
                             in: parent, parentID: String(id[..<id.utf8.lastIndex(of: UInt8(ascii: "/"))!]), valueBytes: valueBytes)
        case .scalar(let parent, let member):
            return commented(member, in: parent, parentID: String(id[..<id.utf8.lastIndex(of: UInt8(ascii: "/"))!]), valueBytes: valueBytes)
        }
    }

    /// The top value's item.
    func rootItem() -> SourceItem {
        var root = SourceItem(id: "", content: content(title: displayName, value: 0, range: nil), childCount: shownCount(0))
        if let mark = marks?[index.start[0]] { Self.show(mark, on: &root) }
        return root
    }

    /// A member's item with the comments written at it in the YAML, if any (an item asked for alone, as its
    /// preview asks; a page of children goes without, so the header, which shows the listed item, has none).
    private func commented(_ member: JSONMember, in parent: Int32, parentID: String, valueBytes: Int) -> SourceItem {
        var found = item(for: member, in: parent, parentID: parentID, valueBytes: valueBytes)
        if let text = yamlComment(of: member) { found.content.description = text }
        return found
    }

    /// The comments written at a member in the YAML this document was written from, if any.
    func yamlComment(of member: JSONMember) -> String? {
        guard let comments else { return nil }
        switch comments.flowPlace(ofValueAt: member.value.lowerBound) {
        case .inside: return nil
        case .start:
            // A flow collection on one line has its comments as a scalar there has.
            return comments.comment(atJSONOffset: member.key?.lowerBound ?? member.value.lowerBound, valueOffset: member.value.lowerBound,
                                    keyed: member.key != nil, collection: false, leavesAbove: false)
        case .outside: break
        }
        // Past flow collections, only `{}` and `[]` are written on one line: a collection with members is spread below.
        let spread = member.container >= 0 && index.memberCount[Int(member.container)] > 0
        // A mapping starts where its first key does; a list at its first `-`, before its first entry.
        let firstMember = member.value.lowerBound + 1 + spaces(after: member.value.lowerBound + 1)
        let leavesAbove = member.key == nil && spread && index.isObject(member.container, in: bytes)
            && isOnOneLine(member.value.lowerBound..<firstMember)
        var lists = 0
        if member.key == nil {
            var at = member.value.lowerBound
            // Each `[` here stands for a `-` on this line, but an empty list's; a line break ends them.
            // A flow sequence's own `[` stands for no dash.
            while at < bytes.count, bytes[at] == UInt8(ascii: "["), comments.flowPlace(ofValueAt: at) != .start {
                var next = at + 1
                while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: "]") { break }
                lists += 1
                at = next
            }
        }
        return comments.comment(atJSONOffset: member.key?.lowerBound ?? member.value.lowerBound, valueOffset: member.value.lowerBound,
                                keyed: member.key != nil, collection: spread, leavesAbove: leavesAbove, listsOpening: lists)
    }

    /// Whether the bytes hold no line break (read until one is found).
    private func isOnOneLine(_ range: Range<Int>) -> Bool {
        !bytes[range].contains(UInt8(ascii: "\n"))
    }

    /// The blanks and line breaks from `offset` on.
    private func spaces(after offset: Int) -> Int {
        var at = offset
        while at < bytes.count, IndexedJSON.isSpace(bytes[at]) { at += 1 }
        return at - offset
    }

    package func children(of id: String) async throws -> [SourceItem] {
        try await children(of: id, in: 0..<Int.max)
    }

    package var pagesChildren: Bool { true }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        try await children(of: id, in: range, valueBytes: .max)
    }

    /// The children in `range`, their values read no further than `valueBytes` bytes (``cut(_:valueBytes:)``).
    package func children(of id: String, in range: Range<Int>, valueBytes: Int) async throws -> [SourceItem] {
        guard case .container(let container) = try value(at: id), !isAlias(container) else { return [] }
        let members = index.members(of: container, in: range, bytes: bytes)
        let items = members.map { item(for: $0, in: container, parentID: id, valueBytes: valueBytes) }
        if members.contains(where: { $0.container < 0 && $0.value.count > LongText.limit }) {
            rememberScalars(members, items: items, in: container, from: range.lowerBound)
        }
        return items
    }

    /// Keeps the scalars of a page that passes a value of megabytes, so that focusing it or one after it does not
    /// pass it again: those a lookup finds, the first of each key from the container's first member on (an
    /// object's page from further on may follow a member of the same key, and is left to the lookup).
    private func rememberScalars(_ members: [JSONMember], items: [SourceItem], in container: Int32, from start: Int) {
        guard start == 0 || !index.isObject(container, in: bytes) else { return }
        var seen = Set<String>()
        for (member, item) in zip(members, items) where seen.insert(item.id).inserted && member.container < 0 {
            remember(.scalar(parent: container, member: member), at: item.id)
        }
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let found = try? value(at: childID), let slash = childID.utf8.lastIndex(of: UInt8(ascii: "/")),
              childID[..<slash] == parentID
        else { return nil }
        switch found {
        case .container(let container): return container == 0 ? nil : Int(index.position(of: container))
        case .scalar(_, let member): return member.position
        }
    }

    func count(_ container: Int32) -> Int { Int(index.memberCount[Int(container)]) }

    /// The count an item shows: nil (pending) for a container the first part of a document ends inside.
    private func shownCount(_ container: Int32) -> Int? { openContainers.contains(container) ? nil : count(container) }

    func item(for member: JSONMember, in parent: Int32, parentID: String, valueBytes: Int = .max) -> SourceItem {
        let key = member.key.map(text(of:)) ?? String(member.position)
        let title = member.key != nil ? key : isStream && parent == 0 ? "document \(member.position + 1)" : "[\(member.position)]"
        var content = content(title: title, value: member.container, range: member.value, valueBytes: valueBytes)
        if parent == 0, let lines = index.lines, let mapping {
            content = lineContent(content, line: lines.lineNumber(of: member.position), member: member, mapping: mapping)
        }
        var found = SourceItem(id: parentID + "/" + JSONPointer.escape(key), content: content,
                               childCount: member.container >= 0 ? shownCount(member.container) : 0)
        if let mark = marks?[member.value.lowerBound] { Self.show(mark, on: &found) }
        return found
    }

    /// What the builder shows for a value: its type, a preview, and the scalars it holds (or its own text).
    private func content(title: String, value container: Int32, range: Range<Int>?, valueBytes: Int = .max) -> ItemContent {
        if container == JSONMember.malformed, let range {
            let text = String(decoding: bytes[range.prefix(valueBytes == .max ? range.count : valueBytes + 16)], as: UTF8.self)
            return ItemContent(title: title, subtitle: "malformed", body: text, fields: [ItemField(name: "value", value: text)],
                               scalar: ScalarValue(.string, text))
        }
        if container == 0, isLines {
            let lines = count(0)
            return ItemContent(title: title, subtitle: "JSON Lines", body: lines == 1 ? "1 line" : "\(lines) lines")
        }
        guard container >= 0 else {
            let text = range.map { cut($0, valueBytes: valueBytes) } ?? ""
            let type = isYAMLNumber(at: range!.lowerBound) ? "number" : Self.type(of: bytes[range!.lowerBound])
            return ItemContent(title: title, subtitle: type, body: text, fields: [ItemField(name: "value", value: text)],
                               scalar: ScalarValue(ScalarValue.Kind(rawValue: type) ?? .number, text))
        }
        let members = count(container)
        let isObject = index.isObject(container, in: bytes)
        var fields: [ItemField] = []
        for member in index.members(of: container, in: 0..<JSONDocumentBuilder.fieldLimit, bytes: bytes) {
            let alias = marks?.alias(at: member.value.lowerBound)
            guard member.container < 0 || alias != nil else { continue }
            fields.append(ItemField(name: member.key.map(text(of:)) ?? "", value: alias ?? prefix(of: member.value)))
        }
        let body = isObject ? (members == 1 ? "{1 key}" : "{\(members) keys}") : (members == 1 ? "[1 item]" : "[\(members) items]")
        return ItemContent(title: title, subtitle: isObject ? "object" : "array", body: body, fields: fields)
    }

    /// A scalar's first MiB (``LongText``), as a container's fields hold it: a long string's first bytes alone
    /// decoded.
    func prefix(of range: Range<Int>) -> String {
        LongText.prefix(cut(range, valueBytes: LongText.limit))
    }

    /// A scalar's or a key's text, read as the full parser reads it, from the bytes where they are (a value of
    /// any size is not copied before it is decoded); a string by its decoder alone.
    func text(of range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { bytes in
            // A string the index passed is well-formed: decoded at once, not passed by the parser's check first.
            if bytes[range.lowerBound] == UInt8(ascii: "\""), range.count >= 2 {
                return JSONStringDecoder.text(bytes, from: range.lowerBound + 1, to: range.upperBound - 1)
            }
            var parser = JSONParser(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
            return (try? parser.parseDocument())?.nodes[0].text ?? ""
        }
    }

    private static func type(of first: UInt8) -> String {
        switch first {
        case UInt8(ascii: "\""): return "string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "boolean"
        case UInt8(ascii: "n"): return "null"
        default: return "number"
        }
    }

    /// The value a pointer names, followed segment by segment from the top value.
    func value(at pointer: String) throws -> Value {
        if pointer.isEmpty { return .container(0) }
        if let known = resolved.withLock({ $0[pointer] }) { return known }
        guard pointer.utf8.first == UInt8(ascii: "/") else { throw SourceError("no item with id '\(pointer)'") }
        var current: Int32 = 0
        let segments = pointer.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for (depth, segment) in segments.enumerated() {
            guard let member = member(named: Array(segment), in: current) else { throw SourceError("no item with id '\(pointer)'") }
            if member.container < 0 {
                guard depth == segments.count - 1 else { throw SourceError("no item with id '\(pointer)'") }
                return remember(.scalar(parent: current, member: member), at: pointer)
            }
            current = member.container
        }
        return remember(.container(current), at: pointer)
    }

    /// Keeps a value found by its pointer (the last 4,096 or so).
    @discardableResult
    private func remember(_ value: Value, at pointer: String) -> Value {
        resolved.withLock { table in
            if table.count >= 4_096 { table.removeAll() }
            table[pointer] = value
        }
        return value
    }

    /// The member a pointer segment names: an index of an array, a key of an object (`~1` for `/`, `~0` for `~`).
    func member(named segment: [UInt8], in container: Int32) -> JSONMember? {
        let unescaped = !segment.contains(UInt8(ascii: "~")) ? segment : Array(JSONPointer.unescape(String(decoding: segment, as: UTF8.self)).utf8)
        if !index.isObject(container, in: bytes) {
            guard let position = Int(String(decoding: segment, as: UTF8.self)), position >= 0, String(position).utf8.elementsEqual(segment)
            else { return nil }
            return index.members(of: container, in: position..<(position + 1), bytes: bytes).first
        }
        // The walk stops at the member named: the values after it are not passed.
        var found: JSONMember?
        index.visitMembers(of: container, in: 0..<count(container), bytes: bytes) { member in
            let key = member.key!
            let raw = bytes[(key.lowerBound + 1)..<(key.upperBound - 1)]
            guard raw.contains(UInt8(ascii: "\\")) ? Array(text(of: key).utf8) == unescaped : raw.elementsEqual(unescaped) else { return true }
            found = member
            return false
        }
        return found
    }
}
