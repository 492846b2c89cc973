import ArborCore

/// TOML, as a document: tables and arrays of tables as containers, every other value a
/// `key: value` member (dates and times as TOML writes them).
struct TOMLKind: SourceKind {
    var formats: [SourceFormat] { [.toml] }
    var summary: String { "TOML, as a document (tables, arrays of tables, key: value members)" }
    var extensions: [String: SourceFormat] { ["toml": .toml] }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        if let place = Self.invalidByte(in: input.bytes) {
            throw SourceLoadError("\(input.origin):\(place.line):\(place.column): invalid TOML: a byte that is not UTF-8 text (TOML is UTF-8 without control characters)")
        }
        let text = String(decoding: input.bytes, as: UTF8.self)
        let table: TOMLTable
        do {
            table = try TOMLParser.parse(text)
        } catch {
            throw SourceLoadError("\(input.origin):\(error.line):\(error.column): invalid TOML: \(error.message)")
        }
        let document = Self.value(of: .table(table)).document
        return OpenedSource(hierarchy: JSONDocumentBuilder().hierarchy(from: document, name: input.name), format: .document)
    }

    /// The line and column (from 1) of the first byte that is not UTF-8 or is a control character TOML never
    /// allows anywhere.
    static func invalidByte(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var line = 1
        var lineStart = 0
        var index = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            let before = index
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                index += UTF8.width(scalar)
                if scalar == "\n" {
                    line += 1
                    lineStart = index
                } else if scalar.value < 0x20 && scalar != "\t" && scalar != "\r" || scalar.value == 0x7F {
                    return (line, before - lineStart + 1)
                }
            case .emptyInput: return nil
            case .error: return (line, before - lineStart + 1)
            }
        }
    }

    /// A TOML value as a document value.
    static func value(of value: TOMLValue) -> DocumentValue {
        switch value {
        case .table(let table): return .object(table.entries.map { (key: $0.key, value: Self.value(of: $0.value)) })
        case .array(let array): return .array(array.map { Self.value(of: $0) })
        case .string(let text): return .string(text)
        case .integer(let number): return .number(String(number))
        case .float(let number): return .number(number.isFinite ? String(number) : number.isNaN ? "nan" : number > 0 ? "inf" : "-inf")
        case .boolean(let flag): return .bool(flag)
        case .dateTime(let text): return .string(text)
        }
    }
}
