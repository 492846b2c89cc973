#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArborCore

/// A CSV or TSV adjacency table read lazily: one pass finds the rows, their ids and parents (``CSVTableIndex``),
/// and a row's fields are read from its bytes when it is shown. The items, ids and order are those of
/// ``AdjacencyTableBuilder``; a table with a problem it reports (ragged rows, repeated or empty ids, missing
/// parents, cycles) or quoting it reads differently is left to it.
package final class IndexedTable: HierarchySource, ImmediateChildren {
    package let displayName: String
    let bytes: SourceBytes
    let delimiter: UInt8
    let index: CSVTableIndex
    private let mapping: FieldMapping
    /// The first row when it alone is at the top and has children: the shown root.
    private let shownRoot: Int32?
    /// For the first rows of a longer table: any row may have more children further on.
    let countsPending: Bool
    /// Whether the table has no id column, its rows numbered from 1.
    var numbersRows: Bool { index.numbersRows }

    /// Indexes `bytes`; nil when the full builder must read them (see the type's summary).
    package convenience init?(bytes: [UInt8], delimiter: UInt8, name: String, mapping: FieldMapping) {
        self.init(bytes: SourceBytes(bytes), delimiter: delimiter, name: name, mapping: mapping, countsPending: false)
    }

    /// As above, of bytes read in place (a mapped file's); with `countsPending`, `bytes` are the first rows of a
    /// longer table and no count is shown.
    init?(bytes: SourceBytes, delimiter: UInt8, name: String, mapping: FieldMapping, countsPending: Bool = false) {
        guard let index = bytes.withUnsafeBufferPointer({ Self.scan($0, delimiter: delimiter, mapping: mapping) }) else { return nil }
        self.bytes = bytes
        self.delimiter = delimiter
        self.index = index
        self.mapping = mapping
        displayName = name
        self.countsPending = countsPending
        let top = index.top
        shownRoot = top.count == 1 && !index.children(of: top.first!).isEmpty ? top.first : nil
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, mapping: FieldMapping) -> CSVTableIndex? {
        var reader = CSVRecordReader(bytes: bytes, delimiter: delimiter)
        var header: CSVRecordReader.Record?
        while header == nil, !reader.isAtEnd {
            guard let record = reader.next(columns: Array(0..<256)) else { return nil }
            if !reader.isBlank(record) { header = record }
        }
        guard let header, header.fieldCount <= 256 else { return nil }
        let columns = header.wanted.prefix(header.fieldCount).map { CSVRecordReader.text(UnsafeBufferPointer(rebasing: bytes[$0!])) }
        let idColumn = mapping.id.lazy.compactMap({ columns.firstIndex(of: $0) }).first
        guard idColumn != nil || mapping.numbersRowsWithoutID else { return nil }
        let parentColumn = idColumn == nil ? nil : mapping.parent.lazy.compactMap { columns.firstIndex(of: $0) }.first
        var index = CSVTableIndex(columns: columns, inputSize: bytes.count)
        index.numbersRows = idColumn == nil
        // Where each row's parent field starts; its end is found again when it is resolved.
        var parentStart = ByteOffsets(inputSize: parentColumn == nil ? 0 : bytes.count)
        let parentField = parentColumn ?? -1
        while !reader.isAtEnd {
            var id: Range<Int>?
            var parent = 0
            let found = reader.next { field, range in
                if field == idColumn { id = range }
                if field == parentField { parent = range.lowerBound }
            }
            guard let record = found else { return nil }
            if reader.isBlank(record) { continue }
            guard record.fieldCount == columns.count, let id = id ?? (idColumn == nil ? record.start..<record.start : nil) else { return nil }
            guard index.count < Int32.max - 1 else { return nil }
            index.addRow(start: record.start, id: id)
            if parentColumn != nil { parentStart.append(parent) }
        }
        guard index.hashIDs(in: bytes) else { return nil }
        var parents = [Int32](repeating: -1, count: index.count)
        // Siblings often follow one another: the previous row's parent is tried before the hash table.
        var previous: (raw: UnsafeBufferPointer<UInt8>, row: Int32)?
        for row in parents.indices where parentColumn != nil {
            let start = parentStart[row]
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<reader.fieldEnd(from: start)])
            if raw.isEmpty { continue }
            if raw.count == 2, raw[0] == UInt8(ascii: "\""), raw[1] == UInt8(ascii: "\"") { continue }
            if let previous, previous.raw.count == raw.count, memcmp(previous.raw.baseAddress!, raw.baseAddress!, raw.count) == 0 {
                parents[row] = previous.row
                continue
            }
            guard let parent = index.find(field: raw, in: bytes) else { return nil }
            parents[row] = parent
            previous = (raw, parent)
        }
        guard index.link(parents: parents) else { return nil }
        return index
    }

    package func root() async throws -> SourceRoot? {
        if let shownRoot { return SourceRoot(id: id(of: shownRoot), isVirtual: false) }
        return SourceRoot(id: "", isVirtual: true)
    }

    package func numberOfChildren(of id: String) async throws -> Int? { try children(ofRow: row(for: id)).count }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        try slice(of: id, range).map(self.id(of:))
    }

    package func parentID(of id: String) async throws -> String? {
        let row = try row(for: id)
        guard row < index.count, index.parent[Int(row)] >= 0 else { return nil }
        return self.id(of: index.parent[Int(row)])
    }

    package func item(_ id: String) async throws -> SourceItem { item(ofRow: try row(for: id)) }

    package func children(of id: String) async throws -> [SourceItem] { try children(ofRow: row(for: id)).map(item(ofRow:)) }

    package var pagesChildren: Bool { true }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        try immediateChildren(of: id, in: range) ?? []
    }

    /// The index holds every row: a page is read at once.
    package func immediateChildren(of id: String, in range: Range<Int>) throws -> [SourceItem]? {
        try slice(of: id, range).map(item(ofRow:))
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let child = try? row(for: childID), child < index.count, try await self.parentID(of: childID) == nonEmpty(parentID)
        else { return nil }
        let siblings = children(ofRow: index.parent[Int(child)] < 0 ? Int32(index.count) : index.parent[Int(child)])
        return siblings.firstIndex(of: child).map { $0 - siblings.startIndex }
    }

    private func nonEmpty(_ id: String) -> String? { id.isEmpty ? nil : id }

    private func slice(of id: String, _ range: Range<Int>) throws -> ArraySlice<Int32> {
        let children = try children(ofRow: row(for: id))
        let clamped = range.clamped(to: 0..<children.count)
        return children[(children.startIndex + clamped.lowerBound)..<(children.startIndex + clamped.upperBound)]
    }

    /// The children of a row; row `count` is the virtual root.
    private func children(ofRow row: Int32) -> ArraySlice<Int32> { index.children(of: row) }

    /// The row of an id; the virtual root's id is empty.
    private func row(for id: String) throws -> Int32 {
        if id.isEmpty, shownRoot == nil { return Int32(index.count) }
        let found = bytes.withUnsafeBufferPointer { index.find(id, in: $0) }
        guard let found else { throw SourceError("no item with id '\(id)'") }
        return found
    }

    private func id(of row: Int32) -> String {
        bytes.withUnsafeBufferPointer { index.id(of: row, in: $0) }
    }

    private func item(ofRow row: Int32) -> SourceItem {
        let count = countsPending ? nil : children(ofRow: row).count
        if row == Int32(index.count) { return SourceItem(id: "", content: ItemContent(title: displayName), childCount: count) }
        let values = bytes.withUnsafeBufferPointer { bytes in
            var reader = CSVRecordReader(bytes: bytes, delimiter: delimiter, at: index.start[Int(row)])
            let record = reader.next(columns: Array(index.columns.indices))
            return record?.wanted.map { $0.map { CSVRecordReader.text(UnsafeBufferPointer(rebasing: bytes[$0])) } ?? "" } ?? []
        }
        let id = id(of: row)
        let fields = zip(index.columns, values).map { ItemField(name: $0, value: $1) }
        let title = index.numbersRows ? values.first { !$0.isEmpty } ?? id : id
        return SourceItem(id: id, content: mapping.content(from: fields, fallbackTitle: title), childCount: count)
    }
}

extension IndexedTable: LocatingItems {
    /// The line where the row starts.
    package func location(of id: String) async throws -> ItemLocation {
        let row = try row(for: id)
        return ItemLocation(line: row < 0 || Int(row) >= index.count ? 1 : LineNumber.of(index.start[Int(row)], in: bytes))
    }
}
