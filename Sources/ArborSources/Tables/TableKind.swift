import ArborCore

/// Adjacency tables: comma- (`csv`) or tab-separated (`tsv`), a row per item with its id and its parent's.
struct TableKind: SourceKind {
    var formats: [SourceFormat] { [.csv, .tsv] }
    var summary: String { "an adjacency table, comma- (csv) or tab-separated (tsv)" }
    var extensions: [String: SourceFormat] { ["csv": .csv, "tsv": .tsv, "tab": .tsv] }
    var readsInPlace: Bool { true }
    var options: [SourceOption] {
        [SourceOption("group-by", help: "Make a hierarchy of a table's rows by the values of these columns, outermost first (COL[,COL...]).")]
    }

    /// A large table shows the rows of its first part while the rest is read.
    func openFirstPart(_ input: FirstPartInput) throws(SourceLoadError) -> OpenedSource? {
        // Groups are made from every row: a grouped table is read whole first.
        guard input.request.settings["group-by"] == nil else { return nil }
        return SourceOpener.shownFromFirstPart(input) { reader in
            if Self.breaksLinesWithCR(SourceBytes(reader.bytes)) { return nil }
            return IndexedTable(bytes: SourceBytes(reader.wholeLines), delimiter: input.format == .csv ? UInt8(ascii: ",") : 0x09, name: input.name,
                         mapping: input.request.mapping, countsPending: true).map { opened($0, request: input.request) }
        }
    }

    /// Whether a table's lines end in CR alone (as classic Mac OS wrote them): CRs and no LF in its first 64 KB.
    /// Such a table is read with each CR as a line break.
    static func breaksLinesWithCR(_ bytes: SourceBytes) -> Bool {
        let start = bytes.prefix(1 << 16)
        return start.contains(0x0D) && !start.contains(0x0A)
    }

    /// A table without ids, where Arbor crosses into what items hold, opens its rows to their fields.
    private func opened(_ table: IndexedTable, request: SourceRequest) -> any HierarchySource {
        request.crossesInto && table.numbersRows && request.settings["group-by"] == nil ? TableRowFields(table) : table
    }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        var input = input
        if Self.breaksLinesWithCR(input.content) {
            input.content = SourceBytes(input.content.map { $0 == 0x0D ? 0x0A : $0 })
        }
        let delimiter = format == .csv ? UInt8(ascii: ",") : 0x09
        if let indexed = IndexedTable(bytes: input.content, delimiter: delimiter, name: input.name, mapping: request.mapping) {
            return OpenedSource(hierarchy: opened(indexed, request: request), format: format)
        }
        let table: DelimitedTable
        do {
            table = try DelimitedTable.parse(input.bytes, delimiter: delimiter)
        } catch {
            throw SourceLoadError("\(input.origin): \(error.message)")
        }
        do {
            let built = try AdjacencyTableBuilder(mapping: request.mapping).hierarchy(from: table, name: input.name)
            return OpenedSource(hierarchy: built.hierarchy, format: format, problems: built.problems.map { "\(input.origin): \($0)" })
        } catch {
            throw SourceLoadError("\(input.origin): \(error.message)")
        }
    }
}
