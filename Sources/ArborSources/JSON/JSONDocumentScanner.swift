/// One pass over JSON bytes that validates them and builds a ``JSONDocumentIndex`` without decoding values.
enum JSONDocumentScanner {
    /// A container being scanned.
    struct Frame {
        var container: Int32
        var isObject: Bool
        var members: Int32 = 0
    }

    /// The index of a well-formed document, or nil (the full parser then says where it went wrong).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, race: ScanRace? = nil) -> JSONDocumentIndex? {
        var index = JSONDocumentIndex(inputSize: bytes.count, expectedContainers: bytes.count / 128)
        var position = afterByteOrderMark(bytes)
        var stack: [Frame] = []
        guard scanValue(bytes, &position, into: &index, parent: -1, position: 0, stack: &stack, race: race) else { return nil }
        JSONGrammar.skipSpace(bytes, &position)
        return position == bytes.count ? index : nil
    }

    /// Scans one value from `position` (space before it skipped) to just past its end, adding its containers to
    /// `index` under `parent` at `memberIndex`; false when the bytes (up to `bytes.count`) are not one value.
    /// `stack` is scratch space, empty on entry, handed in so that many values reuse one allocation.
    static func scanValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, into index: inout JSONDocumentIndex,
        parent: Int32, position memberIndex: Int32, stack: inout [Frame], race: ScanRace? = nil
    ) -> Bool {
        var stoppedAtComma = false
        return scanValue(bytes, &position, into: &index, parent: parent, position: memberIndex, stack: &stack, race: race,
                         stopAt: .max, stoppedAtComma: &stoppedAtComma)
    }

    /// As above, stopping at the first comma between two members at or after `stopAt` (the first part of a
    /// document scanned in two): returns false there with `stoppedAtComma` set, `position` at the comma and the
    /// open containers on `stack`.
    static func scanValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, into index: inout JSONDocumentIndex,
        parent: Int32, position memberIndex: Int32, stack: inout [Frame], race: ScanRace?, stopAt: Int, stoppedAtComma: inout Bool
    ) -> Bool {
        stack.removeAll(keepingCapacity: true)
        var expectValue = true
        let end = bytes.count
        while true {
            JSONGrammar.skipSpace(bytes, &position)
            guard position < end else { return false }
            if position >= stopAt, !expectValue, !stack.isEmpty, bytes[position] == UInt8(ascii: ",") {
                stoppedAtComma = true
                return false
            }
            if expectValue {
                if let frame = stack.last, !frame.isObject {
                    guard countMember(at: position, in: &stack[stack.count - 1], &index) else { return false }
                }
                let member = stack.last.map { $0.members - 1 } ?? memberIndex
                switch bytes[position] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if let race, race.treeFound { return false }
                    guard index.count < Int32.max else { return false }
                    let isObject = bytes[position] == UInt8(ascii: "{")
                    let container = index.open(at: position, parent: stack.last?.container ?? parent, position: member)
                    position += 1
                    stack.append(Frame(container: container, isObject: isObject))
                    JSONGrammar.skipSpace(bytes, &position)
                    guard position < end else { return false }
                    if bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        position += 1
                        index.close(container, at: position, members: 0)
                        stack.removeLast()
                    } else if isObject {
                        guard readKey(bytes, &position, into: &stack[stack.count - 1], &index) else { return false }
                        continue
                    } else {
                        continue
                    }
                default: guard JSONGrammar.skipScalar(bytes, &position) else { return false }
                }
                expectValue = false
                if stack.isEmpty { return true }
                continue
            }
            guard let frame = stack.last else { return true }
            let byte = bytes[position]
            if byte == UInt8(ascii: ",") {
                position += 1
                if frame.isObject {
                    JSONGrammar.skipSpace(bytes, &position)
                    guard readKey(bytes, &position, into: &stack[stack.count - 1], &index) else { return false }
                }
                expectValue = true
            } else if byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                position += 1
                index.close(frame.container, at: position, members: frame.members)
                stack.removeLast()
                if stack.isEmpty { return true }
            } else {
                return false
            }
        }
    }

    /// The first part of a document scanned in two: its containers up to the first comma between two members
    /// at or after `stopAt`, and the containers still open there with their members so far (innermost last).
    /// `.whole` when the document ended before such a comma; nil when the bytes are not well-formed or `race`
    /// says they are an object tree.
    static func scanHead(
        _ bytes: UnsafeBufferPointer<UInt8>, stopAt: Int, into index: inout JSONDocumentIndex, race: ScanRace? = nil
    ) -> Head? {
        var position = afterByteOrderMark(bytes)
        var stack: [Frame] = []
        var stoppedAtComma = false
        if scanValue(bytes, &position, into: &index, parent: -1, position: 0, stack: &stack, race: race, stopAt: stopAt,
                     stoppedAtComma: &stoppedAtComma) {
            JSONGrammar.skipSpace(bytes, &position)
            return position == bytes.count ? .whole : nil
        }
        return stoppedAtComma ? .open(stack, comma: position) : nil
    }

    /// Where the document starts: past a UTF-8 byte order mark, if any.
    private static func afterByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// How the first part of a document scanned in two ended.
    enum Head {
        /// The whole document was scanned.
        case whole
        /// At a comma, inside these containers.
        case open([Frame], comma: Int)
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
