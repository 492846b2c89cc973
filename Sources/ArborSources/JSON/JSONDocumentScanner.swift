/// One pass over JSON bytes that validates them and builds a ``JSONDocumentIndex`` without decoding values.
enum JSONDocumentScanner {
    private struct Frame {
        var container: Int32
        var isObject: Bool
        var members: Int32 = 0
    }

    /// The index of a well-formed document, or nil (the full parser then says where it went wrong).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, race: ScanRace? = nil) -> JSONDocumentIndex? {
        var index = JSONDocumentIndex(inputSize: bytes.count, expectedContainers: bytes.count / 128)
        var stack: [Frame] = []
        var position = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        var expectValue = true
        let end = bytes.count
        while true {
            JSONGrammar.skipSpace(bytes, &position)
            guard position < end else { return nil }
            if expectValue {
                if let frame = stack.last, !frame.isObject {
                    guard countMember(at: position, in: &stack[stack.count - 1], &index) else { return nil }
                }
                let memberIndex = (stack.last?.members ?? 1) - 1
                switch bytes[position] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if let race, race.treeFound { return nil }
                    guard index.count < Int32.max else { return nil }
                    let isObject = bytes[position] == UInt8(ascii: "{")
                    let container = index.open(at: position, parent: stack.last?.container ?? -1, position: memberIndex)
                    position += 1
                    stack.append(Frame(container: container, isObject: isObject))
                    JSONGrammar.skipSpace(bytes, &position)
                    guard position < end else { return nil }
                    if bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        position += 1
                        index.close(container, at: position, members: 0)
                        stack.removeLast()
                        expectValue = false
                    } else if isObject {
                        guard readKey(bytes, &position, into: &stack[stack.count - 1], &index) else { return nil }
                        continue
                    } else {
                        continue
                    }
                default: guard JSONGrammar.skipScalar(bytes, &position) else { return nil }
                }
                expectValue = false
                if stack.isEmpty { break }
                continue
            }
            guard let frame = stack.last else { break }
            let byte = bytes[position]
            if byte == UInt8(ascii: ",") {
                position += 1
                if frame.isObject {
                    JSONGrammar.skipSpace(bytes, &position)
                    guard readKey(bytes, &position, into: &stack[stack.count - 1], &index) else { return nil }
                }
                expectValue = true
            } else if byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                position += 1
                index.close(frame.container, at: position, members: frame.members)
                stack.removeLast()
                if stack.isEmpty { break }
            } else {
                return nil
            }
        }
        JSONGrammar.skipSpace(bytes, &position)
        return position == end ? index : nil
    }

    /// Counts a member starting at `offset`, keeping the offset of every ``JSONDocumentIndex/stride``-th;
    /// false past 2^31 members (counted in 32 bits: such a container is left to the parser).
    @inline(__always)
    private static func countMember(at offset: Int, in frame: inout Frame, _ index: inout JSONDocumentIndex) -> Bool {
        guard frame.members < Int32.max else { return false }
        if frame.members > 0, frame.members % Int32(JSONDocumentIndex.stride) == 0 { index.addCheckpoint(offset, to: frame.container) }
        frame.members += 1
        return true
    }

    /// Reads `"key"` and the colon after it, counting the member.
    private static func readKey(
        _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, into frame: inout Frame, _ index: inout JSONDocumentIndex
    ) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\""),
              countMember(at: position, in: &frame, &index) else { return false }
        guard JSONGrammar.skipString(bytes, &position) else { return false }
        JSONGrammar.skipSpace(bytes, &position)
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
        position += 1
        return true
    }
}
