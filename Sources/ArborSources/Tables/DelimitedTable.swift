/// Rows of a CSV or TSV file (RFC 4180 quoting), each with the line it starts on.
package struct DelimitedTable: Sendable {
    /// One record and the line (from 1) where it starts.
    package struct Row: Sendable {
        /// The fields, unquoted.
        package var fields: [String]
        /// The line where the record starts.
        package var line: Int
    }

    /// Every record, the header included, in file order; blank lines are skipped.
    package private(set) var rows: [Row] = []

    /// Splits `bytes` into records with `delimiter` (`,` or a tab); quotes may hold delimiters, newlines and `""`.
    package static func parse(_ bytes: [UInt8], delimiter: UInt8) throws(SourceLoadError) -> DelimitedTable {
        var table = DelimitedTable()
        var fields: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var quotedField = false
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            quotedField = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { table.rows.append(Row(fields: fields, line: recordLine)) }
            fields.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard field.isEmpty, !quotedField else {
                    throw SourceLoadError("line \(line): a quote inside an unquoted field (quote the whole field)")
                }
                inQuotes = true
                quotedField = true
                quoteLine = line
            case delimiter:
                endField()
            case UInt8(ascii: "\n"):
                if field.last == UInt8(ascii: "\r") { field.removeLast() }
                endRecord()
                line += 1
                recordLine = line
            default:
                if quotedField, byte != UInt8(ascii: "\r") {
                    throw SourceLoadError("line \(line): text after a closing quote")
                }
                field.append(byte)
            }
        }
        if inQuotes { throw SourceLoadError("line \(quoteLine): a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || quotedField { endRecord() }
        return table
    }
}
