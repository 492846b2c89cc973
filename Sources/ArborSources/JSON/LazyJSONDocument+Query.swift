import ArborCore
import ArborPath

/// A value of an indexed JSON document as a query reads it, straight from the index and the bytes: no item is
/// made, a key is compared as bytes, and only the values a filter compares are decoded.
struct JSONIndexPathNode: PathNode {
    let document: LazyJSONDocument
    /// The container the value is, or -1 for a scalar.
    let container: Int32
    /// The value's bytes.
    let range: Range<Int>

    private var bytes: [UInt8] { document.bytes }

    var kind: PathNodeKind {
        if container >= 0 { return document.index.isObject(container, in: bytes) ? .object : .array }
        switch bytes[range.lowerBound] {
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        default: return .number
        }
    }

    var count: Int { container >= 0 ? document.count(container) : 0 }

    private func node(_ member: JSONMember) -> JSONIndexPathNode {
        JSONIndexPathNode(document: document, container: member.container, range: member.value)
    }

    func member(named name: String) -> JSONIndexPathNode? {
        guard container >= 0 else { return nil }
        let wanted = Array(name.utf8)
        // RFC 9535 reads I-JSON, whose names are unique: the scan stops at the first member of the name.
        let bytes = bytes
        var found: JSONIndexPathNode?
        _ = forEachMember { member in
            guard let key = member.key, keyMatches(key, wanted, name, in: bytes) else { return true }
            found = node(member)
            return false
        }
        return found
    }

    /// Whether a key (with its quotes) is `name`: compared as bytes unless it holds an escape.
    private func keyMatches(_ key: Range<Int>, _ wanted: [UInt8], _ name: String, in bytes: [UInt8]) -> Bool {
        let inner = (key.lowerBound + 1)..<(key.upperBound - 1)
        guard bytes[inner].contains(UInt8(ascii: "\\")) else { return bytes[inner].elementsEqual(wanted) }
        return document.text(of: key) == name
    }

    func element(at index: Int) -> JSONIndexPathNode? {
        guard container >= 0 else { return nil }
        return document.index.members(of: container, in: index..<(index + 1), bytes: bytes).first.map(node)
    }

    private func forEachMember(_ body: (JSONMember) -> Bool) -> Bool {
        var finished = true
        document.index.visitMembers(of: container, in: 0..<count, bytes: bytes) { member in
            finished = body(member)
            return finished
        }
        return finished
    }

    func forEachChild(_ body: (PathKey, JSONIndexPathNode) -> Bool) -> Bool {
        guard container >= 0 else { return true }
        return forEachMember { member in
            let key: PathKey = member.key.map { .name(keyText($0)) } ?? .index(member.position)
            return body(key, node(member))
        }
    }

    private func keyText(_ key: Range<Int>) -> String {
        let inner = (key.lowerBound + 1)..<(key.upperBound - 1)
        guard bytes[inner].contains(UInt8(ascii: "\\")) else { return String(decoding: bytes[inner], as: UTF8.self) }
        return document.text(of: key)
    }

    var value: JSONPathValue {
        switch kind {
        case .null: return .null
        case .boolean: return .boolean(bytes[range.lowerBound] == UInt8(ascii: "t"))
        case .number: return .number(Double(String(decoding: bytes[range], as: UTF8.self)) ?? .nan)
        case .string: return .string(keyText(range))
        case .array:
            var values: [JSONPathValue] = []
            _ = forEachChild { _, child in
                values.append(child.value)
                return true
            }
            return .array(values)
        case .object:
            var members: [(key: String, value: JSONPathValue)] = []
            _ = forEachChild { key, child in
                if case .name(let name) = key { members.append((name, child.value)) }
                return true
            }
            return .object(members)
        }
    }
}

extension LazyJSONDocument: IndexedQuerying {
    /// Walks the index for a query: ids are JSON pointers made from each match's path.
    public func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) -> Bool {
        let root = JSONIndexPathNode(document: self, container: 0, range: index.start[0]..<index.end[0])
        let name = displayName
        return path.forEachMatch(in: root, shouldStop: shouldStop) { node, keys in
            var pointer = ""
            for key in keys {
                switch key {
                case .name(let text): pointer += "/" + JSONPointer.escape(text)
                case .index(let position): pointer += "/" + String(position)
                }
            }
            let title: String
            switch keys.last {
            case .name(let text)?: title = text
            case .index(let position)?: title = "[\(position)]"
            case nil: title = name
            }
            return body(QueryMatch(itemID: pointer, itemTitle: title, path: keys) { node.value })
        }
    }
}
