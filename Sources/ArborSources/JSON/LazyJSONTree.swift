import ArborCore
import Synchronization

/// A JSON object tree read lazily: one pass indexes where every item is, and an item's fields are decoded from
/// its bytes only when it is asked for. Ids are the same as ``JSONTreeBuilder``'s: the id field, or the path of
/// indexes (`0/3/1`).
package final class LazyJSONTree: HierarchySource, ImmediateChildren {
    package let displayName: String
    let bytes: SourceBytes
    let index: JSONTreeIndex
    let mapping: FieldMapping
    /// The mapping's title fields as bytes, in its order.
    let titleKeys: [[UInt8]]
    /// Every item's id when some items have an id field (ids then need a table); nil: ids are paths.
    let explicitIDs: [String]?
    private let itemByID: [String: Int32]
    /// The objects and arrays a query walks, numbered once for the first query.
    private let queryContainers = Mutex<JSONTreeContainers?>(nil)

    /// Indexes `bytes`; nil when they are not well-formed JSON or, unless `force`, not an object tree.
    package convenience init?(bytes: [UInt8], name: String, mapping: FieldMapping, force: Bool) {
        self.init(bytes: SourceBytes(bytes), name: name, mapping: mapping, force: force, race: nil)
    }

    /// As above, telling `race` when the bytes turn out to be a tree; `deferBeyond` and `knownEnds` as
    /// ``JSONTreeScanner`` takes them.
    init?(bytes: SourceBytes, name: String, mapping: FieldMapping, force: Bool, race: ScanRace?,
          deferBeyond: Int? = nil, knownEnds: (@Sendable (Int) -> Int?)? = nil) {
        guard let index = JSONTreeIndex.scan(bytes, childrenField: mapping.children, idFields: mapping.id, treesOnly: !force,
                                             race: race, deferBeyond: deferBeyond, knownEnds: knownEnds),
              force || index.looksLikeTree
        else { return nil }
        self.bytes = bytes
        self.index = index
        self.mapping = mapping
        titleKeys = mapping.title.map { Array($0.utf8) }
        displayName = name
        var ids: [String]?
        var table: [String: Int32] = [:]
        if !index.idRanges.isEmpty {
            var all: [String] = []
            all.reserveCapacity(index.count)
            var unique = UniqueIDs()
            for item in 0..<Int32(index.count) {
                let id = unique.next(preferred: Self.explicitID(of: item, index: index, bytes: bytes),
                                     path: Self.path(of: item, index: index))
                table[id] = item
                all.append(id)
            }
            ids = all
        }
        explicitIDs = ids
        itemByID = table
    }

    /// The objects and arrays a query walks, numbered on the first call.
    func containersForQueries() -> JSONTreeContainers {
        queryContainers.withLock { built in
            if let built { return built }
            let containers = JSONTreeContainers(index)
            built = containers
            return containers
        }
    }

    package func root() async throws -> SourceRoot? {
        SourceRoot(id: id(of: 0), isVirtual: index.isVirtual)
    }

    package func numberOfChildren(of id: String) async throws -> Int? { try index.children(of: item(for: id)).count }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let children = try index.children(of: item(for: id))
        let clamped = range.clamped(to: 0..<children.count)
        return children[(children.startIndex + clamped.lowerBound)..<(children.startIndex + clamped.upperBound)].map(self.id(of:))
    }

    package func parentID(of id: String) async throws -> String? {
        let parent = index.parent[Int(try item(for: id))]
        return parent < 0 ? nil : self.id(of: parent)
    }

    package func item(_ id: String) async throws -> SourceItem { sourceItem(try item(for: id)) }

    package func children(of id: String) async throws -> [SourceItem] {
        try index.children(of: item(for: id)).map(sourceItem)
    }

    /// The index says where every child is: a range of children costs what the range costs.
    package var pagesChildren: Bool { true }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        try immediateChildren(of: id, in: range) ?? []
    }

    /// The index holds every item: a page is read at once.
    package func immediateChildren(of id: String, in range: Range<Int>) throws -> [SourceItem]? {
        let children = try index.children(of: item(for: id))
        let clamped = range.clamped(to: 0..<children.count)
        return children[(children.startIndex + clamped.lowerBound)..<(children.startIndex + clamped.upperBound)].map(sourceItem)
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let child = try? item(for: childID), index.parent[Int(child)] == (try item(for: parentID)) else { return nil }
        return Int(index.position[Int(child)])
    }

    private func sourceItem(_ item: Int32) -> SourceItem {
        SourceItem(id: id(of: item), content: content(of: item), childCount: index.children(of: item).count)
    }

    /// The id of an item: from the table, or its path of indexes.
    func id(of item: Int32) -> String {
        if let explicitIDs { return explicitIDs[Int(item)] }
        return Self.path(of: item, index: index)
    }

    func item(for id: String) throws -> Int32 {
        if explicitIDs != nil {
            guard let item = itemByID[id] else { throw SourceError("no item with id '\(id)'") }
            return item
        }
        if id.isEmpty, index.isVirtual { return 0 }
        var item: Int32 = 0
        var depth = 0
        var position = -1
        // Digits separated by '/', read byte by byte: ids are asked for on every listing.
        let utf8 = id.utf8
        var cursor = utf8.startIndex
        var ended = false
        while true {
            // The id's end reads as one more '/'.
            ended = cursor == utf8.endIndex
            let byte = ended ? UInt8(ascii: "/") : utf8[cursor]
            if !ended { utf8.formIndex(after: &cursor) }
            if byte &- 0x30 < 10, position < Int(Int32.max) / 10 {
                position = max(position, 0) * 10 + Int(byte &- 0x30)
                continue
            }
            guard byte == UInt8(ascii: "/"), position >= 0 else { throw SourceError("no item with id '\(id)'") }
            if depth == 0, !index.isVirtual {
                guard position == 0 else { throw SourceError("no item with id '\(id)'") }
            } else {
                let children = index.children(of: item)
                guard position < children.count else { throw SourceError("no item with id '\(id)'") }
                item = children[children.startIndex + position]
            }
            depth += 1
            position = -1
            if ended { return item }
        }
    }

    /// `0/3/1` for the root's fourth child's second child; a virtual root's children start the path.
    static func path(of item: Int32, index: JSONTreeIndex) -> String {
        if item == 0 { return index.isVirtual ? "" : "0" }
        var parts: [Int32] = []
        var node = item
        while node > 0 {
            parts.append(index.position[Int(node)])
            node = index.parent[Int(node)]
        }
        if !index.isVirtual { parts.append(0) }
        var text: [UInt8] = []
        for part in parts.reversed() {
            if !text.isEmpty { text.append(UInt8(ascii: "/")) }
            text.append(contentsOf: String(part).utf8)
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func explicitID(of item: Int32, index: JSONTreeIndex, bytes: SourceBytes) -> String? {
        guard let range = index.idRanges[item], let value = try? JSONDocument.parse(Array(bytes[range])) else { return nil }
        return value.nodes[0].text
    }

    /// The item's fields decoded from its bytes, the children array skipped.
    func content(of item: Int32) -> ItemContent {
        if item == 0, index.isVirtual { return ItemContent(title: displayName) }
        let start = index.start(of: item)
        guard bytes[start] == UInt8(ascii: "{") else {
            let value = try? JSONDocument.parse(Array(bytes[start..<JSONValueSkipper.end(of: start, in: bytes)]))
            return ItemContent(title: value?.preview(0) ?? "")
        }
        var fields: [ItemField] = []
        var lists: [String: [String]] = [:]
        let members = JSONValueSkipper.members(of: start, in: bytes, known: index.childrenRange(of: item))
        for (key, range) in members where key != mapping.children {
            guard let value = try? JSONDocument.parse(Array(bytes[range])) else { continue }
            fields.append(ItemField(name: key, value: value.preview(0)))
            if value.nodes[0].kind == .array { lists[key] = value.children(of: 0).map(value.preview) }
        }
        let explicit = Self.explicitID(of: item, index: index, bytes: bytes)
        return mapping.content(from: fields, tags: lists, fallbackTitle: explicit ?? Self.path(of: item, index: index))
    }
}
