#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One pass over JSON bytes that validates them and builds a ``JSONTreeIndex`` without decoding values.
struct JSONTreeScanner {
    let childrenKey: [UInt8]
    let idKeys: [[UInt8]]

    /// What a container is to the tree.
    private struct Frame {
        var isObject: Bool
        /// The tree item this object is, or -1.
        var item: Int32
        /// For an array: the item whose children it lists, or -1.
        var childrenOf: Int32
        /// Elements met so far (arrays).
        var count: Int32 = 0
        /// Where the container starts.
        var start = 0
    }

    private enum MemberRole { case none, children, id }

    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONTreeIndex? {
        var index = JSONTreeIndex()
        var stack: [Frame] = []
        var position = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        var role = MemberRole.none
        var expectValue = true
        let end = bytes.count
        while true {
            Self.skipSpace(bytes, &position)
            guard position < end else { return nil }
            if expectValue {
                let byte = bytes[position]
                let valueStart = position
                var item: Int32 = -1
                if stack.isEmpty {
                    item = index.add(start: position, parent: -1, position: 0)
                } else if !stack[stack.count - 1].isObject, stack[stack.count - 1].childrenOf >= 0 {
                    let frame = stack[stack.count - 1]
                    item = index.add(start: position, parent: frame.childrenOf, position: frame.count)
                }
                if !stack.isEmpty, !stack[stack.count - 1].isObject { stack[stack.count - 1].count += 1 }
                switch byte {
                case UInt8(ascii: "{"):
                    position += 1
                    stack.append(Frame(isObject: true, item: item, childrenOf: -1))
                    Self.skipSpace(bytes, &position)
                    if position < end, bytes[position] == UInt8(ascii: "}") {
                        position += 1
                        stack.removeLast()
                        expectValue = false
                    } else {
                        guard let found = readKey(bytes, &position) else { return nil }
                        role = item >= 0 ? found : .none
                        expectValue = true
                        continue
                    }
                case UInt8(ascii: "["):
                    position += 1
                    let isTopArray = stack.isEmpty
                    var childrenOf: Int32 = -1
                    if isTopArray {
                        childrenOf = item
                        index.markTree(virtual: true, looksLikeTree: false)
                    } else if role == .children, let owner = stack.last, owner.isObject, owner.item >= 0 {
                        childrenOf = owner.item
                        if owner.item == firstTreeObject(index) { index.markTree(virtual: index.isVirtual, looksLikeTree: true) }
                    }
                    stack.append(Frame(isObject: false, item: -1, childrenOf: childrenOf, start: valueStart))
                    Self.skipSpace(bytes, &position)
                    if position < end, bytes[position] == UInt8(ascii: "]") {
                        position += 1
                        stack.removeLast()
                        if childrenOf >= 0, !isTopArray { index.setChildrenRange(valueStart..<position, of: childrenOf) }
                        expectValue = false
                    } else {
                        role = .none
                        continue
                    }
                case UInt8(ascii: "\""):
                    guard skipString(bytes, &position) else { return nil }
                    if role == .id, let owner = stack.last, owner.item >= 0 { index.setID(valueStart..<position, of: owner.item) }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard skipNumber(bytes, &position) else { return nil }
                    if role == .id, let owner = stack.last, owner.item >= 0 { index.setID(valueStart..<position, of: owner.item) }
                case UInt8(ascii: "t"): guard skipLiteral(bytes, &position, "true") else { return nil }
                case UInt8(ascii: "f"): guard skipLiteral(bytes, &position, "false") else { return nil }
                case UInt8(ascii: "n"): guard skipLiteral(bytes, &position, "null") else { return nil }
                default: return nil
                }
                role = .none
                expectValue = false
                if stack.isEmpty { break }
                continue
            }
            // After a value inside a container: a comma or the container's end.
            guard let frame = stack.last else { break }
            let byte = bytes[position]
            if byte == UInt8(ascii: ",") {
                position += 1
                if frame.isObject {
                    Self.skipSpace(bytes, &position)
                    guard position < end, let found = readKey(bytes, &position) else { return nil }
                    role = frame.item >= 0 ? found : .none
                }
                expectValue = true
            } else if byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                position += 1
                stack.removeLast()
                if !frame.isObject, frame.childrenOf >= 0, !stack.isEmpty {
                    index.setChildrenRange(frame.start..<position, of: frame.childrenOf)
                }
                if stack.isEmpty { break }
            } else {
                return nil
            }
        }
        Self.skipSpace(bytes, &position)
        guard position == end, index.count > 0 else { return nil }
        index.finish()
        return index
    }

    /// Moves past spaces, tabs and line ends. A function of its own, not a closure over `position`: a captured
    /// variable would be checked for exclusive access at run time on every byte.
    @inline(__always)
    private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 {
            position += 1
        }
    }

    /// The first object that is a tree item: the root, or the first object element of a top-level array.
    private func firstTreeObject(_ index: JSONTreeIndex) -> Int32 {
        index.isVirtual ? 1 : 0
    }

    /// Reads `"key"` and the colon after it; says whether the key names the children or an id field.
    private func readKey(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> MemberRole? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let keyStart = position + 1
        guard skipString(bytes, &position) else { return nil }
        let key = UnsafeBufferPointer(rebasing: bytes[keyStart..<(position - 1)])
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 {
            position += 1
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
        position += 1
        if Self.equal(key, childrenKey) { return .children }
        if idKeys.contains(where: { Self.equal(key, $0) }) { return .id }
        return MemberRole.none
    }

    private static func equal(_ key: UnsafeBufferPointer<UInt8>, _ name: [UInt8]) -> Bool {
        key.count == name.count && name.withUnsafeBufferPointer { name in
            key.isEmpty || memcmp(key.baseAddress!, name.baseAddress!, key.count) == 0
        }
    }

    /// Moves past a string; false when it is not terminated or holds a raw control character or a bad escape.
    private func skipString(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
        position += 1
        while position < bytes.count {
            position = Self.nextSpecial(bytes, from: position)
            guard position < bytes.count else { return false }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return true
            }
            if byte < 0x20 { return false }
            if byte == UInt8(ascii: "\\") {
                guard position + 1 < bytes.count else { return false }
                let escaped = bytes[position + 1]
                guard "\"\\/bfnrtu".utf8.contains(escaped) else { return false }
                position += 2
                if escaped == UInt8(ascii: "u") {
                    guard position + 4 <= bytes.count, (position..<(position + 4)).allSatisfy({ isHexDigit(bytes[$0]) }) else {
                        return false
                    }
                    position += 4
                }
                continue
            }
        }
        return false
    }

    /// The first position from `start` holding a quote, a backslash or a control character (or the end),
    /// eight bytes at a time.
    @inline(__always)
    private static func nextSpecial(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start
        let base = UnsafeRawPointer(bytes.baseAddress!)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            if found & highs != 0 { break }
            position += 8
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 { return position }
            position += 1
        }
        return position
    }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// Moves past a number of JSON's grammar: `-`, then `0` or digits not starting with 0, a fraction, an exponent.
    private func skipNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
        func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        func digits() -> Bool {
            guard isDigit(position) else { return false }
            while isDigit(position) { position += 1 }
            return true
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if !digits() {
            return false
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() else { return false }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() else { return false }
        }
        return true
    }

    private func skipLiteral(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] { return false }
        position += count
        return true
    }
}
