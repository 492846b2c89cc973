/// Reads the records of CSV or TSV bytes one at a time by the rules of ``DelimitedTable`` (RFC 4180 quoting),
/// noting where fields are instead of copying them. Anything the full parser would report, or would read in a
/// way a byte range cannot say (a carriage return inside quotes or after a closing quote), stops it: the full
/// parser then takes over.
struct CSVRecordReader {
    /// One record: the line it starts on, its number of fields, and the byte ranges of the fields asked for.
    struct Record {
        var line: Int
        var start: Int
        var fieldCount = 0
        var wanted: [Range<Int>?] = []
        /// The first field's bytes, to tell a blank line.
        var first: Range<Int> = 0..<0
    }

    /// Whether a record is a blank line (one empty field), which the full parser skips.
    func isBlank(_ record: Record) -> Bool {
        record.fieldCount == 1 && (record.first.isEmpty
            || (record.first.count == 2 && bytes[record.first.lowerBound] == UInt8(ascii: "\"")))
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    private(set) var position = 0
    private(set) var line = 1

    init(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
        self.bytes = bytes
        self.delimiter = delimiter
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// A reader starting at a record known to be well-formed.
    init(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, at start: Int) {
        self.bytes = bytes
        self.delimiter = delimiter
        position = start
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position >= bytes.count }

    /// The next record with the ranges of the fields at `columns` (raw, quotes included); nil at a problem.
    mutating func next(columns: [Int]) -> Record? {
        var wanted = [Range<Int>?](repeating: nil, count: columns.count)
        guard var record = next(fields: { field, range in
            if let slot = columns.firstIndex(of: field) { wanted[slot] = range }
        }) else { return nil }
        record.wanted = wanted
        return record
    }

    /// The next record (its `wanted` left empty), handing each field's number and raw range to `field`; nil at
    /// a problem.
    @inline(__always)
    mutating func next(fields field: (Int, Range<Int>) -> Void) -> Record? {
        var record = Record(line: line, start: position)
        var fieldStart = position
        var quoted = false
        var afterQuote = false
        func endField(_ end: Int) {
            if record.fieldCount == 0 { record.first = fieldStart..<end }
            field(record.fieldCount, fieldStart..<end)
            record.fieldCount += 1
        }
        let plain = ByteSkipper(UInt8(ascii: "\""), delimiter, 0x0A)
        while position < bytes.count {
            if !afterQuote {
                position = plain.skip(bytes, from: position)
                guard position < bytes.count else { break }
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                guard position == fieldStart, !quoted else { return nil }
                quoted = true
                position += 1
                guard let end = closingQuote(from: position) else { return nil }
                position = end + 1
                afterQuote = true
                continue
            }
            if byte == delimiter {
                endField(position)
                position += 1
                fieldStart = position
                quoted = false
                afterQuote = false
                continue
            }
            if byte == 0x0A {
                let end = position > fieldStart && bytes[position - 1] == 0x0D ? position - 1 : position
                endField(end)
                position += 1
                line += 1
                return record
            }
            if afterQuote, !(byte == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A) { return nil }
            position += 1
        }
        endField(position)
        return record
    }

    /// The closing quote of a field whose content starts at `start`, counting its lines; nil when it is never
    /// closed or holds a carriage return.
    private mutating func closingQuote(from start: Int) -> Int? {
        let quoted = ByteSkipper(UInt8(ascii: "\""), 0x0A, 0x0D)
        var index = start
        while index < bytes.count {
            index = quoted.skip(bytes, from: index)
            guard index < bytes.count else { break }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                    index += 2
                    continue
                }
                return index
            case 0x0A: line += 1
            case 0x0D: return nil
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The end of the raw bytes of a field that starts at `start` in a record the reader took whole: past its
    /// closing quote, or at the delimiter, line break or end after it.
    func fieldEnd(from start: Int) -> Int {
        if start < bytes.count, bytes[start] == UInt8(ascii: "\"") {
            var reader = self
            return reader.closingQuote(from: start + 1).map { $0 + 1 } ?? bytes.count
        }
        let end = ByteSkipper(delimiter, 0x0A, delimiter).skip(bytes, from: start)
        return end > start && end < bytes.count && bytes[end - 1] == 0x0D ? end - 1 : end
    }

    /// A field's text from its raw bytes: unquoted, `""` read as `"`.
    static func text(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        guard raw.first == UInt8(ascii: "\""), raw.count >= 2 else { return String(decoding: raw, as: UTF8.self) }
        let inner = UnsafeBufferPointer(rebasing: raw[1..<(raw.count - 1)])
        guard inner.contains(UInt8(ascii: "\"")) else { return String(decoding: inner, as: UTF8.self) }
        var unescaped: [UInt8] = []
        var index = 0
        while index < inner.count {
            unescaped.append(inner[index])
            index += inner[index] == UInt8(ascii: "\"") ? 2 : 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }
}
