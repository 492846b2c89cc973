import ArborCore

/// A table that can hand over some columns of its top-level rows without making each row an item: what grouping a
/// million rows reads.
protocol ColumnReading: HierarchySource {
    /// Calls `body` with each top-level row's id and its values of `columns` (empty for a missing column), in
    /// order; nil when a column is not in the table.
    func forEachTopRow(values columns: [String], _ body: (String, [String]) -> Void) throws -> Bool
}

extension IndexedTable: ColumnReading {
    func forEachTopRow(values columns: [String], _ body: (String, [String]) -> Void) throws -> Bool {
        let wanted = columns.compactMap { index.columns.firstIndex(of: $0) }
        guard wanted.count == columns.count else { return false }
        bytes.withUnsafeBufferPointer { bytes in
            var values = [String](repeating: "", count: wanted.count)
            for row in index.top {
                var reader = CSVRecordReader(bytes: bytes, delimiter: delimiter, at: index.start[Int(row)])
                guard let record = reader.next(columns: wanted) else { continue }
                for slot in wanted.indices {
                    values[slot] = record.wanted[slot].map { CSVRecordReader.text(UnsafeBufferPointer(rebasing: bytes[$0])) } ?? ""
                }
                body(index.id(of: row, in: bytes), values)
            }
        }
        return true
    }
}
