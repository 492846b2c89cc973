#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CJSONScan

/// One pass over JSON bytes that validates them and builds a ``JSONTreeIndex`` without decoding values.
struct JSONTreeScanner {
    let childrenKey: [UInt8]
    let idKeys: [[UInt8]]
    /// Whether to give up on a document whose first object has no children array.
    var treesOnly = false
    /// Told as soon as the first object's children array is found.
    var race: ScanRace?
    /// While undecided, a value of the first object reaching past this offset stops the scan, told to `race` as
    /// deferred: counting the brackets of large values would compete with the document scan for the same bytes.
    var deferBeyond: Int?
    /// The ends of containers by their start, from a document index of the same bytes: passed by a lookup.
    var knownEnds: (@Sendable (Int) -> Int?)?

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
        var index = JSONTreeIndex(inputSize: bytes.count)
        var stack: [Frame] = []
        var position = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        var role = MemberRole.none
        var expectValue = true
        let end = bytes.count
        // While it is not known whether the bytes are a tree (`treesOnly`), the values that hold no items are
        // passed by their brackets alone, the document scan beside this one checking them; once a tree is found,
        // what was passed unchecked is checked.
        var unchecked: [Range<Int>] = []
        var reading = ForwardReading(bytes, from: position)
        while true {
            JSONGrammar.skipSpace(bytes, &position)
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
                    reading.reached(position)
                }
                if !stack.isEmpty, !stack[stack.count - 1].isObject {
                    // Items and elements are counted in 32 bits: more than 2^31 of them is left to the parser.
                    guard stack[stack.count - 1].count < Int32.max, index.count < Int32.max else { return nil }
                    stack[stack.count - 1].count += 1
                }
                if item < 0, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") && !listsItems(stack, role) {
                    // A container that is neither an item nor a list of items holds none: validated, not walked.
                    guard let base = bytes.baseAddress else { return nil }
                    let undecided = treesOnly && !index.looksLikeTree
                    var after: Int64
                    if undecided, let knownEnds {
                        after = knownEnds(position).map(Int64.init) ?? -1
                        // The keys between large values touch a page of each: told, so that pages are given back.
                        reading.reached(Int(max(after, 0)))
                    } else if undecided {
                        let limit = deferBeyond.map { min(bytes.count, max(position, $0)) } ?? bytes.count
                        after = arbor_json_container_end(base, Int64(limit), Int64(position))
                        if after < 0, limit < bytes.count {
                            race?.deferTree()
                            return nil
                        }
                        if after >= 0 { unchecked.append(position..<Int(after)) }
                    } else {
                        after = arbor_json_skip_value(base, Int64(bytes.count), Int64(position))
                    }
                    guard after >= 0 else { return nil }
                    position = Int(after)
                    role = .none
                    expectValue = false
                    continue
                }
                switch byte {
                case UInt8(ascii: "{"):
                    position += 1
                    stack.append(Frame(isObject: true, item: item, childrenOf: -1))
                    JSONGrammar.skipSpace(bytes, &position)
                    if position < end, bytes[position] == UInt8(ascii: "}") {
                        position += 1
                        stack.removeLast()
                        if treesOnly, item >= 0, item == firstTreeObject(index) { return nil }
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
                        if owner.item == firstTreeObject(index) {
                            index.markTree(virtual: index.isVirtual, looksLikeTree: true)
                            race?.foundTree()
                            guard Self.check(unchecked, in: bytes) else { return nil }
                            unchecked = []
                        }
                    }
                    stack.append(Frame(isObject: false, item: -1, childrenOf: childrenOf, start: valueStart))
                    JSONGrammar.skipSpace(bytes, &position)
                    if position < end, bytes[position] == UInt8(ascii: "]") {
                        position += 1
                        stack.removeLast()
                        if childrenOf >= 0, !isTopArray { index.setChildrenRange(valueStart..<position, of: childrenOf) }
                        expectValue = false
                    } else {
                        role = .none
                        continue
                    }
                default:
                    guard JSONGrammar.skipScalar(bytes, &position) else { return nil }
                    let isText = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39)
                    if role == .id, isText, let owner = stack.last, owner.item >= 0 { index.setID(valueStart..<position, of: owner.item) }
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
                    JSONGrammar.skipSpace(bytes, &position)
                    guard position < end, let found = readKey(bytes, &position) else { return nil }
                    role = frame.item >= 0 ? found : .none
                }
                expectValue = true
            } else if byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                position += 1
                stack.removeLast()
                if treesOnly, frame.isObject, frame.item >= 0, frame.item == firstTreeObject(index), !index.looksLikeTree {
                    return nil
                }
                if !frame.isObject, frame.childrenOf >= 0, !stack.isEmpty {
                    index.setChildrenRange(frame.start..<position, of: frame.childrenOf)
                }
                if stack.isEmpty { break }
            } else {
                return nil
            }
        }
        JSONGrammar.skipSpace(bytes, &position)
        guard position == end, index.count > 0, Self.check(unchecked, in: bytes) else { return nil }
        index.finish()
        return index
    }

    /// Whether the values passed by their brackets at `ranges` are well-formed and end where the brackets said.
    private static func check(_ ranges: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return ranges.isEmpty }
        return ranges.allSatisfy { arbor_json_skip_value(base, Int64(bytes.count), Int64($0.lowerBound)) == Int64($0.upperBound) }
    }

    /// Whether an array starting here lists items: the top value, or an item's children.
    private func listsItems(_ stack: [Frame], _ role: MemberRole) -> Bool {
        guard let owner = stack.last else { return true }
        return role == .children && owner.isObject && owner.item >= 0
    }

    /// The first object that is a tree item: the root, or the first object element of a top-level array.
    private func firstTreeObject(_ index: JSONTreeIndex) -> Int32 {
        index.isVirtual ? 1 : 0
    }

    /// Reads `"key"` and the colon after it; says whether the key names the children or an id field.
    private func readKey(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> MemberRole? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let keyStart = position + 1
        guard JSONGrammar.skipString(bytes, &position) else { return nil }
        let key = UnsafeBufferPointer(rebasing: bytes[keyStart..<(position - 1)])
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 {
            position += 1
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
        position += 1
        if JSONGrammar.equal(key, childrenKey) { return .children }
        if idKeys.contains(where: { JSONGrammar.equal(key, $0) }) { return .id }
        return MemberRole.none
    }
}
