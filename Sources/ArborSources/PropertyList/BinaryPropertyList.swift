/// Reads a binary property list (`bplist00`): the trailer, the table of object offsets, and the objects from the
/// top one down, every offset, count and reference checked against the bytes.
struct BinaryPropertyList {
    /// Why the bytes are not a binary property list Arbor can read.
    struct Problem: Error {
        let message: String
    }

    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let top: Int
    private let table: Int
    /// The most values read, as objects referred to many times stand for many values.
    private let limit: Int

    /// The deepest nesting read.
    static let depthLimit = 512

    /// Checks the trailer and the table of offsets.
    init(_ bytes: [UInt8]) throws(Problem) {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { throw Problem(message: "not a binary property list") }
        self.bytes = bytes
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              let count = Self.number(bytes, at: trailer + 8, size: 8), let top = Self.number(bytes, at: trailer + 16, size: 8),
              let table = Self.number(bytes, at: trailer + 24, size: 8), table >= 8, table <= trailer,
              count <= (trailer - table) / offsetSize, top < count
        else { throw Problem(message: "the trailer does not describe the file") }
        objectCount = count
        self.top = top
        self.table = table
        limit = max(100_000, bytes.count * 4)
    }

    /// The number of the first object that is a set, when the bytes are a binary property list holding one,
    /// reachable or not: Apple's writers never make one (the format reserves the marker), so a list holding one is
    /// refused whole.
    static func firstSet(in bytes: [UInt8]) -> Int? {
        guard let list = try? BinaryPropertyList(bytes) else { return nil }
        return (0..<list.objectCount).first { object in
            guard let offset = number(bytes, at: list.table + object * list.offsetSize, size: list.offsetSize), offset < list.table else { return false }
            return bytes[offset] >> 4 == 0xC
        }
    }

    /// The top object as a document value.
    func value() throws(Problem) -> DocumentValue {
        var read = 0
        return try value(of: top, depth: 0, read: &read)
    }

    private func value(of object: Int, depth: Int, read: inout Int) throws(Problem) -> DocumentValue {
        read += 1
        guard read <= limit else { throw Problem(message: "its objects expand to more than \(limit) values; refused") }
        guard depth < Self.depthLimit else { throw Problem(message: "nested deeper than \(Self.depthLimit) levels") }
        guard object < objectCount, let offset = Self.number(bytes, at: table + object * offsetSize, size: offsetSize), offset >= 8,
              offset < table
        else { throw Problem(message: "object \(object) is outside the file") }
        let marker = bytes[offset]
        let info = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch info {
            case 0: return .null
            case 8: return .bool(false)
            case 9: return .bool(true)
            default: throw Problem(message: "object \(object) has an unknown marker")
            }
        case 0x1:
            guard info <= 4, let field = slice(offset + 1, 1 << info) else { throw Problem(message: "object \(object) is a truncated integer") }
            return .number(Self.integerText(field))
        case 0x2:
            guard info == 2 || info == 3, let field = slice(offset + 1, 1 << info) else { throw Problem(message: "object \(object) is a truncated real") }
            return .number(Self.realText(Self.real(field)))
        case 0x3:
            guard info == 3, let field = slice(offset + 1, 8) else { throw Problem(message: "object \(object) is a truncated date") }
            return .string(PropertyListText.date(sinceReference: Self.real(field)))
        case 0x4:
            let (count, start) = try length(info, after: offset, object)
            guard slice(start, count) != nil else { throw Problem(message: "object \(object) runs past the file") }
            return .string("<\(count) bytes>")
        case 0x5:
            let (count, start) = try length(info, after: offset, object)
            guard let field = slice(start, count) else { throw Problem(message: "object \(object) runs past the file") }
            return .string(String(decoding: field, as: UTF8.self))
        case 0x6:
            let (count, start) = try length(info, after: offset, object)
            guard count <= Int.max / 2, let field = slice(start, count * 2) else { throw Problem(message: "object \(object) runs past the file") }
            let units = stride(from: field.startIndex, to: field.endIndex, by: 2).map { UInt16(field[$0]) << 8 | UInt16(field[$0 + 1]) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            guard let field = slice(offset + 1, info + 1) else { throw Problem(message: "object \(object) runs past the file") }
            return .string("UID \(field.reduce(0) { $0 << 8 | UInt64($1) })")
        case 0xA:
            let references = try self.references(info, after: offset, object, times: 1)
            var elements: [DocumentValue] = []
            for reference in references { elements.append(try value(of: reference, depth: depth + 1, read: &read)) }
            return .array(elements)
        case 0xC:
            throw Problem(message: "object \(object) is a set, which property lists do not hold")
        case 0xD:
            let references = try self.references(info, after: offset, object, times: 2)
            let half = references.count / 2
            var members: [String: DocumentValue] = [:]
            for index in 0..<half {
                guard case .string(let key) = try value(of: references[index], depth: depth + 1, read: &read) else {
                    throw Problem(message: "object \(object) has a key that is not text")
                }
                members[key] = try value(of: references[half + index], depth: depth + 1, read: &read)
            }
            return .object(members.keys.sorted().map { (key: $0, value: members[$0]!) })
        default:
            throw Problem(message: "object \(object) has an unknown marker")
        }
    }

    /// A count held in the marker's low bits, or in the integer object after it when they are all set; and where
    /// the contents start.
    private func length(_ info: Int, after offset: Int, _ object: Int) throws(Problem) -> (count: Int, start: Int) {
        guard info == 0x0F else { return (info, offset + 1) }
        guard offset + 1 < bytes.count, bytes[offset + 1] >> 4 == 0x1 else { throw Problem(message: "object \(object) has no count") }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard size <= 8, let count = Self.number(bytes, at: offset + 2, size: size) else { throw Problem(message: "object \(object) has no count") }
        return (count, offset + 2 + size)
    }

    /// The object numbers of an array (`times` 1) or a dictionary's keys then values (`times` 2).
    private func references(_ info: Int, after offset: Int, _ object: Int, times: Int) throws(Problem) -> [Int] {
        let (count, start) = try length(info, after: offset, object)
        guard count <= (bytes.count - start) / (referenceSize * times) else { throw Problem(message: "object \(object) runs past the file") }
        return (0..<(count * times)).map { Self.number(bytes, at: start + $0 * referenceSize, size: referenceSize) ?? Int.max }
    }

    private func slice(_ start: Int, _ count: Int) -> ArraySlice<UInt8>? {
        guard start >= 0, count >= 0, start <= bytes.count, count <= bytes.count - start else { return nil }
        return bytes[start..<(start + count)]
    }

    /// The big-endian number of `size` bytes at `start`, or nil when it does not fit in the bytes or in an Int.
    static func number(_ bytes: [UInt8], at start: Int, size: Int) -> Int? {
        guard start >= 0, size <= 8, start <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[start..<(start + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }

    /// An integer field: unsigned up to 4 bytes, signed at 8, the low 8 bytes of 16 read as unsigned.
    private static func integerText(_ field: ArraySlice<UInt8>) -> String {
        let low = field.suffix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        if field.count == 8 { return String(Int64(bitPattern: low)) }
        return String(low)
    }

    private static func real(_ field: ArraySlice<UInt8>) -> Double {
        let bits = field.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return field.count == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
    }

    /// A real as the document shows it: whole numbers without a fraction, as Foundation printed them.
    static func realText(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value > 0 ? "inf" : "-inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
