import ArborPath
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON document's bytes with the index of its containers, shared by the values read from it.
package final class IndexedJSON: Sendable {
    let bytes: SourceBytes
    let index: JSONDocumentIndex

    /// Indexes `bytes`; nil when they are not one well-formed JSON value.
    package convenience init?(bytes: [UInt8]) {
        self.init(content: SourceBytes(bytes))
    }

    /// Indexes bytes held in place, a large document on two cores; nil when they are not one well-formed JSON value.
    init?(content: SourceBytes) {
        guard let index = content.withUnsafeBufferPointer({ JSONDocumentSplitScan.index(of: $0) }) else { return nil }
        self.bytes = content
        self.index = index
    }

    /// Bytes whose index is built already (a YAML file's text, indexed as it was written).
    init(content: SourceBytes, index: JSONDocumentIndex) {
        bytes = content
        self.index = index
    }

    /// The deepest nesting compared, the bound a query and print follow too: every level above a change
    /// becomes an item of the tree, each with its pointer.
    static let depthLimit = JSONPath.depthLimit

    /// The offset of the first container nested deeper than ``depthLimit``, if one is.
    var tooDeep: Int? { index.firstContainer(deeperThan: Self.depthLimit).map { index.start[Int($0)] } }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// The top value.
    package var top: IndexedValue {
        if index.count > 0 { return IndexedValue(document: self, range: index.start[0]..<index.end(0), container: 0) }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var end = bytes.count
        while start < end, IndexedJSON.isSpace(bytes[start]) { start += 1 }
        while end > start, IndexedJSON.isSpace(bytes[end - 1]) { end -= 1 }
        return IndexedValue(document: self, range: start..<end, container: -1)
    }
}

/// A value of an indexed document: its bytes and, for an object or array, its container in the index. Two
/// values with the same bytes are equal without being read further, so equal parts of two large versions cost
/// one comparison of memory.
package struct IndexedValue: DiffableValue, Equatable {
    let document: IndexedJSON
    /// The value's bytes.
    let range: Range<Int>
    /// The container, or -1 for a scalar.
    let container: Int32

    package var kind: PathNodeKind {
        switch document.bytes[range.lowerBound] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        default: return .number
        }
    }

    package var memberCount: Int {
        guard container >= 0 else { return 0 }
        guard kind == .object else { return Int(document.index.memberCount[Int(container)]) }
        return diffMembers.count
    }

    package var diffMembers: [(key: String?, value: IndexedValue)] {
        guard container >= 0 else { return [] }
        let isObject = kind == .object
        var members: [(key: String?, value: IndexedValue)] = []
        members.reserveCapacity(Int(document.index.memberCount[Int(container)]))
        var places: [String: Int] = [:]
        document.index.visitMembers(of: container, in: 0..<Int.max, bytes: document.bytes) { member in
            let value = IndexedValue(document: document, range: member.value, container: member.container)
            guard isObject, let keyRange = member.key else {
                members.append((nil, value))
                return true
            }
            let key = text(of: keyRange)
            if let place = places[key] {
                members[place].value = value
            } else {
                places[key] = members.count
                members.append((key, value))
            }
            return true
        }
        return members
    }

    package var diffElements: [IndexedValue] {
        guard container >= 0, kind == .array else { return diffMembers.map { $0.value } }
        var elements: [IndexedValue] = []
        elements.reserveCapacity(Int(document.index.memberCount[Int(container)]))
        document.index.visitMembers(of: container, in: 0..<Int.max, bytes: document.bytes) { member in
            elements.append(IndexedValue(document: document, range: member.value, container: member.container))
            return true
        }
        return elements
    }

    /// An array's elements are read from the nearest checkpoint before the range, not from the first.
    package func diffMembers(in range: Range<Int>) -> [(key: String?, position: Int, value: IndexedValue)] {
        guard container >= 0, kind == .array else { return Self.places(of: diffMembers, in: range) }
        return document.index.members(of: container, in: range, bytes: document.bytes).map {
            (key: nil, position: $0.position, value: IndexedValue(document: document, range: $0.value, container: $0.container))
        }
    }

    package func member(_ segment: Substring) -> IndexedValue? {
        guard container >= 0, kind == .array else {
            let key = JSONPointer.unescape(segment)
            return diffMembers.last { $0.key == key }?.value
        }
        guard let index = Int(segment), index >= 0 else { return nil }
        return document.index.members(of: container, in: index..<(index + 1), bytes: document.bytes).first.map {
            IndexedValue(document: document, range: $0.value, container: $0.container)
        }
    }

    package var json: JSONPathValue {
        DocumentDiff.lastKeysWin((try? JSONPathValue(parsing: String(decoding: document.bytes[range], as: UTF8.self))) ?? .null)
    }

    /// The length and five words spread over the bytes: cheap whatever the size, and equal bytes hash alike.
    package var alignmentHash: Int {
        var hasher = Hasher()
        hasher.combine(range.count)
        document.bytes.withUnsafeBytes { all in
            let bytes = UnsafeRawBufferPointer(rebasing: all[range])
            guard bytes.count >= 8 else { return hasher.combine(bytes: bytes) }
            for step in 0...4 {
                hasher.combine(bytes.loadUnaligned(fromByteOffset: (bytes.count - 8) * step / 4, as: UInt64.self))
            }
        }
        return hasher.finalize()
    }

    /// A key's text: its bytes between the quotes when it has no escape, else decoded.
    private func text(of key: Range<Int>) -> String {
        let inner = document.bytes[(key.lowerBound + 1)..<(key.upperBound - 1)]
        if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
        if case .string(let text)? = try? JSONPathValue(parsing: String(decoding: document.bytes[key], as: UTF8.self)) { return text }
        return String(decoding: inner, as: UTF8.self)
    }

    package var identity: Int? { range.lowerBound }

    /// Equal as JSON values (``DiffableValue/equal(_:_:memo:)``).
    package static func == (lhs: IndexedValue, rhs: IndexedValue) -> Bool { equal(lhs, rhs) }

    /// Whether two values have the same bytes.
    package func isIdentical(to other: IndexedValue) -> Bool {
        guard range.count == other.range.count else { return false }
        return document.bytes.withUnsafeBytes { mine in
            other.document.bytes.withUnsafeBytes { theirs in
                memcmp(mine.baseAddress! + range.lowerBound, theirs.baseAddress! + other.range.lowerBound, range.count) == 0
            }
        }
    }
}
